/// The `keytrace-import-report/1` document: its name and its keys, the one statement of them.
/// `keytrace scene import --report FILE --json` writes it (`ImportReport`, SceneImport) and
/// `keytrace analyze --import-report FILE` reads it back (`ImportedSceneReport`, Analysis);
/// both spell every key through this type. The rows of `inventory` are the inventory's rows
/// (docs/SceneImport.md#inventory-json-lines) with their `shortcut` added.
public enum ImportReportSchema {
    /// The value of the document's `schema` key.
    public static let name = "keytrace-import-report/1"

    /// The document's keys.
    public enum Key: String, CodingKey, CaseIterable, Sendable {
        case schema, scene, files, lines, objectiveCFiles, objectiveCLines, commands, byMechanism, conditional
        case notFollowed, evaluationSteps, stateFlags, findings, unresolved, getters, unplaced, containment
        case inventory, responders, sceneError, keyWindow, conditionalWindows, states
    }

    /// The keys of `keyWindow`: the key window's root, how and where it was decided, the
    /// scene's first responder and why, and what would decide the root from the source.
    public enum KeyWindowKey: String, CodingKey, CaseIterable, Sendable {
        case root, decidedBy, file, line, firstResponder, firstResponderReason, advice
    }

    /// The keys of an entry of `unplaced` and of `conditionalWindows`.
    public enum UnplacedKey: String, CodingKey, CaseIterable, Sendable {
        case type, contains, reason, file, line
    }

    /// The keys of an entry of `findings`.
    public enum FindingKey: String, CodingKey, CaseIterable, Sendable {
        case kind, message, file, line
    }

    /// The keys of an entry of `unresolved`.
    public enum UnresolvedKey: String, CodingKey, CaseIterable, Sendable {
        case file, line, reason
        case declaredIn = "declared_in"
    }

    /// The keys of an entry of `getters`.
    public enum GetterKey: String, CodingKey, CaseIterable, Sendable {
        case type, computed, costly
        case commandsBuiltPerCall = "commands_built_per_call"
        case storedCommands = "stored_commands"
    }
}
