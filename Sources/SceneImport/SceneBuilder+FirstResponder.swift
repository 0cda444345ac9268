import Scenes

/// A view a type holds in a property and makes first responder, which the scene has no node for
/// otherwise (UIKit's `UITextField`, or an app view with no commands): the scene gives it one
/// under the type, named after its class and titled after the property.
struct HeldResponder: Equatable {
    var property: String
    var viewClass: String
}

extension SceneBuilder {
    /// Why a scene has no first responder, for the report.
    static let noFirstResponderReason = "none: no responder the key window holds calls becomeFirstResponder() when its screen appears "
        + "(a lifecycle method such as viewDidAppear, or an app method one calls); key presses then reach no responder below the window, "
        + "so the app's controllers' commands do not fire (R10). Name one with the overlay's \"firstResponder\" if the app makes one elsewhere"

    /// The views each type focuses that need a node of their own.
    func heldResponders(_ requests: [String: [FirstResponderReader.Request]], relevant: Set<String>) -> [String: [HeldResponder]] {
        var result: [String: [HeldResponder]] = [:]
        for (owner, list) in requests {
            for request in list {
                guard let property = request.property, let viewClass = request.viewClass, !relevant.contains(viewClass) else { continue }
                let held = HeldResponder(property: property, viewClass: viewClass)
                if !(result[owner] ?? []).contains(held) { result[owner, default: []].append(held) }
            }
        }
        return result
    }

    /// The nodes of `type`'s held responders, at `path`.
    func heldViews(of type: String, path: String, state: inout BuildState) -> [JSONValue] {
        var used: [String: Int] = [:]
        return (state.heldResponders[type] ?? []).map { held in
            let base = Self.nodeName(held.viewClass)
            used[base, default: 0] += 1
            let name = used[base] == 1 ? base : base + "-\(used[base] ?? 0)"
            state.heldPaths[type + "." + held.property] = path + "/" + name
            let kind: String
            switch model.index.type(named: held.viewClass).map({ model.role($0.name) }) ?? AppModel.systemRole(of: held.viewClass) {
            case .textField?: kind = "textField"
            case .textView?: kind = "textView"
            default: kind = held.viewClass == "UISearchBar" ? "textField" : "view"
            }
            return .object([(key: "type", value: .string(kind)), (key: "name", value: .string(name)), (key: "title", value: .string(held.property)),
                            (key: "canBecomeFirstResponder", value: .bool(true))])
        }
    }

    /// The responder the key window's screen makes first responder: of the requests of types in
    /// the key window, one made on its method's unconditional path before one made under a
    /// condition, then the deepest (a child controller's screen appears inside its parent's),
    /// then the one UIKit calls last. `nil` when no type there makes one.
    func firstResponder(requests: [String: [FirstResponderReader.Request]], state: BuildState) -> (path: String, reason: String)? {
        var best: (unconditional: Int, depth: Int, order: Int, path: String, reason: String)?
        for owner in requests.keys.sorted() {
            guard let ownerPath = state.paths[owner], ownerPath.hasPrefix("window/") else { continue }
            for request in requests[owner] ?? [] {
                let path: String?
                if let property = request.property {
                    path = state.heldPaths[owner + "." + property] ?? request.viewClass.flatMap { state.paths[$0] }
                } else {
                    path = ownerPath
                }
                guard let path, path.hasPrefix("window/") else { continue }
                let depth = path.split(separator: "/").count
                let order = FirstResponderReader.lifecycleMethods.firstIndex(of: request.method) ?? 0
                let target = request.property.map { "\(owner).\($0)" } ?? owner
                let condition = request.conditional ? ", under a condition" : ""
                let reason = "\(target).becomeFirstResponder() in \(owner).\(request.method) (\(request.location.file):\(request.location.line)\(condition))"
                let unconditional = request.conditional ? 0 : 1
                if let current = best, (current.unconditional, current.depth, current.order) >= (unconditional, depth, order) { continue }
                best = (unconditional, depth, order, path, reason)
            }
        }
        return best.map { ($0.path, $0.reason) }
    }
}

extension AppModel {
    /// Whether `type` (or a superclass) overrides `canBecomeFirstResponder` with anything but
    /// `false`.
    func allowsFirstResponder(_ type: String) -> Bool {
        for info in [index.type(named: type)].compactMap({ $0 }) + index.ancestors(of: type) {
            guard let property = info.properties["canBecomeFirstResponder"], property.isOverride else { continue }
            let text = (property.getter.map { $0.sourceText } ?? property.initializer?.sourceText ?? "").filter { !$0.isWhitespace }
            return text != "false" && text != "returnfalse"
        }
        return false
    }
}
