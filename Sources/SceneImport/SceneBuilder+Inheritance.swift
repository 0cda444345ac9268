extension SceneBuilder {
    /// Each type's commands with those its instances get from the app's superclasses: a
    /// subclass runs its superclass's `keyCommands` getter unless it overrides the getter
    /// without reading `super.keyCommands`, and the commands a superclass's methods add
    /// (`addKeyCommand` in `viewDidLoad`) are added to every instance of a subclass too. A
    /// type's own commands come first, then each superclass's, nearest first.
    func withInheritedCommands(_ commandsByType: [String: [ImportedCommand]]) -> [String: [ImportedCommand]] {
        let givers = Set(commandsByType.keys)
        // The types with a getter of their own, and those whose getter reads `super`'s: read once.
        let overriders = Set(model.index.orderedTypes.map(\.name).filter { overridesKeyCommands($0, commandsByType: commandsByType) })
        let readsSuper = Set(model.index.orderedTypes.filter(readsSuperKeyCommands).map(\.name))
        var result = commandsByType
        for info in model.index.orderedTypes where placeable(model.role(info.name)) {
            let ancestors = model.index.ancestors(of: info.name)
            guard ancestors.contains(where: { givers.contains($0.name) }) else { continue }
            var runsInheritedGetter = !overriders.contains(info.name) || readsSuper.contains(info.name)
            var inherited: [ImportedCommand] = []
            for ancestor in ancestors {
                for command in commandsByType[ancestor.name] ?? [] where command.mechanism != .keyCommands || runsInheritedGetter {
                    inherited.append(command)
                }
                if overriders.contains(ancestor.name), !readsSuper.contains(ancestor.name) {
                    runsInheritedGetter = false
                }
            }
            if !inherited.isEmpty { result[info.name, default: []] += inherited }
        }
        return result
    }

    /// Whether `type` has a `keyCommands` getter of its own: a Swift override, or commands its
    /// getter returns (an Objective-C `-keyCommands`).
    private func overridesKeyCommands(_ type: String, commandsByType: [String: [ImportedCommand]]) -> Bool {
        model.index.type(named: type)?.properties["keyCommands"] != nil
            || (commandsByType[type] ?? []).contains { $0.mechanism == .keyCommands }
    }

    /// Whether a Swift `keyCommands` getter reads `super.keyCommands`.
    private func readsSuperKeyCommands(_ info: SourceIndex.TypeInfo) -> Bool {
        guard let getter = info.properties["keyCommands"]?.getter else { return false }
        return getter.description.contains("super.keyCommands")
    }
}
