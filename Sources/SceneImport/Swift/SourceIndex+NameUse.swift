import SwiftSyntax

extension SourceIndex {
    /// The SwiftUI types among `candidates` (views, toolbars, command sets, view modifiers)
    /// that this build never creates: no compiled code names them, except their own
    /// declarations, previews (`#Preview { … }`, a `PreviewProvider`) and other such types.
    ///
    /// A type is built when code outside every candidate names it (a UIKit controller, an
    /// `App`, a free function), or when a built candidate does. So a multiplatform app's
    /// settings view that only its macOS `Settings` scene shows, and every view only that view
    /// shows, are not built for iOS. A nested type counts as its outermost type, except one
    /// nested in a type that is no candidate (a `Commands` struct inside the `App`), which is
    /// built only where its own name is written. Inactive `#if` clauses are skipped.
    func unbuiltTypes(among candidates: [TypeInfo]) -> Set<String> {
        let typeNames = Set(candidates.map { Self.outermostName(of: $0.name) })
        guard !typeNames.isEmpty else { return [] }
        // A method in `extension View` (`func macShortcuts() -> some View { modifier(MacShortcuts()) }`)
        // builds what it names only for the views that call it: it takes part as a candidate of
        // its own, `View.name`, used wherever its name is written.
        let helpers = Set((types["View"]?.functions ?? []).filter { !$0.isStatic }.map(\.name))
        let names = typeNames.union(helpers.map { Self.viewHelperPrefix + $0 })
        // An outermost type that is no candidate itself (an `App`, a controller) holding a
        // nested candidate is compiled code outside every candidate: what it names is built,
        // and so is what is nested in it.
        let containers = typeNames.subtracting(candidates.map(\.name))
        var built = containers
        var usedBy: [String: Set<String>] = [:]  // user → the candidates it names
        // A file with none of the names among its identifiers has no use of them: one probe
        // per distinct identifier of the file rules it out without walking its tree.
        let searched = IdentifierHashes(typeNames.union(helpers).joined(separator: " "))
        for (file, tree) in files where self.file(file.displayPath, mentionsAnyOf: searched) {
            let finder = NameUseFinder(names: typeNames, helpers: helpers, conditions: conditions)
            finder.walk(tree)
            for (user, used) in finder.uses {
                if let user, names.contains(user), !containers.contains(user) {
                    usedBy[user, default: []].formUnion(used.subtracting([user]))
                } else {
                    built.formUnion(used)
                }
            }
        }
        var pending = Array(built)
        while let next = pending.popLast() {
            for used in usedBy[next] ?? [] where built.insert(used).inserted { pending.append(used) }
        }
        var unbuilt = Set(candidates.map(\.name).filter { !built.contains(Self.outermostName(of: $0)) })
        // A candidate nested in a container (a `Commands` struct declared inside the `App`) is
        // not built because its container is: it is built where its own name is written.
        for candidate in candidates where containers.contains(Self.outermostName(of: candidate.name)) {
            guard let dot = candidate.name.lastIndex(of: ".") else { continue }
            let name = String(candidate.name[candidate.name.index(after: dot)...])
            if !isWrittenOutsideItsDeclaration(name) { unbuilt.insert(candidate.name) }
        }
        return unbuilt
    }

    /// Whether compiled code writes the type name `name` anywhere but where a type of that name
    /// is declared (previews and inactive `#if` clauses do not count).
    private func isWrittenOutsideItsDeclaration(_ name: String) -> Bool {
        walkTokens(named: name) { token in
            if let parent = token.parent, Self.declaredName(of: parent)?.id == token.id { return true }
            return Self.use(of: token, conditions: conditions) == nil
        } != .finished
    }

    /// Whether compiled code reads the member `name` of `owner` anywhere but in a declaration:
    /// a view's computed subview (`private var saveButton: some View`) that only code under
    /// `#if os(macOS)` shows is never built in an iOS build. Identifiers in inactive `#if`
    /// clauses and in previews do not count. A bare `name` (or `self.name`) counts inside
    /// `owner`'s outermost type, and inside any type that declares no member of that name; a
    /// qualified `x.name` counts wherever it is, whatever `x` is, so the answer errs towards
    /// "read".
    ///
    /// A `private` member is read only in its own file: `file` limits the search to it.
    func reads(_ name: String, of owner: String, inFile file: String? = nil) -> Bool {
        let key = owner + "." + name + (file.map { "@" + $0 } ?? "")
        if let known = mentions.memberReads[key] { return known }
        let read = findsRead(name, of: Self.outermostName(of: owner), inFile: file)
        mentions.memberReads[key] = read
        return read
    }

    /// Whether code names `name` (anywhere but in a declaration) only inside `#if` clauses
    /// this build leaves out: a function whose one call is under `#if targetEnvironment(macCatalyst)`
    /// never runs in an iOS build. `false` when no code names it at all (code the import does
    /// not read, such as another module, may call it).
    func isNamedOnlyInExcludedCode(_ name: String) -> Bool {
        var excluded = false
        let walk = walkTokens(named: name) { token in
            if let parent = token.parent, parent.is(IdentifierPatternSyntax.self) || parent.is(FunctionDeclSyntax.self) { return true }
            excluded = true
            return conditions.excludes(token)
        }
        return walk == .finished && excluded
    }

    private func findsRead(_ name: String, of owner: String, inFile only: String?) -> Bool {
        // A type that declares the name reads its own member with a bare name.
        let declaringTypes = memberDeclarers()[name] ?? []
        return walkTokens(named: name, inFile: only) { token in
            guard let use = Self.use(of: token, conditions: conditions) else { return true }
            if use.qualified { return false }
            guard let enclosing = use.enclosing, enclosing != owner, declaringTypes.contains(enclosing) else { return false }
            return true
        } != .finished
    }

    /// How a walk of a name's tokens ended.
    private enum TokenWalk { case finished, stopped, unreadable }

    /// The calls that construct the type `name` (by its last name: `Chip(…)` for
    /// `ChipsView.Chip`) in compiled code, previews and inactive `#if` clauses left out, each
    /// with the outermost type it is written in.
    func constructions(of name: String) -> [(call: FunctionCallExprSyntax, enclosing: String?)] {
        if let known = mentions.constructions[name] { return known }
        let called = Self.innermostName(of: name)
        var found: [(call: FunctionCallExprSyntax, enclosing: String?)] = []
        _ = walkTokens(named: called) { token in
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id,
                  let use = Self.use(of: token, conditions: conditions) else { return true }
            found.append((call, use.enclosing))
            return true
        }
        mentions.constructions[name] = found
        return found
    }

    /// The values assigned to a property named `name` through a member access (`config.name =
    /// value`, `self.config.name = value`) in compiled code, previews and inactive `#if` clauses
    /// left out, each with the outermost type it is written in, in file order.
    func memberAssignments(to name: String) -> [(value: ExprSyntax, enclosing: String?)] {
        var found: [(value: ExprSyntax, enclosing: String?)] = []
        _ = walkTokens(named: name) { token in
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
                  let sequence = member.parent?.parent?.as(SequenceExprSyntax.self) else { return true }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[0].id == member.id, elements[1].is(AssignmentExprSyntax.self),
                  let use = Self.use(of: token, conditions: conditions) else { return true }
            found.append((elements[2], use.enclosing))
            return true
        }
        return found
    }

    /// The calls of the static method `function` written on the type `owner` (`Card.present(on:
    /// self)`, by the type's last name) in compiled code, previews and inactive `#if` clauses
    /// left out, each with the outermost type it is written in.
    func staticCalls(of function: String, on owner: String) -> [(call: FunctionCallExprSyntax, enclosing: String?)] {
        let written = Self.innermostName(of: owner)
        var found: [(call: FunctionCallExprSyntax, enclosing: String?)] = []
        _ = walkTokens(named: function) { token in
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id,
                  member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == written,
                  let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
                  let use = Self.use(of: token, conditions: conditions) else { return true }
            found.append((call, use.enclosing))
            return true
        }
        return found
    }

    /// Calls `visit` with every identifier token spelled `name` in the indexed files (only the
    /// file `only` when given), in file order, until it returns `false`: ``TokenWalk/stopped``
    /// then, ``TokenWalk/finished`` after the last one. ``TokenWalk/unreadable`` when the name
    /// cannot be searched for or a file's text is missing, and the caller's answer must err
    /// towards the safe side. The occurrences are found as bytes in the files whose identifier
    /// tables hold the name, and classified from their tokens up: no walk of a whole tree.
    private func walkTokens(named name: String, inFile only: String? = nil, _ visit: (TokenSyntax) -> Bool) -> TokenWalk {
        guard let hash = IdentifierHashes.hash(name) else { return .unreadable }
        let tables = identifierTables()
        for (index, (file, tree)) in files.enumerated()
        where tables[index].contains(hash: hash) && (only.map { $0 == file.displayPath } ?? true) {
            guard var text = texts[file.displayPath] else { return .unreadable }
            for offset in ByteSearch.offsets(of: name, in: &text) {
                guard let token = tree.token(at: AbsolutePosition(utf8Offset: offset)), token.tokenKind == .identifier(name)
                else { continue }
                if !visit(token) { return .stopped }
            }
        }
        return .finished
    }

    /// The outermost types declaring each property or function name, made once per index.
    private func memberDeclarers() -> [String: Set<String>] {
        if let known = mentions.memberDeclarers { return known }
        var declarers: [String: Set<String>] = [:]
        for (name, info) in types {
            let outermost = Self.outermostName(of: name)
            for property in info.properties.keys { declarers[property, default: []].insert(outermost) }
            for function in info.functions { declarers[function.name, default: []].insert(outermost) }
        }
        mentions.memberDeclarers = declarers
        return declarers
    }

    /// Every file's identifier table, in ``files`` order.
    private func identifierTables() -> [IdentifierHashes] {
        if let known = mentions.identifierTables { return known }
        let tables = files.map { file, _ in mentions.identifiers(of: file.displayPath, text: texts[file.displayPath] ?? "") }
        mentions.identifierTables = tables
        return tables
    }

    /// The name token of a declaration that names a type or function, found by node kind: a
    /// cast to `NamedDeclSyntax` scans every conformance the binary holds, once per node type.
    private static func declaredName(of node: Syntax) -> TokenSyntax? {
        switch node.kind {
        case .classDecl: node.cast(ClassDeclSyntax.self).name
        case .structDecl: node.cast(StructDeclSyntax.self).name
        case .enumDecl: node.cast(EnumDeclSyntax.self).name
        case .actorDecl: node.cast(ActorDeclSyntax.self).name
        case .protocolDecl: node.cast(ProtocolDeclSyntax.self).name
        case .typeAliasDecl: node.cast(TypeAliasDeclSyntax.self).name
        case .associatedTypeDecl: node.cast(AssociatedTypeDeclSyntax.self).name
        case .functionDecl: node.cast(FunctionDeclSyntax.self).name
        case .macroDecl: node.cast(MacroDeclSyntax.self).name
        default: nil
        }
    }

    /// The inheritance clause and outermost name of a type declaration or extension, found by
    /// node kind for the same reason as ``declaredName(of:)``.
    private static func typeDeclaration(_ node: Syntax) -> (inheritance: InheritanceClauseSyntax?, name: String)? {
        func named(_ type: some DeclGroupSyntax & NamedDeclSyntax) -> (InheritanceClauseSyntax?, String) {
            (type.inheritanceClause, type.name.text)
        }
        switch node.kind {
        case .classDecl: return named(node.cast(ClassDeclSyntax.self))
        case .structDecl: return named(node.cast(StructDeclSyntax.self))
        case .enumDecl: return named(node.cast(EnumDeclSyntax.self))
        case .actorDecl: return named(node.cast(ActorDeclSyntax.self))
        case .protocolDecl: return named(node.cast(ProtocolDeclSyntax.self))
        case .extensionDecl:
            let declaration = node.cast(ExtensionDeclSyntax.self)
            return (declaration.inheritanceClause, outermostName(of: declaration.extendedType.sourceText))
        default: return nil
        }
    }

    /// A read of a member named by `token`, with the outermost type it sits in and whether it is
    /// qualified (`x.name`, not `name` or `self.name`); `nil` when the token declares the name,
    /// or sits in an inactive `#if` clause or a preview.
    private static func use(of token: TokenSyntax, conditions: CompilationConditions) -> (enclosing: String?, qualified: Bool)? {
        if let parent = token.parent {
            if parent.is(IdentifierPatternSyntax.self) || parent.is(FunctionDeclSyntax.self) { return nil }
        }
        var enclosing: String?
        var node = Syntax(token)
        while let parent = node.parent {
            if conditions.isExcludedClause(parent) { return nil }
            if let macro = parent.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return nil }
            if let macro = parent.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return nil }
            if let type = typeDeclaration(parent) {
                if type.inheritance?.inheritedTypes.contains(where: { $0.type.sourceText == "PreviewProvider" }) == true {
                    return nil
                }
                enclosing = type.name
            }
            node = parent
        }
        let previous = token.previousToken(viewMode: .sourceAccurate)
        let qualified = previous?.tokenKind == .period
            && previous?.previousToken(viewMode: .sourceAccurate)?.tokenKind != .keyword(.self)
        return (enclosing, qualified)
    }

    /// How a method of `extension View` is named among the types ``unbuiltTypes(among:)`` follows.
    static let viewHelperPrefix = "View."

    /// The outermost type of a nested name (`ChipsView` of `ChipsView.Chip`).
    static func outermostName(of name: String) -> String {
        name.split(separator: ".").first.map(String.init) ?? name
    }

    /// The name a nested type is written by inside its container (`Chip` of `ChipsView.Chip`).
    static func innermostName(of name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}

/// Records which of `names` compiled code mentions, by the outermost type whose declaration
/// (or extension) the mention sits in (`nil` outside any type), skipping previews, inactive
/// `#if` clauses and the names of declarations themselves.
private final class NameUseFinder: SyntaxVisitor {
    let names: Set<String>
    /// The methods of `extension View`: a use of one is recorded as `View.name`, and what one
    /// names is used by `View.name`.
    let helpers: Set<String>
    let conditions: CompilationConditions
    private(set) var uses: [String?: Set<String>] = [:]

    private var enclosing: [String] = []

    init(names: Set<String>, helpers: Set<String> = [], conditions: CompilationConditions) {
        self.names = names
        self.helpers = helpers
        self.conditions = conditions
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // A helper's body is its own user, when the helper is a method of `extension View`.
        guard enclosing == ["View"], helpers.contains(node.name.text), let body = node.body else { return .visitChildren }
        let outer = enclosing
        enclosing = [SourceIndex.viewHelperPrefix + node.name.text]
        walk(body)
        enclosing = outer
        return .skipChildren
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        if let active = conditions.activeClause(of: node), let elements = active.elements { walk(elements) }
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, inherited: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, inherited: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, inherited: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, inherited: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = SourceIndex.outermostName(of: node.extendedType.sourceText)
        return enter(extended, inherited: node.inheritanceClause, members: node.memberBlock)
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if case .identifier(let text) = token.tokenKind {
            if names.contains(text) { uses[enclosing.first, default: []].insert(text) }
            if helpers.contains(text), token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period {
                uses[enclosing.first, default: []].insert(SourceIndex.viewHelperPrefix + text)
            }
        }
        return .skipChildren
    }

    /// Walks a type's members with it as the enclosing type; a preview provider is skipped.
    private func enter(_ name: String, inherited: InheritanceClauseSyntax?, members: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        if inherited?.inheritedTypes.contains(where: { $0.type.sourceText == "PreviewProvider" }) == true {
            return .skipChildren
        }
        if let inherited { walk(inherited) }
        enclosing.append(name)
        walk(members)
        enclosing.removeLast()
        return .skipChildren
    }
}
