import CLITestSupport
import Foundation
import Testing

/// docs/Rules.md defines every responder rule the code cites, and every test it names exists.
@Suite struct RuleReferenceTests {
    static let rulesPage = (try? String(contentsOfFile: repositoryRoot + "/docs/Rules.md", encoding: .utf8)) ?? ""

    /// The rule numbers with a `### Rn …` heading in docs/Rules.md.
    static var definedRules: Set<Int> {
        Set(rulesPage.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("### R") else { return nil }
            return Int(line.dropFirst(5).prefix { $0.isNumber })
        })
    }

    /// The text of every Swift file under `folder`.
    static func swiftFiles(under folder: String) -> [(path: String, text: String)] {
        let root = repositoryRoot + "/" + folder
        guard let paths = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] else { return [] }
        return paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)).map { (folder + "/" + path, $0) }
        }
    }

    @Test func rulesOneToTwentyFourAreDefined() {
        #expect(Self.definedRules == Set(1...24))
    }

    @Test func everyRuleTheSourcesCiteIsDefined() throws {
        let citation = try Regex(#"\bR([0-9]+)\b"#)
        var cited: [Int: String] = [:]
        for (path, text) in Self.swiftFiles(under: "Sources") {
            for match in text.matches(of: citation) {
                if let number = Int(match.output[1].substring ?? "") { cited[number] = cited[number] ?? path }
            }
        }
        #expect(!cited.isEmpty)
        for (number, path) in cited.sorted(by: { $0.key < $1.key }) where !Self.definedRules.contains(number) {
            Issue.record("\(path) cites R\(number), which docs/Rules.md does not define")
        }
    }

    @Test func everyTestTheRulesNameExists() throws {
        let name = try Regex(#"`(R[0-9]+_[A-Za-z0-9_]+)`"#)
        let named = Set(Self.rulesPage.matches(of: name).compactMap { $0.output[1].substring.map(String.init) })
        #expect(named.count > 23)
        let tests = Self.swiftFiles(under: "Tests").map(\.text).joined(separator: "\n")
        for test in named.sorted() where !tests.contains("func \(test)(") {
            Issue.record("docs/Rules.md names \(test), which no test in Tests/ defines")
        }
        for rule in Self.definedRules.sorted() {
            #expect(named.contains { $0.hasPrefix("R\(rule)_") }, "docs/Rules.md names no test for R\(rule)")
        }
    }
}
