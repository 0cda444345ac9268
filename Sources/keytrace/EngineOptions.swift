import ArgumentParser
import ResponderEngine
import Scenes

/// Engine settings that commands running a scene share: `--first-responder-fallback`.
struct EngineOptions: ParsableArguments {
    @Option(name: .customLong("first-responder-fallback"),
            help: ArgumentHelp(
                "What stands in for a missing first responder: none (as on the device: key commands come from the key window, application, app delegate and main menu only) or deepest-controller (the key window's deepest view controller, a KeyTrace option). Default: none; replay and bench default to what the trace was recorded with.",
                valueName: "none|deepest-controller"))
    var firstResponderFallback: FirstResponderFallback?

    /// Sets the options given on `runtime`'s application; those not given keep the scene's.
    func apply(to runtime: SceneRuntime) {
        if let firstResponderFallback { runtime.application.firstResponderFallback = firstResponderFallback }
    }
}

extension FirstResponderFallback: ExpressibleByArgument {}
