/// A platform at one OS version: what a scene runs on, a trace was recorded on, and a bench result
/// was measured on, written `ipad`, `ipad@18`, `catalyst@26.1`.
///
/// The version decides the rules that changed between releases (each rule's "Platforms"
/// paragraph in docs/Rules.md says how: the inputs a command can name, R2; mirroring, R4; whether
/// an unperformable command blocks equal ones, R12; text input before key commands, R16). For Mac
/// Catalyst it is the Mac Catalyst version, which UIKit's availability numbers like iOS's.
public struct PlatformVersion: Hashable, Sendable, CustomStringConvertible {
    /// The platform.
    public var platform: Platform
    /// The OS version.
    public var version: OSVersion

    /// `platform` at `version`.
    public init(_ platform: Platform, _ version: OSVersion = .current) {
        self.platform = platform
        self.version = version
    }

    /// What a scene runs on unless it or the command line says otherwise: the current iPadOS.
    public static let `default` = PlatformVersion(.default, .current)

    /// Reads `ipad`, `catalyst`, `ipad@18`, `catalyst@26.1`; `nil` for anything else. A platform
    /// without a version is at ``OSVersion/current``.
    public init?(notation: String) {
        let parts = notation.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = parts.first, let platform = Platform(rawValue: String(name)) else { return nil }
        if parts.count == 2 {
            guard let version = OSVersion(String(parts[1])) else { return nil }
            self.init(platform, version)
        } else {
            self.init(platform)
        }
    }

    /// `ipad@27.0`.
    public var description: String { "\(platform.rawValue)@\(version)" }

    /// `iPadOS 27.0`, `Mac Catalyst 26.1`.
    public var displayName: String {
        switch platform {
        case .ipad: return "iPadOS \(version)"
        case .catalyst: return "Mac Catalyst \(version)"
        }
    }
}

/// An OS version, major and minor: `27.0`, `15.4`.
public struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The major version.
    public var major: Int
    /// The minor version.
    public var minor: Int

    /// `major.minor`.
    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// The current release of iPadOS and Mac Catalyst, released in September 2026.
    public static let current = OSVersion(27, 0)
    /// The oldest version the engine models: hardware-keyboard key commands came with iOS 7.
    public static let oldest = OSVersion(7, 0)

    /// Reads `18`, `18.2`; `nil` for anything else, or a version before ``oldest`` or after
    /// ``current``.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let major = Int(parts[0]), major >= 0 else { return nil }
        var minor = 0
        if parts.count == 2 {
            guard let value = Int(parts[1]), value >= 0 else { return nil }
            minor = value
        }
        self.init(major, minor)
        guard self >= .oldest && self <= .current else { return nil }
    }

    public var description: String { "\(major).\(minor)" }

    public static func < (a: OSVersion, b: OSVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
}
