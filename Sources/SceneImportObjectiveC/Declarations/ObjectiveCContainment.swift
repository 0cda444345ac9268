import SceneImportVocabulary

/// A place the source puts one view controller in another (or in a window).
package struct ObjectiveCContainment: Hashable {
    package enum Kind: String, Hashable {
        /// `window.rootViewController = E` or `[window setRootViewController:E]`.
        case windowRoot
        /// `[[UINavigationController alloc] initWithRootViewController:E]` (any class).
        case navigationRoot
        /// `[parent addChildViewController:E]`.
        case child
        /// `[navigationController pushViewController:E animated:…]`.
        case pushed
        /// `[parent presentViewController:E animated:… completion:…]`, `showViewController:`,
        /// `showDetailViewController:`.
        case presented
        /// An element of `setViewControllers:@[…]` or `.viewControllers = @[…]`.
        case viewControllers
        /// `[split setViewController:E forColumn:UISplitViewControllerColumnPrimary]` (or
        /// `…Supplementary`, `…Secondary`): a column an iPad shows.
        case column
        /// `[split setViewController:E forColumn:UISplitViewControllerColumnCompact]`.
        case compactColumn
        /// `[tableView registerClass:[Cell class] forCellReuseIdentifier:…]` and the collection
        /// view, header-footer and supplementary forms: a cell class the container shows.
        case cell
        /// An argument of `[[Container alloc] initWithMain:E side:…]` for an app class: a
        /// controller the container holds when its initialiser stores that parameter in a member
        /// it contains (``ObjectiveCMethodBody/initializerStores``).
        case initializerArgument
    }

    package var kind: Kind
    /// The container as source text: `self.window`, `self`, `nav`; for
    /// ``Kind/navigationRoot``, the class allocated (`UINavigationController`).
    package var parent: String
    /// The member the container is read from (`navigationController` for
    /// `self.navigationController`, `_navigationController` or the bare instance variable), as
    /// the scanner's slot reader finds it; `nil` when the container is no member.
    package var parentMember: String? = nil
    package var child: ObjectiveCControllerReference
    /// The run-time condition, as for ``ObjectiveCKeyCommand/condition``.
    package var condition: Condition
    package var line: Int
    /// For ``Kind/initializerArgument``, the selector part the child is passed with
    /// (`initWithMainViewController`).
    package var argument: String? = nil
}

/// What the source says about a controller expression's class.
package struct ObjectiveCControllerReference: Hashable {
    /// The class, when the source fixes it: `[[X alloc] init…]`, `[X new]`, a local declared
    /// `X *`, or a property or instance variable declared `X *` in the file.
    package var className: String?
    /// The property (without `self.` or the leading `_`) the controller is read from, so the
    /// consumer can look the type up elsewhere.
    package var propertyName: String?
    /// The expression as written.
    var expression: String
    /// The class and selector of the class method whose result the reference is
    /// (`[Factory makeRoot]`), when the scanner does not know what it returns.
    package var classMethod: ClassMethod?
    /// The container the method makes that the reference names, as an index into the body's
    /// ``ObjectiveCMethodBody/containers``.
    package var container: Int?
    /// The instance method whose result the reference is, when the scanner does not run it:
    /// `[self rootController]`, `[[RootManager shared] rootViewController]`.
    package var instanceMethod: InstanceMethod?

    /// An instance method: `-[receiver selector]`.
    package struct InstanceMethod: Hashable {
        /// The receiver's class when the source fixes it (`[[Builder alloc] init]`, a local
        /// declared `Builder *`); `nil` with no ``receiverFactory`` for `self`.
        package var receiverClass: String?
        /// The class method that returns the receiver (`[RootManager shared]`).
        package var receiverFactory: ClassMethod?
        package var selector: String
    }

    /// A class method: `+[className selector]`.
    package struct ClassMethod: Hashable {
        package var className: String
        package var selector: String
    }

    init(className: String?, propertyName: String?, expression: String, classMethod: (className: String, selector: String)? = nil,
         container: Int? = nil, instanceMethod: InstanceMethod? = nil) {
        self.container = container
        self.instanceMethod = instanceMethod
        self.className = className
        self.propertyName = propertyName
        self.expression = expression
        self.classMethod = classMethod.map { ClassMethod(className: $0.className, selector: $0.selector) }
    }
}

/// One of UIKit's containers a method makes (`[[UINavigationController alloc]
/// initWithRootViewController:list]`, `[UITabBarController new]`) and the controllers the method
/// puts in it, in the order it puts them: its root, its tabs or columns, its stack.
///
/// A window's root read from a local holding one (`self.window.rootViewController = split`) is
/// the container with what it holds, as UIKit shows it, rather than the app controllers alone.
package struct ObjectiveCContainer: Hashable {
    /// `UINavigationController`, `UITabBarController` or `UISplitViewController`.
    package var className: String
    package var children: [ObjectiveCControllerReference] = []

    /// The UIKit classes the scanner follows as containers.
    static let classes: Set<String> = ["UINavigationController", "UITabBarController", "UISplitViewController"]
}
