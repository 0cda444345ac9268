import SceneImportResources
import SwiftSyntax

/// The main-menu changes of SwiftUI's `.commands` (``SwiftUICommandsModel``): each
/// `CommandMenu` and `CommandGroup` the build compiles, in source order, with the shortcuts the
/// inventory lists inside it and those of the views it builds by name
/// (`CommandMenu("Message") { MessageCommands() }`) where it builds them, in line order. Its
/// buttons' actions are the scene's SwiftUI actions (``SceneBuilder/swiftUIAction(of:)``).
struct SwiftUIMenuCommands {
    let index: SourceIndex
    let inventory: [ImportedCommand]
    /// The app's strings: a button's title is a `LocalizedStringKey`.
    let strings: StringsTable
    /// The same strings read through generated accessors (`L10n.Menu.title`).
    let generatedStrings: GeneratedStrings

    /// Reads a title the strings alone do not give (`"About \(appName)"`).
    let evaluator: Evaluator?

    init(index: SourceIndex, inventory: [ImportedCommand], strings: StringsTable, evaluator: Evaluator? = nil) {
        self.index = index
        self.inventory = inventory
        self.strings = strings
        self.evaluator = evaluator
        generatedStrings = GeneratedStrings(strings: strings) { [index] in index.type(named: $0) != nil }
    }

    /// The text a menu's or button's title argument gives: a string literal's entry in the
    /// strings tables (a `LocalizedStringKey`), else the literal; a generated accessor's text
    /// (``GeneratedStringsModel``) when it has no format conversions; else what the evaluator
    /// reads in the type the title is written in, or the strings a run-time choice picks among
    /// (``Evaluator/runTimeTitle(_:frame:)``), else the title as the code writes it.
    func title(of expression: ExprSyntax) -> String? {
        if let literal = expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
            return strings.lookup(literal) ?? literal
        }
        if expression.is(MemberAccessExprSyntax.self),
           let text = generatedStrings.text(ofAccessor: expression.trimmedDescription), !text.contains("%") {
            return text
        }
        guard let evaluator else { return nil }
        var frame = Evaluator.Frame(selfType: enclosingTypeName(of: expression))
        if case .string(let text) = evaluator.evaluate(expression, frame: &frame), !text.isEmpty { return text }
        if let text = evaluator.runTimeTitle(expression, frame: &frame) { return text }
        // A title only the running app knows (`"About \(appName)"` over the bundle's name):
        // the item is still there, titled as the code writes it.
        if let literal = expression.as(StringLiteralExprSyntax.self) { return literal.segments.trimmedDescription }
        return expression.trimmedDescription
    }

    func operations() -> [MainMenuOperation] {
        let swiftUIRows = inventory.filter { $0.mechanism == .swiftui }
        let rows = Dictionary(grouping: swiftUIRows, by: \.file)
        let rowsByType = Dictionary(grouping: swiftUIRows, by: \.declaredIn)
        var operations: [MainMenuOperation] = []
        for (file, tree) in index.files {
            let path = file.displayPath
            guard let text = index.texts[path],
                  SwiftUICommandsModel.mentions.contains(where: { text.containsBytes(of: $0) }),
                  let lines = index.sourceOfRoot[tree.id]?.lines else { continue }
            let finder = CommandsFinder(viewMode: .sourceAccurate)
            finder.walk(tree)
            for call in finder.calls where isCompiled(call) && isInUse(call) {
                let range = lines.line(of: call)...lines.line(atUTF8Offset: call.endPositionBeforeTrailingTrivia.utf8Offset)
                let inside = (rows[path] ?? []).filter { range.contains($0.line) }.sorted { $0.line < $1.line }
                // The views the call builds by name, each with the line that builds it first.
                var built: [(line: Int, rows: [ImportedCommand])] = []
                for (name, site) in Self.namesBuilt(in: call) where rowsByType[name] != nil {
                    built.append((lines.line(of: site), (rowsByType[name] ?? []).sorted { ($0.file, $0.line) < ($1.file, $1.line) }))
                }
                let provider = (inside + built.flatMap(\.rows)).first?.declaredIn
                let keyless = keylessButtons(in: Self.content(of: call), file: path, lines: lines, provider: provider)
                let ordered = (inside + keyless).sorted { $0.line < $1.line }
                // A row inside a `Menu` is that submenu's, which stands where the `Menu` begins.
                let menus = submenus(in: call, file: path, lines: lines, provider: provider)
                var items: [(line: Int, element: MainMenuElement)] = ordered.filter { row in !menus.contains { $0.lines.contains(row.line) } }
                    .map { ($0.line, .command(Self.withAction($0))) }
                for menu in menus {
                    let children = (ordered.filter { menu.lines.contains($0.line) } + menu.keyless).sorted { $0.line < $1.line }
                    guard !children.isEmpty else { continue }
                    let node = MainMenuNode(title: menu.title, identifier: nil, isInline: false, children: children.map { .command(Self.withAction($0)) })
                    items.append((menu.lines.lowerBound, .menu(node)))
                }
                // A built view's items stand where the call builds it, after the call's own there.
                for (line, rows) in built {
                    items += builtElements(rows.filter { !inside.contains($0) }).map { (line, $0) }
                }
                let commands = items.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.element)
                operations += self.operations(call, commands: commands, file: path, line: range.lowerBound)
            }
        }
        return operations
    }

    private func operations(_ call: FunctionCallExprSyntax, commands: [MainMenuElement], file: String, line: Int) -> [MainMenuOperation] {
        // A placement of whole submenus: the buttons, as one group, go before the first or
        // after the last, or replace the first while the others go.
        if let argument = call.arguments.first, let label = argument.label?.text,
           let member = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
           let submenus = SwiftUICommandsModel.submenuPlacements[member], let first = submenus.first, let last = submenus.last {
            let provider = Self.provider(of: commands)
            let group = MainMenuElement.menu(MainMenuNode(title: nil, identifier: nil, isInline: true, children: commands))
            func change(_ call: MainMenuOperation.Call, _ target: String, _ placement: MainMenuOperation.Placement?, _ elements: [MainMenuElement]) -> MainMenuOperation {
                MainMenuOperation(call: call, target: target, placement: placement, elements: elements, provider: provider, file: file, line: line)
            }
            switch label {
            case "before": return commands.isEmpty ? [] : [change(.insertSibling, first, .before, [group])]
            case "after": return commands.isEmpty ? [] : [change(.insertSibling, last, .after, [group])]
            case "replacing":
                let replaced = commands.isEmpty ? [change(.remove, first, nil, [])] : [change(.replace, first, nil, [group])]
                return replaced + submenus.dropFirst().map { change(.remove, $0, nil, []) }
            default: return []
            }
        }
        return operation(call, commands: commands, file: file, line: line).map { [$0] } ?? []
    }

    private func operation(_ call: FunctionCallExprSyntax, commands: [MainMenuElement], file: String, line: Int) -> MainMenuOperation? {
        let provider = Self.provider(of: commands)
        let name = call.calledExpression.sourceText
        if name == SwiftUICommandsModel.menuName {
            let title = (call.arguments.first?.expression).flatMap { self.title(of: $0) }
            let menu = MainMenuNode(title: title, identifier: nil, isInline: false, children: commands)
            return MainMenuOperation(call: .insertSibling, target: SwiftUICommandsModel.customMenusBefore, placement: .before,
                                     elements: [.menu(menu)], provider: provider, file: file, line: line)
        }
        // `CommandGroup(replacing: .saveItem) { EmptyView() }` takes the group away.
        if commands.isEmpty, Self.listsNothing(call), let argument = call.arguments.first, argument.label?.text == "replacing",
           let member = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
           let group = SwiftUICommandsModel.placements[member] {
            return MainMenuOperation(call: .remove, target: group, placement: nil, elements: [], provider: provider, file: file, line: line)
        }
        guard !commands.isEmpty, let argument = call.arguments.first, let label = argument.label?.text,
              let (builderCall, placement) = SwiftUICommandsModel.groupLabels[label],
              let member = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              let group = SwiftUICommandsModel.placements[member] else { return nil }
        // Beside a group, the buttons are a group of their own; instead of one, its children.
        let elements = builderCall == .insertSibling ? [MainMenuElement.menu(MainMenuNode(title: nil, identifier: nil, isInline: true, children: commands))]
            : commands
        return MainMenuOperation(call: builderCall, target: group, placement: placement, elements: elements, provider: provider,
                                 file: file, line: line)
    }

    /// Whether a call's content is empty or only `EmptyView()`: it shows nothing, rather than
    /// something the import cannot read.
    private static func listsNothing(_ call: FunctionCallExprSyntax) -> Bool {
        guard let closure = call.trailingClosure else { return false }
        return closure.statements.allSatisfy { $0.item.trimmedDescription == "EmptyView()" }
    }

    /// The type whose commands a change inserts: its first command outside a submenu's, `""`
    /// when it inserts none.
    private static func provider(of commands: [MainMenuElement]) -> String {
        for element in commands {
            if case .command(let command) = element { return command.declaredIn }
        }
        return ""
    }

    /// The row with its scene action (``SceneBuilder/swiftUIAction(of:)``).
    private static func withAction(_ row: ImportedCommand) -> ImportedCommand {
        var command = row
        command.action = SceneBuilder.swiftUIAction(of: row)
        return command
    }

    /// The arguments and trailing closure of a call: the content a view builder lists.
    private static func content(of call: FunctionCallExprSyntax) -> [Syntax] {
        call.arguments.map { Syntax($0) } + (call.trailingClosure.map { [Syntax($0)] } ?? [])
    }

    /// A `Menu("Font") { … }` a `CommandMenu` or `CommandGroup` lists itself: a submenu holding
    /// the rows written inside it and its own buttons without a key.
    private struct Submenu {
        var title: String?
        var lines: ClosedRange<Int>
        var keyless: [ImportedCommand]
    }

    /// The items the views a menu builds by name give (`CommandMenu("Graph") { InsertCommands() }`),
    /// in order: a view whose body is one `Menu("Insert") { … }` gives that submenu, holding its
    /// shortcuts; any other view its shortcuts, one item each.
    private func builtElements(_ rows: [ImportedCommand]) -> [MainMenuElement] {
        var elements: [MainMenuElement] = []
        var start = rows.startIndex
        while start < rows.endIndex {
            let type = rows[start].declaredIn
            let end = rows[start...].firstIndex { $0.declaredIn != type } ?? rows.endIndex
            let commands = rows[start..<end].map { MainMenuElement.command(Self.withAction($0)) }
            if let menu = soleMenu(inBodyOf: type) {
                let title = (menu.arguments.first?.expression).flatMap { self.title(of: $0) }
                elements.append(.menu(MainMenuNode(title: title, identifier: nil, isInline: false, children: commands)))
            } else {
                elements += commands
            }
            start = end
        }
        return elements
    }

    /// The `Menu(…) { … }` a view's `body` is, when it is that one call (with modifiers or not).
    private func soleMenu(inBodyOf type: String) -> FunctionCallExprSyntax? {
        guard let body = index.type(named: type)?.properties["body"]?.getter, body.count == 1,
              var expression = body.first?.item.as(ExprSyntax.self) else { return nil }
        while let call = expression.as(FunctionCallExprSyntax.self) {
            if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Menu" {
                return call.trailingClosure != nil ? call : nil
            }
            guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else { return nil }
            expression = base
        }
        return nil
    }

    /// The `Menu`s a call lists outside conditions and loops, in order (not those nested in
    /// another `Menu`).
    private func submenus(in call: FunctionCallExprSyntax, file: String, lines: LineTable, provider: String?) -> [Submenu] {
        final class Finder: SyntaxVisitor {
            var menus: [FunctionCallExprSyntax] = []
            override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                if name == "ForEach" { return .skipChildren }
                if name == "Menu", node.trailingClosure != nil {
                    menus.append(node)
                    return .skipChildren
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        for node in Self.content(of: call) { finder.walk(node) }
        return finder.menus.filter { isCompiled($0) }.map { menu in
            let title = (menu.arguments.first?.expression).flatMap { self.title(of: $0) }
            let range = lines.line(of: menu)...lines.line(atUTF8Offset: menu.endPositionBeforeTrailingTrivia.utf8Offset)
            let keyless = menu.trailingClosure.map { keylessButtons(in: [Syntax($0)], file: file, lines: lines, provider: provider) } ?? []
            return Submenu(title: title, lines: range, keyless: keyless)
        }
    }

    /// The buttons without a key a `CommandMenu` or `CommandGroup` lists itself
    /// (`Button("View Documentation…") { … }`): menu items without a shortcut, titled by their
    /// string literal (a `LocalizedStringKey`, looked up in the app's strings) or generated
    /// accessor (``title(of:)``), provided by the type whose shortcuts the call holds (else the
    /// type the call is written in). Left out: a
    /// button inside a `Menu` (a submenu's item), and one shown only under a condition or once
    /// per element (in an `if`, a `switch`, a ternary or a `ForEach`).
    private func keylessButtons(in content: [Syntax], file: String, lines: LineTable, provider: String?) -> [ImportedCommand] {
        final class Finder: SyntaxVisitor {
            var buttons: [(call: FunctionCallExprSyntax, title: ExprSyntax)] = []
            override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                if name == "Menu" || name == "ForEach" { return .skipChildren }
                if name == "Button", let first = node.arguments.first, first.label == nil, !Self.hasShortcut(node) {
                    buttons.append((node, first.expression))
                }
                return .visitChildren
            }

            /// Whether a `.keyboardShortcut` modifier, or a view modifier of the app's that may
            /// set one (`.modifier(…)`), follows the button in its modifier chain.
            static func hasShortcut(_ button: FunctionCallExprSyntax) -> Bool {
                var current = Syntax(button)
                while let member = current.parent?.as(MemberAccessExprSyntax.self), let call = member.parent?.as(FunctionCallExprSyntax.self) {
                    if ["keyboardShortcut", "modifier"].contains(member.declName.baseName.text) { return true }
                    current = Syntax(call)
                }
                return false
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        for node in content { finder.walk(node) }
        let owner = provider ?? content.first.flatMap { enclosingTypeName(of: $0) } ?? ""
        return finder.buttons.filter { isCompiled($0.call) }.compactMap { button in
            guard let title = self.title(of: button.title) else { return nil }
            var command = ImportedCommand(declaredIn: owner, mechanism: .swiftui, input: "", modifiers: [],
                                          title: title,
                                          attributes: [], wantsPriority: false, alternates: [], file: file,
                                          line: lines.line(of: button.call))
            command.action = SceneBuilder.swiftUIAction(of: command)
            return command
        }
    }

    /// The name of the type declaration (or the type an extension extends) `node` is in.
    private func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        var current = node.parent
        while let next = current {
            if let type = next.as(StructDeclSyntax.self) { return type.name.text }
            if let type = next.as(ClassDeclSyntax.self) { return type.name.text }
            if let type = next.as(EnumDeclSyntax.self) { return type.name.text }
            if let type = next.as(ExtensionDeclSyntax.self) { return type.extendedType.trimmedDescription }
            current = next.parent
        }
        return nil
    }

    /// The types a call's closures construct by name (`MessageCommands(mainViewState: state)`),
    /// in source order, each once, with the call that builds it first.
    private static func namesBuilt(in call: FunctionCallExprSyntax) -> [(name: String, site: FunctionCallExprSyntax)] {
        final class Finder: SyntaxVisitor {
            var names: [(name: String, site: FunctionCallExprSyntax)] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, !names.contains(where: { $0.name == name }) {
                    names.append((name, node))
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        for argument in call.arguments { finder.walk(argument) }
        if let closure = call.trailingClosure { finder.walk(closure) }
        return finder.names
    }

    /// Whether the menu code `node` is in runs: code in a `Commands` type's body adds its menus
    /// only when the app builds that type (`.commands { AppCommands() }`); a `Commands` type no
    /// compiled code builds changes no menu. Code anywhere else counts.
    private func isInUse(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let next = current {
            if let type = next.as(StructDeclSyntax.self) {
                guard type.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == SwiftUICommandsModel.protocolName }) == true
                else { return true }
                let name = type.name.text
                return index.constructions(of: name).contains { $0.enclosing != name }
            }
            if next.is(ClassDeclSyntax.self) || next.is(EnumDeclSyntax.self) || next.is(ExtensionDeclSyntax.self) { return true }
            current = next.parent
        }
        return true
    }

    /// Whether every `#if` around `node` compiles the clause it is in.
    private func isCompiled(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let next = current {
            if let clause = next.as(IfConfigClauseSyntax.self), let block = clause.parent?.parent?.as(IfConfigDeclSyntax.self),
               index.conditions.activeClause(of: block)?.id != clause.id {
                return false
            }
            current = next.parent
        }
        return true
    }

    /// Every `CommandMenu(…)` and `CommandGroup(…)` call, in source order.
    private final class CommandsFinder: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
               name == SwiftUICommandsModel.menuName || name == SwiftUICommandsModel.groupName {
                calls.append(node)
            }
            return .visitChildren
        }
    }
}
