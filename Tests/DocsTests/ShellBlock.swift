import CLITestSupport
import Foundation

/// A fenced `sh` block of README.md or a page in docs/, as the doc tests read it.
///
/// A block directly after the line `<!-- illustrative -->` is not run: it shows commands that
/// need what a test cannot give (root, a USB keyboard, a long build). Every other block is a
/// transcript: each line starting with `$ ` is a command, and the lines after it, up to the next
/// command, are lines its output must contain, in that order (`…` marks lines left out). A
/// command exits 0 unless it ends with a comment `# exits N`. The commands of one block run in
/// one scratch folder that holds links to the repository's `Traces`, `Tests`, `Scripts` and
/// `docs`, with the built `keytrace` first on the `PATH`. docs/Contributing.md says the same
/// for authors.
struct ShellBlock: Sendable, CustomStringConvertible {
    /// One command of a transcript and what it must print and return.
    struct Step: Sendable {
        var command: String
        var status: Int32
        var expectedLines: [String]
    }

    /// The marker that keeps a block from being run.
    static let illustrativeMarker = "<!-- illustrative -->"

    var file: String
    var line: Int
    var isIllustrative: Bool
    var lines: [String]

    var description: String { "\(file):\(line)" }

    /// The pages whose `sh` blocks are checked: README.md and docs/*.md, relative to the root.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// Every `sh` block of every page.
    static let all: [ShellBlock] = pages.flatMap { page in
        let text = (try? String(contentsOfFile: repositoryRoot + "/" + page, encoding: .utf8)) ?? ""
        return blocks(in: text, file: page)
    }

    /// The blocks to run.
    static var transcripts: [ShellBlock] { all.filter { !$0.isIllustrative } }

    /// The `sh` blocks of `text`.
    static func blocks(in text: String, file: String) -> [ShellBlock] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [ShellBlock] = []
        var index = 0
        while index < lines.count {
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```sh" else {
                index += 1
                continue
            }
            let start = index
            let illustrative = start > 0 && lines[start - 1].trimmingCharacters(in: .whitespaces) == illustrativeMarker
            var body: [String] = []
            index += 1
            while index < lines.count, !lines[index].hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            blocks.append(ShellBlock(file: file, line: start + 1, isIllustrative: illustrative, lines: body))
            index += 1
        }
        return blocks
    }

    /// The transcript's steps, or why the block is not one.
    func steps() throws(MalformedBlock) -> [Step] {
        var steps: [Step] = []
        for line in lines {
            if line.hasPrefix("$ ") {
                let command = String(line.dropFirst(2))
                steps.append(Step(command: command, status: Self.expectedStatus(of: command), expectedLines: []))
            } else if line.trimmingCharacters(in: .whitespaces).isEmpty || line.trimmingCharacters(in: .whitespaces) == "…" {
                continue
            } else if steps.isEmpty {
                throw MalformedBlock(block: description, line: line)
            } else {
                steps[steps.count - 1].expectedLines.append(Self.trimmed(line))
            }
        }
        if steps.isEmpty { throw MalformedBlock(block: description, line: lines.first ?? "") }
        return steps
    }

    /// The status a command's `# exits N` comment names, else 0.
    static func expectedStatus(of command: String) -> Int32 {
        guard let range = command.range(of: #"#\s*exits\s+[0-9]+"#, options: .regularExpression) else { return 0 }
        return Int32(command[range].filter(\.isNumber)) ?? 0
    }

    static func trimmed(_ line: some StringProtocol) -> String {
        var line = Substring(line)
        while line.last?.isWhitespace == true { line = line.dropLast() }
        return String(line)
    }

    /// A block that is neither marked illustrative nor a transcript.
    struct MalformedBlock: Error, CustomStringConvertible {
        var block: String
        var line: String
        var description: String {
            "\(block): the sh block is not a transcript (its first line, '\(line)', is no `$ ` command): write it as "
                + "`$ command` lines followed by the output they print, or put \(ShellBlock.illustrativeMarker) on the line "
                + "before its fence"
        }
    }
}
