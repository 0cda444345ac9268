/// What a method definition's body does that concerns key commands and responders.
package struct ObjectiveCMethodBody: Hashable {
    /// A message sent to `self` or to a class: lets the consumer follow helpers, and calls
    /// into Swift (`[MenuController buildMenuWithBuilder:builder]`).
    package struct Message: Hashable {
        /// `nil` for `self`; the class name for a class message.
        package var receiverClass: String?
        package var selector: String
        package var conditions: [String]
        package var line: Int
    }

    /// An `addKeyCommand:` message.
    package struct AddedKeyCommand: Hashable {
        /// The receiver as written: `self`, `self.view`.
        var receiver: String
        /// Indices into ``ObjectiveCMethodBody/keyCommands``; empty when the argument is not a
        /// command the method creates (see ``expression``).
        package var commands: [Int]
        var expression: String
        package var conditions: [String]
        var line: Int
    }

    /// A rule of `canPerformAction:withSender:`: when the action is ``selector``, the method
    /// returns ``condition``.
    package struct Validation: Hashable {
        package var selector: String
        /// The returned expression as source text (`YES`, `self.hasSelection`).
        package var condition: String
        package var line: Int
    }

    package var keyCommands: [ObjectiveCKeyCommand] = []
    /// What the method returns, when it returns commands or calls that may return them.
    package var returnedCommands: ObjectiveCReturnedCommands?
    package var addedKeyCommands: [AddedKeyCommand] = []
    package var selfMessages: [Message] = []
    var classMessages: [Message] = []
    package var containment: [ObjectiveCContainment] = []
    package var validations: [Validation] = []
    /// Helper methods the body ran in place (``ObjectiveCBodyScanner/Helper``), nested ones
    /// included: what they create is the body's.
    package var helpersRun: Set<String> = []
    /// The properties, instance variables and file-level variables the body assigns, by name
    /// without `_`: a `keyCommands` that returns one returns what such a body stores.
    package var storedMembers: Set<String> = []
}
