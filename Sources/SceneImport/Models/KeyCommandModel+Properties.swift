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
