import KeyTraceCore
import SceneImportBudget
import SceneImportResources
import SceneImportVocabulary
import SwiftSyntax

/// Finds every key command an indexed app provides, by mechanism, and who provides it.
///
/// - `keyCommands`: each `override var keyCommands` getter (and a protocol extension's, for
///   each adopting type) runs; what it returns is the type's commands.
/// - `addKeyCommand`: each method that calls `addKeyCommand(_:)` runs; what it adds is the
///   type's.
/// - `menu`: each `buildMenu(with:)` runs with `builder.system` checks taken as the main
///   menu; every key command it creates (directly, through helpers, or by reading stored
///   properties) is the type's.
/// - `swiftui`: every `.keyboardShortcut(…)` in a type's members.
struct CommandExtractor {
    let index: SourceIndex
    let evaluator: Evaluator

    /// SwiftUI types this build never creates (``SourceIndex/unbuiltTypes(among:)``).
    let unbuiltSwiftUITypes: Set<String>
    /// Functions that attach shortcuts to the views that call them.
    let shortcutHelpers: ShortcutHelpers
    /// Which of the helpers' names each file mentions, searched once per file: the types of a
    /// file ask the same question.
    let helperMentions: HelperMentions

    init(index: SourceIndex, strings: StringsTable, resources: ResourceFiles = ResourceFiles(), budget: EvaluationBudget = .standard,
         storyboardTabBars: [(customClass: String?, tabs: Int)] = []) {
        self.index = index
        // Only an app with SwiftUI shortcuts pays for the search, and only one whose entry point
        // is among the sources read: without it (a folder of views, a library) nothing shows
        // what the app creates.
        // When the app has a `@main` SwiftUI `App`, another `App` is not the entry point: like
        // a view, it is built only where code names it (`OtherApp.main()`).
        let hasMainApp = index.types.values.contains { $0.isMain && $0.inherited.contains("App") }
        let swiftUI = index.types.values.filter { info in
            guard info.kind == .struct else { return false }
            if info.inherited.contains("App") { return hasMainApp && !info.isMain }
            return info.inherited.contains(where: Self.builtWhereNamed.contains)
        }
        let withShortcuts = swiftUI.contains { index.type($0, mentions: SwiftUIShortcutModel.modifierName) }
        let hasEntryPoint = index.types.values.contains { $0.inherited.contains(where: Self.entryPoints.contains) }
        unbuiltSwiftUITypes = withShortcuts && hasEntryPoint ? index.unbuiltTypes(among: swiftUI) : []
        shortcutHelpers = ShortcutHelpers(index: index)
        helperMentions = HelperMentions(shortcutHelpers.names, index: index)
        evaluator = Evaluator(index: index, strings: strings, resources: resources, budget: budget, shortcutHelpers: shortcutHelpers,
                              storyboardTabBars: storyboardTabBars)
    }

    /// What the extraction found: the inventory rows, and the code it decided never runs.
    struct Extraction {
        /// The inventory, sorted by file, line, provider and shortcut, each command once.
        var rows: [ImportedCommand]
        /// Code this build never runs (a branch the evaluator ruled out, menu code only
        /// excluded code reaches): the creation-site sweep reports nothing it creates.
        var skippedRegions: Set<SyntaxIdentifier>
        /// The main-menu changes the menu code makes, provider by provider in type order, each
        /// provider's in the order its code makes them.
        var menuOperations: [MainMenuOperation] = []
    }

    /// Runs every provider the app has and returns what they give (``Extraction``).
    func extract() -> Extraction {
        // Every command found, in the order found; each site's first is kept at the end.
        var found: [ImportedCommand] = []
        func add(_ command: ImportedCommand) { found.append(command) }
        var menus: [(provider: String, function: SourceIndex.FunctionInfo, commands: [ImportedCommand], operations: [MainMenuOperation])] = []
        for key in index.types.keys.sorted() {
            guard let info = index.types[key] else { continue }
            for command in keyCommandsOverride(of: info) { add(command) }
            for command in addedCommands(of: info) { add(command) }
            menus += menuCommands(of: info).map { (info.name, $0.function, $0.commands, $0.operations) }
            for command in swiftUICommands(of: info) { add(command) }
        }
        // A `buildMenu(with:)` that another type's main-menu code calls is that type's helper:
        // UIKit calls the caller, whose commands these are. So is any other function taking a
        // `UIMenuBuilder` that menu code calls; one that none calls is called from code the
        // importer does not run (`main.swift`, a notification), and builds menus of its own,
        // unless code names it only where this build leaves it out (its one call is in a
        // `#if targetEnvironment(macCatalyst)` branch): then no build of this platform runs it.
        // Asked once a function: the answer searches every file naming it.
        var neverRun: [SourceLocation: Bool] = [:]
        func isNeverRun(_ function: SourceIndex.FunctionInfo) -> Bool {
            if let known = neverRun[function.location] { return known }
            let answer = function.name != "buildMenu" && index.isNamedOnlyInExcludedCode(function.name)
            neverRun[function.location] = answer
            return answer
        }
        // A type whose menu code is all helpers of code never run on this platform (every
        // function of it that menu code does not call is named only in excluded code) builds no
        // menu: none of its creation sites is a command.
        var roots: [String: [Bool]] = [:]  // provider → whether each of its root menu functions is never run
        for (provider, function, _, _) in menus where function.name == "buildMenu" || !evaluator.menuFunctionsCalled.contains(function.location) {
            roots[provider, default: []].append(isNeverRun(function))
        }
        let deadMenuTypes = Set(roots.filter { !$0.value.isEmpty && $0.value.allSatisfy { $0 } }.keys)
        var skippedRegions = evaluator.skippedRegions
        // The groups a main-menu configuration leaves out are gone before any build runs.
        var menuOperations = MainMenuConfigurationModel.removals(in: index)
        for (provider, function, commands, operations) in menus {
            if deadMenuTypes.contains(provider) {
                if let body = function.body { skippedRegions.insert(body.id) }
                continue
            }
            if function.name == "buildMenu" ? evaluator.menuBuildersCalled.contains(provider)
                : evaluator.menuFunctionsCalled.contains(function.location) { continue }
            if isNeverRun(function) {
                // Never run on this platform: its creation sites are no commands either.
                if let body = function.body { skippedRegions.insert(body.id) }
                continue
            }
            for command in commands { add(command) }
            menuOperations += operations
        }
        // Sized once: growing the set would hash every site again at each doubling.
        var seen = Set<ImportedCommand.Site>(minimumCapacity: found.count)
        return Extraction(rows: ImportedCommand.sortedInInventoryOrder(found.filter { seen.insert($0.site).inserted }),
                          skippedRegions: skippedRegions, menuOperations: menuOperations)
    }

    private func keyCommandsOverride(of info: SourceIndex.TypeInfo) -> [ImportedCommand] {
        guard let property = info.properties["keyCommands"], !property.isStatic else { return [] }
        // A protocol extension cannot override: `override` in an extension of a type declared
        // elsewhere (a framework class such as `WKWebView`) makes it that class's getter.
        let isProtocolDefault = info.kind == .protocol
            || (info.kind == .extensionOnly && !property.isOverride && index.types.values.contains { $0.inherited.contains(info.name) }
                && !isSystemClass(info.name))
        guard property.isOverride || isProtocolDefault else { return [] }
        let providers = isProtocolDefault ? index.adopters(of: info.name) : [info.name]
        var result: [ImportedCommand] = []
        for provider in providers {
            let value = evaluator.run(asProvider: "\(provider).keyCommands") { () -> Value in
                var frame = Evaluator.Frame(selfType: provider)
                frame.returnHint = property.type ?? "[UIKeyCommand]"
                if let getter = property.getter { return evaluator.run(getter, frame: &frame) }
                if let initializer = property.initializer { return evaluator.evaluate(initializer, frame: &frame, hint: "[UIKeyCommand]") }
                return evaluator.assignedValue("keyCommands", in: info, frame: &frame) ?? .null
            }.result
            result += commands(in: evaluator.flatten(value, condition: .always), provider: provider, mechanism: .keyCommands)
        }
        return result
    }

    private func isSystemClass(_ name: String) -> Bool { name.hasPrefix("UI") || name.hasPrefix("NS") }

    /// Runs `function`'s `body` as the provider `name`, its parameters unknown, in `mode`, and
    /// returns what it created and added.
    private func runProvider(_ body: CodeBlockSyntax, of function: SourceIndex.FunctionInfo, in info: SourceIndex.TypeInfo,
                             named name: String, mode: Evaluator.Mode) -> RunLog {
        evaluator.run(asProvider: name, mode: mode) {
            var frame = Evaluator.Frame(selfType: info.name)
            for parameter in function.parameters {
                frame.locals[parameter.name] = mode == .menu && parameter.isMenuBuilder ? MenuModel.builder : .unknown(parameter.name)
            }
            evaluator.execute(body.statements, frame: &frame)
        }.log
    }

    private func addedCommands(of info: SourceIndex.TypeInfo) -> [ImportedCommand] {
        var result: [ImportedCommand] = []
        // A protocol extension's method adds its commands to each type that adopts the
        // protocol (`self as? UIViewController & P` then `addKeyCommand`), run as that type's;
        // a subclass of an adopter inherits them and does not repeat them.
        var providers = [info]
        if info.kind == .protocol {
            let adopting = Set(index.adopters(of: info.name))
            providers = adopting.sorted().filter { name in !index.ancestors(of: name).contains { adopting.contains($0.name) } }
                .compactMap { index.type(named: $0) }
        }
        for function in info.functions {
            guard let body = function.body, index.file(function.location.file, mentions: ResponderModel.addKeyCommand),
                  body.description.containsBytes(of: "addKeyCommand") else { continue }
            for provider in providers {
                let log = runProvider(body, of: function, in: provider, named: "\(provider.name).\(function.name)", mode: .responder)
                result += commands(in: log.added, provider: provider.name, mechanism: .addKeyCommand)
            }
        }
        return result
    }

    private func menuCommands(of info: SourceIndex.TypeInfo)
        -> [(function: SourceIndex.FunctionInfo, commands: [ImportedCommand], operations: [MainMenuOperation])] {
        var result: [(function: SourceIndex.FunctionInfo, commands: [ImportedCommand], operations: [MainMenuOperation])] = []
        for function in info.functions where function.buildsMenus {
            guard let body = function.body else { continue }
            let label = function.parameters.first?.label ?? "_"
            let log = runProvider(body, of: function, in: info, named: "\(info.name).\(function.name)(\(label):)", mode: .menu)
            result.append((function, commands(in: log.created, provider: info.name, mechanism: .menu),
                           menuOperations(in: log.added, provider: info.name)))
        }
        return result
    }

    /// The main-menu changes among what a menu provider's run logged (``MenuModel``'s builder
    /// calls), with what each inserts.
    /// A call made only on an OS older than the newest (after `if #available(…) { return }`)
    /// changes nothing: the scene is the app on the newest OS.
    private func menuOperations(in items: [Value.Item], provider: String) -> [MainMenuOperation] {
        items.compactMap { item -> MainMenuOperation? in
            guard !item.condition.tests.contains(where: Evaluator.isOlderOSTest),
                  case .object(let type, let fields) = item.value, type == MenuModel.builderType,
                  let call = fields["call"]?.stringValue.flatMap(MainMenuOperation.Call.init(rawValue:)),
                  case .string(let file)? = fields["file"], case .int(let line)? = fields["line"] else { return nil }
            return MainMenuOperation(call: call, target: fields["target"]?.stringValue,
                                     placement: fields["placement"]?.stringValue.flatMap(MainMenuOperation.Placement.init(rawValue:)),
                                     elements: menuElements(fields["elements"]?.items ?? [], condition: item.condition, provider: provider),
                                     provider: provider, file: file, line: line)
        }
    }

    /// The commands, key-less items and menus among `items`, each under `condition` and its own.
    private func menuElements(_ items: [Value.Item], condition: Condition, provider: String) -> [MainMenuElement] {
        var elements: [MainMenuElement] = []
        for item in items {
            let under = condition.nesting(item.condition).withoutRepeats
            switch item.value {
            case .command:
                if let command = commands(in: [.init(value: item.value, condition: under)], provider: provider, mechanism: .menu).first {
                    elements.append(.command(command))
                }
            case .object(let type, let fields) where type == MenuModel.menuType:
                let children = menuElements(fields["children"]?.items ?? [], condition: under, provider: provider)
                let identifier = fields["identifier"]?.stringValue
                let generated = identifier?.hasPrefix(MenuModel.generatedIdentifierPrefix) == true
                elements.append(.menu(MainMenuNode(title: fields["title"]?.stringValue, identifier: generated ? nil : identifier,
                                                   generatedIdentifier: generated ? identifier : nil,
                                                   isInline: fields["inline"].map { if case .bool(true) = $0 { true } else { false } } ?? false,
                                                   children: children)))
            case .object(let type, let fields) where type == MenuModel.standardItemType:
                if case .selector(let action)? = fields["action"] { elements.append(.standardItem(action: action)) }
            case .object(let type, let fields) where type == MenuModel.itemType:
                guard case .selector(let action)? = fields["action"], case .string(let file)? = fields["file"],
                      case .int(let line)? = fields["line"] else { continue }
                elements.append(.command(ImportedCommand(
                    declaredIn: provider, mechanism: .menu, input: "", modifiers: [], action: action, title: fields["title"]?.stringValue,
                    condition: under.isAlways ? nil : under, attributes: [], wantsPriority: false,
                    alternates: [], file: file, line: line)))
            case .alternatives(let choices):
                // A run-time choice (a helper returning one of several menus): one menu when
                // every choice is a menu of one title, whose children are each choice's under
                // its conditions; else each choice under its own.
                elements += menuElements(Self.sameMenuChoices(choices) ?? choices, condition: under, provider: provider)
            default:
                continue
            }
        }
        return elements
    }

    /// `choices` as one menu item when each is a menu of the same title, `nil` otherwise.
    private static func sameMenuChoices(_ choices: [Value.Item]) -> [Value.Item]? {
        var merged: [String: Value]?
        var children: [Value.Item] = []
        for choice in choices {
            guard case .object(let type, let fields) = choice.value, type == MenuModel.menuType,
                  merged == nil || fields["title"]?.stringValue == merged?["title"]?.stringValue else { return nil }
            if merged == nil { merged = fields }
            children += (fields["children"]?.items ?? []).map { .init(value: $0.value, condition: choice.condition.nesting($0.condition)) }
        }
        guard var fields = merged else { return nil }
        fields["children"] = .array(children)
        return [.init(value: .object(type: MenuModel.menuType, fields: fields), condition: .always)]
    }

    /// Inventory entries for the command values among `items`.
    private func commands(in items: [Value.Item], provider: String, mechanism: ImportedCommand.Mechanism) -> [ImportedCommand] {
        // One command reached along several paths (returned before and after a `guard`, say)
        // is present when any of those paths runs: each distinct command once, in first-seen
        // order, with the conditions of every path. `places` holds each command's place in
        // `occurrences`.
        var occurrences: [(command: CommandValue, paths: [Condition])] = []
        var places: [CommandIdentity: Int] = [:]
        places.reserveCapacity(items.count)
        for item in items {
            guard case .command(let command) = item.value, command.hasKey else { continue }
            let key = CommandIdentity(location: command.location, input: command.input, modifiers: command.modifiers, action: command.action)
            // One hash a command: the slot holds the command's place, or takes the next one.
            let next = occurrences.count
            let index = { (place: inout Int) in place }(&places[key, default: next])
            if index == next { occurrences.append((command, [])) }
            occurrences[index].paths.append(item.condition.withoutRepeats)
        }
        return occurrences.map { command, paths -> ImportedCommand in
            let condition = Condition.anyOf(paths)
            return ImportedCommand(
                declaredIn: provider, mechanism: mechanism,
                input: command.input ?? nil,
                modifiers: command.modifiers,
                action: command.action,
                title: command.title ?? command.discoverabilityTitle,
                titleExpression: command.title == nil ? command.titleExpression : nil,
                condition: condition.isAlways ? nil : condition,
                attributes: command.attributes, wantsPriority: command.wantsPriority,
                discoverabilityTitle: command.discoverabilityTitle, alternates: command.alternates,
                propertyList: command.propertyList,
                file: command.location.file, line: command.location.line)
        }
    }

    /// What makes two command values reached along different paths the same command: where it
    /// is created, its key and its action.
    private struct CommandIdentity: Hashable {
        var location: SourceLocation
        var input: String??
        var modifiers: ModifierFlags?
        var action: String?

        /// Hashes the line, the key and the action: the file's path, the longest field, seldom
        /// tells two commands apart, and equality still compares it.
        func hash(into hasher: inout Hasher) {
            hasher.combine(location.line)
            hasher.combine(input)
            hasher.combine(modifiers?.rawValue)
            hasher.combine(action)
        }
    }
}

/// Collects `.keyboardShortcut(…)` calls.
/// The `.keyboardShortcut(…)` calls in a syntax tree, and the calls of the shortcut helpers
/// named `helpers` (`.keyCommand("]")` for a helper in `extension View`, `PostButton(…)` for a
/// free function).
final class ShortcutFinder: SyntaxVisitor {
    let helpers: Set<String>
    var calls: [FunctionCallExprSyntax] = []

    init(helpers: Set<String> = []) {
        self.helpers = helpers
        super.init(viewMode: .sourceAccurate)
    }

    /// Whether `call` is SwiftUI's `.keyboardShortcut(…)` modifier, which always takes an
    /// argument (`binding.keyboardShortcut()` is the app's own method). Inside `extension View`
    /// the modifier applies to `self` without `self.`: there a bare `keyboardShortcut(…)`
    /// counts when its first argument is unlabelled, as in every SwiftUI form (elsewhere a
    /// bare call is the type's own member, such as a stored `keyboardShortcut: (Int) -> String?`).
    /// `.keyboardShortcut(nil)` is not one: it removes the shortcut a container would give.
    static func isKeyboardShortcutModifier(_ call: FunctionCallExprSyntax) -> Bool {
        guard let first = call.arguments.first else { return false }
        if call.arguments.count == 1, first.expression.is(NilLiteralExprSyntax.self) { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            return member.declName.baseName.text == "keyboardShortcut"
        }
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "keyboardShortcut", first.label == nil
        else { return false }
        var node = call.parent
        while let current = node {
            if let extensionDecl = current.as(ExtensionDeclSyntax.self) {
                let extended = extensionDecl.extendedType.sourceText
                return extended == "View" || extended == "SwiftUI.View"
            }
            if current.is(StructDeclSyntax.self) || current.is(ClassDeclSyntax.self) || current.is(EnumDeclSyntax.self) {
                return false
            }
            node = current.parent
        }
        return false
    }

    /// The name a call calls: `name` in `name(…)` and `x.name(…)`; `nil` for any other callee.
    static func calledName(_ call: FunctionCallExprSyntax) -> String? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.isKeyboardShortcutModifier(node) || Self.calledName(node).map(helpers.contains) == true { calls.append(node) }
        return .visitChildren
    }
}

/// The first `Text("…")` literal in a button's label.
final class TextFinder: SyntaxVisitor {
    var text: String?

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard text == nil else { return .skipChildren }
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self), ["Text", "Label"].contains(reference.baseName.text),
           let first = node.arguments.first, first.label == nil,
           let literal = first.expression.as(StringLiteralExprSyntax.self),
           literal.segments.count == 1, case .stringSegment(let segment)? = literal.segments.first {
            text = segment.content.text
            return .skipChildren
        }
        return .visitChildren
    }
}

/// Which of a fixed set of names each file mentions (``SourceIndex/file(_:mentions:)``),
/// found once per file.
final class HelperMentions {
    private let names: Set<String>
    private let index: SourceIndex
    private var byFile: [String: Set<String>] = [:]

    init(_ names: Set<String>, index: SourceIndex) {
        self.names = names
        self.index = index
    }

    func names(mentionedIn file: String) -> Set<String> {
        if let known = byFile[file] { return known }
        let found = names.filter { index.file(file, mentionsIdentifier: $0) }
        byFile[file] = found
        return found
    }
}
