import SceneImportResources
import SwiftSyntax

/// Finds the roots the app's Swift entry point sets on its windows: the scene delegate's
/// `scene(_:willConnectTo:options:)`, else the app delegate's
/// `application(_:didFinishLaunchingWithOptions:)` (or `willFinishLaunchingWithOptions`, or
/// `applicationDidFinishLaunching(_:)`),
/// following the app's own functions they call (a coordinator's `start()`, a `setupWindow()`
/// helper, a shared instance's method) as deep as ``maximumDepth``.
///
/// A root set inside a branch the idiom decides (``IdiomTests/decides(_:)``) counts only on
/// that side; a root set under any other run-time condition, in a closure (run later, if at
/// all) or in a function called from such a place is conditional.
struct EntryPointReader {
    let index: SourceIndex
    let idiom: IdiomTests
    /// The scene delegates the `Info.plist` names, the launch configuration first: when it
    /// names any, only the first the source declares is read.
    var sceneDelegates: [String] = []
    /// What the app model says is a controller (``RootExpressionReader/isController``).
    var isController: (String) -> Bool = { _ in false }

    /// A root assignment the entry point reaches.
    struct Assignment {
        var tree: RootTree
        var conditional: Bool
        var location: SourceLocation
        /// Set in work the launch starts that runs once the launch method returns, on every
        /// launch (`Task { … }`, `DispatchQueue.main.async { … }`): it replaces the roots the
        /// launch method itself set.
        var later = false
    }

    private static let maximumDepth = 5
    /// How many function bodies one entry point may walk, however they nest.
    private static let maximumBodies = 64

    /// The roots each entry point sets, the scene delegate's first; empty when the source has
    /// no entry point that sets one.
    func assignments(commandsUnder: @escaping (String) -> Int = { _ in 0 }) -> [Assignment] {
        var reader = RootExpressionReader(index: index, idiom: idiom)
        reader.commandsUnder = commandsUnder
        reader.isController = isController
        var sceneEntries: [(SourceIndex.TypeInfo, SourceIndex.FunctionInfo)] = []
        var appEntries: [(SourceIndex.TypeInfo, SourceIndex.FunctionInfo)] = []
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], info.kind == .class || info.kind == .extensionOnly else { continue }
            for function in info.functions where function.body != nil && AppModel.isEntryPoint(function) {
                if function.name == "scene" { sceneEntries.append((info, function)) } else { appEntries.append((info, function)) }
            }
        }
        // The delegate the app delegate configures for a plain launch, else the launch
        // configuration's delegate when the plist names one; else delegates that are
        // not for tests (`UnitTestSceneDelegate`), a class named like Xcode's template first.
        let named = ([configuredSceneDelegate()].compactMap { $0 } + sceneDelegates).first { name in sceneEntries.contains { $0.0.name == name } }
        if let named {
            sceneEntries = sceneEntries.filter { $0.0.name == named }
        } else {
            sceneEntries = sceneEntries.filter { !Self.isForTests($0.0.name) }
                .sorted { ($0.0.name == "SceneDelegate" ? 0 : 1) < ($1.0.name == "SceneDelegate" ? 0 : 1) }
        }
        appEntries = appEntries.filter { !Self.isForTests($0.0.name) }.sorted { ($0.0.isMain ? 0 : 1) < ($1.0.isMain ? 0 : 1) }
        for entries in [sceneEntries, appEntries] {
            var path = LaunchPath()
            var visited: Set<SyntaxIdentifier> = []
            for (declaring, function) in entries {
                guard let body = function.body else { continue }
                let owner = launchedClass(declaring)
                // `lazy var window: UIWindow? = { …; window.rootViewController = home; return window }()`
                // runs when the entry point first reads `window`.
                if let made = (owner.properties["window"] ?? declaring.properties["window"])?.initializer?.as(FunctionCallExprSyntax.self),
                   let closure = made.calledExpression.as(ClosureExprSyntax.self) {
                    walk(scope: RootExpressionReader.Scope(type: owner, body: Syntax(closure.statements)), conditional: false, depth: 0,
                         reader: reader, visited: &visited, into: &path)
                }
                // UIKit makes the delegate before it calls it: what its `override init()` sets
                // is in place first. It walks within a budget of its own, so that a busy
                // initialiser leaves the launch method's walk whole.
                let initializers = [owner, declaring].lazy.compactMap { $0.functions.first { $0.kind == .initializer && $0.parameters.isEmpty } }
                if let made = initializers.first, let initializer = made.body {
                    var initializerVisited: Set<SyntaxIdentifier> = []
                    walk(scope: RootExpressionReader.Scope(type: owner, body: Syntax(initializer)), conditional: false, depth: 0,
                         reader: reader, visited: &initializerVisited, into: &path)
                }
                let scope = RootExpressionReader.Scope(type: owner, body: Syntax(body))
                walk(scope: scope, conditional: false, depth: 0, reader: reader, visited: &visited, into: &path)
            }
            if !path.roots.isEmpty { return path.filled(by: reader) }
        }
        return []
    }

    /// What the launch path does: the roots it sets, and the screens it pushes onto a
    /// navigation controller held elsewhere (a coordinator's `navigationController`), each with
    /// how many roots were set before it.
    private struct LaunchPath {
        var roots: [Assignment] = []
        var pushes: [(rootsBefore: Int, screens: [ExprSyntax], scope: RootExpressionReader.Scope)] = []

        /// The roots, an empty navigation controller set on the unconditional path holding
        /// what the first unconditional push after it shows (`AppCoordinator.start()` sets the
        /// window's root to its `navigationController`, then a child coordinator's `start()`
        /// pushes the home screen onto it).
        func filled(by reader: RootExpressionReader) -> [Assignment] {
            var result = roots
            for position in result.indices {
                guard result[position].tree.container == .navigation, result[position].tree.children.isEmpty,
                      !result[position].conditional,
                      let push = pushes.first(where: { $0.rootsBefore > position }) else { continue }
                result[position].tree.children = push.screens.compactMap { reader.tree(of: $0, in: push.scope) }
            }
            return result
        }
    }

    /// The screens an unconditional `navigationController.pushViewController(x, animated:)` or
    /// `navigationController.setViewControllers([x], animated:)` shows, when its receiver is
    /// another object's navigation controller (its name or declared type says so); `nil` for any
    /// other call.
    private func pushedScreens(by call: FunctionCallExprSyntax, in scope: RootExpressionReader.Scope) -> [ExprSyntax]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
              let first = call.arguments.first?.expression else { return nil }
        var receiver = RootExpressionReader.unwrapped(base).sourceText
        if receiver.hasPrefix("self.") { receiver = String(receiver.dropFirst(5)) }
        guard receiver != "self", !receiver.contains("(") else { return nil }
        let declared = scope.parameterTypes[receiver] ?? scope.type.properties[receiver]?.type ?? ""
        guard receiver.range(of: "navigation", options: .caseInsensitive) != nil
                || declared.range(of: "Navigation", options: .caseInsensitive) != nil else { return nil }
        switch member.declName.baseName.text {
        case "pushViewController": return [first]
        case "setViewControllers": return RootExpressionReader.unwrapped(first).as(ArrayExprSyntax.self)?.elements.map(\.expression) ?? [first]
        default: return nil
        }
    }

    /// The roots the methods a type calls on other app types set (`sceneDelegate.goToMain()`
    /// from a splash screen's code), read as an entry point's are, each method's own
    /// conditions counting; the type's own closures count too, since a launch screen hands
    /// over once its animation or check completes.
    func rootsSet(byMethodsCalledFrom type: SourceIndex.TypeInfo) -> [Assignment] {
        var reader = RootExpressionReader(index: index, idiom: idiom)
        reader.isController = isController
        var found = LaunchPath()
        var visited: Set<SyntaxIdentifier> = []
        for function in type.functions {
            guard let body = function.body else { continue }
            let calls = MemberCallFinder(conditions: index.conditions)
            calls.walk(body)
            for name in calls.names {
                for key in index.types.keys.sorted() where key != type.name {
                    guard let owner = index.types[key], owner.kind == .class || owner.kind == .struct else { continue }
                    for method in owner.functions where method.name == name && !method.isStatic {
                        guard let methodBody = method.body else { continue }
                        walk(scope: RootExpressionReader.Scope(type: owner, body: Syntax(methodBody)), conditional: false, depth: 1,
                             reader: reader, visited: &visited, into: &found)
                    }
                }
            }
        }
        return found.filled(by: reader)
    }

    /// The scene delegate class the app delegate's
    /// `application(_:configurationForConnecting:options:)` sets (`config.delegateClass =
    /// SceneDelegate.self`) outside any condition; else the last one it sets (the fallback after
    /// the special cases).
    func configuredSceneDelegate() -> String? {
        for key in index.types.keys.sorted() {
            guard let info = index.types[key] else { continue }
            for function in info.functions where function.name == "application" && function.parameters.contains(where: { $0.label == "configurationForConnecting" }) {
                guard let body = function.body else { continue }
                let finder = DelegateClassFinder(conditions: index.conditions)
                finder.walk(body)
                let unconditional = finder.assignments.first { !AppModel.isConditional($0.node, within: Syntax(body)) }
                if let chosen = unconditional ?? finder.assignments.last { return chosen.type }
            }
        }
        return nil
    }

    /// Whether a class is the entry point the app uses under tests only (`TestAppDelegate`).
    /// The class whose instance runs a launch method `declaring` declares: the app's one
    /// subclass of it, when it has one (a base delegate whose `makeRootViewController()` the
    /// `@main` subclass overrides: `self` is the subclass, so its overrides run), else itself.
    func launchedClass(_ declaring: SourceIndex.TypeInfo) -> SourceIndex.TypeInfo {
        // Most delegates have no subclass: a direct one names it first among what it inherits.
        guard declaring.kind == .class, index.orderedTypes.contains(where: { $0.inherited.first == declaring.name }) else { return declaring }
        let subclasses = index.orderedTypes.filter {
            $0.kind == .class && $0.name != declaring.name && !Self.isForTests($0.name) && index.inherits($0.name, from: declaring.name)
        }
        let leaves = subclasses.filter { candidate in !subclasses.contains { index.inherits($0.name, from: candidate.name) && $0.name != candidate.name } }
        let launched = leaves.count == 1 ? leaves : leaves.filter(\.isMain)
        return launched.count == 1 ? launched[0] : declaring
    }

    static func isForTests(_ name: String) -> Bool {
        name.contains("Test") || name.contains("Mock")
    }

    /// Whether a call runs on the window the entry point makes key: a method called on
    /// `window` (`window?.setRoot(home)`, an app extension of `UIWindow`), or the initialiser
    /// of the window class it stores there (`window = MainWindow(scene: scene)`).
    private static func runsOnTheKeyWindow(_ call: FunctionCallExprSyntax) -> Bool {
        let windowNames: Set<String> = ["window", "self.window"]
        if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
            return windowNames.contains(RootExpressionReader.unwrapped(base).sourceText)
        }
        var current = Syntax(call)
        while let parent = current.parent, parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
            || parent.is(TryExprSyntax.self) || parent.is(ExprListSyntax.self) || parent.is(InitializerClauseSyntax.self) {
            current = parent
        }
        if let binding = current.parent?.as(PatternBindingSyntax.self) { return binding.pattern.sourceText == "window" }
        guard let sequence = current.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self) && windowNames.contains(elements[0].sourceText)
    }

    private func walk(scope: RootExpressionReader.Scope, conditional: Bool, later: Bool = false, depth: Int, onTheKeyWindow: Bool = false,
                      reader: RootExpressionReader, visited: inout Set<SyntaxIdentifier>, into found: inout LaunchPath) {
        guard visited.count < Self.maximumBodies, visited.insert(scope.body.id).inserted else { return }
        let finder = RootStatementFinder(idiom: idiom, conditions: index.conditions)
        finder.walk(scope.body)
        for event in finder.events {
            switch event.kind {
            case .root(let expression, let ownWindow):
                // A window subclass setting its own root (`self.rootViewController = entry` in a
                // floating entrance window's initialiser) sets another window's, unless the
                // entry point runs the code on the window it makes key.
                if ownWindow, !onTheKeyWindow, index.inherits(scope.type.name, from: "UIWindow") { continue }
                guard let tree = reader.tree(of: expression, in: scope) else { continue }
                found.roots.append(Assignment(tree: tree, conditional: conditional || event.conditional || tree.chosenAmongBranches,
                                              location: index.location(expression), later: later || event.later))
            case .assignment(let name, let value):
                // `root = Home()` on a property whose `didSet` sets the window's root with it.
                guard let observer = scope.type.properties[name]?.didSet else { continue }
                var inner = RootExpressionReader.Scope(type: scope.type, body: Syntax(observer))
                inner.arguments[name] = RootExpressionReader.BoundArgument(expression: value, scope: scope)
                walk(scope: inner, conditional: conditional || event.conditional, later: later || event.later, depth: depth + 1,
                     onTheKeyWindow: onTheKeyWindow, reader: reader, visited: &visited, into: &found)
            case .call(let call):
                if !conditional, !event.conditional, let screens = pushedScreens(by: call, in: scope) {
                    found.pushes.append((found.roots.count, screens, scope))
                    continue
                }
                guard depth < Self.maximumDepth, let callee = reader.calledFunction(call, in: scope),
                      let inner = scope.calling(callee.function, owner: callee.owner, with: call) else { continue }
                walk(scope: inner, conditional: conditional || event.conditional, later: later || event.later, depth: depth + 1,
                     onTheKeyWindow: Self.runsOnTheKeyWindow(call), reader: reader, visited: &visited, into: &found)
            }
        }
    }
}

/// The root assignments (`….rootViewController = x`) and calls of a body, in source order, each
/// marked conditional when it runs only under a run-time condition. Branches the idiom decides
/// are walked on the side it takes only.
private final class RootStatementFinder: ActiveCodeVisitor {
    enum Kind {
        /// The value assigned, and whether the target is the code's own `rootViewController`
        /// (`self.rootViewController`, or the bare name).
        case root(ExprSyntax, ownWindow: Bool)
        case call(FunctionCallExprSyntax)
        /// `name = value` (or `self.name = value`): a property's `didSet` may set the root.
        case assignment(name: String, value: ExprSyntax)
    }

    let idiom: IdiomTests
    private(set) var events: [(kind: Kind, conditional: Bool, later: Bool)] = []
    private var conditionalDepth = 0
    /// How many closures that run once the launch method returns, on every launch, are open.
    private var laterDepth = 0

    /// Records an event, under the conditions in force unless `conditional` says otherwise.
    private func record(_ kind: Kind, conditional: Bool? = nil) {
        events.append((kind, conditional ?? (conditionalDepth > 0), laterDepth > 0))
    }

    init(idiom: IdiomTests, conditions: CompilationConditions) {
        self.idiom = idiom
        super.init(conditions: conditions)
    }

    private func conditionally(_ node: some SyntaxProtocol) {
        conditionalDepth += 1
        walk(node)
        conditionalDepth -= 1
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        let text = node.conditions.sourceText
        // `if #available` is decided at compile time against the deployment target.
        if text.hasPrefix("#available") {
            walk(node.body)
            if let elseBody = node.elseBody { conditionally(elseBody) }
            return .skipChildren
        }
        switch idiom.decides(text) {
        case true?:
            walk(node.body)
        case false?:
            if let elseBody = node.elseBody { walk(elseBody) }
        case nil:
            conditionally(node.body)
            if let elseBody = node.elseBody { conditionally(elseBody) }
        }
        return .skipChildren
    }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        guard let taken = idiom.takenCase(of: node) else {
            for item in node.cases { conditionally(item) }
            return .skipChildren
        }
        walk(taken.statements)
        return .skipChildren
    }

    /// Walks a body's statements in the order they run: a `defer` body last (the latest
    /// first), under the conditions in force where it is declared; the statements after a
    /// `guard` that tests a run-time value run only when it holds. A `guard` that only binds
    /// (`guard let scene = scene as? UIWindowScene`), checks availability or rules out a test
    /// run passes on every launch, so what follows it stays on the unconditional path.
    override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
        let depth = conditionalDepth
        var deferred: [(body: CodeBlockSyntax, depth: Int)] = []
        for item in node {
            if let deferStatement = item.item.as(DeferStmtSyntax.self) {
                deferred.append((deferStatement.body, conditionalDepth))
                continue
            }
            walk(item)
            guard let guardStatement = item.item.as(GuardStmtSyntax.self) else { continue }
            switch Self.passage(of: guardStatement, idiom: idiom) {
            case .always: break
            case .runTime: conditionalDepth += 1
            case .never: return finish(deferred, restoring: depth)
            }
        }
        return finish(deferred, restoring: depth)
    }

    private func finish(_ deferred: [(body: CodeBlockSyntax, depth: Int)], restoring depth: Int) -> SyntaxVisitorContinueKind {
        for statement in deferred.reversed() {
            conditionalDepth = statement.depth
            walk(statement.body)
        }
        conditionalDepth = depth
        return .skipChildren
    }

    /// How often the code after a `guard` runs.
    private enum Passage { case always, runTime, never }

    private static func passage(of node: GuardStmtSyntax, idiom: IdiomTests) -> Passage {
        let text = node.conditions.sourceText
        if let decided = idiom.decides(text) { return decided ? .always : .never }
        // `guard !isRunningUnitTest else { return }` passes on every launch a user makes.
        if text.contains("Test") || text.contains("testing") { return .always }
        let testsValue = node.conditions.contains { element in
            if case .expression = element.condition { return true }
            return false
        }
        return testsValue ? .runTime : .always
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        if idiom.decides(node.conditions.sourceText) == false {
            walk(node.body)
        } else {
            conditionally(node.body)
        }
        return .skipChildren
    }

    override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
        switch idiom.decides(node.condition.sourceText) {
        case true?: walk(node.thenExpression)
        case false?: walk(node.elseExpression)
        case nil:
            conditionally(node.thenExpression)
            conditionally(node.elseExpression)
        }
        return .skipChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.runsOnEveryLaunch(node) else {
            conditionally(node.statements)
            return .skipChildren
        }
        laterDepth += 1
        walk(node.statements)
        laterDepth -= 1
        return .skipChildren
    }

    /// The calls whose closure runs once, soon, whatever happens: a task the launch starts,
    /// work it queues on the main queue, work it hands to the main actor.
    private static let launchWork: Set<String> = ["Task", "Task.detached", "DispatchQueue.main.async", "MainActor.run"]

    /// Whether a closure runs on every launch once the code around it has run: the trailing
    /// closure or the closure argument of one of ``launchWork``.
    private static func runsOnEveryLaunch(_ closure: ClosureExprSyntax) -> Bool {
        var parent = closure.parent
        if parent?.is(LabeledExprSyntax.self) == true { parent = parent?.parent?.parent }
        guard let call = parent?.as(FunctionCallExprSyntax.self) else { return false }
        return launchWork.contains(call.calledExpression.sourceText.filter { !$0.isWhitespace })
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), !elements[0].sourceText.hasSuffix("rootViewController") {
            var name = elements[0].sourceText
            if name.hasPrefix("self.") { name.removeFirst(5) }
            if !name.contains("."), !name.contains("[") { record(.assignment(name: name, value: elements[2])) }
            return .visitChildren
        }
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self), elements[0].sourceText.hasSuffix("rootViewController") else {
            return .visitChildren
        }
        let target = elements[0].sourceText.filter { !$0.isWhitespace }
        // `privacyWindow.rootViewController = cover`, `bannerView.rootViewController = self`:
        // another window's root, or no window's.
        guard AppModel.namesTheAppsWindow(String(target.dropLast("rootViewController".count))) else { return .visitChildren }
        let ownWindow = target == "rootViewController" || target == "self.rootViewController"
        if elements.count == 3 {
            record(.root(elements[2], ownWindow: ownWindow))
            walk(elements[2])
            return .skipChildren
        }
        if elements.count == 5, let ternary = elements[3].as(UnresolvedTernaryExprSyntax.self) {
            // `root = signedIn ? Main() : Login()`: each side under its condition, unless the
            // idiom decides it.
            let decided = idiom.decides(elements[2].sourceText)
            if decided != false { record(.root(ternary.thenExpression, ownWindow: ownWindow), conditional: decided == nil || conditionalDepth > 0) }
            if decided != true { record(.root(elements[4], ownWindow: ownWindow), conditional: decided == nil || conditionalDepth > 0) }
            return .skipChildren
        }
        if elements.count == 5, elements[3].is(UnresolvedAsExprSyntax.self) {
            // `root = storyboard.instantiateViewController(withIdentifier: "Tabs") as? Tabs`:
            // the value, read with the class it is cast to (``RootExpressionReader/castType(after:)``).
            // `rootViewController = window?.rootViewController as? Root` reads the window's
            // root into a property of the same name: it sets none.
            guard !elements[2].sourceText.withoutOptionality.hasSuffix("window.rootViewController") else { return .skipChildren }
            record(.root(elements[2], ownWindow: ownWindow))
            walk(elements[2])
            return .skipChildren
        }
        if elements.count == 5, elements[3].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            // `root = storyboard.instantiateInitialViewController() ?? Fallback()`: the fallback
            // stands in only when the left side gives nothing, which the app's own storyboard or
            // factory rules out.
            record(.root(elements[2], ownWindow: ownWindow))
            walk(elements[2])
            return .skipChildren
        }
        return .visitChildren
    }

    override func visitPost(_ node: FunctionCallExprSyntax) {
        record(.call(node))
    }
}

/// `….delegateClass = Type.self` assignments, in order.
private final class DelegateClassFinder: ActiveCodeVisitor {
    var assignments: [(type: String, node: SequenceExprSyntax)] = []

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[0].sourceText.hasSuffix("delegateClass") else { return .visitChildren }
        var value = elements[2].sourceText
        if value.hasSuffix(".self") { value = String(value.dropLast(5)) }
        assignments.append((InfoPlist.className(value), node))
        return .visitChildren
    }
}

/// The names of the methods a body calls on a receiver other than `self` (`delegate.goToMain()`).
private final class MemberCallFinder: ActiveCodeVisitor {
    private(set) var names: [String] = []

    override func visitPost(_ node: FunctionCallExprSyntax) {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
              base.sourceText != "self", base.sourceText != "super" else { return }
        let name = member.declName.baseName.text
        if !names.contains(name) { names.append(name) }
    }
}
