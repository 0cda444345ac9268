import SceneImportVocabulary

/// What a method returns when it returns commands (a `keyCommands` override or a helper).
package struct ObjectiveCReturnedCommands: Hashable {
    /// One entry of the returned array.
    package enum Element: Hashable {
        /// A command the method creates: an index into ``ObjectiveCMethodBody/keyCommands``.
        case command(Int)
        /// The elements `[self selector]` returns: the consumer follows the call.
        case selfCall(String)
        /// The elements `[super selector]` returns (`[super keyCommands]`).
        case superCall(String)
        /// The elements a property or instance variable this method does not assign holds
        /// (its name without `self.` or `_`).
        case stored(String)
        /// Something else, as source text.
        case unknown(String)
    }

    /// Where the returned array lives.
    package enum Storage: Hashable {
        /// Every call builds a new array.
        case builtPerCall
        /// A `static` local, filled once (`dispatch_once`, or a `nil` check).
        case staticVariable(String)
        /// A property or instance variable the method fills when it is `nil` and returns
        /// (name without `self.` or `_`).
        case instanceVariable(String)
    }

    /// An element and the run-time conditions it is returned under.
    package struct Entry: Hashable {
        package var element: Element
        package var condition: Condition
    }

    package var elements: [Entry]
    package var storage: Storage
    /// How many commands a call creates when it builds the array (all calls when
    /// ``storage`` is ``Storage/builtPerCall``, the first call otherwise), not counting
    /// commands that the calls it makes create.
    package var commandsCreatedPerBuild: Int
    var line: Int
}
