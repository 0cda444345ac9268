import SceneImportObjectiveC

extension AppModel {
    /// Takes in what Objective-C implementations show: `canPerformAction:withSender:` rules,
    /// and containment (`rootViewController =`, `initWithRootViewController:`,
    /// `addChildViewController:`, `pushViewController:`, `presentViewController:`,
    /// `viewControllers`, `setViewController:forColumn:`, the cells `registerClass:…`
    /// registers), with an Objective-C app or scene delegate's window setup as the entry point.
    mutating func add(objectiveC files: [ObjectiveCFile]) {
        let entryMethods = Self.objectiveCEntryMethods(files)
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
                    let isEntryPoint = entryMethods.contains(owner + " " + method.selector)
                    // Navigation controllers the method makes, by the expression that makes them.
                    let navigationRoots = body.containment.filter { $0.kind == .navigationRoot }
                    for found in body.containment where found.kind != .navigationRoot {
                        let location = SourceLocation(file: file.path, line: found.line)
                        for child in children(of: found, navigationRoots: navigationRoots, in: owner, file: file) {
                            switch found.kind {
                            case .windowRoot:
                                addWindowRoot(child, entry: isEntryPoint && found.condition.isAlways, at: location)
                            case .presented:
                                addEdge(Edge(parent: owner, child: child, kind: .presented, location: location))
                            case .viewControllers:
                                addEdge(Edge(parent: owner, child: child, kind: .tab, location: location))
                            case .child, .pushed, .navigationRoot:
                                addEdge(Edge(parent: owner, child: child, kind: .child, location: location))
                            case .column:
                                addEdge(Edge(parent: owner, child: child, kind: .column, location: location))
                            case .compactColumn:
                                addEdge(Edge(parent: owner, child: child, kind: .compactColumn, location: location))
                            case .cell:
                                addEdge(Edge(parent: owner, child: child, kind: .cell, location: location))
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
    }

    /// `Class selector` of the methods the app's Objective-C entry point runs on its
    /// unconditional path: `application:didFinishLaunchingWithOptions:` (or `will…`),
    /// `scene:willConnectToSession:options:`, and the methods of the same class they message
    /// `self` with outside any condition (`[self setupDefaultWindow]`), three calls deep.
    static func objectiveCEntryMethods(_ files: [ObjectiveCFile]) -> Set<String> {
        var bodies: [String: ObjectiveCMethodBody] = [:]
        for file in files {
            for implementation in file.implementations {
                for method in implementation.methods {
                    if let body = method.body { bodies[implementation.className + " " + method.selector] = body }
                }
            }
        }
        var entries = Set(bodies.keys.filter { key in
            let selector = key.split(separator: " ").last.map(String.init) ?? ""
            return selector.hasPrefix("application:didFinishLaunchingWithOptions") || selector.hasPrefix("application:willFinishLaunchingWithOptions")
                || selector.hasPrefix("scene:willConnectToSession:")
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

    /// The app classes a containment entry places: the class itself, or for a system
    /// navigation controller the roots it was made with in the same method.
    private func children(of found: ObjectiveCContainment, navigationRoots: [ObjectiveCContainment], in owner: String,
                          file: ObjectiveCFile) -> [String] {
        let direct = resolve(found.child, in: owner, file: file)
        if !direct.isEmpty { return direct }
        let className = found.child.className ?? ""
        guard className.hasPrefix("UI") else { return [] }
        let contained = navigationRoots.filter { index.type(named: $0.parent) == nil }.flatMap { resolve($0.child, in: owner, file: file) }
        // A window whose root is one of UIKit's containers used as it is, holding no app
        // controller the source shows (`[UIViewController new]` holding a React Native view).
        if contained.isEmpty, found.kind == .windowRoot, RootTree.Container(rawValue: className) != nil { return [className] }
        return contained
    }

    /// The app class a controller reference names: its class, or the declared class of the
    /// property it reads (in the Objective-C interfaces or the Swift index).
    private func resolve(_ reference: ObjectiveCControllerReference, in owner: String, file: ObjectiveCFile) -> [String] {
        if let name = reference.className, index.type(named: name) != nil { return [name] }
        if let property = reference.propertyName {
            for candidate in [owner] + index.ancestors(of: owner).map(\.name) {
                if let type = index.type(named: candidate)?.properties[property]?.type?
                    .withoutOptionality.replacingOccurrences(of: "*", with: "")
                    .trimmingCharacters(in: .whitespaces), index.type(named: type) != nil {
                    return [type]
                }
            }
        }
        return []
    }
}
