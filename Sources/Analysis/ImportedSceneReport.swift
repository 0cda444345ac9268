import FoundationEssentials
import KeyTraceCore
import KeyTraceSupport

/// The report of `keytrace scene import --report FILE --json` (schema
/// `keytrace-import-report/1`), read back so an analysis of a trace recorded or replayed
/// through an imported scene can show where that scene came from: the app's commands with
/// their place in the source, what the import left out and why, and its findings.
///
/// The analysis reads the report's JSON rather than importing anything itself, so it does not
/// depend on the importer (or on swift-syntax). Fields are documented in docs/SceneImport.md.
public struct ImportedSceneReport: Sendable, Codable, Hashable {
    /// The schema identifier this type reads.
    public static let schemaName = ImportReportSchema.name

    /// Always ``schemaName``.
    public var schema: String
    /// The generated scene's name.
    public var scene: String
    /// Swift files and lines the import read.
    public var files: Int
    public var lines: Int
    /// Key commands found.
    public var commands: Int
    /// Commands by mechanism (`keyCommands`, `addKeyCommand`, `menu`, `swiftui`).
    public var byMechanism: [String: Int]
    /// Commands returned only under a run-time condition.
    public var conditional: Int
    /// State flag → the condition it stands for.
    public var stateFlags: [String: String]
    public var findings: [Finding]
    /// Commands the scene leaves out, and why.
    public var unresolved: [Unresolved]
    /// Types the source does not place in a container.
    public var unplaced: [String]
    /// Containment the source shows.
    public var containment: [String]
    /// Every command found, with its place in the source.
    public var inventory: [Command]
    /// Why the generated scene did not load, when it did not.
    public var sceneError: String?

    /// A finding about the app's shortcuts (`duplicate-shortcut`, `shadowed`, …).
    public struct Finding: Sendable, Codable, Hashable {
        public var kind: String
        public var message: String
        public var file: String
        public var line: Int

        typealias CodingKeys = ImportReportSchema.FindingKey
    }

    /// A command the scene cannot hold.
    public struct Unresolved: Sendable, Codable, Hashable {
        public var file: String
        public var line: Int
        public var declaredIn: String
        public var reason: String

        typealias CodingKeys = ImportReportSchema.UnresolvedKey
    }

    /// One command of the inventory, with the fields the analysis shows.
    public struct Command: Sendable, Codable, Hashable {
        public var declaredIn: String
        public var mechanism: String
        /// The shortcut in KeyTrace's text notation (`shift+cmd+f`; `?` for an input the source
        /// does not fix).
        public var shortcut: String
        public var action: String?
        public var title: String?
        public var condition: String?
        public var file: String
        public var line: Int

        enum CodingKeys: String, CodingKey {
            case mechanism, shortcut, action, title, condition, file, line
            case declaredIn = "declared_in"
        }
    }

    /// Reads the keys of the document this type keeps (``ImportReportSchema/Key``); the others
    /// (timings of the evaluation, getter costs, responder paths) are not needed to describe
    /// the scene and are skipped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ImportReportSchema.Key.self)
        schema = try container.decode(String.self, forKey: .schema)
        scene = try container.decode(String.self, forKey: .scene)
        files = try container.decode(Int.self, forKey: .files)
        lines = try container.decode(Int.self, forKey: .lines)
        commands = try container.decode(Int.self, forKey: .commands)
        byMechanism = try container.decode([String: Int].self, forKey: .byMechanism)
        conditional = try container.decode(Int.self, forKey: .conditional)
        stateFlags = try container.decode([String: String].self, forKey: .stateFlags)
        findings = try container.decode([Finding].self, forKey: .findings)
        unresolved = try container.decode([Unresolved].self, forKey: .unresolved)
        // Each entry names its type; an entry may also be a bare type name.
        unplaced = try container.decode([UnplacedEntry].self, forKey: .unplaced).map(\.type)
        containment = try container.decode([String].self, forKey: .containment)
        inventory = try container.decode([Command].self, forKey: .inventory)
        sceneError = try container.decodeIfPresent(String.self, forKey: .sceneError)
    }

    /// Writes the keys this type keeps, as the document names them (inside an analysis's JSON).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ImportReportSchema.Key.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(scene, forKey: .scene)
        try container.encode(files, forKey: .files)
        try container.encode(lines, forKey: .lines)
        try container.encode(commands, forKey: .commands)
        try container.encode(byMechanism, forKey: .byMechanism)
        try container.encode(conditional, forKey: .conditional)
        try container.encode(stateFlags, forKey: .stateFlags)
        try container.encode(findings, forKey: .findings)
        try container.encode(unresolved, forKey: .unresolved)
        try container.encode(unplaced.map { UnplacedEntry(type: $0) }, forKey: .unplaced)
        try container.encode(containment, forKey: .containment)
        try container.encode(inventory, forKey: .inventory)
        try container.encodeIfPresent(sceneError, forKey: .sceneError)
    }

    /// Decodes a report from `data`; `source` names the input in errors.
    public init(jsonData data: Data, source: String) throws(ImportReportFileError) {
        struct SchemaProbe: Decodable { var schema: String? }
        let decoder = JSONDecoder()
        let probe: SchemaProbe
        do {
            probe = try decoder.decode(SchemaProbe.self, from: data)
        } catch {
            throw ImportReportFileError(path: source, problem: .notJSON(DecodingErrorText.describe(error)))
        }
        guard probe.schema == Self.schemaName else {
            throw ImportReportFileError(path: source, problem: .schema(found: probe.schema))
        }
        do {
            self = try decoder.decode(ImportedSceneReport.self, from: data)
        } catch {
            throw ImportReportFileError(path: source, problem: .malformed(DecodingErrorText.describe(error)))
        }
    }

    /// Reads and decodes the report at `path`.
    public init(contentsOf path: String) throws(ImportReportFileError) {
        switch FileKind(path: path) {
        case .absent: throw ImportReportFileError(path: path, problem: .missing)
        case .directory: throw ImportReportFileError(path: path, problem: .directory)
        default: break
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportReportFileError(path: path, problem: .unreadable)
        }
        try self.init(jsonData: data, source: path)
    }
}

/// Why an import report cannot be read. `description` names the file, the problem and how to
/// get a readable report.
public struct ImportReportFileError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Problem: Hashable, Sendable {
        case missing
        case directory
        case unreadable
        case notJSON(String)
        case schema(found: String?)
        case malformed(String)
    }

    /// The file (or input name).
    public let path: String
    let problem: Problem

    /// The kind of failure. New kinds may be added.
    public typealias Code = ErrorCode<ImportReportFileError>

    /// The kind of failure.
    public var code: Code {
        switch problem {
        case .missing: return .missing
        case .directory: return .directory
        case .unreadable: return .unreadable
        case .notJSON: return .notJSON
        case .schema: return .schema
        case .malformed: return .malformed
        }
    }

    /// What is wrong with the file. The advice naming `keytrace`'s commands is the CLI's to add.
    public var description: String {
        switch problem {
        case .missing: return "\(path): no such file"
        case .directory: return "\(path): is a directory, not an import report"
        case .unreadable: return "\(path): cannot be read (permission denied or not a regular file)"
        case .notJSON(let detail): return "\(path): not valid JSON (\(detail))"
        case .schema(found: nil): return "\(path): no \"schema\" field, so not an import report"
        case .schema(found: let schema?):
            return "\(path): schema is \"\(schema)\", expected \"\(ImportedSceneReport.schemaName)\""
        case .malformed(let detail): return "\(path): not a valid import report (\(detail))"
        }
    }
}

/// The kinds of ``ImportReportFileError``.
extension ErrorCode where Domain == ImportReportFileError {
    /// The file does not exist.
    public static let missing = Self("missing")
    /// The path is a directory.
    public static let directory = Self("directory")
    /// The file cannot be read.
    public static let unreadable = Self("unreadable")
    /// The file is not valid JSON.
    public static let notJSON = Self("not-json")
    /// The file is of another schema, or has none.
    public static let schema = Self("schema")
    /// The JSON is not a valid import report.
    public static let malformed = Self("malformed")
}

/// An entry of the report's `unplaced`: the type (the rest of the entry is for people).
private struct UnplacedEntry: Codable {
    var type: String

    init(type: String) { self.type = type }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            type = name
            return
        }
        let container = try decoder.container(keyedBy: ImportReportSchema.UnplacedKey.self)
        type = try container.decode(String.self, forKey: .type)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ImportReportSchema.UnplacedKey.self)
        try container.encode(type, forKey: .type)
    }
}
