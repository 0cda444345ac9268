import Foundation
import SceneImportResources

/// Property lists and JSON files bundled with the app, for commands built from data the code
/// loads by name: `Bundle.main.url(forResource: "Shortcuts", withExtension: "plist")` read
/// with `NSArray(contentsOf:)`, `PropertyListSerialization`, `JSONSerialization` or a
/// `Decodable` type, and turned into commands with `NSSelectorFromString`.
///
/// A resource is found by its file name anywhere under the imported folders (Xcode copies
/// bundle resources flat), the first in path order when several share a name. Its contents
/// become ``Value``s: arrays, dictionaries (``Value/object(type:fields:)`` with the keys as
/// fields), strings, integers and Booleans; other values (dates, data, reals) are unknown.
/// Files over ``maximumBytes`` and structures deeper than ``maximumDepth`` are not read.
struct ResourceFiles: Sendable {
    /// Resource files by file name (`Shortcuts.plist`), the first in path order.
    private var byName: [String: SourceFiles.File] = [:]

    static let maximumBytes = 4 << 20
    static let maximumDepth = 16

    init() {}

    init(files: [SourceFiles.File]) {
        for file in files {
            let name = String(file.path.lastPathComponent)
            if byName[name] == nil { byName[name] = file }
        }
    }

    /// The file `Bundle.url(forResource:withExtension:)` or `path(forResource:ofType:)` would
    /// find: `name` with `type` appended (or `name` alone when it already has its extension).
    func file(named name: String, type: String?) -> SourceFiles.File? {
        let trimmedType = type.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
        if let trimmedType, !trimmedType.isEmpty { return byName["\(name).\(trimmedType)"] }
        return byName[name]
    }

    /// The contents of `file` as a value, or `nil` when it cannot be read or parsed.
    static func contents(of file: SourceFiles.File, decodingAs type: String?) -> Value? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let size = attributes[.size] as? Int, size <= maximumBytes,
              let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let object: Any
        if let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            object = parsed
        } else if let parsed = try? PropertyListSerialization.propertyList(from: data, format: nil) {
            object = parsed
        } else {
            return nil
        }
        return value(of: object, elementType: type, depth: 0)
    }

    /// `object` as a value; dictionaries become objects of `elementType` when one is given
    /// (a `Decodable` type's stored properties have the keys' names).
    private static func value(of object: Any, elementType: String?, depth: Int) -> Value {
        guard depth < maximumDepth else { return .unknown("resource nested too deeply") }
        switch object {
        case let string as String:
            return .string(string)
        case let flag as Bool where type(of: object) == Bool.self:
            return .bool(flag)
        case let number as NSNumber:
            // The Objective-C type code tells Booleans (`c`) and reals (`f`, `d`) from integers.
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "f", "d": return .unknown(number.stringValue)
            default: return Int(exactly: number.int64Value).map(Value.int) ?? .unknown(number.stringValue)
            }
        case let array as [Any]:
            return .array(array.map { .init(value: value(of: $0, elementType: elementType, depth: depth + 1), condition: .always) })
        case let dictionary as [String: Any]:
            var fields: [String: Value] = [:]
            for (key, member) in dictionary { fields[key] = value(of: member, elementType: nil, depth: depth + 1) }
            return .object(type: elementType ?? Value.dictionaryType, fields: fields)
        default:
            return .unknown(String(describing: type(of: object)))
        }
    }
}
