import KeyTraceSupport

/// The build an Objective-C file is read for: which `#if` branches are compiled.
///
/// The default is an iOS (iPadOS) app with `DEBUG` set, not Mac Catalyst, built for devices.
/// `TARGET_OS_…` macros take the values the SDK gives them for ``platform`` (the simulator's
/// `0`); a name in ``flags`` is defined as `1`; a
/// name in ``decidedFlags`` but not in ``flags`` is undefined. Any other name is unknown, and a
/// `#if` whose value depends on an unknown name keeps its `#if` branch.
package struct ObjectiveCConditions: Equatable {
    package enum Platform: Equatable {
        case iOS
        case macCatalyst
    }

    var platform: Platform
    /// Names defined as `1` (`-D` flags).
    var flags: Set<String>
    /// Names whose absence from ``flags`` means "undefined" rather than "unknown".
    var decidedFlags: Set<String>
    /// The oldest iOS version the app runs on: `@available(iOS x, *)` at or below it always holds.
    var deploymentTarget: [Int]

    package init(platform: Platform = .iOS, flags: Set<String> = ["DEBUG"], decidedFlags: Set<String> = ["DEBUG"],
         deploymentTarget: [Int] = [13, 0]) {
        self.platform = platform
        self.flags = flags
        self.decidedFlags = decidedFlags
        self.deploymentTarget = deploymentTarget
    }

    /// Whether `@available(…)` / `__builtin_available(…)` with these arguments (`iOS 13.4, *`)
    /// always holds for the build, as Swift's `#available` is decided: the version named for
    /// this platform (on Mac Catalyst `macCatalyst` before `iOS`) against the deployment target,
    /// and `*` for a platform the arguments do not name.
    func alwaysAvailable(_ arguments: String) -> Bool {
        let parts = arguments.split(separator: ",").map { $0.split(separator: " ") }
        for name in platform == .macCatalyst ? ["macCatalyst", "iOS"] : ["iOS"] {
            guard let part = parts.first(where: { $0.count == 2 && $0[0] == name }) else { continue }
            let required = part[1].split(separator: ".").compactMap { Int($0) }
            return !required.isEmpty && VersionNumbers.compare(deploymentTarget, required) >= 0
        }
        return parts.contains { $0 == ["*"] }
    }

    /// The value of a macro name for `#if`, or `nil` when the build does not decide it.
    func value(of name: String) -> Int? {
        if flags.contains(name) { return 1 }
        if decidedFlags.contains(name) { return 0 }
        let catalyst = platform == .macCatalyst ? 1 : 0
        switch name {
        case "TARGET_OS_IOS", "TARGET_OS_IPHONE", "TARGET_OS_MAC": return 1
        case "TARGET_OS_MACCATALYST", "TARGET_OS_UIKITFORMAC": return catalyst
        case "TARGET_OS_OSX", "TARGET_OS_TV", "TARGET_OS_WATCH", "TARGET_OS_VISION", "TARGET_OS_BRIDGE": return 0
        // The build is for devices, as the app ships.
        case "TARGET_OS_SIMULATOR", "TARGET_IPHONE_SIMULATOR": return 0
        default: return nil
        }
    }
}
