import KeyTraceCore
import ResponderEngine
import Scenes

/// Writes the scene's `menus` (docs/Scenes.md, "Menus") from the main-menu changes the app's
/// menu code makes (``AppModel/mainMenu``), in the order it makes them, so that the menu bar the
/// scene draws is the app's: each command in the menu it is inserted into, where it is
/// inserted, the app's own menus where it places them, and the standard menus it removes or
/// replaces.
///
/// Each change is tried on a copy of UIKit's standard menu (``MenuBuilder/standard()``) before
/// it is written, so the scene always loads: a change naming a menu that does not exist then is
/// left out, and its commands go with the commands of menu code whose changes the importer does
/// not follow (a helper it cannot run, a `UIMenu` built from data it does not see) into one
/// menu per providing type, as before any change is known. The main menu holds each shortcut
/// once (R22): a second command on a shortcut the menu has is left out with that reason, and an
/// app command takes its shortcut from a standard menu command that has it.
struct MainMenuAssembly {
    let model: AppModel

    /// The `menus` entries, in order. `scene` turns a command into a scene command (`nil` when
    /// it cannot be one, having said why); `omit` leaves a command out with a reason.
    func entries(scene: (ImportedCommand) -> SceneDefinition.CommandDefinition?,
                 omit: (ImportedCommand, String) -> Void) -> [SceneDefinition.MenuDefinition] {
        var plan = Plan()
        for operation in model.mainMenu { plan.apply(operation) }
        var menus: [SceneDefinition.MenuDefinition] = []
        var menuShortcuts: Set<String> = []
        /// The commands of `list` that go into the main menu, as scene commands, and the
        /// standard shortcuts they take over.
        func sceneCommands(_ list: [ImportedCommand]) -> (commands: [SceneDefinition.CommandDefinition], removing: [KeyShortcut]) {
            var entries: [SceneDefinition.CommandDefinition] = []
            var removing: [KeyShortcut] = []
            for written in list {
                // An item whose key the source does not fix (a binding the user sets at run
                // time) is still in the menu bar, under its title: the scene holds it without a key.
                var command = written
                if command.input == nil, command.title?.isEmpty == false, command.action != nil {
                    command.input = ""
                    command.modifiers = []
                    omit(written, "its key is not fixed in the source: the main menu holds it as an item without a key")
                }
                guard let entry = scene(command) else { continue }
                // A menu item without a key has no shortcut to duplicate or to take over.
                guard command.input?.isEmpty == false else {
                    entries.append(entry)
                    continue
                }
                let key = command.displayShortcut
                guard menuShortcuts.insert(key).inserted else {
                    omit(command, "the main menu already has \(key); UIKit refuses a duplicate shortcut in the main menu (R22)")
                    continue
                }
                entries.append(entry)
                // The app's command takes its shortcut from a standard menu command that has it.
                if let shortcut = SceneBuilder.shortcut(command) { removing.append(shortcut) }
            }
            return (entries, removing)
        }
        for entry in plan.entries {
            if entry.removesMenu {
                menus.append(SceneDefinition.MenuDefinition(identifier: entry.identifier, removesMenu: true))
                continue
            }
            let (commands, removing) = sceneCommands(entry.commands)
            guard entry.creates || !commands.isEmpty else { continue }
            // A menu that exists is named by its identifier alone: its `parent` is left to the
            // reader's default.
            let placement: SceneDefinition.MenuDefinition.Placement
            var commandsAtStart = false
            switch entry.placement {
            case .child(let parent, let atStart):
                placement = .child(parent: entry.creates ? parent : "root", atStart: atStart)
                commandsAtStart = atStart
            case .sibling(let sibling, let after):
                placement = after ? .after(sibling: sibling) : .before(sibling: sibling)
            }
            menus.append(SceneDefinition.MenuDefinition(
                identifier: entry.identifier, title: entry.title.flatMap { $0.isEmpty ? nil : $0 }, placement: placement,
                isInline: entry.isInline, commandsAtStart: commandsAtStart, commands: commands, removing: removing))
        }
        // The commands no followed change places: one menu per providing type.
        let unplaced = model.inventory.filter { $0.mechanism == .menu && !plan.placed.contains($0.site) }
        for (provider, commands) in Dictionary(grouping: unplaced, by: \.declaredIn).sorted(by: { $0.key < $1.key }) {
            let (entries, removing) = sceneCommands(commands)
            if !entries.isEmpty {
                menus.append(SceneDefinition.MenuDefinition(identifier: "imported-" + SceneBuilder.nodeName(provider), title: provider,
                                                            commands: entries, removing: removing))
            }
        }
        return menus
    }
}

extension MainMenuAssembly {
    /// One `menus` entry before its commands are written.
    struct Entry {
        enum Placement {
            case child(parent: String, atStart: Bool)
            case sibling(String, after: Bool)
        }

        var identifier: String
        var title: String?
        /// Whether the entry creates its menu (else it adds commands to one that exists).
        var creates = false
        var placement: Placement = .child(parent: "root", atStart: false)
        var isInline = false
        var commands: [ImportedCommand] = []
        var removesMenu = false
    }

    /// The entries the changes make, checked on a copy of the main menu as they are made.
    struct Plan {
        private(set) var entries: [Entry] = []
        /// The commands the entries place.
        private(set) var placed: Set<ImportedCommand.Site> = []
        /// The main menu's structure so far: its menus, without commands.
        private var structure = MenuBuilder.standard()
        /// Identifiers given to menus the source leaves unnamed.
        private var madeNames: Set<String> = []
        /// The identifier each menu UIKit names (``MainMenuNode/generatedIdentifier``) got.
        private var generatedNames: [String: String] = [:]

        mutating func apply(_ operation: MainMenuOperation) {
            guard let written = operation.target else { return }
            let target = generatedNames[written] ?? written
            switch operation.call {
            case .remove:
                guard exists(target) else { return }
                remove(target)
            case .insertChild, .insertSibling, .insertElements:
                guard let (menu, placement) = destination(operation.placement ?? .end, of: target) else { return }
                insert(operation.elements, into: menu, placement, provider: operation.provider)
            case .replace:
                replace(target, with: operation.elements, provider: operation.provider)
            case .replaceChildren:
                guard exists(target) else {
                    if let top = MenuModel.standardMenus[target], exists(top) {
                        insert(operation.elements, into: top, .child(parent: top, atStart: false), provider: operation.provider)
                    }
                    return
                }
                if operation.placement == nil, let menu = structure.menu(Menu.Identifier(rawValue: target)),
                   MenuModel.standardChildren(of: target) != nil {
                    rebuild(menu, with: operation)
                    return
                }
                guard operation.placement == nil, let menu = structure.menu(Menu.Identifier(rawValue: target)) else {
                    let atStart = operation.placement == .start
                    insert(operation.elements, into: target, .child(parent: target, atStart: atStart), provider: operation.provider)
                    return
                }
                // The children the closure drops go with the menu: a menu of the same title and
                // options, holding what the closure returns, takes its place.
                let node = MainMenuNode(title: menu.title, identifier: nil, isInline: menu.isInline, children: operation.elements)
                replace(target, with: [.menu(node)], provider: operation.provider)
            }
        }

        private func exists(_ identifier: String) -> Bool { structure.menu(Menu.Identifier(rawValue: identifier)) != nil }

        private mutating func remove(_ identifier: String) {
            guard (try? structure.remove(menu: Menu.Identifier(rawValue: identifier))) != nil else { return }
            // A menu this build's code made goes as if never made: its entries, and those of the
            // menus put in it, are dropped, which frees their shortcuts (R22).
            guard created(identifier) else {
                entries.append(Entry(identifier: identifier, removesMenu: true))
                return
            }
            var gone: Set<String> = [identifier]
            while true {
                let inside = entries.filter { entry in
                    if case .child(let parent, _) = entry.placement { return gone.contains(parent) && !gone.contains(entry.identifier) }
                    return false
                }.map(\.identifier)
                guard !inside.isEmpty else { break }
                gone.formUnion(inside)
            }
            entries.removeAll { gone.contains($0.identifier) }
            madeNames.subtract(gone)
        }

        /// Whether this build's code made the menu `identifier` (rather than UIKit).
        private func created(_ identifier: String) -> Bool {
            entries.contains { $0.creates && $0.identifier == identifier }
        }

        /// The menu a change at `placement` of `target` inserts into, and where: a standard
        /// group the main menu does not model (`newScene`, `close`) stands for its top-level
        /// menu, at its end after the group and at its start before it.
        private func destination(_ placement: MainMenuOperation.Placement, of target: String) -> (String, Entry.Placement)? {
            if exists(target) {
                switch placement {
                case .start: return (target, .child(parent: target, atStart: true))
                case .end: return (target, .child(parent: target, atStart: false))
                case .before: return parent(of: target).map { ($0, .sibling(target, after: false)) }
                case .after: return parent(of: target).map { ($0, .sibling(target, after: true)) }
                }
            }
            guard let top = MenuModel.standardMenus[target], exists(top) else { return nil }
            return (top, .child(parent: top, atStart: placement == .start || placement == .before))
        }

        /// The identifier of the menu holding `identifier`.
        private func parent(of identifier: String) -> String? {
            func search(_ menu: Menu) -> String? {
                for case .menu(let submenu) in menu.children {
                    if submenu.identifier.rawValue == identifier { return menu.identifier.rawValue }
                    if let found = search(submenu) { return found }
                }
                return nil
            }
            return search(structure.root)
        }

        /// `replace(menu:with:)`: the menu goes, and the new one takes its place (and its
        /// identifier, when the source gives the new one none).
        private mutating func replace(_ target: String, with elements: [MainMenuElement], provider: String) {
            guard exists(target), let parent = parent(of: target), let menu = structure.menu(Menu.Identifier(rawValue: parent)) else {
                if let top = MenuModel.standardMenus[target], exists(top) {
                    insert(elements, into: top, .child(parent: top, atStart: false), provider: provider)
                }
                return
            }
            let siblings = menu.children.compactMap { element -> String? in
                if case .menu(let submenu) = element { return submenu.identifier.rawValue }
                return nil
            }
            let previous = siblings.firstIndex(of: target).flatMap { $0 > 0 ? siblings[$0 - 1] : nil }
            // Elements that are no menu (`replace(menu:with:)` given commands) take the menu's
            // place as a menu of its title and options.
            var replacements = elements.compactMap { element -> MainMenuNode? in
                if case .menu(let node) = element { return node }
                return nil
            }
            if replacements.isEmpty, let old = structure.menu(Menu.Identifier(rawValue: target)) {
                replacements = [MainMenuNode(title: old.title, identifier: nil, isInline: old.isInline, children: elements)]
            }
            let ownMenu = created(target)
            remove(target)
            var placement: Entry.Placement = previous.map { .sibling($0, after: true) } ?? .child(parent: parent, atStart: true)
            for var node in replacements {
                // A top-level menu keeps its identifier, and so does a menu the app made; a
                // standard group does not, since what macOS puts in it (About, Settings…) goes with it.
                if node.identifier == nil || node.identifier == target {
                    node.identifier = parent == "root" || ownMenu ? target : nil
                    if parent != "root", !ownMenu { node.generatedIdentifier = target }
                }
                if let made = create(node, placement, provider: provider) { placement = .sibling(made, after: true) }
            }
        }

        /// `replaceChildren(ofMenu:)` of a standard menu whose items the closure was handed: the
        /// menu keeps its identifier and place (and what macOS adds to it), and holds what the
        /// closure returned, UIKit's items it kept among the app's in the closure's order.
        private mutating func rebuild(_ menu: Menu, with operation: MainMenuOperation) {
            let target = menu.identifier.rawValue
            guard let parent = parent(of: target), let holder = structure.menu(Menu.Identifier(rawValue: parent)) else { return }
            let children = operation.elements.compactMap { element -> MainMenuElement? in
                guard case .standardItem(let action) = element else { return element }
                return Self.standardCommand(action, in: menu, operation: operation).map(MainMenuElement.command)
            }
            let siblings = holder.children.compactMap { element -> String? in
                if case .menu(let submenu) = element { return submenu.identifier.rawValue }
                return nil
            }
            let previous = siblings.firstIndex(of: target).flatMap { $0 > 0 ? siblings[$0 - 1] : nil }
            remove(target)
            let placement: Entry.Placement = previous.map { .sibling($0, after: true) } ?? .child(parent: parent, atStart: true)
            create(MainMenuNode(title: menu.title, identifier: target, isInline: menu.isInline, children: children), placement,
                   provider: operation.provider)
        }

        /// UIKit's item of `menu` with `action`, as the row of a command the app's menu code
        /// places (where `operation` is written).
        private static func standardCommand(_ action: String, in menu: Menu, operation: MainMenuOperation) -> ImportedCommand? {
            for child in menu.children {
                switch child {
                case .command(let command) where command.action?.name == action:
                    return ImportedCommand(declaredIn: operation.provider, mechanism: .menu, input: command.input.uiKitValue,
                                           modifiers: command.modifierFlags, action: action, title: command.title, attributes: [],
                                           wantsPriority: false, alternates: [], file: operation.file, line: operation.line)
                case .action(let title, let item) where item.name == action:
                    return ImportedCommand(declaredIn: operation.provider, mechanism: .menu, input: "", modifiers: [], action: action,
                                           title: title, attributes: [], wantsPriority: false, alternates: [], file: operation.file,
                                           line: operation.line)
                default:
                    continue
                }
            }
            return nil
        }

        /// Inserts `elements` into `menu` at `placement`: runs of commands as entries adding to
        /// the menu, menus as entries creating them. At the start of a menu the last element goes
        /// in first, so they end up in their order.
        private mutating func insert(_ elements: [MainMenuElement], into menu: String, _ placement: Entry.Placement, provider: String) {
            var groups: [[MainMenuElement]] = []
            for element in elements {
                if case .command = element, case .command? = groups.last?.last {
                    groups[groups.count - 1].append(element)
                } else {
                    groups.append([element])
                }
            }
            let atStart: Bool
            switch placement {
            case .child(_, let start): atStart = start
            case .sibling(_, let after): atStart = !after
            }
            var current = placement
            for group in atStart && !isSibling(placement) ? groups.reversed() : groups {
                if case .menu(let node)? = group.first {
                    if let made = create(node, current, provider: provider), isSibling(current) {
                        // The next element goes right after the one just placed.
                        current = .sibling(made, after: true)
                    }
                } else {
                    let commands = group.compactMap { element -> ImportedCommand? in
                        if case .command(let command) = element { return command }
                        return nil
                    }
                    // Commands beside a menu go into its parent, at the end.
                    let (into, start) = isSibling(current) ? (parent(of: siblingName(current)) ?? menu, false) : (menu, atStart)
                    entries.append(Entry(identifier: into, placement: .child(parent: into, atStart: start), commands: commands))
                    placed.formUnion(commands.map(\.site))
                }
            }
        }

        private func isSibling(_ placement: Entry.Placement) -> Bool {
            if case .sibling = placement { return true }
            return false
        }

        private func siblingName(_ placement: Entry.Placement) -> String {
            if case .sibling(let name, _) = placement { return name }
            return "root"
        }

        /// Creates the menu `node` at `placement`, then its elements in order; returns its
        /// identifier, or `nil` when the main menu refuses it (a placement beside a menu that
        /// does not exist).
        @discardableResult
        private mutating func create(_ node: MainMenuNode, _ placement: Entry.Placement, provider: String) -> String? {
            let identifier = name(for: node, provider: provider)
            let menu = Menu(Menu.Identifier(rawValue: identifier), title: node.title ?? "", options: node.isInline ? .displayInline : [])
            do {
                switch placement {
                case .child(let parent, true): try structure.insertChild(menu, atStartOfMenu: Menu.Identifier(rawValue: parent))
                case .child(let parent, false): try structure.insertChild(menu, atEndOfMenu: Menu.Identifier(rawValue: parent))
                case .sibling(let sibling, true): try structure.insertSibling(menu, afterMenu: Menu.Identifier(rawValue: sibling))
                case .sibling(let sibling, false): try structure.insertSibling(menu, beforeMenu: Menu.Identifier(rawValue: sibling))
                }
            } catch {
                return nil
            }
            madeNames.insert(identifier)
            if let generated = node.generatedIdentifier { generatedNames[generated] = identifier }
            let leading = node.children.prefix { if case .command = $0 { true } else { false } }
            let commands = leading.compactMap { element -> ImportedCommand? in
                if case .command(let command) = element { return command }
                return nil
            }
            entries.append(Entry(identifier: identifier, title: node.title, creates: true, placement: placement, isInline: node.isInline,
                                 commands: commands))
            placed.formUnion(commands.map(\.site))
            let rest = Array(node.children.dropFirst(leading.count))
            if !rest.isEmpty { insert(rest, into: identifier, .child(parent: identifier, atStart: false), provider: provider) }
            return identifier
        }

        /// The identifier the source gives `node`, or one made from its provider and title when
        /// it gives none (or one the main menu has).
        private func name(for node: MainMenuNode, provider: String) -> String {
            if let identifier = node.identifier, !exists(identifier), !madeNames.contains(identifier) { return identifier }
            let words = (node.title ?? "").split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
            let base = "imported-" + SceneBuilder.nodeName(provider) + "-" + (words.isEmpty ? (node.isInline ? "group" : "menu") : words)
            var candidate = base
            var counter = 2
            while exists(candidate) || madeNames.contains(candidate) {
                candidate = "\(base)-\(counter)"
                counter += 1
            }
            return candidate
        }
    }
}
