import KeyTraceCore

/// A group of commands as discovery (the ⌘-hold overlay) shows them (R22).
public struct DiscoverabilityGroup {
    /// The menu title, or the providing responder's path.
    public var title: String
    /// The menu, for main-menu groups.
    public var menu: Menu.Identifier?
    /// The responder, for responder groups.
    public var responder: Responder?
    /// The commands, in order, validated.
    public var commands: [KeyCommand]
}

extension KeyDispatcher {
    /// What the ⌘-hold overlay would list for the current chain (R22): main-menu commands
    /// grouped by menu, then responder commands grouped by responder, skipping disabled,
    /// `.hidden` (they still fire, R4), unperformable and untitled ones, each identity once (the
    /// one that would fire; a shadowed command is never listed, R12).
    public func discoverableCommands() -> [DiscoverabilityGroup] {
        let collection = CommandCollection(chain: currentChain, application: application, indexed: false)
        guard let start = collection.chain.start else { return [] }
        var menuGroups: [Menu.Identifier: DiscoverabilityGroup] = [:]
        var menuOrder: [Menu.Identifier] = []
        var responderGroups: [ObjectIdentifier: DiscoverabilityGroup] = [:]
        var responderOrder: [ObjectIdentifier] = []
        var listed = Set<KeyCommand.Identity>()
        for (index, first) in collection.candidates.enumerated() {
            // Before iOS 15 a command nothing can perform does not block the equal ones (R12):
            // the first of them that has a target stands in its place.
            let candidate = effectiveCandidate(first, at: index, in: collection, from: start).candidate
            guard candidate.command.action != nil, candidate.command.displayTitle != nil,
                  !candidate.command.attributes.contains(.hidden),
                  !listed.contains(candidate.command.identity) else { continue }
            let provider = collection.provider(of: candidate)
            let validation = validateMenuItem(candidate.command, provider: provider, from: start)
            guard validation.isEnabled, !validation.isHidden else { continue }
            let validated = validation.command
            listed.insert(candidate.command.identity)
            if let menu = candidate.menu {
                if menuGroups[menu] == nil {
                    menuOrder.append(menu)
                    let title = application.mainMenu.menu(menu)?.title ?? menu.rawValue
                    menuGroups[menu] = DiscoverabilityGroup(title: title, menu: menu, responder: nil, commands: [])
                }
                menuGroups[menu]?.commands.append(validated)
            } else {
                let key = ObjectIdentifier(provider)
                if responderGroups[key] == nil {
                    responderOrder.append(key)
                    responderGroups[key] = DiscoverabilityGroup(title: provider.description, menu: nil,
                                                                responder: provider, commands: [])
                }
                responderGroups[key]?.commands.append(validated)
            }
        }
        return menuOrder.compactMap { menuGroups[$0] } + responderOrder.compactMap { responderGroups[$0] }
    }
}

extension KeyInput {
    /// A key that types this input on `layout` (for building a sample press), or Reserved.
    func representativeUsage(layout: KeyboardLayout) -> HIDUsage {
        switch self {
        case .special(let special): return special.usage
        case .character(let string):
            return string.unicodeScalars.first.flatMap { layout.keystrokes(typing: $0).first?.usage } ?? .reserved
        }
    }
}

/// A command R12 skips because an earlier command in its bucket has the same shortcut.
public struct ShadowedCommand {
    /// The skipped command and its provider.
    public var command: KeyCommand
    /// The responder that provides ``command`` (the application for main-menu commands).
    public var provider: Responder
    /// The command considered instead, and its provider.
    public var shadowedBy: KeyCommand
    /// The responder that provides ``shadowedBy``: nearer the first responder than ``provider``,
    /// or the same responder with the command earlier in its list (R12).
    public var shadowingProvider: Responder
}

extension KeyDispatcher {
    /// Commands of the current chain that R12 never considers, with what shadows each: the
    /// answer to "why does ⌘W close the tab and not the window?".
    public func shadowedCommands() -> [ShadowedCommand] {
        let collection = CommandCollection(chain: currentChain, application: application, indexed: false)
        var result: [ShadowedCommand] = []
        for (index, first) in collection.candidates.enumerated() {
            let (candidate, later) = effectiveCandidate(first, at: index, in: collection, from: collection.chain.start)
            for shadowed in later {
                result.append(ShadowedCommand(command: shadowed.command, provider: collection.provider(of: shadowed),
                                              shadowedBy: candidate.command,
                                              shadowingProvider: collection.provider(of: candidate)))
            }
        }
        return result
    }

    /// The command of `first`'s identity that blocks the others, and the ones it blocks (R12):
    /// `first` and every later one from iOS 15; before, when `first` has no target, the first
    /// later one that has, which blocks those after it (none blocks when none has a target).
    func effectiveCandidate(_ first: CommandCollection.Candidate, at index: Int, in collection: CommandCollection,
                            from start: Responder?) -> (candidate: CommandCollection.Candidate, blocked: [CommandCollection.Candidate]) {
        var candidate = first
        var later = collection.shadowed[index] ?? []
        guard !application.unperformableCommandsBlock, !later.isEmpty else { return (candidate, later) }
        while validateMenuItem(candidate.command, provider: collection.provider(of: candidate), from: start).target == nil,
              !later.isEmpty {
            candidate = later.removeFirst()
        }
        return (candidate, later)
    }
}
