/// A named screen of the app (an entry of a scene's `states`): the effects that lead there from
/// the scene as loaded, and the first responder there.
///
/// ```json
/// {"name": "editor", "description": "A note open for editing",
///  "steps": [{"push": "editor", "from": "window/split/notes"}],
///  "firstResponder": "window/split/notes/editor/text"}
/// ```
///
/// ``SceneRuntime/enter(_:)`` runs the steps on a runtime just built; the scene as loaded is the
/// state named ``initialName``.
public struct SceneState: Hashable, Sendable {
    /// The name of the scene as loaded, which no entry of `states` may take.
    public static let initialName = "initial"

    /// The state's name: non-empty, without `/`, unique, not ``initialName``.
    public var name: String
    /// What the state shows, for people (`description`; empty when the scene gives none).
    public var summary: String
    /// The effects that lead to the state, in order.
    public var steps: [Step]
    /// The path of the first responder after the steps; `nil` leaves it to the steps and the
    /// scene's `firstResponder` (``SceneRuntime/enter(_:)``).
    public var firstResponder: String?
    /// Where the state is in the file (`states[2]`), for messages.
    public var jsonPath: String

    /// One step: an effect, applied as if performed by the responder at ``from``.
    public struct Step: Hashable, Sendable {
        /// The effect: `present`, `dismiss`, `push`, `pop`, `selectTab`, `focus`, `set`,
        /// `increment` or `toggle`.
        public var effect: SceneEffect
        /// The path of the responder that performs it (`from`): `push`, `pop` and `selectTab`
        /// act on the nearest navigation or tab bar controller of its responder chain. `nil`
        /// is the key window's root controller.
        public var from: String?

        /// `effect`, performed by the responder at `from` (default the key window's root controller).
        package init(effect: SceneEffect, from: String? = nil) {
            self.effect = effect
            self.from = from
        }
    }
}
