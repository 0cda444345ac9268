import KeyTraceCore
import Scenes

extension ImportReport {
    /// The report as one JSON document (sorted keys).
    public var json: JSONValue {
        typealias Key = ImportReportSchema.Key
        typealias FindingKey = ImportReportSchema.FindingKey
        typealias UnresolvedKey = ImportReportSchema.UnresolvedKey
        typealias GetterKey = ImportReportSchema.GetterKey
        // Entries list their members in key order, so writing them sorts nothing.
        func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }
        let counts = object(countsByMechanism.map { ($0.mechanism.rawValue, JSONValue.number(JSONNumber($0.count))) })
        let inventory: [JSONValue] = commands.map { command in
            guard case .object(let members) = command.json else { return command.json }
            return .object(members + [(key: "shortcut", value: .string(command.displayShortcut))])
        }
        return object([
            (Key.schema.rawValue, .string(ImportReportSchema.name)),
            (Key.scene.rawValue, .string(sceneName)),
            (Key.files.rawValue, .number(JSONNumber(files))),
            (Key.lines.rawValue, .number(JSONNumber(lines))),
            (Key.objectiveCFiles.rawValue, .number(JSONNumber(objectiveCFiles))),
            (Key.objectiveCLines.rawValue, .number(JSONNumber(objectiveCLines))),
            (Key.commands.rawValue, .number(JSONNumber(commands.count))),
            (Key.byMechanism.rawValue, counts),
            (Key.conditional.rawValue, .number(JSONNumber(commands.filter(\.conditional).count))),
            (Key.notFollowed.rawValue, .number(JSONNumber(commands.filter { $0.notFollowed != nil }.count))),
            (Key.evaluationSteps.rawValue, .number(JSONNumber(evaluationSteps))),
            (Key.stateFlags.rawValue, object(stateFlags.sorted { $0.key < $1.key }.map { ($0.value, .string($0.key)) })),
            (Key.states.rawValue, .array(states.map(JSONValue.string))),
            (Key.findings.rawValue, .array(findings.map { finding in
                object([(FindingKey.file.rawValue, .string(finding.file)), (FindingKey.kind.rawValue, .string(finding.kind.rawValue)),
                        (FindingKey.line.rawValue, .number(JSONNumber(finding.line))), (FindingKey.message.rawValue, .string(finding.message))])
            })),
            (Key.unresolved.rawValue, .array(unresolved.map { entry in
                object([(UnresolvedKey.declaredIn.rawValue, .string(entry.command.declaredIn)), (UnresolvedKey.file.rawValue, .string(entry.command.file)),
                        (UnresolvedKey.line.rawValue, .number(JSONNumber(entry.command.line))), (UnresolvedKey.reason.rawValue, .string(entry.reason))])
            })),
            (Key.getters.rawValue, .array(getterCosts.map { cost in
                object([(GetterKey.commandsBuiltPerCall.rawValue, .number(JSONNumber(cost.commandsBuiltPerCall))),
                        (GetterKey.computed.rawValue, .bool(cost.computed)), (GetterKey.costly.rawValue, .array(cost.costly.map(JSONValue.string))),
                        (GetterKey.storedCommands.rawValue, .number(JSONNumber(cost.storedCommands))), (GetterKey.type.rawValue, .string(cost.type))])
            })),
            (Key.unplaced.rawValue, .array(unplaced.map(Self.placementJSON))),
            (Key.containment.rawValue, .array(containment.map(JSONValue.string))),
            (Key.conditionalWindows.rawValue, .array(conditionalWindows.map(Self.placementJSON))),
            (Key.inventory.rawValue, .array(inventory)),
            (Key.keyWindow.rawValue, keyWindowJSON),
            (Key.responders.rawValue, object(responderPaths.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            (Key.sceneError.rawValue, sceneError.map(JSONValue.string) ?? .null),
        ])
    }
}

extension ImportReport {
    private var keyWindowJSON: JSONValue {
        typealias Key = ImportReportSchema.KeyWindowKey
        func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        return .object([
            (key: Key.advice.rawValue, value: optional(keyWindow.advice)),
            (key: Key.decidedBy.rawValue, value: optional(keyWindow.decidedBy)),
            (key: Key.file.rawValue, value: optional(keyWindow.file)),
            (key: Key.firstResponder.rawValue, value: optional(keyWindow.firstResponder)),
            (key: Key.firstResponderReason.rawValue, value: .string(keyWindow.firstResponderReason)),
            (key: Key.line.rawValue, value: keyWindow.line.map { .number(JSONNumber($0)) } ?? .null),
            (key: Key.root.rawValue, value: optional(keyWindow.root)),
        ])
    }

    private static func placementJSON(_ entry: Placement) -> JSONValue {
        typealias Key = ImportReportSchema.UnplacedKey
        return .object([
            (key: Key.contains.rawValue, value: .array(entry.contains.map(JSONValue.string))),
            (key: Key.file.rawValue, value: entry.file.map(JSONValue.string) ?? .null),
            (key: Key.line.rawValue, value: entry.line.map { .number(JSONNumber($0)) } ?? .null),
            (key: Key.reason.rawValue, value: .string(entry.reason)),
            (key: Key.type.rawValue, value: .string(entry.type)),
        ])
    }
}

extension ImportReport {
    /// ``json`` as text, keys sorted, indented.
    public var jsonText: String { json.prettyCanonicalText + "\n" }
}
