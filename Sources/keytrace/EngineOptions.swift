import ArgumentParser
import KeyTraceCore
import ResponderEngine
import Scenes

/// Engine settings that commands running a scene share: `--platform`, `--first-responder-fallback`.
struct EngineOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The platform and OS version the app runs on, over the scene's (and a trace's): ipad or catalyst, optionally @VERSION, e.g. ipad@18 or catalyst@26.1. Decides which shortcuts the system takes (R24) and which version's rules apply (R2, R4, R12, R16). Default: the scene's, else ipad at the current iPadOS.",
        valueName: "platform[@version]"))
    var platform: PlatformVersion?

    @Option(name: .customLong("first-responder-fallback"),
            help: ArgumentHelp(
                "What stands in for a missing first responder: none (as on the device: key commands come from the key window, application, app delegate and main menu only) or deepest-controller (the key window's deepest view controller, a KeyTrace option). Default: none; replay and bench default to what the trace was recorded with.",
                valueName: "none|deepest-controller"))
    var firstResponderFallback: FirstResponderFallback?

    /// Sets the options given on `runtime`'s application; those not given keep the scene's.
    func apply(to runtime: SceneRuntime) {
        if let platform { runtime.application.platformVersion = platform }
        if let firstResponderFallback { runtime.application.firstResponderFallback = firstResponderFallback }
    }
}

extension FirstResponderFallback: ExpressibleByArgument {}

extension PlatformVersion: ExpressibleByArgument {
    public init?(argument: String) { self.init(notation: argument) }
}
