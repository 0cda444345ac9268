import Foundation
import Testing
@testable import Scenes
import CLITestSupport

/// docs/scene.schema.json and the loader must accept the same fields.
@Suite struct SceneSchemaTests {
    private func schema() throws -> JSONValue {
        let text = try String(contentsOfFile: "\(repositoryRoot)/docs/scene.schema.json", encoding: .utf8)
        return try JSONParser.parse(text)
    }

    private func member(_ value: JSONValue, _ path: [String]) -> JSONValue? {
        var current = value
        for key in path {
            guard case .object(let members) = current, let next = members.first(where: { $0.key == key })?.value else { return nil }
            current = next
        }
        return current
    }

    private func propertyNames(_ value: JSONValue, _ path: [String]) -> Set<String> {
        guard case .object(let members)? = member(value, path + ["properties"]) else { return [] }
        return Set(members.map(\.key))
    }

    @Test func schemaListsExactlyTheFieldsTheLoaderAccepts() throws {
        let s = try schema()
        #expect(propertyNames(s, []) == Set(SceneDefinition.keys))
        #expect(propertyNames(s, ["$defs", "menu"]) == Set(SceneDefinition.menuKeys))
        #expect(propertyNames(s, ["$defs", "command"]) == Set(SceneDefinition.commandKeys))
        #expect(propertyNames(s, ["$defs", "effect"]) == Set(SceneDefinition.effectKeys))
        #expect(propertyNames(s, ["$defs", "state"]) == Set(SceneState.keys))
        #expect(propertyNames(s, ["$defs", "step"]) == Set(SceneState.stepKeys))
        let nodeKeys = Set(NodeDefinition.common + NodeDefinition.extra.values.flatMap { $0 })
        #expect(propertyNames(s, ["$defs", "node"]) == nodeKeys)
        guard case .object(let typeMembers)? = member(s, ["$defs", "node", "properties", "type"]),
              case .array(let kinds)? = typeMembers.first(where: { $0.key == "enum" })?.value else {
            Issue.record("node.type has no enum")
            return
        }
        #expect(Set(kinds.compactMap { if case .string(let k) = $0 { return k } else { return nil } })
                == Set(NodeDefinition.Kind.allCases.map(\.rawValue)))
    }
}
