import CLITestSupport
import Foundation
import Testing

/// Every relative link in README.md, docs/*.md and the real-app corpus's page names a file of the
/// repository and, when it has one, a heading of that file (GitHub's anchors: lowercase,
/// punctuation dropped, spaces as hyphens).
@Suite struct LinkTests {
    /// The pages whose links are checked: the pages with shell examples, and the corpus's page.
    static let pages = ShellBlock.pages + ["Tests/RealAppInventories/README.md"]

    /// The anchor GitHub gives `heading`.
    static func anchor(_ heading: String) -> String {
        let kept = heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == " " }
        return String(kept.trimmingCharacters(in: .whitespaces).map { $0 == " " ? "-" : $0 })
    }

    /// The anchors of a page's headings, outside code blocks.
    static func anchors(of page: String) -> Set<String> {
        guard let text = try? String(contentsOfFile: repositoryRoot + "/" + page, encoding: .utf8) else { return [] }
        var inCode = false
        var result: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if !inCode, line.hasPrefix("#") { result.insert(anchor(String(line.drop { $0 == "#" }))) }
        }
        return result
    }

    @Test func everyRelativeLinkResolves() throws {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        var checked = 0
        for page in Self.pages {
            let text = try String(contentsOfFile: repositoryRoot + "/" + page, encoding: .utf8)
            let folder = URL(fileURLWithPath: repositoryRoot + "/" + page).deletingLastPathComponent()
            for match in text.matches(of: link) {
                let target = String(match.output[1].substring ?? "")
                guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? URL(fileURLWithPath: repositoryRoot + "/" + page)
                    : folder.appendingPathComponent(parts[0]).standardized
                checked += 1
                guard FileManager.default.fileExists(atPath: file.path) else {
                    Issue.record("\(page): the link \(target) names no file")
                    continue
                }
                if parts.count == 2, file.pathExtension == "md" {
                    let relative = String(file.path.dropFirst(repositoryRoot.count + 1))
                    #expect(Self.anchors(of: relative).contains(parts[1]), "\(page): the link \(target) names no heading")
                }
            }
        }
        #expect(checked > 20)
    }
}
