/// A method declaration (in an `@interface` or `@protocol`) or definition (in an
/// `@implementation`, with its ``body``).
package struct ObjectiveCMethod: Hashable {
    /// One `label:(Type)name` part of the method's signature.
    package struct Parameter: Hashable {
        /// The selector part before the colon (`""` for an unlabelled part, `withSender`).
        package var label: String
        /// The type as written, `nil` when the signature leaves it out (`id`).
        package var type: String?
        package var name: String
    }

    /// `+` methods.
    package var isClassMethod: Bool
    /// The full selector: `keyCommands`, `canPerformAction:withSender:`.
    package var selector: String
    /// The return type as written (`NSArray<UIKeyCommand *> *`, `IBAction`); `id` when left out.
    package var returnType: String
    package var parameters: [Parameter]
    package var line: Int
    /// What the scanner found in the definition's body; `nil` for declarations.
    package var body: ObjectiveCMethodBody?

    /// Classes a sender parameter of an action method has.
    static let senderTypes: Set<String> = [
        "id", "UIKeyCommand", "UICommand", "UIBarButtonItem", "UIButton", "UIControl", "UIMenuItem", "UIAction",
        "UISegmentedControl", "UISwitch", "UISlider", "UIStepper", "UITapGestureRecognizer",
        "UIGestureRecognizer",
    ]

    /// Whether UIKit can send this method as an action: an `IBAction`, or an instance method
    /// returning `void` with one parameter named `sender` or typed as a sender class
    /// (``senderTypes``, `id` only when named `sender`).
    package var isAction: Bool {
        guard !isClassMethod else { return false }
        if returnType.hasPrefix("IBAction") { return true }
        guard returnType == "void", parameters.count == 1 else { return false }
        let parameter = parameters[0]
        if parameter.name == "sender" { return true }
        let typeName = ObjectiveCTypeName.base(of: parameter.type ?? "id")
        return typeName != "id" && Self.senderTypes.contains(typeName)
    }
}
