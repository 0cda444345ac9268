/// An `@implementation X` or `@implementation X (Category)` block with its methods.
package struct ObjectiveCImplementation: Hashable {
    package var className: String
    /// The category name, `nil` for the class's own implementation.
    var category: String?
    package var instanceVariables: [ObjectiveCProperty]
    package var methods: [ObjectiveCMethod]
    var line: Int
    /// The instance method a `+load` or `+initialize` swaps in for `keyCommands` (method
    /// swizzling, `method_exchangeImplementations` on `@selector(keyCommands)` and
    /// `@selector(my_keyCommands)`): UIKit's `keyCommands` runs its body.
    var keyCommandsReplacement: String?

    /// The method with a selector, instance methods first.
    package func method(_ selector: String, isClassMethod: Bool = false) -> ObjectiveCMethod? {
        methods.first { $0.selector == selector && $0.isClassMethod == isClassMethod }
    }

    /// Whether the method is the block's `keyCommands`: the override, or the method swizzled in
    /// for it (``keyCommandsReplacement``), whose body UIKit's `keyCommands` runs.
    package func isKeyCommandsGetter(_ method: ObjectiveCMethod) -> Bool {
        method.selector == "keyCommands" || method.selector == keyCommandsReplacement
    }

    /// The instance method UIKit's `keyCommands` runs (``isKeyCommandsGetter(_:)``), if any.
    package var keyCommandsGetter: ObjectiveCMethod? {
        method("keyCommands") ?? keyCommandsReplacement.flatMap { method($0) }
    }
}
