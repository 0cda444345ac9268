/// What one call of a responder's `keyCommands` getter costs, as the importer reads it from the
/// app's source: the scene field `keyCommandsGetter` of a node.
///
/// ```json
/// "keyCommandsGetter": { "builds": 12, "computed": true, "costly": ["first-responder-lookup", "localization"] }
/// ```
///
/// UIKit asks every responder of the chain for its `keyCommands` on every key press (R23), so a
/// computed getter that builds its array each time allocates that many `UIKeyCommand` objects
/// per press; a getter returning stored commands builds none.
public struct KeyCommandsGetter: Hashable, Sendable {
    /// `UIKeyCommand` objects one call builds (as the source reads; 0 for stored commands).
    public var builds: Int
    /// Whether the getter computes its array on every call (`false`: it returns stored commands).
    public var computed: Bool
    /// Costly work the getter does besides building, e.g. `first-responder-lookup`, `localization`.
    public var costly: [String]

    /// The most commands one call may build.
    public static let buildsRange = 0...1_000_000

    /// A getter's cost.
    public init(builds: Int, computed: Bool, costly: [String] = []) {
        self.builds = builds
        self.computed = computed
        self.costly = costly
    }

    /// Commands one call builds that a cache would not rebuild: ``builds`` for a computed getter,
    /// 0 for a stored one.
    public var buildsPerCall: Int { computed ? builds : 0 }

    /// Parses `{"builds": N, "computed": BOOL, "costly": [STRING]}` at `path`.
    init(_ value: JSONValue, file: String, path: String) throws(SceneError) {
        let f = try JSONFields(value, file: file, path: path, allowed: ["builds", "computed", "costly"])
        guard let builds = try f.int("builds", in: Self.buildsRange) else {
            throw SceneError.invalid(file, f.child("builds"), expected: "the UIKeyCommand objects one call builds, an integer from 0 to 1000000 (required)")
        }
        guard let computed = try f.bool("computed") else {
            throw SceneError.invalid(file, f.child("computed"), expected: "true when the getter builds its array on every call, false when it returns stored commands (required)")
        }
        self.init(builds: builds, computed: computed, costly: try f.strings("costly"))
    }
}
