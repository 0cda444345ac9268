import SwiftSyntax

extension AppModel {
    /// A controller class's static method that makes an instance of the class and presents,
    /// pushes or shows it (`static func present(on host: UIViewController) { host.present(Card(), …) }`):
    /// the class shows itself for whoever calls the method.
    struct SelfShowingHelper: Hashable {
        /// The class, which the method makes and shows.
        var type: String
        /// The static method's name.
        var function: String
        /// Whether the method pushes or shows the instance, rather than presenting it.
        var pushed: Bool
    }

    /// The self-showing helpers of the app's controller classes, read from their static
    /// methods' bodies.
    func selfShowingHelpers() -> [SelfShowingHelper] {
        var helpers: Set<SelfShowingHelper> = []
        // A type's static methods are mostly in one file: its mentions are looked up once per file.
        var mentionsByFile: [String: [Int]?] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], info.kind == .class || info.kind == .extensionOnly,
                  index.inherits(info.name, from: "UIViewController") else { continue }
            for function in info.functions where function.isStatic && function.kind == .function {
                guard let body = function.body else { continue }
                let file = index.sourceOfRoot[Syntax(body).root.id]?.file ?? ""
                let found = mentionsByFile[file] ?? index.offsets(of: ContainmentModel.words, inFile: file)
                mentionsByFile[file] = found
                guard let mentions = found, !mentions.isEmpty else { continue }
                let finder = ContainmentFinder(mentions: mentions)
                finder.walk(body)
                for found in finder.found where found.kind == .presented || finder.shownLater.contains(found.expression.id) {
                    guard index.typeNames(of: found.expression, in: info, root: Syntax(body)).contains(info.name) else { continue }
                    helpers.insert(SelfShowingHelper(type: info.name, function: function.name, pushed: found.kind != .presented))
                }
            }
        }
        return helpers.sorted { ($0.type, $0.function) < ($1.type, $1.function) }
    }

    /// The containment of controllers that show themselves through a static helper: each type
    /// that calls `Card.present(on: self)` presents a `Card` (or pushes it, when the helper
    /// pushes), at the call. UIKit's presenter is the controller the caller hands over, which is
    /// on screen where the call runs: the caller's screen.
    func selfShownEdges() -> [Edge] {
        var result: [Edge] = []
        for helper in selfShowingHelpers() {
            for (call, enclosing) in index.staticCalls(of: helper.function, on: helper.type) {
                guard let parent = enclosing, parent != helper.type,
                      !result.contains(where: { $0.parent == parent && $0.child == helper.type }) else { continue }
                result.append(Edge(parent: parent, child: helper.type, kind: helper.pushed ? .child : .presented,
                                   location: index.location(call), pushed: helper.pushed))
            }
        }
        return result
    }
}
