import KeyTraceCore
import SceneImportVocabulary

/// A `UIKeyCommand` a method body creates, with the values the source fixes.
///
/// A command created in a loop over literal data appears once per element; a command whose
/// arguments are ternaries appears once per branch, each under that branch's condition.
package struct ObjectiveCKeyCommand: Hashable {
    /// The class the factory message goes to: `UIKeyCommand` or an app subclass (the consumer
    /// checks the inheritance).
    var receiverClass: String
    /// The factory selector: `keyCommandWithInput:modifierFlags:action:`,
    /// `commandWithTitle:image:action:input:modifierFlags:propertyList:`, …
    var factory: String
    /// The input string: a literal (`"f"`, `"\t"`) or a UIKit constant's name
    /// (`"UIKeyInputEscape"`); `nil` when the source does not fix it (see ``inputExpression``).
    package var input: String?
    var inputExpression: String?
    /// The modifier flags; `nil` when the source does not fix them (see ``modifiersExpression``).
    package var modifiers: ModifierFlags?
    var modifiersExpression: String?
    /// The action's selector, `nil` when not fixed (see ``actionExpression``).
    package var action: String?
    var actionExpression: String?
    package var title: ObjectiveCText?
    package var discoverabilityTitle: ObjectiveCText?
    /// `destructive`, `disabled`, `hidden`, `keepsMenuPresented`.
    package var attributes: [String]
    /// The property list when it is a string literal.
    package var propertyList: String?
    /// `wantsPriorityOverSystemBehavior = YES` is set on the command.
    package var wantsPriority: Bool
    /// The run-time condition the command is created under, outermost test first: the source
    /// text of each test, negated for an `else` branch, `x == A` for a `case A:` of `switch (x)`.
    package var condition: Condition
    /// The line of the factory message.
    package var line: Int
}
