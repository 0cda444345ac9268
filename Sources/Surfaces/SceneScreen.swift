import KeyTraceCore
import ResponderEngine
import Scenes

/// One screen of a scene: the scene as loaded (``SceneState/initialName``) or one of its named
/// states, entered on a runtime of its own, with a dispatcher ready to be asked (R14, R22).
///
/// The screens are what the platform findings (``PlatformFindings``) look across and what the
/// reports draw the menu bar and the overlay of (``SceneSurfaces``).
public struct SceneScreen {
    /// `initial`, or the state's name.
    public var name: String
    /// The runtime, in that state.
    public let runtime: SceneRuntime
    /// Its dispatcher.
    public let dispatcher: KeyDispatcher

    /// `initial` and every state of `runtime`'s scene, in file order, each built anew from the
    /// definition on `runtime`'s platform and version (on `platform` at that version when one is
    /// given); a state that cannot be entered (`scene check` reports it) is left out. At most
    /// `limit` screens, `initial` first.
    public static func all(of runtime: SceneRuntime, on platform: Platform? = nil, limit: Int = .max) throws(SceneError) -> [SceneScreen] {
        let version = runtime.application.platformVersion
        let drawn = platform.map { PlatformVersion($0, version.version) } ?? version
        let names = [SceneState.initialName] + runtime.definition.states.map(\.name)
        var screens: [SceneScreen] = []
        for (index, name) in names.prefix(max(limit, 0)).enumerated() {
            let fresh = try SceneRuntime(definition: runtime.definition, file: runtime.file)
            fresh.application.platformVersion = drawn
            if index > 0 {
                do throws(SceneError) { try fresh.enter(runtime.definition.states[index - 1]) } catch { continue }
            }
            screens.append(SceneScreen(name: name, runtime: fresh, dispatcher: try fresh.makeDispatcher(policy: .uikit, clock: nil)))
        }
        return screens
    }

    /// How many screens the scene has: `initial` and its states.
    public static func count(of runtime: SceneRuntime) -> Int { 1 + runtime.definition.states.count }
}
