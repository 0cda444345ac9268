import Analysis
import FoundationEssentials
import KeyTraceCore
import KeyTraceSupport

extension BenchResult {
    /// The JSON of this result: pretty-printed, keys sorted, dates in ISO 8601, so the same
    /// result always gives the same bytes.
    package func jsonData() throws -> Data {
        try JSONDocument.data(self)
    }

    /// Writes ``jsonData()`` to `output`: atomically to a regular file, in place to a device or
    /// FIFO (see ``OutputFile``).
    package func write(to output: OutputFile) throws {
        try output.replace(with: Array(jsonData()))
    }

    /// Writes ``jsonData()`` to the file at `url` (see ``write(to:)-(OutputFile)``).
    package func write(to url: URL) throws {
        try write(to: OutputFile(url.path))
    }

    /// Decodes a result from `data`; `source` names the input in errors.
    ///
    /// Checks the schema first, then the structure, then that there is at least one run and
    /// every run has at least one measured value.
    package init(jsonData data: Data, source: String) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let probe: SchemaProbe
        do {
            probe = try decoder.decode(SchemaProbe.self, from: data)
        } catch {
            throw BenchFileError(path: source, problem: .notJSON(DecodingErrorText.describe(error)))
        }
        guard let schema = probe.schema else {
            throw BenchFileError(path: source, problem: .schema(found: nil))
        }
        guard schema == Self.currentSchema else {
            throw BenchFileError(path: source, problem: .schema(found: schema))
        }
        do {
            self = try decoder.decode(BenchResult.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            // The probe above parsed the JSON, so the document is valid JSON: what the decoder
            // calls "not valid JSON" here is a number that its field cannot hold (1e308 as a count).
            throw BenchFileError(path: source, problem: .malformed(
                "a number does not fit its field (a count or nanosecond value must be a whole number from 0 to 2^64 − 1)"))
        } catch {
            throw BenchFileError(path: source, problem: .malformed(DecodingErrorText.describe(error)))
        }
        guard !runs.isEmpty else {
            throw BenchFileError(path: source, problem: .noRuns)
        }
        for run in runs where run.latency.count == 0 {
            throw BenchFileError(path: source, problem: .malformed("run \(run.index) has no latency values"))
        }
    }

    /// Reads and decodes the result file at `path`. Never writes to it.
    package init(contentsOf path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw BenchFileError(path: path, problem: exists ? .unreadable : .missing)
        }
        try self.init(jsonData: data, source: path)
    }

    private struct SchemaProbe: Decodable {
        var schema: String?
    }
}

/// Why a bench result file cannot be used. `description` names the file and the problem.
package struct BenchFileError: Error, Equatable, CustomStringConvertible {
    enum Problem: Equatable {
        case missing
        case unreadable
        case notJSON(String)
        case schema(found: String?)
        case malformed(String)
        case noRuns
    }

    /// The file (or input name).
    package let path: String
    let problem: Problem

    /// The kind of failure. New kinds may be added.
    package typealias Code = ErrorCode<BenchFileError>

    /// The kind of failure.
    package var code: Code {
        switch problem {
        case .missing: return .missing
        case .unreadable: return .unreadable
        case .notJSON: return .notJSON
        case .schema: return .schema
        case .malformed: return .malformed
        case .noRuns: return .noRuns
        }
    }

    package var description: String {
        switch problem {
        case .missing:
            return "\(path): no such file"
        case .unreadable:
            return "\(path): cannot be read"
        case .notJSON(let detail):
            return "\(path): not valid JSON (\(detail))"
        case .schema(found: nil):
            return "\(path): no \"schema\" field; expected \"\(BenchResult.currentSchema)\""
        case .schema(found: let schema?):
            return "\(path): schema is \"\(schema)\", expected \"\(BenchResult.currentSchema)\""
        case .malformed(let detail):
            return "\(path): not a valid bench result (\(detail))"
        case .noRuns:
            return "\(path): has no runs"
        }
    }
}

/// The kinds of ``BenchFileError``.
extension ErrorCode where Domain == BenchFileError {
    /// The file does not exist.
    package static let missing = Self("missing")
    /// The file cannot be read.
    package static let unreadable = Self("unreadable")
    /// The file is not valid JSON.
    package static let notJSON = Self("not-json")
    /// The file is of another schema, or has none.
    package static let schema = Self("schema")
    /// The JSON is not a valid bench result.
    package static let malformed = Self("malformed")
    /// The bench result has no runs.
    package static let noRuns = Self("no-runs")
}
