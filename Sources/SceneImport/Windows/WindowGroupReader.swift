import SwiftSyntax

/// Finds the root of a SwiftUI app's key window: the app view the `App`'s first `WindowGroup`
/// (or `DocumentGroup`) shows. The `@main` app comes first, and scenes the app declares itself
/// (`struct MainScene: Scene`) are followed into their own `body`. In the group's content, the
/// first app view built outside any `if` or `switch` is the root; when every view is built in a
/// branch (a lock screen or the main view), one that is no gate (``RootTree/namesGateway(_:)``)
/// whose views hold the most commands stands for the app's normal path. An app view inside a
/// SwiftUI container (`NavigationStack { HomeView() }`) is the root the scene holds.
struct WindowGroupReader {
    let index: SourceIndex
    /// The device the scene stands for: an `if` on the idiom builds one side only.
    var idiom = IdiomTests(.pad)
    /// How many commands each app view's screen holds (``WindowPlanner``).
    var commandsUnder: (String) -> Int = { _ in 0 }

    /// The window group scenes, in the order a SwiftUI app's `body` lists them; the first one
    /// opens at launch.
    static let windowScenes: Set<String> = ["WindowGroup", "DocumentGroup"]

    /// How many app-declared scenes deep the reader follows.
    private static let maximumDepth = 4

    /// The window's content: the app view it shows, and the `UIViewControllerRepresentable`
    /// whose controller wraps it (`KeyCommandBridge { ContentView() }`, a controller that gives
    /// SwiftUI content key commands), if one does.
    struct Content: Equatable {
        var view: String
        var wrapper: String?
        /// The app views the content builds inside the root view's own closures
        /// (`AppLockContainer { MainView() }`): the root's `body` shows that content, so they
        /// are its children (``contained(in:among:rank:)``).
        var contained: [String] = []
    }

    func root() -> (content: Content, location: SourceLocation)? {
        let apps = index.types.values.filter { $0.kind == .struct && $0.inherited.contains("App") }
            .sorted { ($0.isMain ? 0 : 1, $0.name) < ($1.isMain ? 0 : 1, $1.name) }
        for app in apps {
            if let found = root(inScene: app, depth: 0) { return found }
        }
        return nil
    }

    /// The root in a scene type's `body` (then the scene properties it may be built from).
    private func root(inScene scene: SourceIndex.TypeInfo, depth: Int) -> (content: Content, location: SourceLocation)? {
        guard depth < Self.maximumDepth else { return nil }
        let properties = scene.properties.values.sorted { ($0.name == "body" ? 0 : 1, $0.name) < ($1.name == "body" ? 0 : 1, $1.name) }
        let groups = WindowSceneFinder(conditions: index.conditions)
        for property in properties { if let getter = property.getter { groups.walk(getter) } }
        for group in groups.calls {
            // The content closure, or `content:` for `DocumentGroup(newDocument:) { file in … }`.
            guard let content = group.trailingClosure.map(Syntax.init)
                ?? group.arguments.first(where: { $0.label?.text == "content" }).map({ Syntax($0.expression) }) else { continue }
            if let view = view(in: content, of: scene) { return (view, index.location(group)) }
        }
        for name in groups.sceneCalls {
            guard let inner = index.type(named: name, writtenIn: scene.name), inner.kind == .struct, inner.inherited.contains("Scene") else { continue }
            if let found = root(inScene: inner, depth: depth + 1) { return found }
        }
        return nil
    }

    private func view(in content: Syntax, of scene: SourceIndex.TypeInfo) -> Content? {
        var candidates: [Candidate] = []
        collect(in: content, of: scene, branched: false, depth: 0, into: &candidates)
        // A view only UI tests or previews show (`TerminalUITestHarnessView`) is never the root
        // users see, even when a debug build compiles it in.
        let shipped = candidates.filter { !Self.isTestScaffolding($0.name) }
        if !shipped.isEmpty { candidates = shipped }
        // Among branches, the app's normal path: not a gate (a login or onboarding screen, as
        // the UIKit planner weighs them), then the most commands, then the first.
        func rank(_ candidate: (offset: Int, element: Candidate)) -> (Int, Int, Int) {
            (RootTree.namesGateway(candidate.element.name) ? 0 : 1, commandsUnder(candidate.element.name), -candidate.offset)
        }
        let chosen = candidates.first(where: { !$0.conditional })
            ?? candidates.enumerated().max { rank($0) < rank($1) }?.element
        return chosen.map { Content(view: $0.name, wrapper: $0.wrapper, contained: contained(in: $0, among: candidates, rank: rank)) }
    }

    /// The app views built inside `root`'s call (`Container { A(); B() }`): those no further
    /// branch builds, else the one the ranking of roots picks among the branches
    /// (`LockContainer { if locked { LockView() } else { MainView() } }` holds `MainView`).
    private func contained(in root: Candidate, among candidates: [Candidate],
                           rank: ((offset: Int, element: Candidate)) -> (Int, Int, Int)) -> [String] {
        let inner = candidates.filter {
            $0.node.position > root.node.position && $0.node.endPosition <= root.node.endPosition && $0.name != root.name
        }
        let plain = inner.filter { $0.conditional == root.conditional }
        let names = plain.isEmpty ? inner.enumerated().max { rank($0) < rank($1) }.map { [$0.element.name] } ?? [] : plain.map(\.name)
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// The app type `typeName` (as the scene names it) and the getter of its computed property
    /// `name`, static or not.
    private func getter(of name: String, in typeName: String, isStatic: Bool,
                        from scene: SourceIndex.TypeInfo) -> (SourceIndex.TypeInfo, CodeBlockItemListSyntax)? {
        guard let owner = index.type(named: typeName, writtenIn: scene.name), let property = owner.properties[name],
              property.isStatic == isStatic, let getter = property.getter else { return nil }
        return (owner, getter)
    }

    /// The app type a property of the scene holds: the one it is declared as (`var factory:
    /// Factory`), or the one made where it is declared (`@StateObject var coordinator =
    /// Coordinator()`).
    private func heldType(of property: String, in scene: SourceIndex.TypeInfo) -> SourceIndex.TypeInfo? {
        let declared = scene.properties[property].flatMap { info in
            info.type?.withoutOptionality
                ?? info.initializer?.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return declared.flatMap { index.type(named: $0, writtenIn: scene.name) }
    }

    /// A view the content builds, whether a branch builds it, the representable wrapping it,
    /// and the call that builds it.
    private struct Candidate {
        var name: String
        var conditional: Bool
        var wrapper: String?
        var node: Syntax
    }

    /// The app views `content` builds, in order, outside presentation modifiers (a
    /// `.fullScreenCover` shows its view over the root, not as it); a property of the scene type
    /// the content names (`mainScene`) is read where it is named.
    private func collect(in content: Syntax, of scene: SourceIndex.TypeInfo, branched: Bool, depth: Int,
                         into candidates: inout [Candidate]) {
        let finder = ContentViewFinder(conditions: index.conditions)
        finder.walk(content)
        // Representables wrapping content in a controller of their own, with their closures.
        var wrappers: [(name: String, range: Range<AbsolutePosition>)] = []
        for item in finder.items {
            guard let branch = Self.branch(of: item.node, within: content, idiom: idiom) else { continue }
            let conditional = branched || branch
            var kind = item.kind
            // `iOSRoot()` spelled like a type but declared as the scene's function.
            if case .call(let name) = kind, name.first?.isLowercase == true, index.type(named: name, writtenIn: scene.name) == nil {
                kind = .reference(name)
            }
            switch kind {
            case .call(let name):
                guard let info = index.type(named: name, writtenIn: scene.name), info.kind == .struct else { continue }
                let representsController = info.inherited.contains("UIViewControllerRepresentable")
                if representsController, let closure = item.node.as(FunctionCallExprSyntax.self)?.trailingClosure {
                    wrappers.append((info.name, closure.position..<closure.endPosition))
                    continue
                }
                // A representable given no content (`WindowGroup { MainControllerView() }`) is
                // the view the window shows: its controller's, or its UIKit view's.
                if representsController || info.inherited.contains("UIViewRepresentable") {
                    candidates.append(Candidate(name: info.name, conditional: conditional, wrapper: representsController ? info.name : nil,
                                                node: item.node))
                    continue
                }
                guard index.isSwiftUIView(info) else { continue }
                let wrapper = wrappers.last { $0.range.contains(item.node.position) }?.name
                candidates.append(Candidate(name: info.name, conditional: conditional, wrapper: wrapper, node: item.node))
            case .reference(let name):
                guard depth < Self.maximumDepth else { continue }
                if let property = scene.properties[name] {
                    if let getter = property.getter {
                        collect(in: Syntax(getter), of: scene, branched: conditional, depth: depth + 1, into: &candidates)
                    } else if let initializer = property.initializer {
                        collect(in: Syntax(initializer), of: scene, branched: conditional, depth: depth + 1, into: &candidates)
                    } else if let declared = property.type?.withoutOptionality, let info = index.type(named: declared, writtenIn: scene.name),
                              index.isSwiftUIView(info) {
                        // `let root: RootView`, made in the app's `init()`: the view it is declared as.
                        candidates.append(Candidate(name: info.name, conditional: conditional, wrapper: nil, node: item.node))
                    }
                }
                // `Self.makeMainRootView(…)`, `rootView()`: the scene's own view-building function.
                for function in scene.functions where function.name == name {
                    guard let body = function.body else { continue }
                    collect(in: Syntax(body), of: scene, branched: conditional, depth: depth + 1, into: &candidates)
                }
            case .instanceProperty(let property, let name):
                // `router.rootView`: the getter of that property of the type the scene's property holds.
                guard depth < Self.maximumDepth, let owner = heldType(of: property, in: scene),
                      let getter = owner.properties[name]?.getter else { continue }
                collect(in: Syntax(getter), of: owner, branched: conditional, depth: depth + 1, into: &candidates)
            case .instanceCall(let property, let name):
                // `factory.make()` on a property the scene declares of an app type: that type's method.
                guard depth < Self.maximumDepth, var owner = heldType(of: property, in: scene) else { continue }
                // Declared as a protocol (`var coordinator: AppCoordinatorProtocol!`): the class
                // the scene's code stores in it, test doubles left out.
                if owner.kind == .protocol, let base = item.node.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                    let stored = index.typeNames(of: base, in: scene, root: content).filter {
                        !Self.isTestScaffolding($0) && index.type(named: $0).map { $0.kind == .class || $0.kind == .struct } == true
                    }
                    guard stored.count == 1, let only = stored.first, let found = index.type(named: only) else { continue }
                    owner = found
                }
                for function in owner.functions where function.name == name && !function.isStatic {
                    guard let body = function.body else { continue }
                    collect(in: Syntax(body), of: owner, branched: conditional, depth: depth + 1, into: &candidates)
                }
            case .typeProperty(let typeName, let name, let isStatic):
                // `AppRoot.view`, `AppCoordinator().rootView`: the getter of that property of
                // another of the app's types.
                guard depth < Self.maximumDepth, let (owner, getter) = getter(of: name, in: typeName, isStatic: isStatic, from: scene) else { continue }
                collect(in: Syntax(getter), of: owner, branched: conditional, depth: depth + 1, into: &candidates)
            case .staticCall(let typeName, let name):
                // `AppFactory.makeRoot()`: the view-building function of another of the app's types.
                guard depth < Self.maximumDepth, let owner = index.type(named: typeName, writtenIn: scene.name) else { continue }
                for function in owner.functions where function.name == name && function.isStatic {
                    guard let body = function.body else { continue }
                    collect(in: Syntax(body), of: owner, branched: conditional, depth: depth + 1, into: &candidates)
                }
            }
        }
    }
}

/// The calls (`HomeView()`) and bare names (`mainScene`) a view builder's content holds, in
/// order, leaving out what presentation modifiers show.
private final class ContentViewFinder: ActiveCodeVisitor {
    enum Kind {
        case call(String)
        case reference(String)
        /// `AppFactory.makeRoot()`: a function of another type, by type and function name.
        case staticCall(String, String)
        /// `factory.make()`: a method called on a property, by property and method name.
        case instanceCall(String, String)
        /// `router.rootView`: a computed property of what a property holds, by both names.
        case instanceProperty(String, String)
        /// `AppRoot.view` (static) or `AppCoordinator().rootView` (of a value made where it is
        /// read): a property of another type, by type and property name.
        case typeProperty(String, String, isStatic: Bool)
    }

    /// Modifiers whose content shows once the user navigates, not at launch.
    static let navigationContent: Set<String> = ["navigationDestination"]

    var items: [(kind: Kind, node: Syntax)] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
           AppModel.swiftUIPresentations.contains(member.declName.baseName.text) || Self.isAction(member.declName.baseName.text)
            || Self.navigationContent.contains(member.declName.baseName.text) {
            if let base = member.base { walk(base) }
            return .skipChildren
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.sourceText, base == "Self" || base == "self" {
            items.append((.reference(member.declName.baseName.text), Syntax(node)))
            walk(node.arguments)
            return .skipChildren
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text.first?.isUppercase == true {
            // `Feature.MainView()`: a view type nested in another; `AppFactory.makeRoot()`: a static function.
            let name = member.declName.baseName.text
            items.append((TypeNameSpelling.mayNameType(name) ? .call(base.baseName.text + "." + name) : .staticCall(base.baseName.text, name),
                          Syntax(node)))
            walk(node.arguments)
            return .skipChildren
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text.first?.isLowercase == true {
            // The property itself (`rootView.preferredColorScheme(…)` modifies the view a
            // computed property builds), then the method called on it.
            walk(base)
            items.append((.instanceCall(base.baseName.text, member.declName.baseName.text), Syntax(node)))
            walk(node.arguments)
            if let closure = node.trailingClosure { walk(closure) }
            walk(node.additionalTrailingClosures)
            return .skipChildren
        }
        // `ContentView<LiveClient>(client: …)`: the generic view, as its own name.
        let called = node.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? node.calledExpression
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            items.append((TypeNameSpelling.mayNameType(name) ? .call(name) : .reference(name), Syntax(node)))
            walk(node.arguments)
            if let closure = node.trailingClosure { walk(closure) }
            walk(node.additionalTrailingClosures)
            return .skipChildren
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // `AppCoordinator().rootView`: a property of a value the content makes of an app type.
        if let made = node.base?.as(FunctionCallExprSyntax.self), let type = made.calledExpression.as(DeclReferenceExprSyntax.self),
           TypeNameSpelling.mayNameType(type.baseName.text) {
            // The value itself first (`EditorView().ignoresSafeArea` is the view, modified).
            walk(made)
            items.append((.typeProperty(type.baseName.text, node.declName.baseName.text, isStatic: false), Syntax(node)))
            return .skipChildren
        }
        guard let base = node.base?.as(DeclReferenceExprSyntax.self), let first = base.baseName.text.first,
              !["self", "Self"].contains(base.baseName.text) else { return .visitChildren }
        if first.isUppercase {
            items.append((.typeProperty(base.baseName.text, node.declName.baseName.text, isStatic: true), Syntax(node)))
        } else {
            items.append((.reference(base.baseName.text), Syntax(base)))
            items.append((.instanceProperty(base.baseName.text, node.declName.baseName.text), Syntax(node)))
        }
        return .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.baseName.text.first, first.isLowercase { items.append((.reference(node.baseName.text), Syntax(node))) }
        return .skipChildren
    }

    /// Whether a modifier's closure is an action the view runs later (`.onAppear { … }`,
    /// `.onOpenURL { … }`, `.task { … }`), not content it shows.
    static func isAction(_ modifier: String) -> Bool {
        if modifier == "task" { return true }
        guard modifier.hasPrefix("on"), let third = modifier.dropFirst(2).first else { return false }
        return third.isUppercase
    }
}

extension WindowGroupReader {
    /// Whether a type's name says it exists for UI tests or previews only.
    static func isTestScaffolding(_ name: String) -> Bool {
        ["UITest", "UnitTest", "Tests", "Harness", "Preview", "Mock"].contains { name.contains($0) }
    }

    /// Whether a view builder builds `node` only on one side of an `if` (other than
    /// `if #available`), a `switch` or a ternary below `root`; `nil` when it never builds it on
    /// `idiom`'s device (the other side of `if UIDevice.current.userInterfaceIdiom == .pad`,
    /// whose taken side is no branch). Closures do not count: a view builder's closures build
    /// their views.
    static func branch(of node: some SyntaxProtocol, within root: Syntax, idiom: IdiomTests) -> Bool? {
        var current = Syntax(node)
        var branched = false
        while let parent = current.parent, current.id != root.id {
            if let branch = parent.as(IfExprSyntax.self), current.id != branch.conditions.id,
               !branch.conditions.sourceText.hasPrefix("#available") {
                let inBody = current.id == branch.body.id
                switch idiom.decides(branch.conditions.sourceText) {
                case let holds?: if holds != inBody { return nil }
                case nil: branched = true
                }
            }
            if parent.is(SwitchCaseSyntax.self) || parent.is(TernaryExprSyntax.self) { branched = true }
            current = parent
        }
        return branched
    }
}

/// The `WindowGroup { … }` and `DocumentGroup { … }` calls of a scene's body, in order, and the
/// other types it calls (scenes the app declares).
private final class WindowSceneFinder: ActiveCodeVisitor {
    var calls: [FunctionCallExprSyntax] = []
    var sceneCalls: [String] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `SwiftUI.WindowGroup { … }`, written so when the app declares a `WindowGroup` of its own.
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base?.sourceText == "SwiftUI",
           WindowGroupReader.windowScenes.contains(member.declName.baseName.text) {
            calls.append(node)
            return .skipChildren
        }
        guard let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) else { return .visitChildren }
        if WindowGroupReader.windowScenes.contains(reference.baseName.text) {
            calls.append(node)
            return .skipChildren
        }
        sceneCalls.append(reference.baseName.text)
        return .visitChildren
    }
}
