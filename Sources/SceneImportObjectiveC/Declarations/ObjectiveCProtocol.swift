/// A `@protocol P <Q, R>` declaration (forward declarations `@protocol P;` are not listed).
package struct ObjectiveCProtocol: Hashable {
    var name: String
    /// The protocols it refines.
    var refinedProtocols: [String]
    var properties: [ObjectiveCProperty]
    var methods: [ObjectiveCMethod]
    var line: Int
}
