import Foundation
import KeyTraceSupport

/// What an `Info.plist` says of the storyboards an app's windows start from:
/// `UIMainStoryboardFile`, and each scene configuration's `UISceneStoryboardFile`.
///
/// Foundation's decoder reads only these keys (it scans the file and converts nothing else;
/// `PropertyListSerialization` would bridge the whole document, document types and all, into
/// Swift values). A value of another type than UIKit reads is ignored, as UIKit ignores it, and
/// a scene role list that holds anything but dictionaries is ignored whole.
package struct InfoPlist {
    /// The storyboards named, in no particular order.
    var entryStoryboards: [String] = []
    /// The scene delegate classes of the application role's scene configurations, in the
    /// plist's order (the first is the configuration UIKit connects at launch), without a module
    /// prefix (`$(PRODUCT_MODULE_NAME).SceneDelegate` is `SceneDelegate`).
    var sceneDelegates: [String] = []

    /// The class name without its module: `App.SceneDelegate` is `SceneDelegate`.
    package static func className(_ written: String) -> String {
        written.split(separator: ".").last.map(String.init) ?? written
    }

    /// The scene role UIKit connects the app's windows in.
    static let applicationRole = "UIWindowSceneSessionRoleApplication"

    /// Whether the file is a target's `Info.plist`: named `Info.plist`, or named otherwise
    /// (`Limelight-Info.plist`) and holding a bundle key (`CFBundleIdentifier`,
    /// `CFBundleExecutable`), which a service's configuration (`GoogleService-Info.plist`) lacks.
    static func describesABundle(_ data: Data, named path: String) -> Bool {
        if path == "Info.plist" || path.hasSuffix("/Info.plist") { return true }
        return ["CFBundleIdentifier", "CFBundleExecutable"].contains { key in data.range(of: Data(key.utf8)) != nil }
    }

    /// The devices a key may name (`UIMainStoryboardFile~ipad`).
    static let devices = ["ipad", "iphone"]

    /// The key a device reads before the plain one: `UIMainStoryboardFile~ipad` on an iPad.
    static func deviceKey(_ key: String, device: String) -> String { key + "~" + device }

    /// The plist's storyboards, or `nil` when `data` holds no property-list dictionary.
    /// `device` (`ipad`, `iphone`) picks the device-specific key UIKit reads on that device
    /// over the plain one.
    init?(data: Data, device: String? = nil) {
        if let decoded = try? PropertyListDecoder().decode(Decoded.self, from: data) {
            let main = device.flatMap { decoded.deviceMainStoryboards[$0] } ?? decoded.mainStoryboard
            // An empty name (`<string></string>`) names no storyboard, as UIKit reads it.
            entryStoryboards = ((main.map { [$0] } ?? []) + decoded.storyboards).filter { !$0.isEmpty }
            sceneDelegates = decoded.sceneDelegates
            return
        }
        // Formats the decoder does not read (an old-style text plist) go through serialization.
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return nil }
        if let main = device.flatMap({ plist[Self.deviceKey("UIMainStoryboardFile", device: $0)] as? String })
            ?? plist["UIMainStoryboardFile"] as? String {
            entryStoryboards.append(main)
        }
        let manifest = plist["UIApplicationSceneManifest"] as? [String: Any]
        let configurations = manifest?["UISceneConfigurations"] as? [String: Any] ?? [:]
        for (roleName, value) in configurations {
            guard let roles = value as? [[String: Any]] else { continue }
            for role in roles {
                if let name = role["UISceneStoryboardFile"] as? String { entryStoryboards.append(name) }
                if roleName == Self.applicationRole, let name = role["UISceneDelegateClassName"] as? String {
                    sceneDelegates.append(Self.className(name))
                }
            }
        }
        entryStoryboards.removeAll { $0.isEmpty }
    }

    /// The keys read, decoded leniently.
    private struct Decoded: Decodable {
        /// `UIMainStoryboardFile`.
        var mainStoryboard: String?
        /// `UIMainStoryboardFile~ipad` and `~iphone`, by device.
        var deviceMainStoryboards: [String: String] = [:]
        /// The scene configurations' storyboards.
        var storyboards: [String] = []
        var sceneDelegates: [String] = []

        private typealias Key = NamedCodingKey

        init(from decoder: any Decoder) throws {
            let top = try decoder.container(keyedBy: Key.self)
            mainStoryboard = try? top.decodeIfPresent(String.self, forKey: Key("UIMainStoryboardFile"))
            for device in InfoPlist.devices {
                let key = Key(InfoPlist.deviceKey("UIMainStoryboardFile", device: device))
                deviceMainStoryboards[device] = try? top.decodeIfPresent(String.self, forKey: key)
            }
            guard let manifest = try? top.nestedContainer(keyedBy: Key.self, forKey: Key("UIApplicationSceneManifest")),
                  let configurations = try? manifest.nestedContainer(keyedBy: Key.self, forKey: Key("UISceneConfigurations")) else { return }
            for role in configurations.allKeys {
                guard var roles = try? configurations.nestedUnkeyedContainer(forKey: role) else { continue }
                var names: [String] = []
                var delegates: [String] = []
                var allDictionaries = true
                while !roles.isAtEnd {
                    guard let entry = try? roles.nestedContainer(keyedBy: Key.self) else {
                        allDictionaries = false
                        break
                    }
                    if let name = try? entry.decodeIfPresent(String.self, forKey: Key("UISceneStoryboardFile")) { names.append(name) }
                    if let name = try? entry.decodeIfPresent(String.self, forKey: Key("UISceneDelegateClassName")) {
                        delegates.append(InfoPlist.className(name))
                    }
                }
                if allDictionaries {
                    storyboards += names
                    if role.stringValue == InfoPlist.applicationRole { sceneDelegates += delegates }
                }
            }
        }
    }
}
