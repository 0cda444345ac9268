import Foundation
import SceneImportObjectiveC

extension AppModel {
    /// Takes in what Objective-C implementations show: `canPerformAction:withSender:` rules,
    /// and containment (`rootViewController =`, `initWithRootViewController:`,
    /// `addChildViewController:`, `pushViewController:`, `presentViewController:`,
    /// `viewControllers`, `setViewController:forColumn:`, the cells `registerClass:…`
    /// registers, and what an initialiser is given to contain), with an Objective-C app or scene
    /// delegate's window setup as the entry point.
    mutating func add(objectiveC files: [ObjectiveCFile]) {
        let entryMethods = Self.objectiveCEntryMethods(files, sceneDelegates: sceneDelegates)
        objectiveCFocus = ObjectiveCFocus(files: files, index: index)
        classMethodResults = Self.classMethodResults(files)
        let methods = ObjectiveCMethodTable(files)
        var given = InitializerChildren()
        for file in files {
            for implementation in file.implementations {
                let owner = implementation.className
                for method in implementation.methods {
                    guard let body = method.body else { continue }
                    if method.selector == "canPerformAction:withSender:" {
                        for rule in body.validations where rule.condition != "YES" {
                            addValidation(Validation(action: rule.selector, condition: rule.condition,
                                                     location: SourceLocation(file: file.path, line: rule.line)), to: owner)
                        }
                    }
                    for (member, label) in body.initializerStores { given.stores[owner + " " + label] = member }
                    if !body.appearanceForwards.isEmpty {
                        let appearing = ["viewWillAppear:", "viewDidAppear:"].contains(method.selector)
                        given.forwarding[owner, default: []].formUnion(appearing ? body.appearanceForwards : [])
                    }
                    for test in body.rootClassTests {
                        guard let type = index.type(namedInObjectiveC: test.className) else { continue }
                        addRootClassTest(type.name, at: SourceLocation(file: file.path, line: test.line))
                    }
                    let isEntryPoint = entryMethods.contains(owner + " " + method.selector)
                    // Navigation controllers the method makes, by the expression that makes them.
                    let navigationRoots = body.containment.filter { $0.kind == .navigationRoot }
                    // The stacks the method gives containers it holds in members
                    // (`[navigationController setViewControllers:controllers animated:NO]`).
                    var stacks: [String: [String]] = [:]
                    for found in body.containment where found.kind == .viewControllers {
                        guard let member = found.parentMember else { continue }
                        for child in resolve(found.child, in: owner, file: file) where !(stacks[member]?.contains(child) ?? false) {
                            stacks[member, default: []].append(child)
                        }
                    }
                    for found in body.containment where found.kind != .navigationRoot {
                        let location = SourceLocation(file: file.path, line: found.line)
                        if found.kind == .initializerArgument {
                            given.arguments.append((found, owner, file, navigationRoots, body))
                            continue
                        }
                        // A window's root the method makes as one of UIKit's containers, or
                        // reads from a method's result: the tree that builds.
                        let isEntryPoint = isEntryPoint && (found.kind != .windowRoot || Self.namesTheAppsWindow(found.parent))
                        if found.kind == .windowRoot, found.child.container != nil || found.child.instanceMethod != nil,
                           let tree = trees(of: found.child, in: body, owner: owner, file: file, methods: methods).first {
                            let key = tree.firstAppType ?? tree.name
                            if isEntryPoint, !found.condition.isAlways {
                                addConditionalEntryRoot(key, holder: found.child.propertyName, condition: found.condition, at: location)
                            } else {
                                addWindowRoot(key, entry: isEntryPoint, at: location)
                            }
                            if isEntryPoint { addContainerRoot(tree, named: key, at: location) }
                            continue
                        }
                        let placed = children(of: found, navigationRoots: navigationRoots, body: body, in: owner, file: file, methods: methods)
                        // A member of a system class (one the app at most extends) is placed by
                        // what the initialiser is given, if anything.
                        let placesAppClass = placed.contains { index.type(named: $0).map { $0.kind != .extensionOnly } ?? false }
                        if !placesAppClass, let member = found.child.propertyName, let kind = Self.edgeKind(found.kind) {
                            given.containedMembers[owner + " " + member] = kind
                        }
                        for child in placed {
                            if let member = found.child.propertyName, found.kind == .child { given.memberChildren.append((owner, member, child)) }
                            if found.kind == .windowRoot, isEntryPoint, !found.condition.isAlways {
                                addConditionalEntryRoot(child, holder: found.child.propertyName, condition: found.condition, at: location)
                            } else if found.kind == .windowRoot {
                                addWindowRoot(child, entry: isEntryPoint, at: location)
                                // One of UIKit's containers read from a member the method gives
                                // its stack: the window's root holds that stack.
                                if isEntryPoint, let container = RootTree.Container(rawValue: child), let member = found.child.propertyName,
                                   let stack = stacks[member], !stack.isEmpty {
                                    addContainerRoot(.system(container, children: stack.map { .app($0) }), at: location)
                                }
                            } else if let kind = Self.edgeKind(found.kind) {
                                addEdge(Edge(parent: owner, child: child, kind: kind, location: location, pushed: found.kind == .pushed))
                                // A pushed screen is not on screen at launch: its focus waits for the push.
                                if found.kind == .pushed { addAppearingLater(child, in: owner) }
                            }
                        }
                    }
                    // An app class made with `initWithRootViewController:` holds its root.
                    for found in navigationRoots where index.type(named: found.parent) != nil {
                        for child in resolve(found.child, in: owner, file: file) {
                            addEdge(Edge(parent: found.parent, child: child, kind: .navigationRoot,
                                         location: SourceLocation(file: file.path, line: found.line)))
                        }
                    }
                }
            }
        }
        addInitializerChildren(&given)
        for (container, member, child) in given.memberChildren {
            guard let forwarded = given.forwarding[container], !forwarded.contains(member) else { continue }
            addAppearingLater(child, in: container)
        }
    }

    /// The edge a containment entry gives its container; `nil` for a window's root and an
    /// initialiser's argument, which place their controller another way.
    private static func edgeKind(_ kind: ObjectiveCContainment.Kind) -> Edge.Kind? {
        switch kind {
        case .windowRoot, .initializerArgument: return nil
        case .presented: return .presented
        case .viewControllers: return .tab
        case .child, .pushed, .navigationRoot: return .child
        case .column: return .column
        case .compactColumn: return .compactColumn
        case .cell: return .cell
        }
    }

    /// What an Objective-C container is given by its initialiser (what its initialiser stores,
    /// what it contains, what the app's constructions pass), and how it forwards appearance.
    private struct InitializerChildren {
        /// The member an initialiser stores a parameter in, by `Class label`.
        var stores: [String: String] = [:]
        /// How a class contains a member of a system class it cannot place itself, by `Class member`.
        var containedMembers: [String: Edge.Kind] = [:]
        /// `[[Container alloc] initWith…]` arguments, with the class, file and body that construct.
        var arguments: [(found: ObjectiveCContainment, site: String, file: ObjectiveCFile, navigationRoots: [ObjectiveCContainment],
                         body: ObjectiveCMethodBody)] = []
        /// The children a class adds from its members, with the member.
        var memberChildren: [(container: String, member: String, child: String)] = []
        /// For each class that forwards appearance to its children itself, the members it
        /// forwards to when it appears.
        var forwarding: [String: Set<String>] = [:]
    }

    /// `[[Container alloc] initWithMain:nav side:tags]` where the container's initialiser stores
    /// `side` in a member it adds as a child (`[self addChildViewController:self.side]`): the
    /// container holds what the construction passes, read where the construction is written.
    private mutating func addInitializerChildren(_ given: inout InitializerChildren) {
        for (found, site, file, navigationRoots, body) in given.arguments {
            guard let label = found.argument, index.type(named: found.parent) != nil else { continue }
            for holder in [found.parent] + index.ancestors(of: found.parent).map(\.name) {
                guard let member = given.stores[holder + " " + label], let kind = given.containedMembers[holder + " " + member] else { continue }
                for child in children(of: found, navigationRoots: navigationRoots, body: body, in: site, file: file) where child != found.parent {
                    addEdge(Edge(parent: found.parent, child: child, kind: kind, location: SourceLocation(file: file.path, line: found.line)))
                    if kind == .child { given.memberChildren.append((found.parent, member, child)) }
                }
                break
            }
        }
    }

    /// The app class a class method returns (`[Factory makeRoot]`, `[Main sharedInstance]`):
    /// an Objective-C `+` method declared to return `instancetype` returns its class, one
    /// declared `X *` returns `X`; a Swift class's static method (named in Objective-C by its
    /// `@objc` names) returns what its `return`s make.
    private func classMethodResult(_ method: ObjectiveCControllerReference.ClassMethod) -> [String] {
        if let declared = classMethodResults[method.className + " " + method.selector] {
            let type = declared == "instancetype" ? method.className : declared
            return index.type(namedInObjectiveC: type).map { [$0.name] } ?? []
        }
        guard !method.selector.contains(":"), let swiftType = index.type(namedInObjectiveC: method.className) else { return [] }
        let name = swiftType.functions.first { $0.isStatic && $0.explicitSelector == method.selector }?.name ?? method.selector
        return index.typesReturned(by: name, of: swiftType).filter { index.type(named: $0) != nil }
    }

    /// The return types Objective-C `+` methods declare, by `Class selector`, without `*`.
    static func classMethodResults(_ files: [ObjectiveCFile]) -> [String: String] {
        var results: [String: String] = [:]
        for file in files {
            let declared = file.interfaces.map { ($0.className, $0.methods) } + file.implementations.map { ($0.className, $0.methods) }
            for (className, methods) in declared {
                for method in methods where method.isClassMethod {
                    let type = method.returnType.replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces)
                    results[className + " " + method.selector] = results[className + " " + method.selector] ?? type
                }
            }
        }
        return results
    }

    /// `Class selector` of the methods the app's Objective-C entry point runs on its
    /// unconditional path: `application:didFinishLaunchingWithOptions:` (or `will…`, or the
    /// older `applicationDidFinishLaunching:`),
    /// `scene:willConnectToSession:options:`, and the methods of the same class they message
    /// `self` with outside any condition (`[self setupDefaultWindow]`), three calls deep.
    ///
    /// When the `Info.plist` names the application role's scene delegates, only theirs connect
    /// the app's windows: a CarPlay or external-display scene delegate's window is not the
    /// app's.
    static func objectiveCEntryMethods(_ files: [ObjectiveCFile], sceneDelegates: [String]) -> Set<String> {
        var bodies: [String: ObjectiveCMethodBody] = [:]
        for file in files {
            for implementation in file.implementations {
                for method in implementation.methods {
                    if let body = method.body { bodies[implementation.className + " " + method.selector] = body }
                }
            }
        }
        var entries = Set(bodies.keys.filter { key in
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            guard let owner = parts.first, let selector = parts.last else { return false }
            if selector.hasPrefix("scene:willConnectToSession:") { return sceneDelegates.isEmpty || sceneDelegates.contains(owner) }
            return selector.hasPrefix("application:didFinishLaunchingWithOptions") || selector.hasPrefix("application:willFinishLaunchingWithOptions")
                || selector == "applicationDidFinishLaunching:"
        })
        var frontier = Array(entries)
        for _ in 0..<3 {
            var next: [String] = []
            for key in frontier {
                let owner = key.split(separator: " ").first.map(String.init) ?? ""
                for message in bodies[key]?.selfMessages ?? [] where message.condition.isAlways {
                    let callee = owner + " " + message.selector
                    if bodies[callee] != nil, entries.insert(callee).inserted { next.append(callee) }
                }
            }
            frontier = next
        }
        return entries
    }

    /// The app classes a containment entry places: the class itself; for one of UIKit's
    /// containers the method makes, the app classes it puts in it; else, for a system
    /// navigation controller, the roots the method makes navigation controllers with.
    private func children(of found: ObjectiveCContainment, navigationRoots: [ObjectiveCContainment], body: ObjectiveCMethodBody,
                          in owner: String, file: ObjectiveCFile, methods: ObjectiveCMethodTable? = nil) -> [String] {
        let direct = resolve(found.child, in: owner, file: file)
        if !direct.isEmpty { return direct }
        let held = trees(of: found.child, in: body, owner: owner, file: file, methods: methods).flatMap(\.appTypes)
        if !held.isEmpty { return held }
        let className = found.child.className ?? ""
        guard className.hasPrefix("UI") else { return [] }
        let contained = navigationRoots.filter { index.type(named: $0.parent) == nil }.flatMap { resolve($0.child, in: owner, file: file) }
        // A window whose root is one of UIKit's containers used as it is, holding no app
        // controller the source shows (`[UIViewController new]` holding a React Native view).
        if contained.isEmpty, found.kind == .windowRoot, RootTree.Container(rawValue: className) != nil { return [className] }
        return contained
    }

    /// The root trees a controller reference read in `body` stands for: a container the method
    /// makes, holding what it puts in it; what the instance method whose result it is returns,
    /// read in that method (`[self rootController]`, `[[RootManager shared] rootViewController]`);
    /// else the app class it names.
    private func trees(of reference: ObjectiveCControllerReference, in body: ObjectiveCMethodBody, owner: String, file: ObjectiveCFile,
                       methods: ObjectiveCMethodTable?, depth: Int = 0) -> [RootTree] {
        guard depth < 6 else { return [] }
        if let made = reference.container {
            return rootTree(made, in: body, owner: owner, file: file, methods: methods, depth: depth).map { [$0] } ?? []
        }
        if let call = reference.instanceMethod, let methods {
            let receivers = call.receiverClass.map { [$0] } ?? call.receiverFactory.map(classMethodResult) ?? [owner]
            for receiver in receivers {
                let classes = [receiver] + index.ancestors(of: receiver).map(\.name)
                guard let (callee, calleeClass, calleeFile) = classes.lazy.compactMap({ methods.body(of: call.selector, in: $0) }).first else { continue }
                return callee.returnedControllers.flatMap {
                    trees(of: $0, in: callee, owner: calleeClass, file: calleeFile, methods: methods, depth: depth + 1)
                }
            }
            return []
        }
        return resolve(reference, in: owner, file: file).map { RootTree.app($0) }
    }

    /// The tree one of UIKit's containers the method makes builds (``ObjectiveCContainer``):
    /// the container holding, in order, what the method puts in it (``trees(of:in:owner:file:methods:depth:)``
    /// of each: app controllers, nested containers, method results); `nil` when `made` is no
    /// container the tree knows.
    private func rootTree(_ made: Int, in body: ObjectiveCMethodBody, owner: String, file: ObjectiveCFile,
                          methods: ObjectiveCMethodTable?, depth: Int) -> RootTree? {
        guard body.containers.indices.contains(made), let container = RootTree.Container(rawValue: body.containers[made].className) else {
            return nil
        }
        let children = body.containers[made].children.flatMap {
            trees(of: $0, in: body, owner: owner, file: file, methods: methods, depth: depth + 1)
        }
        return .system(container, children: children)
    }

    /// The app class a controller reference names: its class, or the declared class of the
    /// property it reads (in the Objective-C interfaces or the Swift index).
    private func resolve(_ reference: ObjectiveCControllerReference, in owner: String, file: ObjectiveCFile) -> [String] {
        if let name = reference.className, let found = index.type(namedInObjectiveC: name) { return [found.name] }
        if let method = reference.classMethod { return classMethodResult(method) }
        if let property = reference.propertyName {
            for candidate in [owner] + index.ancestors(of: owner).map(\.name) {
                if let type = index.type(named: candidate)?.properties[property]?.type?
                    .withoutOptionality.replacingOccurrences(of: "*", with: "")
                    .trimmingCharacters(in: .whitespaces), let found = index.type(namedInObjectiveC: type) {
                    return [found.name]
                }
            }
        }
        return []
    }
}

extension AppModel {
    /// Whether the object whose `rootViewController` an entry point sets, as written
    /// (`self.window`, `_window`, `[app window]`, a local `newWindow`), is the app's own window
    /// rather than another window the app keeps in a member (`self.lockWindow`,
    /// `_externalWindow`), or an object with a root controller of its own (`self.bannerView`, an
    /// ad view): only the app's window is the key window the launch sets up. A bare name may be
    /// a local the code then makes the app's window, so only a qualified or underscored one
    /// names a member.
    static func namesTheAppsWindow(_ receiver: String) -> Bool {
        let names = receiver.split { !$0.isLetter && !$0.isNumber && $0 != "_" }
        guard let written = names.last.map(String.init) else { return true }
        let name = String(written.drop { $0 == "_" })
        let lowered = name.lowercased()
        if lowered.hasSuffix("view") || lowered.hasSuffix("banner") { return false }
        guard lowered.hasSuffix("window"), !["window", "mainwindow", "keywindow", "appwindow", "applicationwindow"].contains(lowered) else {
            return true
        }
        return !(names.count > 1 || written.hasPrefix("_"))
    }
}

/// The instance methods' bodies of the app's Objective-C implementations, by class and
/// selector, with the file each is in.
struct ObjectiveCMethodTable {
    private var bodies: [String: (body: ObjectiveCMethodBody, className: String, file: ObjectiveCFile)] = [:]

    init(_ files: [ObjectiveCFile]) {
        for file in files {
            for implementation in file.implementations {
                for method in implementation.methods where !method.isClassMethod {
                    guard let body = method.body else { continue }
                    let key = implementation.className + " " + method.selector
                    if bodies[key] == nil { bodies[key] = (body, implementation.className, file) }
                }
            }
        }
    }

    /// The body of `-[className selector]`, its class and its file.
    func body(of selector: String, in className: String) -> (ObjectiveCMethodBody, String, ObjectiveCFile)? {
        bodies[className + " " + selector].map { ($0.body, $0.className, $0.file) }
    }
}

