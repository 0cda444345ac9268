/// Decides the app's key window and its root (``WindowPlan``), in this order:
///
/// 1. the overlay's `keyWindow`;
/// 2. a SwiftUI `@main` app's first `WindowGroup`;
/// 3. what the Swift entry point sets on its unconditional path (``EntryPointReader``), the
///    last root work it starts sets on every launch (`Task { … }`) first; a placeholder
///    (`UIViewController()`) the code then replaces under conditions gives way to the one
///    ranked first among those, as in step 7;
/// 4. what an Objective-C app or scene delegate sets under tests of the idiom alone, then what
///    the storyboard the app starts from, or an Objective-C app or scene delegate, sets; then,
///    when the Objective-C entry point sets its roots only under run-time conditions, the one
///    ranked first as in step 7;
/// 5. a SwiftUI app that is not marked `@main`;
/// 6. an app delegate built on a framework's (``FrameworkAppDelegate``), whose code outside the
///    app makes the window;
/// 7. when every root the entry point sets is conditional, the app's normal path rather than a
///    screen that gates it (``RootTree/isGateway``), then the one whose screen holds the most
///    commands;
/// 8. the storyboard named `Main` when no `Info.plist` names a storyboard
///    (``InterfaceFiles/defaultStoryboard``);
/// 9. when the source shows no entry point that sets a root, the app controller the app's code
///    casts or tests its window's root for (`window.rootViewController as? Main`,
///    `[root isKindOfClass:[Main class]]`), the one it names most;
/// 10. else the window root set elsewhere, or the topmost controller, holding the most commands
///    (reported as a guess).
///
/// A splash or launch screen decided so, which sets the window's root to the app's own
/// screen itself, hands the key window over to that screen.
///
/// Roots the entry point sets only under a condition, and roots set outside it, are windows
/// that are not key: the plan lists them and the scene leaves them out.
struct WindowPlanner {
    let model: AppModel
    let idiom: IdiomTests

    /// How many commands each type's screen holds: its own and its children's (``SceneBuilder``
    /// counts them the same way).
    let commandsUnder: (String) -> Int
    /// The topmost containers of the types with commands, for when the source sets no root at all.
    let topmostContainers: [String]

    func plan() -> WindowPlan {
        var plan = WindowPlan()
        var reader = EntryPointReader(index: model.index, idiom: idiom, sceneDelegates: model.sceneDelegates)
        reader.isController = { [model] in model.role($0) == .controller }
        let entries = reader.assignments(commandsUnder: commandsUnder)
        let swiftUI = WindowGroupReader(index: model.index, idiom: idiom, commandsUnder: commandsUnder).root()
        let mainIsSwiftUIApp = model.index.types.values.contains { $0.isMain && $0.kind == .struct && $0.inherited.contains("App") }
        // The launch's root, unless work it starts replaces it on every launch.
        var unconditional = entries.last { !$0.conditional && $0.later } ?? entries.first { !$0.conditional }
        // A placeholder (`UIViewController()` with nothing in it) shows only until the code
        // sets the app's root, which it does under conditions after it: the normal path among
        // those is the root.
        if let placeholder = unconditional, placeholder.tree == .system(.plain),
           let position = entries.firstIndex(where: { $0.location == placeholder.location && $0.tree == placeholder.tree }) {
            let after = entries[(position + 1)...].enumerated().filter { $0.element.conditional && !$0.element.tree.appTypes.isEmpty }
            if let best = after.max(by: { rank($0.element.tree, $0.offset) < rank($1.element.tree, $1.offset) })?.element {
                unconditional = best
            }
        }
        // Objective-C roots set under a condition, without those the device rules out; a root
        // whose every test is the idiom's is set on every launch of this device.
        let objectiveC = model.conditionalEntryRoots.compactMap { root -> (type: String, gateway: Bool, always: Bool, location: SourceLocation)? in
            let reading = SceneBuilder.idiomReading(root.condition, idiom: idiom)
            guard !reading.fails, isAppType(root.type) else { return nil }
            return (root.type, root.holder.map(RootTree.namesGateway) ?? false, reading.remaining.isAlways, root.location)
        }
        if let key = model.overlay.keyWindow {
            plan.key = .init(tree: .app(key), decision: .overlay, location: SourceLocation(file: model.overlay.file, line: 0))
        } else if mainIsSwiftUIApp, let swiftUI {
            plan.key = .init(tree: tree(showing: swiftUI.content), decision: .windowGroup, location: swiftUI.location)
        } else if let unconditional {
            plan.key = .init(tree: unconditional.tree, decision: unconditional.conditional ? .conditionalEntryPoint : .entryPoint,
                             location: unconditional.location)
        } else if let decided = objectiveC.first(where: \.always) {
            plan.key = .init(tree: model.containerRoots[decided.type] ?? .app(decided.type), decision: .objectiveCEntryPoint,
                             location: decided.location)
        } else if let declared = [false, true].lazy.compactMap({ storyboard in
                      model.entryWindowRoots.first { isAppType($0) && setByStoryboard($0) == storyboard }
                          ?? model.entryWindowRoots.first { RootTree.Container(rawValue: $0) != nil && setByStoryboard($0) == storyboard }
                  }).first {
            // An app controller, else one of UIKit's used as it is (`[UIViewController new]`).
            // UIKit loads the entry storyboard's initial controller before it calls the launch
            // method, so a root the launch method sets replaces it.
            let decision: WindowPlan.Decision = setByStoryboard(declared) ? .storyboard : .objectiveCEntryPoint
            // UIKit's class stands as a node of its own when the app gives it commands.
            let plain = isAppType(declared) || model.role(declared) == .controller ? nil : RootTree.Container(rawValue: declared)
            let tree = model.containerRoots[declared] ?? plain.map { .system($0) }
            plan.key = .init(tree: tree ?? .app(declared), decision: decision, location: model.rootLocations[declared])
        } else if let best = objectiveC.enumerated().max(by: {
            rank(.app($0.element.type), $0.offset, gateway: $0.element.gateway) < rank(.app($1.element.type), $1.offset, gateway: $1.element.gateway)
        })?.element {
            plan.key = .init(tree: model.containerRoots[best.type] ?? .app(best.type), decision: .conditionalEntryPoint,
                             location: best.location)
        } else if let swiftUI {
            plan.key = .init(tree: tree(showing: swiftUI.content), decision: .windowGroup, location: swiftUI.location)
        } else if let made = FrameworkAppDelegate.registered.lazy.compactMap({ $0.window(in: model.index) }).first {
            plan.key = .init(tree: made.root, decision: .framework, location: made.location)
        } else if let best = entries.enumerated().max(by: { rank($0.element.tree, $0.offset) < rank($1.element.tree, $1.offset) })?.element {
            plan.key = .init(tree: best.tree, decision: .conditionalEntryPoint, location: best.location)
        } else if let root = model.defaultStoryboardRoot, isAppType(root) {
            plan.key = .init(tree: .app(root), decision: .storyboard, location: model.rootLocations[root])
        } else if let taken = takenRoot() {
            plan.key = .init(tree: .app(taken.type), decision: .rootClassTest, location: taken.location)
        } else if let guess = model.windowRoots.filter(isAppType).enumerated().max(by: { rank(.app($0.element), $0.offset) < rank(.app($1.element), $1.offset) })?.element {
            plan.key = .init(tree: .app(guess), decision: .guessed, location: model.rootLocations[guess])
        } else if let guess = topmostContainers.enumerated().max(by: { rank(.app($0.element), $0.offset) < rank(.app($1.element), $1.offset) })?.element {
            plan.key = .init(tree: .app(guess), decision: .guessed, location: model.index.type(named: guess)?.location)
        }
        if let key = plan.key, let handedTo = handOver(from: key.tree, entries: entries, reader: reader) {
            plan.key = .init(tree: handedTo.tree, decision: key.decision, location: handedTo.location)
        }
        let keyTypes = Set(plan.key?.tree.appTypes ?? [])
        for entry in entries {
            for type in entry.tree.appTypes where !keyTypes.contains(type) && !plan.conditional.contains(where: { $0.type == type }) {
                plan.conditional.append(.init(type: type, location: entry.location))
            }
        }
        for type in model.windowRoots where isAppType(type) && !keyTypes.contains(type) && !plan.conditional.contains(where: { $0.type == type }) {
            plan.conditional.append(.init(type: type, location: model.rootLocations[type]))
        }
        return plan
    }

    /// Whether the root `type` stands for comes from an entry storyboard's initial controller
    /// rather than the launch method's code.
    private func setByStoryboard(_ type: String) -> Bool {
        model.rootLocations[type]?.file.hasSuffix(".storyboard") ?? false
    }

    /// The root tree of a SwiftUI window: its view holding the views it is given to show, or,
    /// when a representable wraps the content in a controller of its own, that controller (in
    /// the window's hosting controller) holding the view. A representable shown as it is
    /// (`WindowGroup { MainControllerView() }`) holds no SwiftUI view: its controller alone is in
    /// the hosting controller.
    private func tree(showing content: WindowGroupReader.Content) -> RootTree {
        let view = RootTree.app(content.view, children: content.contained.map { .app($0) })
        guard let wrapper = content.wrapper.flatMap({ model.index.type(named: $0) }),
              let controller = model.representedClass(of: wrapper), model.role(controller) == .controller else { return view }
        return .system(.hosting, children: [.app(controller, children: content.wrapper == content.view ? [] : [view])])
    }

    /// What a launch screen hands the window over to: a root that is a splash or launch screen
    /// (``RootTree/isLaunchScreen``) and whose own code sets one other app controller as the
    /// window's root (`window.rootViewController = tabs` once its animation ends) shows that
    /// controller on every launch, moments later. When its own code sets none, the one root
    /// that is no gate among those the entry point sets later (in a closure it schedules:
    /// `DispatchQueue.main.asyncAfter { self.showMain() }`), else among those the methods the
    /// screen calls on other app types set (`sceneDelegate.goToMain()`), is where it hands over.
    private func handOver(from shown: RootTree, entries: [EntryPointReader.Assignment],
                          reader: EntryPointReader) -> (tree: RootTree, location: SourceLocation?)? {
        // A launch screen in a navigation controller of its own (`Nav(rootViewController: Splash())`).
        let wrapped = shown.children.count == 1 && (shown.container == .navigation || model.index.inherits(shown.name, from: "UINavigationController"))
        let tree = wrapped ? shown.children[0] : shown
        guard tree.container == nil, tree.isLaunchScreen else { return nil }
        let successors = (model.rootsSetBy[tree.name] ?? []).filter { $0 != tree.name && isAppType($0) }
        if successors.count == 1, let only = successors.first { return (.app(only), model.rootLocations[only]) }
        guard successors.isEmpty, let info = model.index.type(named: tree.name) else { return nil }
        func normalPath(_ assignments: [EntryPointReader.Assignment]) -> EntryPointReader.Assignment? {
            var handed: [EntryPointReader.Assignment] = []
            for assignment in assignments where !assignment.tree.isGateway && !assignment.tree.appTypes.contains(tree.name)
                && !handed.contains(where: { $0.tree == assignment.tree }) {
                handed.append(assignment)
            }
            return handed.count == 1 ? handed.first : nil
        }
        guard let only = normalPath(entries.filter(\.conditional)) ?? normalPath(reader.rootsSet(byMethodsCalledFrom: info)) else { return nil }
        return (only.tree, only.location)
    }

    /// The app controller the app's code most often casts or tests its window's root for, the
    /// first written among equals.
    private func takenRoot() -> (type: String, location: SourceLocation)? {
        let tests = model.rootClassTests.filter { isAppType($0.type) && model.role($0.type) == .controller }
        var counts: [String: Int] = [:]
        for test in tests { counts[test.type, default: 0] += 1 }
        return tests.enumerated().max { (counts[$0.element.type] ?? 0, -$0.offset) < (counts[$1.element.type] ?? 0, -$1.offset) }?.element
    }

    /// Whether the app declares `type` (not only extends one of UIKit's classes).
    private func isAppType(_ type: String) -> Bool {
        guard let info = model.index.type(named: type) else { return false }
        return info.kind != .extensionOnly
    }

    /// Orders candidate roots: the app's normal path before a screen that gates it
    /// (``RootTree/isGateway``, or `gateway` when the property holding it is named so), then
    /// more commands, then the earlier one.
    private func rank(_ tree: RootTree, _ offset: Int, gateway: Bool = false) -> (Int, Int, Int) {
        (tree.isGateway || gateway ? 0 : 1, tree.appTypes.reduce(0) { $0 + commandsUnder($1) }, -offset)
    }
}
