import Scenes

extension ImportReport {
    /// The report as one JSON document (sorted keys).
    public var json: JSONValue {
        func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }
        let counts = object(countsByMechanism.map { ($0.mechanism.rawValue, JSONValue.number(JSONNumber($0.count))) })
        let inventory: [JSONValue] = commands.map { command in
            guard case .object(let members) = command.json else { return command.json }
            return .object(members + [(key: "shortcut", value: .string(command.displayShortcut))])
        }
        return object([
            ("schema", .string(Self.schemaName)),
            ("scene", .string(sceneName)),
            ("files", .number(JSONNumber(files))),
            ("lines", .number(JSONNumber(lines))),
            ("objectiveCFiles", .number(JSONNumber(objectiveCFiles))),
            ("objectiveCLines", .number(JSONNumber(objectiveCLines))),
            ("commands", .number(JSONNumber(commands.count))),
            ("byMechanism", counts),
            ("conditional", .number(JSONNumber(commands.filter(\.conditional).count))),
            ("notFollowed", .number(JSONNumber(commands.filter { $0.notFollowed != nil }.count))),
            ("evaluationSteps", .number(JSONNumber(evaluationSteps))),
            ("stateFlags", object(stateFlags.sorted { $0.key < $1.key }.map { ($0.value, .string($0.key)) })),
            ("findings", .array(findings.map { finding in
                object([("kind", .string(finding.kind.rawValue)), ("message", .string(finding.message)),
                        ("file", .string(finding.file)), ("line", .number(JSONNumber(finding.line)))])
            })),
            ("unresolved", .array(unresolved.map { entry in
                object([("file", .string(entry.command.file)), ("line", .number(JSONNumber(entry.command.line))),
                        ("declared_in", .string(entry.command.declaredIn)), ("reason", .string(entry.reason))])
            })),
            ("getters", .array(getterCosts.map { cost in
                object([("type", .string(cost.type)), ("computed", .bool(cost.computed)),
                        ("commands_built_per_call", .number(JSONNumber(cost.commandsBuiltPerCall))),
                        ("stored_commands", .number(JSONNumber(cost.storedCommands))),
                        ("costly", .array(cost.costly.map(JSONValue.string)))])
            })),
            ("unplaced", .array(unplacedTypes.map(JSONValue.string))),
            ("containment", .array(containment.map(JSONValue.string))),
            ("inventory", .array(inventory)),
            ("responders", object(responderPaths.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("sceneError", sceneError.map(JSONValue.string) ?? .null),
        ])
    }
}

extension ImportReport {
    /// ``json`` as text, keys sorted, indented.
    public var jsonText: String { json.prettyCanonicalText + "\n" }
}
