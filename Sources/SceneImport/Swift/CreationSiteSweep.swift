import KeyTraceCore
import SwiftSyntax

/// Finds every place the compiled source creates a key command, whatever code reaches it, so
/// that a command the evaluator does not follow is still in the inventory.
///
/// A creation site is:
/// - `UIKeyCommand(…)`, `UIKeyCommand.init(…)`, or a `UIKeyCommand` subclass's initialiser
///   (not `UIKeyCommand()` without arguments: a command without an input, which nothing can
///   give it later);
/// - `.init(…)` with an `input:` argument (a command where the context expects one);
/// - a call to one of the app's own factories: a function whose declared result is a
///   `UIKeyCommand` (or a subclass).
///
/// Sites inside a factory or inside an initialiser of a command type are the factory's own
/// code: the factory's callers are the sites. SwiftUI's `.keyboardShortcut(…)` is always
/// followed (``CommandExtractor``) and is not swept.
///
/// Each site the inventory has no row for becomes a row of its own: the lexically enclosing
/// type provides it, the mechanism follows from the member it is in (`buildMenu` → menu, a
/// method calling `addKeyCommand` → addKeyCommand, else keyCommands), and the input,
/// modifiers and action are what the site's own arguments fix (evaluated with nothing known
/// of the caller), `nil` otherwise. ``ImportedCommand/notFollowed`` says why.
struct CreationSiteSweep {
    let index: SourceIndex
    let evaluator: Evaluator
    /// Code the extraction decided never runs (``CommandExtractor/Extraction/skippedRegions``).
    let skippedRegions: Set<SyntaxIdentifier>

    /// One creation site and the declarations around it.
    struct Site {
        var call: FunctionCallExprSyntax
        var location: SourceLocation
        /// The innermost enclosing type (as ``SourceIndex`` names it), if any.
        var enclosingType: String?
        /// The enclosing function's or property's name.
        var member: String?
        /// Whether the enclosing function's body calls `addKeyCommand`.
        var inAddKeyCommandMethod: Bool
    }

    /// Every creation site in the compiled code, in file and line order.
    func sites() -> [Site] {
        let factories = factoryParameters()
        var result: [Site] = []
        // Each site's text names `KeyCommand` (the type, or a subclass such as `…KeyCommand`),
        // one of the app's other `UIKeyCommand` subclasses, an `input:` argument or a factory:
        // a file that mentions none of them has no site, and neither has a statement or member
        // whose text holds none of them.
        let subclasses = index.types.values.filter { $0.kind == .class && evaluator.isCommandType($0.name) }
            .map { SourceIndex.innermostName(of: $0.name) }
        let words = Set(["KeyCommand", "input:"] + factories.keys + subclasses).sorted()
        for (file, tree) in index.files {
            let mentions = index.offsets(of: words, inFile: file.displayPath)
            guard mentions?.isEmpty != true else { continue }
            let visitor = SiteVisitor(index: index, factories: factories, evaluator: evaluator,
                                      fileAddsCommands: index.file(file.displayPath, mentions: ResponderModel.addKeyCommand), mentions: mentions)
            visitor.walk(tree)
            result += visitor.sites
        }
        return result
    }

    /// Rows for the `sites` (``sites()``) the inventory does not cover.
    func unfollowedRows(covering inventory: [ImportedCommand], sites: [Site]) -> [ImportedCommand] {
        var covered: Set<SourceLocation> = []
        for command in inventory { covered.insert(SourceLocation(file: command.file, line: command.line)) }
        var rows: [ImportedCommand] = []
        let providersCut = evaluator.meter.cuts.count { $0.scope != .call }
        let callsCut = evaluator.meter.cuts.count - providersCut
        var budgetNote = ""
        if providersCut > 0 { budgetNote = "; the evaluation budget cut \(providersCut) provider(s) short" }
        if callsCut > 0 { budgetNote += "; the evaluation budget cut calls short in \(callsCut) provider(s)" }
        var calledOnlyFromSkipped: [SyntaxIdentifier: Bool] = [:]  // by private function: asked once each
        // Several commands may be created on one line (`[UIKeyCommand(…), UIKeyCommand(…)]`):
        // each gets its rows, but a creation inside another one's arguments is part of that one.
        var listed: Set<SyntaxIdentifier> = []
        for site in sites where !covered.contains(site.location) && !isSkipped(site.call, memo: &calledOnlyFromSkipped)
            && !Self.liesInside(site.call, anyOf: listed) {
            listed.insert(site.call.id)
            let mechanism: ImportedCommand.Mechanism
            if site.member == "buildMenu" {
                mechanism = .menu
            } else if site.inAddKeyCommandMethod {
                mechanism = .addKeyCommand
            } else {
                mechanism = .keyCommands
            }
            var reason = site.enclosingType == nil
                ? "created outside any type, and no provider the importer runs reaches it"
                : "no keyCommands override, addKeyCommand call, buildMenu(with:) or view the importer runs reaches it"
            reason += budgetNote
            for command in ownValues(of: site) {
                rows.append(ImportedCommand(
                    declaredIn: site.enclosingType ?? "?", mechanism: mechanism,
                    input: command.input ?? nil, modifiers: command.modifiers, action: command.action,
                    title: command.title ?? command.discoverabilityTitle, titleExpression: nil,
                    condition: nil, attributes: command.attributes,
                    wantsPriority: command.wantsPriority, discoverabilityTitle: command.discoverabilityTitle,
                    alternates: [], propertyList: command.propertyList,
                    file: site.location.file, line: site.location.line, notFollowed: reason))
            }
        }
        return rows
    }

    /// Whether `node` lies inside one of the calls `calls` names.
    private static func liesInside(_ node: some SyntaxProtocol, anyOf calls: Set<SyntaxIdentifier>) -> Bool {
        guard !calls.isEmpty else { return false }
        var current = node.parent
        while let next = current {
            if calls.contains(next.id) { return true }
            if next.is(MemberBlockItemSyntax.self) { return false }
            current = next.parent
        }
        return false
    }

    /// Whether the site lies in a branch the evaluator decided never runs for this build, or
    /// in a `private` function called only from such code (a Catalyst menu builder's helpers).
    private func isSkipped(_ node: some SyntaxProtocol, memo: inout [SyntaxIdentifier: Bool]) -> Bool {
        if liesInSkippedRegion(node) { return true }
        guard let function = node.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }),
              function.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) else { return false }
        if let known = memo[function.id] { return known }
        let answer = isCalledOnlyFromSkippedCode(function)
        memo[function.id] = answer
        return answer
    }

    /// Whether `node` or a node around it is code the evaluator skipped.
    private func liesInSkippedRegion(_ node: some SyntaxProtocol) -> Bool {
        var current: Syntax? = Syntax(node)
        while let next = current {
            if skippedRegions.contains(next.id) { return true }
            current = next.parent
        }
        return false
    }

    /// Whether every mention of the `private` function's name in its file (it can be called
    /// from no other) lies in code the evaluator skipped, and there is one at least.
    private func isCalledOnlyFromSkippedCode(_ function: FunctionDeclSyntax) -> Bool {
        let name = function.name.text
        var mentioned = false
        for token in function.root.tokens(viewMode: .sourceAccurate) where token.tokenKind == .identifier(name) {
            guard token.id != function.name.id else { continue }
            guard liesInSkippedRegion(token) else { return false }
            mentioned = true
        }
        return mentioned
    }

    /// What the site's own text fixes: the call evaluated with nothing known of its caller.
    private func ownValues(of site: Site) -> [CommandValue] {
        let log = evaluator.run(asProvider: "sweep \(site.location.file):\(site.location.line)") {
            var frame = Evaluator.Frame(selfType: site.enclosingType)
            frame.returnHint = KeyCommandModel.typeName
            _ = evaluator.evaluate(ExprSyntax(site.call), frame: &frame, hint: KeyCommandModel.typeName)
        }.log
        var commands: [CommandValue] = []
        struct Shortcut: Hashable {
            var input: String??
            var modifiers: ModifierFlags
            var action: String
        }
        var seen: Set<Shortcut> = []
        for item in log.created {
            guard case .command(let command) = item.value, command.hasKey else { continue }
            let shortcut = Shortcut(input: command.input, modifiers: command.modifiers ?? [], action: command.action ?? "")
            if seen.insert(shortcut).inserted { commands.append(command) }
        }
        if commands.isEmpty {
            return [CommandValue(hasKey: true, input: .some(nil), modifiers: nil, action: nil, location: site.location)]
        }
        return commands
    }

    /// The app's functions whose declared result is a key command, by name, with their
    /// parameters (a call of that name is a creation site only when its arguments fit one).
    private func factoryParameters() -> [String: [[SourceIndex.ParameterInfo]]] {
        var factories: [String: [[SourceIndex.ParameterInfo]]] = [:]
        func consider(_ function: SourceIndex.FunctionInfo) {
            guard function.kind == .function, let result = function.returnType else { return }
            if isCommandTypeName(result) { factories[function.name, default: []].append(function.parameters) }
        }
        for info in index.orderedTypes { info.functions.forEach(consider) }
        for functions in index.globalFunctions.values { functions.forEach(consider) }
        return factories
    }

    private func isCommandTypeName(_ text: String) -> Bool {
        evaluator.isCommandType(text.trimmingCharacters(in: ["?", "!", " "]))
    }
}

/// Walks one file for ``CreationSiteSweep``, skipping inactive `#if` clauses and the statements
/// and members that mention none of the words a site's text holds.
private final class SiteVisitor: MentionedItemsVisitor {
    let index: SourceIndex
    let factories: [String: [[SourceIndex.ParameterInfo]]]
    let evaluator: Evaluator
    var sites: [CreationSiteSweep.Site] = []
    private var types: [String] = []
    private var members: [(name: String, isFactory: Bool, addsKeyCommands: Bool)] = []
    /// The declared return types of the functions around the node, innermost last.
    private var returnTypes: [String?] = []
    /// Whether the file's text mentions `addKeyCommand` at all: when it does not, no body in
    /// it is read for the word.
    private let fileAddsCommands: Bool

    init(index: SourceIndex, factories: [String: [[SourceIndex.ParameterInfo]]], evaluator: Evaluator, fileAddsCommands: Bool,
         mentions: [Int]?) {
        self.index = index
        self.factories = factories
        self.evaluator = evaluator
        self.fileAddsCommands = fileAddsCommands
        super.init(mentions: mentions)
    }

    /// Whether `body` calls `addKeyCommand`.
    private func adds(_ body: CodeBlockSyntax?) -> Bool {
        guard fileAddsCommands, let body else { return false }
        return body.description.containsBytes(of: "addKeyCommand")
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        guard let block = node.parent?.parent?.as(IfConfigDeclSyntax.self) else { return .visitChildren }
        return index.conditions.activeClause(of: block)?.id == node.id ? .visitChildren : .skipChildren
    }

    private func enterType(_ name: String) -> SyntaxVisitorContinueKind {
        types.append(types.last.map { "\($0).\(name)" } ?? name)
        return .visitChildren
    }

    private func leaveType() { types.removeLast() }

    /// The name ``SourceIndex`` knows the innermost type by.
    private var currentType: String? {
        guard let qualified = types.last else { return nil }
        if index.type(named: qualified) != nil { return qualified }
        let last = SourceIndex.innermostName(of: qualified)
        return index.type(named: last)?.name ?? last
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let kind = enterType(node.name.text)
        // A preview (`PreviewProvider`) is Xcode's, never the app's: nothing in it is a site.
        let isPreview = node.inheritanceClause?.inheritedTypes.contains { $0.type.sourceText == "PreviewProvider" } ?? false
        return isPreview ? .skipChildren : kind
    }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enterType(node.name.text) }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(node.extendedTypeName)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    private var inCommandType: Bool {
        guard let type = currentType else { return false }
        return evaluator.isCommandType(type)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let result = node.signature.returnClause?.type.sourceText.trimmingCharacters(in: ["?", "!", " "])
        let isFactory = result.map(evaluator.isCommandType) ?? false
        members.append((node.name.text, isFactory, adds(node.body)))
        returnTypes.append(result)
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        members.removeLast()
        returnTypes.removeLast()
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        members.append(("init", inCommandType, adds(node.body)))
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { members.removeLast() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.bindings.first?.pattern.sourceText ?? ""
        members.append((name, false, false))
        return .visitChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) { members.removeLast() }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // A context menu's commands (`UIContextMenuConfiguration(actionProvider:)`) act only while
        // that menu is open: they are the menu's items, not shortcuts of the responder chain.
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIContextMenuConfiguration" {
            return .skipChildren
        }
        if isCreation(node), !(members.contains { $0.isFactory }) {
            sites.append(.init(call: node, location: evaluator.location(node), enclosingType: currentType,
                               member: members.first?.name, inAddKeyCommandMethod: members.contains { $0.addsKeyCommands }))
        }
        return .visitChildren
    }

    /// Whether `call` is what its function returns (`return .init(input: …)`, or a body of that
    /// one expression) and the function is declared to return a type that is no command.
    private func returnsOtherType(_ call: FunctionCallExprSyntax) -> Bool {
        guard let declared = returnTypes.last ?? nil, !declared.contains("KeyCommand") else { return false }
        // A closure's `return` returns the closure's value, not the function's.
        var node = Syntax(call)
        while let parent = node.parent, !parent.is(FunctionDeclSyntax.self) {
            if parent.is(ClosureExprSyntax.self) { return false }
            node = parent
        }
        if call.parent?.is(ReturnStmtSyntax.self) == true { return true }
        guard let item = call.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self) else {
            return false
        }
        return list.count == 1 && list.parent?.parent?.is(FunctionDeclSyntax.self) == true
    }

    /// Whether `call` is the initial value of a declaration whose type annotation names only
    /// the app's own types that are no commands, directly or as an array's elements or a
    /// dictionary's keys and values (`static let all: [Shortcut] = [.init(input: …)]`,
    /// `let table: [Signature: Action] = [.init(input: …): …]`), or the key of a lookup in
    /// such a stored property of its type (`table[.init(input: …)]`): the annotation, not a
    /// command, is what `.init` creates. A name neither the app declares as a type nor the
    /// standard library has (a type alias, a UIKit type) leaves the site a command.
    private func isDeclaredAsOtherType(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent {
            if let binding = parent.as(PatternBindingSyntax.self) {
                guard let annotation = binding.typeAnnotation?.type else { return false }
                return namesOnlyOtherTypes(annotation.sourceText)
            }
            if let lookup = parent.as(SubscriptCallExprSyntax.self) {
                guard node.id != Syntax(lookup.calledExpression).id,
                      let table = lookup.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                      let declared = currentType.flatMap({ index.type(named: $0) })?.properties[table]?.type
                else { return false }
                return namesOnlyOtherTypes(declared)
            }
            guard parent.is(ArrayElementSyntax.self) || parent.is(ArrayElementListSyntax.self) || parent.is(ArrayExprSyntax.self)
                || parent.is(DictionaryElementSyntax.self) || parent.is(DictionaryElementListSyntax.self)
                || parent.is(DictionaryExprSyntax.self) || parent.is(InitializerClauseSyntax.self)
                || parent.is(LabeledExprSyntax.self) || parent.is(LabeledExprListSyntax.self)
            else { return false }
            node = parent
        }
        return false
    }

    /// Whether every name in a type's text (`[Shortcut]`, `[Signature: String]`) is one of the
    /// app's own types that is no command, or a standard library value type, and one at least
    /// is the app's.
    private func namesOnlyOtherTypes(_ type: String) -> Bool {
        let names = type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.filter { !SourceIndex.standardValueTypes.contains(String($0)) }
        return !names.isEmpty && names.allSatisfy { name in
            guard let info = index.type(named: String(name)), info.kind != .extensionOnly, info.kind != .protocol else { return false }
            return !evaluator.isCommandType(info.name)
        }
    }

    private func isCreation(_ call: FunctionCallExprSyntax) -> Bool {
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            // `UIKeyCommand()` has no input, and `input` cannot be set afterwards: it is no
            // shortcut (`onExit(UIKeyCommand())` passes one as a sender).
            if name == "UIKeyCommand", call.arguments.isEmpty, call.trailingClosure == nil { return false }
            return evaluator.isCommandType(name) || callsFactory(name, call)
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return false }
        let name = member.declName.baseName.text
        guard let base = member.base else {
            if name == "init" {
                return call.arguments.contains { $0.label?.text == "input" } && !returnsOtherType(call) && !isDeclaredAsOtherType(call)
            }
            return callsFactory(name, call)
        }
        let baseText = base.sourceText
        if name == "init" { return evaluator.isCommandType(baseText) }
        return callsFactory(name, call)
    }

    /// Whether `call` calls the app's factory `name`: its argument labels, in order, are those
    /// of one factory of that name, parameters with default values left out as Swift allows
    /// (`Observable.create { … }` is no call of `create(for:)`).
    private func callsFactory(_ name: String, _ call: FunctionCallExprSyntax) -> Bool {
        guard let candidates = factories[name] else { return false }
        var labels = call.arguments.map { $0.label?.text }
        if call.trailingClosure != nil { labels.append(nil) }
        labels += call.additionalTrailingClosures.map { $0.label.text }
        return candidates.contains { parameters in
            var remaining = labels[...]
            for parameter in parameters {
                if let next = remaining.first, next == parameter.label {
                    remaining = remaining.dropFirst()
                } else if parameter.defaultValue == nil {
                    return false
                }
            }
            return remaining.isEmpty
        }
    }
}
