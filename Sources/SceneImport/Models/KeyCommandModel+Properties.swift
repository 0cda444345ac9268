import SwiftSyntax

extension Evaluator {
    /// Sets a command's property from an assignment (`command.title = …`,
    /// `command.wantsPriorityOverSystemBehavior = true`).
    func apply(property: String, value: Value, to command: inout CommandValue) {
        switch property {
        case "wantsPriorityOverSystemBehavior":
            if case .bool(let flag) = value { command.wantsPriority = flag }
        case "title":
            if case .string(let title) = value { command.title = title }
        case "discoverabilityTitle":
            if case .string(let title) = value { command.discoverabilityTitle = title }
        case "attributes":
            command.attributes = attributeNames(value)
        case "propertyList":
            if case .string(let text) = value { command.propertyList = text }
        default:
            break
        }
    }

    /// `list.forEach { $0.wantsPriorityOverSystemBehavior = true }`, or `for command in list {
    /// command.title = … }`, on the array of commands a local or stored property (`target`)
    /// holds: `UIKeyCommand` is a class, so every command the array holds gets the properties
    /// the body sets on `parameter`. `false`, changing nothing, when the body does anything else
    /// or the target holds no commands.
    func settingCommandProperties(of target: String, parameter: String, body: CodeBlockItemListSyntax, frame: inout Frame) -> Bool {
        var assignments: [(property: String, value: [ExprSyntax])] = []
        for item in body {
            guard let sequence = item.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self) else { return false }
            let parts = elements(of: sequence)
            guard parts.count >= 3, parts[1].is(AssignmentExprSyntax.self),
                  let member = parts[0].as(MemberAccessExprSyntax.self),
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == parameter else { return false }
            assignments.append((member.declName.baseName.text, Array(parts.dropFirst(2))))
        }
        guard !assignments.isEmpty, case .array(var items)? = readTarget(target, frame: frame),
              items.contains(where: { if case .command = $0.value { return true } else { return false } }) else { return false }
        let values = assignments.map { (property: $0.property, value: evaluateSequence($0.value, frame: &frame, hint: nil)) }
        for index in items.indices {
            guard case .command(var command) = items[index].value else { continue }
            for (property, value) in values { apply(property: property, value: value, to: &command) }
            items[index].value = .command(command)
        }
        writeTarget(target, value: .array(items), frame: &frame)
        return true
    }

    func attributeNames(_ value: Value) -> [String] {
        switch value {
        case .array(let items): return items.flatMap { attributeNames($0.value) }.sorted()
        case .enumCase(_, let name, _): return [name]
        case .unknown(let text):
            let name = text.split(separator: ".").last.map(String.init) ?? text
            return ["destructive", "disabled", "hidden", "keepsMenuPresented"].contains(name) ? [name] : []
        default: return []
        }
    }
}
