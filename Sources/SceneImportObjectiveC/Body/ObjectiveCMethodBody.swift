import SceneImportVocabulary

/// What a method definition's body does that concerns key commands and responders.
package struct ObjectiveCMethodBody: Hashable {
    /// A message sent to `self` or to a class: lets the consumer follow helpers, and calls
    /// into Swift (`[MenuController buildMenuWithBuilder:builder]`).
    package struct Message: Hashable {
        /// `nil` for `self`; the class name for a class message.
        package var receiverClass: String?
        package var selector: String
        package var condition: Condition
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
        package var condition: Condition
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

    /// A main-menu element the body makes: a `UIMenu`, or a key-less `UICommand`.
    package enum MenuElement: Hashable {
        case menu(title: String?, identifier: String?, isInline: Bool, children: [MenuChild])
        case item(title: String?, action: String, line: Int)
    }

    /// A menu's child, or what a builder message inserts: a command the body creates (an index
    /// into ``keyCommands``) or a menu element (an index into ``menuElements``), under its
    /// conditions.
    package struct MenuChild: Hashable {
        package var command: Int?
        package var element: Int?
        package var condition: Condition

        init(command: Int? = nil, element: Int? = nil, condition: Condition) {
            self.command = command
            self.element = element
            self.condition = condition
        }
    }

    /// A builder message that changes the main menu (`[builder insertChildMenu:m
    /// atStartOfMenuForIdentifier:UIMenuFile]`): its selector, the menu it names (the
    /// identifier's string, or the constant as written: `UIMenuFile`), and what it inserts.
    package struct MenuChange: Hashable {
        package var selector: String
        package var target: String
        package var elements: [MenuChild]
        package var condition: Condition
        package var line: Int
    }

    package var keyCommands: [ObjectiveCKeyCommand] = []
    package var menuElements: [MenuElement] = []
    /// The builder messages, in the order the body sends them.
    package var menuChanges: [MenuChange] = []
    /// What the method returns, when it returns commands or calls that may return them.
    package var returnedCommands: ObjectiveCReturnedCommands?
    package var addedKeyCommands: [AddedKeyCommand] = []
    package var selfMessages: [Message] = []
    var classMessages: [Message] = []
    package var containment: [ObjectiveCContainment] = []
    /// The UIKit containers the method makes, which containment references name by index.
    package var containers: [ObjectiveCContainer] = []
    /// The controllers a method that returns an object returns (`return nav;`), for a
    /// window's root another method reads from it (`[self rootController]`).
    package var returnedControllers: [ObjectiveCControllerReference] = []
    package var validations: [Validation] = []
    /// Helper methods the body ran in place (``ObjectiveCBodyScanner/Helper``), nested ones
    /// included: what they create is the body's.
    package var helpersRun: Set<String> = []
    /// The properties, instance variables and file-level variables the body assigns, by name
    /// without `_`: a `keyCommands` that returns one returns what such a body stores.
    package var storedMembers: Set<String> = []
    /// For an initialiser, the members it stores a parameter in, by member name (without `_`),
    /// each with the selector part that passes the parameter: `self.side = side` in
    /// `initWithMain:side:` gives `side: "side"`.
    package var initializerStores: [String: String] = [:]
    /// The members (without `_`) the body tells a child's appearance begins
    /// (`[self.main beginAppearanceTransition:YES animated:animated]`): a container that forwards
    /// appearance itself.
    package var appearanceForwards: [String] = []
    /// The classes the body takes a window's root for: `(X *)self.window.rootViewController`,
    /// `[self.window.rootViewController isKindOfClass:[X class]]`, with their lines.
    package var rootClassTests: [RootClassTest] = []

    /// A `becomeFirstResponder` message outside blocks (which run later, if at all), sent to
    /// `self` or to a member: `[self.textView becomeFirstResponder]`, `[_field becomeFirstResponder]`.
    package struct FocusRequest: Hashable {
        /// The member (without `_`) the message goes to; `nil` for `self`.
        package var member: String?
        package var condition: Condition
        package var line: Int
    }

    package var focusRequests: [FocusRequest] = []
    /// What the body returns, as written, for a method that returns `BOOL` and takes no
    /// parameters (`canBecomeFirstResponder` returning `YES`).
    package var returnedBooleans: [String] = []

    /// A class a body casts or tests a `rootViewController` for.
    package struct RootClassTest: Hashable {
        package var className: String
        package var line: Int
    }
}
