import ArgumentParser
import Scenes

/// `--state NAME`: the scene state entered after the scene is built, before anything resolves.
struct StateOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Enter this state of the scene first: a screen its \"states\" name (keytrace scene states SCENE lists them). Default: initial, the scene as loaded.",
        valueName: "name"))
    var state: String?

    /// Enters the state given, if any, on `runtime` (just built).
    func enter(in runtime: SceneRuntime) throws {
        guard let state, let found = try runtime.state(named: state) else { return }
        try runtime.enter(found)
    }
}
