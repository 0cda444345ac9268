import Foundation
import KeyTraceCore
import Scenes

/// What a developer tells the importer that no source shows: the key window, the containment,
/// the kind of responder a type is, the first responder and the state flags' initial values.
///
/// It is a JSON file kept beside the app (`keytrace scene import App/ --overlay
/// app.overlay.json`), documented in docs/SceneImport.md:
///
/// ```json
/// {
///   "format": "keytrace-import-overlay", "version": 1,
///   "keyWindow": "MainSplitViewController",
///   "responders": { "PlayerDisplayController": "controller" },
///   "containment": [ { "parent": "MainSplitViewController", "child": "PlayerDisplayController", "kind": "child" } ],
///   "place": { "SettingsViewController": { "presentedBy": "MainSplitViewController" } },
///   "firstResponder": "EditorViewController",
///   "state": { "hasSelection": 0 }
/// }
/// ```
///
/// Errors name the file, the line and column, and the JSON path at fault; type names are
/// checked against the imported source when the import runs (``validate(types:file:)``).
public struct ImportOverlay: Sendable, Equatable {
    /// The root controller of the key window.
    public var keyWindow: String?
    /// Responder kinds for types the source cannot classify (declared in Objective-C, say).
    public var responders: [(type: String, kind: ResponderKind)]
    /// Containment edges added to what the source shows (`containment`, and `place`'s lines).
    public var containment: [(parent: String, child: String, kind: EdgeKind)]
    /// The type whose responder is the scene's first responder.
    public var firstResponder: String?
    /// Initial values of state flags, by flag name (the report's `stateFlags` lists them).
    public var state: [(name: String, value: Int)]

    /// The file the overlay was read from, for errors found later.
    public var file: String

    /// A kind of responder a type can be declared as.
    public enum ResponderKind: String, Sendable, CaseIterable {
        case controller, view, textField, textView, responder
    }

    /// How a child sits in its parent.
    public enum EdgeKind: String, Sendable, CaseIterable {
        case child, navigationRoot, tab, presented, hosted
    }

    static let keys = ["format", "version", "keyWindow", "responders", "containment", "place", "firstResponder", "state"]

    /// The relations `place` states, one per placed type, and the edge each stands for.
    static let placements: [(key: String, kind: EdgeKind)] = [
        ("presentedBy", .presented), ("childOf", .child), ("pushedBy", .child), ("tabOf", .tab), ("rootOf", .navigationRoot), ("hostedBy", .hosted),
    ]

    /// An empty overlay.
    public init() {
        keyWindow = nil
        responders = []
        containment = []
        firstResponder = nil
        state = []
        file = ""
    }

    /// Reads an overlay file.
    public init(contentsOf path: String) throws(SceneImportError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path, reason: "no such file, or not readable")
        }
        try self.init(json: String(decoding: data, as: UTF8.self), file: path)
    }

    /// Parses overlay JSON; `file` names it in errors.
    public init(json text: String, file: String) throws(SceneImportError) {
        do throws(SceneError) {
            self = try JSONParser.decode(text, file: file) { root throws(SceneError) in try ImportOverlay(root, file: file) }
        } catch {
            throw .overlay(error.description)
        }
    }

    private init(_ root: JSONValue, file: String) throws(SceneError) {
        self.file = file
        let top = try JSONFields(root, file: file, path: "", allowed: Self.keys)
        guard try top.string("format") == "keytrace-import-overlay" else {
            throw SceneError.invalid(file, "format", expected: "\"keytrace-import-overlay\" (is this an import overlay?)")
        }
        guard try top.int("version") == 1 else {
            throw SceneError.invalid(file, "version", expected: "1 (this build reads overlay version 1)")
        }
        keyWindow = try top.string("keyWindow")
        firstResponder = try top.string("firstResponder")
        responders = []
        for (type, value) in try top.object("responders") {
            guard case .string(let text) = value, let kind = ResponderKind(rawValue: text) else {
                throw SceneError.invalid(file, "responders.\(type)", expected: "one of \(ResponderKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            responders.append((type, kind))
        }
        containment = []
        for (offset, item) in try top.array("containment").enumerated() {
            let path = "containment[\(offset)]"
            let edge = try JSONFields(item, file: file, path: path, allowed: ["parent", "child", "kind"])
            let parent = try edge.requiredString("parent")
            let child = try edge.requiredString("child")
            let kindText = try edge.string("kind") ?? "child"
            guard let kind = EdgeKind(rawValue: kindText) else {
                throw SceneError.invalid(file, "\(path).kind", expected: "one of \(EdgeKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            containment.append((parent, child, kind))
        }
        // `"place": {"SettingsViewController": {"presentedBy": "RootSplitViewController"}}`: one
        // line per controller the import could not place.
        for (child, value) in try top.object("place") {
            let path = "place.\(child)"
            let fields = try JSONFields(value, file: file, path: path, allowed: Self.placements.map(\.key))
            var found: [(parent: String, kind: EdgeKind)] = []
            for (key, kind) in Self.placements {
                if let parent = try fields.string(key) { found.append((parent, kind)) }
            }
            guard found.count == 1, let only = found.first else {
                throw SceneError.invalid(file, path, expected: "exactly one of \(Self.placements.map(\.key).joined(separator: ", "))")
            }
            containment.append((only.parent, child, only.kind))
        }
        state = []
        for (name, value) in try top.object("state") {
            state.append((name, try JSONFields.integer(value, in: Int.min...Int.max, file: file, path: "state.\(name)")))
        }
    }

    /// Checks that every type the overlay names is a type of the imported source (or one it
    /// declares itself under `responders`).
    func validate(types: Set<String>) throws(SceneImportError) {
        let declared = types.union(responders.map(\.type))
        func check(_ name: String?, _ path: String) throws(SceneImportError) {
            guard let name, !declared.contains(name) else { return }
            throw .overlay("\(file): \(path): \"\(name)\" is not a type of the imported source; "
                           + "declare it under \"responders\" or check the spelling")
        }
        try check(keyWindow, "keyWindow")
        try check(firstResponder, "firstResponder")
        for (offset, edge) in containment.enumerated() {
            try check(edge.parent, "containment[\(offset)].parent")
            try check(edge.child, "containment[\(offset)].child")
        }
    }

    public static func == (a: ImportOverlay, b: ImportOverlay) -> Bool {
        a.keyWindow == b.keyWindow && a.firstResponder == b.firstResponder && a.file == b.file
            && a.responders.map { "\($0.type)=\($0.kind.rawValue)" } == b.responders.map { "\($0.type)=\($0.kind.rawValue)" }
            && a.containment.map { "\($0.parent)>\($0.child):\($0.kind.rawValue)" } == b.containment.map { "\($0.parent)>\($0.child):\($0.kind.rawValue)" }
            && a.state.map { "\($0.name)=\($0.value)" } == b.state.map { "\($0.name)=\($0.value)" }
    }
}
