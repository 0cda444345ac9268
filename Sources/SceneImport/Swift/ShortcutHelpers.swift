import SwiftSyntax

/// The functions an app writes to attach keyboard shortcuts to the views that call them: a
/// method in `extension View` (`.keyCommand("]", modifiers: .command)`), a free function
/// returning a view (`PostButton(action:)`), or a method of one of the app's own types that is
/// no SwiftUI type (`PlayerShortcut.refresh.render()`, an enum case making its button), whose
/// body reaches `.keyboardShortcut(…)`, directly or through another such function.
///
/// A view's call of a helper is a creation site of that view (as an app's factory call is for
/// `UIKeyCommand`s): ``CommandExtractor`` runs the helper with the call's arguments and gives
/// the view each shortcut the run reaches. So is `.modifier(OptionalShortcut(key: …))` for a
/// `ViewModifier` whose `body(content:)` reaches `.keyboardShortcut(…)`: the modifier is built
/// from the call's arguments and its body runs on it.
struct ShortcutHelpers {
    /// Free functions, by name.
    private var free: [String: [SourceIndex.FunctionInfo]] = [:]
    /// Methods of `extension View`, by name.
    private var viewMethods: [String: [SourceIndex.FunctionInfo]] = [:]
    /// Methods of the app's other types, by name, with the type declaring each.
    private var typeMethods: [String: [(type: String, function: SourceIndex.FunctionInfo)]] = [:]
    /// Where each helper is declared (file and line), to recognise one among a type's members.
    private var declared: Set<SourceLocation> = []

    /// `ViewModifier`s whose `body(content:)` attaches shortcuts: type name → that body.
    private var modifiers: [String: SourceIndex.FunctionInfo] = [:]

    /// Views whose `body` attaches a key made from what they are constructed with, by name,
    /// with that `body` and whether the key is the stored value itself (a view made to carry a
    /// shortcut): their constructions are creation sites.
    private var constructedViews: [String: (body: SourceIndex.PropertyInfo, carries: Bool)] = [:]

    /// The ``constructedViews`` by the name a construction calls (a nested view's last name).
    private var constructedViewNames: [String: [String]] = [:]

    /// SwiftUI types' own methods that take arguments and attach shortcuts: type → name → methods.
    private var ownMethods: [String: [String: [SourceIndex.FunctionInfo]]] = [:]

    /// The view modifiers that attach shortcuts, by type name, with their `body(content:)`.
    var shortcutModifiers: [String: SourceIndex.FunctionInfo] { modifiers }

    /// The `extension View` methods that attach shortcuts, by name.
    var viewHelperMethods: [String: [SourceIndex.FunctionInfo]] { viewMethods }

    /// Every helper's name (`modifier` when some view modifier attaches shortcuts).
    private(set) var names: Set<String> = []

    init(index: SourceIndex) {
        let globals = index.globalFunctions.values.flatMap { $0 }
        let methods = index.types["View"]?.functions ?? []
        // Methods of types that are no SwiftUI type (an enum's `render()`) are helpers of the
        // views that call them; a SwiftUI type's own methods are helpers only as `builders` below.
        let swiftUIKinds = CommandExtractor.builtWhereNamed.union(CommandExtractor.entryPoints).union(["App"])
        let others = index.types.values.filter { info in
            info.kind != .protocol && info.kind != .extensionOnly && !info.inherited.contains(where: swiftUIKinds.contains)
        }
        let owned = others.flatMap { info in info.functions.filter { $0.kind == .function }.map { (type: info.name, function: $0) } }
        // A SwiftUI type's own method that takes arguments (`actionButton(.promote)`) is a helper
        // of that type's views: each call attaches what the arguments give.
        let builders = index.types.values.filter { $0.kind != .protocol && $0.inherited.contains(where: swiftUIKinds.contains) }.flatMap { info in
            info.functions.filter { $0.kind == .function && !$0.isStatic && !$0.parameters.isEmpty && $0.name != "body" }
                .map { (type: info.name, function: $0) }
        }
        // What each body walked calls, so that later rounds, with more helper names, do not walk
        // it again.
        var calls: [SourceLocation: CallSummary] = [:]
        // The helper names in the order they joined, and for each file how many of them its
        // text was searched for and whether it mentions one: names only join, so a file is
        // searched for each name once, however many functions it holds.
        var nameList: [String] = []
        var fileChecks: [String: (searched: Int, mentions: Bool)] = [:]
        func fileMentionsAName(_ file: String) -> Bool {
            var check = fileChecks[file] ?? (0, index.file(file, mentions: SwiftUIShortcutModel.modifierName))
            while !check.mentions, check.searched < nameList.count {
                check.mentions = index.file(file, mentionsIdentifier: nameList[check.searched])
                check.searched += 1
            }
            fileChecks[file] = check
            return check.mentions
        }
        // Names a call anywhere reaches a helper by (free functions, `extension View` methods,
        // other types' methods, views made to carry a key, shortcut modifiers' types), and the
        // builders a SwiftUI type's own code calls bare (`actionButton(.promote)`): a builder's
        // name joins only its own type's functions, as only there is a call of it one of it.
        var reachedAnywhere: Set<String> = []
        var builderNames: [String: Set<String>] = [:]
        func attaches(_ function: SourceIndex.FunctionInfo, of type: String?) -> Bool {
            guard let body = function.body else { return false }
            func reaches(_ summary: CallSummary) -> Bool {
                summary.attachesShortcut || !summary.names.isDisjoint(with: reachedAnywhere)
                    || type.map { !summary.bareNames.isDisjoint(with: builderNames[$0, default: []]) } == true
            }
            if let known = calls[function.location] { return reaches(known) }
            // Only a body whose file mentions `.keyboardShortcut` or a helper is walked: most
            // apps' functions are looked at once, as bytes.
            guard fileMentionsAName(function.location.file) else { return false }
            let collector = CallSummary.Collector()
            collector.walk(body)
            calls[function.location] = collector.summary
            return reaches(collector.summary)
        }
        // Functions that call `.keyboardShortcut` first, then those calling one of them, until
        // no more join (each round adds one at least, so at most one round per function).
        var found: Set<SourceLocation> = []
        var names: Set<String> = []
        func add(_ name: String, builderOf type: String? = nil) {
            if names.insert(name).inserted { nameList.append(name) }
            if let type { builderNames[type, default: []].insert(name) } else { reachedAnywhere.insert(name) }
        }
        // Views whose `body` attaches the shortcut their constructor is given
        // (`.keyboardShortcut(key, modifiers: eventModifiers)` on a stored `key`): each
        // construction (`ShortcutView(key: "n")`) is where the shortcut is attached.
        for info in index.types.values where info.kind == .struct && info.inherited.contains("View") {
            guard let body = info.properties["body"], let getter = body.getter else { continue }
            let settable = Set(info.storedOrder.filter { name in
                guard let property = info.properties[name], !property.isViewOwned else { return false }
                return property.isVariable || property.initializer == nil
            })
            guard !settable.isEmpty, index.type(info, mentions: SwiftUIShortcutModel.modifierName) else { continue }
            let finder = ShortcutFinder()
            finder.walk(getter)
            // The key itself comes from what the constructor passes (a view made to carry a
            // shortcut, or to show one action: `KeyEquivalent(action.hotkey)` on a stored
            // `action`), not a literal key whose modifiers depend on the view's data.
            // A key made from a stored value reads one every construction must give (no
            // initialiser): a `@StateObject var model = Model()` is the view's own.
            let given = settable.filter { info.properties[$0]?.initializer == nil }
            let keys = finder.calls.compactMap { call in call.arguments.first.flatMap { $0.label == nil ? $0.expression : nil } }
            let carries = keys.contains { Evaluator.nameOrSelfMember($0).map(settable.contains) ?? false }
            if carries || keys.contains(where: { !Self.storedNames(readBy: $0, in: info).isDisjoint(with: given) }) {
                constructedViews[info.name] = (body, carries)
                // A construction calls a nested view by its own name (`Chip(tab:)` inside
                // `ChipsView`).
                let called = SourceIndex.innermostName(of: info.name)
                constructedViewNames[called, default: []].append(info.name)
                add(called)
            }
        }
        let candidates: [(type: String?, function: SourceIndex.FunctionInfo, isBuilder: Bool)] =
            globals.map { (nil, $0, false) } + methods.map { (nil, $0, false) } + owned.map { ($0.type, $0.function, false) }
            + builders.map { ($0.type, $0.function, true) }
        func grow() {
            var changed = true
            while changed {
                changed = false
                for candidate in candidates
                where !found.contains(candidate.function.location) && attaches(candidate.function, of: candidate.type) {
                    found.insert(candidate.function.location)
                    add(candidate.function.name, builderOf: candidate.isBuilder ? candidate.type : nil)
                    changed = true
                }
            }
        }
        grow()
        // A modifier that views apply as `.modifier(M(…))` attaches its shortcuts there; one
        // applied only otherwise (through `modifier(M())` in an `extension View` method) keeps
        // them as its own.
        // A modifier whose keys are its own (`.keyboardShortcut("f")` on buttons in its body, not
        // a key it is constructed with) declares them itself, as a view does: it is no helper.
        let applied = index.namesCalled(after: ".modifier(")
        for info in index.types.values where info.inherited.contains("ViewModifier") {
            guard applied.contains(info.name) else { continue }
            for function in info.functions where function.name == "body" && !function.isStatic && attaches(function, of: info.name)
                && !Self.ownsItsKeys(body: function) {
                modifiers[info.name] = function
                found.insert(function.location)
            }
        }
        if !modifiers.isEmpty {
            // Functions that apply such a modifier (`.modifier(M(…))`, naming `M`) attach its
            // shortcuts too; `.modifier` is a helper name for finding the calls that apply one,
            // but applying another modifier reaches none.
            for name in modifiers.keys.sorted() { add(name) }
            if names.insert("modifier").inserted { nameList.append("modifier") }
            grow()
        }
        for function in globals where found.contains(function.location) { free[function.name, default: []].append(function) }
        for function in methods where found.contains(function.location) { viewMethods[function.name, default: []].append(function) }
        for method in owned where found.contains(method.function.location) {
            typeMethods[method.function.name, default: []].append(method)
        }
        for method in builders where found.contains(method.function.location) {
            ownMethods[method.type, default: [:]][method.function.name, default: []].append(method.function)
        }
        declared = found
        self.names = names
    }

    /// Whether `body`, a view modifier's `body(content:)`, attaches shortcuts itself, with keys
    /// the source fixes (no value the modifier is constructed with, or anything else, gives
    /// them).
    private static func ownsItsKeys(body: SourceIndex.FunctionInfo) -> Bool {
        guard let code = body.body else { return false }
        let finder = ShortcutFinder()
        finder.walk(code)
        guard !finder.calls.isEmpty else { return false }
        return finder.calls.allSatisfy { call in
            guard let key = call.arguments.first.flatMap({ $0.label == nil ? $0.expression : nil }) else { return false }
            return isFixed(key)
        }
    }

    /// Whether a key expression names no value, only literals, types and their members
    /// (`"f"`, `.escape`, `KeyEquivalent("f")`): no stored or local value can make it.
    private static func isFixed(_ key: ExprSyntax) -> Bool {
        key.tokens(viewMode: .sourceAccurate).allSatisfy { token in
            guard case .identifier(let text) = token.tokenKind else { return token.tokenKind != .keyword(.self) }
            return token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period || text.first?.isUppercase == true
        }
    }

    /// The expression that builds the view modifier `call` applies
    /// (`.modifier(OptionalShortcut(key: k))`) when that modifier attaches shortcuts; `nil` for
    /// any other call.
    func modifier(appliedBy call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "modifier",
              let argument = call.arguments.first, argument.label == nil,
              let built = argument.expression.as(FunctionCallExprSyntax.self),
              let name = built.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              modifiers[name] != nil else { return nil }
        return argument.expression
    }

    /// ``storedNames(readBy:)``, and the names read by the getters of `info`'s computed
    /// properties among them, transitively (`tabShortcut ?? "0"` where `tabShortcut` switches
    /// over a stored `tab` reads `tab`).
    static func storedNames(readBy expression: ExprSyntax, in info: SourceIndex.TypeInfo) -> Set<String> {
        var names = storedNames(readBy: expression)
        var queue = Array(names)
        while let name = queue.popLast() {
            guard let property = info.properties[name], !property.isStatic, let getter = property.getter else { continue }
            for read in storedNames(readBy: getter) where names.insert(read).inserted { queue.append(read) }
        }
        return names
    }

    /// The names `expression` reads as values of its own (`action` in `KeyEquivalent(action.hotkey)`
    /// and in `self.action`), not the members it reads of them (`hotkey`).
    static func storedNames(readBy expression: some SyntaxProtocol) -> Set<String> {
        var names: Set<String> = []
        for token in expression.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let text) = token.tokenKind else { continue }
            let previous = token.previousToken(viewMode: .sourceAccurate)
            if previous?.tokenKind == .period, previous?.previousToken(viewMode: .sourceAccurate)?.tokenKind != .keyword(.self) {
                continue
            }
            names.insert(text)
        }
        return names
    }

    /// The view `call` constructs when its shortcut comes from what it is constructed with:
    /// its name, its `body`, and whether it carries the key it is given (then the shortcut is
    /// the constructing type's, as a helper's is; otherwise the view's own, with the key its
    /// construction gives: `KeyEquivalent(action.hotkey)` for each `action` passed).
    ///
    /// A nested view is called by its last name: among several views of that name, the one
    /// nested in `callerType` (or in a type enclosing it), else the only one.
    func constructedView(by call: FunctionCallExprSyntax, in callerType: String) -> (type: String, body: SourceIndex.PropertyInfo, carries: Bool)? {
        guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let candidates = constructedViewNames[name] else { return nil }
        var scope = callerType
        var chosen = candidates.count == 1 ? candidates.first : nil
        while chosen == nil, !scope.isEmpty {
            chosen = candidates.first { $0 == "\(scope).\(name)" }
            scope = scope.split(separator: ".").dropLast().map(String.init).joined(separator: ".")
        }
        if chosen == nil { chosen = candidates.first { $0 == name } }
        guard let chosen, let view = constructedViews[chosen] else { return nil }
        return (chosen, view.body, view.carries)
    }

    /// Whether `type` is a view whose shortcuts its constructions attach: it lists none itself.
    func isConstructedView(_ type: String) -> Bool { constructedViews[type] != nil }

    /// Whether `function` is a helper.
    func contains(_ function: SourceIndex.FunctionInfo) -> Bool { declared.contains(function.location) }

    /// A call of a helper: the function, the type declaring it when it is a method of one of
    /// the app's types, and the expression the method is called on (`PlayerShortcut.refresh`).
    struct Call {
        var function: SourceIndex.FunctionInfo
        var type: String?
        var base: ExprSyntax?
    }

    /// The helper `call` calls, matched by its argument labels; `nil` for any other call. A
    /// method of an app type is only a candidate here: the caller checks that the value it is
    /// called on is of that type.
    func helper(calledBy call: FunctionCallExprSyntax, args: [(label: String?, expression: ExprSyntax)],
                in callerType: String, evaluator: Evaluator) -> [Call] {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if name == "modifier" { return [] }
            if let candidates = viewMethods[name], let function = evaluator.match(candidates, args: args) {
                return [Call(function: function, type: "View", base: nil)]
            }
            guard let base = member.base, let candidates = typeMethods[name] else { return [] }
            return Dictionary(grouping: candidates, by: \.type).sorted { $0.key < $1.key }.compactMap { type, methods in
                evaluator.match(methods.map(\.function), args: args).map { Call(function: $0, type: type, base: base) }
            }
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let candidates = ownMethods[callerType]?[name], let function = evaluator.match(candidates, args: args) {
                return [Call(function: function, type: callerType, base: nil)]
            }
            if let candidates = free[name], let function = evaluator.match(candidates, args: args) {
                return [Call(function: function, type: nil, base: nil)]
            }
        }
        return []
    }
}

/// What a body calls, as ``ShortcutFinder`` would find it for any set of helper names: whether
/// it applies `.keyboardShortcut(…)`, the names it calls (`name(…)`, `x.name(…)`), and those it
/// calls bare (`name(…)`).
struct CallSummary {
    var attachesShortcut = false
    var names: Set<String> = []
    var bareNames: Set<String> = []

    final class Collector: SyntaxVisitor {
        private(set) var summary = CallSummary()

        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if ShortcutFinder.isKeyboardShortcutModifier(node) { summary.attachesShortcut = true }
            if let name = ShortcutFinder.calledName(node) { summary.names.insert(name) }
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                summary.bareNames.insert(reference.baseName.text)
            }
            return .visitChildren
        }
    }
}
