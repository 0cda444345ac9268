import CLITestSupport
import Foundation
import Testing

/// docs/SceneImport.md's construct catalogue (C1…Cn) names types that Sources/ declares and
/// tests that Tests/ defines, covers every registered framework model and every construct test,
/// and defines every construct number the pages cite: the checks `RuleReferenceTests` makes of
/// the responder rules.
@Suite struct ConstructCatalogueTests {
    /// One row of the catalogue: its number and the names in its model and tests columns.
    struct Row {
        let id: String
        let types: [String]
        let tests: [String]
    }

    static let page = (try? String(contentsOfFile: repositoryRoot + "/docs/SceneImport.md", encoding: .utf8)) ?? ""

    /// The rows of the table under `### Construct catalogue`, in the page's order; a row that
    /// does not have four cells is recorded as an issue.
    static var rows: [Row] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(of: "### Construct catalogue") else { return [] }
        var rows: [Row] = []
        for line in lines[(heading + 1)...] {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| C") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count == 6 else {
                Issue.record("docs/SceneImport.md: a catalogue row without four cells: \(line)")
                continue
            }
            let id = cells[1].trimmingCharacters(in: .whitespaces)
            rows.append(Row(id: id, types: codeSpans(in: cells[3]), tests: codeSpans(in: cells[4])))
        }
        return rows
    }

    /// The text of each `` `…` `` span in `cell`.
    static func codeSpans(in cell: Substring) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            index % 2 == 1 ? String(part) : nil
        }
    }

    /// The identifier after each of `keywords` in `texts` (`func name(` gives `name`).
    static func declaredNames(after keywords: Set<String>, in texts: [String]) -> Set<String> {
        var names: Set<String> = []
        for text in texts {
            let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            for (word, next) in zip(words, words.dropFirst()) where keywords.contains(String(word)) {
                names.insert(String(next))
            }
        }
        return names
    }

    @Test func theNumbersRunFromOneWithoutAGap() {
        let ids = Self.rows.map(\.id)
        #expect(ids.count > 40)
        #expect(ids == (1...max(ids.count, 1)).map { "C\($0)" })
    }

    @Test func everyTypeARowNamesIsDeclaredInSources() {
        let sources = RuleReferenceTests.swiftFiles(under: "Sources").map(\.text)
        let declared = Self.declaredNames(after: ["struct", "enum", "class", "protocol", "actor"], in: sources)
        for row in Self.rows {
            #expect(!row.types.isEmpty, "docs/SceneImport.md: \(row.id) names no model or pass")
            for type in row.types where !declared.contains(type) {
                Issue.record("docs/SceneImport.md: \(row.id) names \(type), which no file in Sources/ declares")
            }
        }
    }

    @Test func everyTestARowNamesExists() {
        let tests = Self.declaredNames(after: ["func"], in: RuleReferenceTests.swiftFiles(under: "Tests").map(\.text))
        for row in Self.rows {
            #expect(!row.tests.isEmpty, "docs/SceneImport.md: \(row.id) names no test")
            for test in row.tests where !tests.contains(test) {
                Issue.record("docs/SceneImport.md: \(row.id) names \(test), which no test in Tests/ defines")
            }
        }
    }

    @Test func everyRegisteredModelHasARow() throws {
        let registry = try String(contentsOfFile: repositoryRoot + "/Sources/SceneImport/Models/FrameworkModels.swift", encoding: .utf8)
        let list = try #require(registry.firstRange(of: "static let all")).upperBound
        let entries = registry[list...].split(separator: "\n").dropFirst().prefix { $0.trimmingCharacters(in: .whitespaces) != "]" }
        let models = entries.compactMap { line -> String? in
            let entry = line.trimmingCharacters(in: .whitespaces)
            return entry.hasSuffix(".self,") ? String(entry.dropLast(".self,".count)) : nil
        }
        #expect(models.count > 10)
        let named = Set(Self.rows.flatMap(\.types))
        for model in models where !named.contains(model) {
            Issue.record("FrameworkModels.all registers \(model), which no row of the construct catalogue names")
        }
    }

    @Test func everyConstructTestIsCatalogued() {
        let files = RuleReferenceTests.swiftFiles(under: "Tests/SceneImportTests").filter {
            $0.path.split(separator: "/").last?.hasPrefix("ConstructTests") == true
        }
        let constructTests = Self.declaredNames(after: ["func"], in: files.map(\.text)).filter { name in
            files.contains { $0.text.contains("@Test func \(name)(") }
        }
        #expect(constructTests.count > 100)
        let named = Set(Self.rows.flatMap(\.tests))
        for test in constructTests.sorted() where !named.contains(test) {
            Issue.record("ConstructTests.\(test) is named by no row of the construct catalogue (docs/SceneImport.md)")
        }
    }

    @Test func everyConstructNumberThePagesCiteIsCatalogued() throws {
        let citation = try Regex(#"\bC([0-9]+)\b"#)
        let defined = Set(Self.rows.map(\.id))
        let pages = ShellBlock.pages.map { page in
            (path: page, text: (try? String(contentsOfFile: repositoryRoot + "/" + page, encoding: .utf8)) ?? "")
        }
        for (page, text) in pages + RuleReferenceTests.swiftFiles(under: "Sources") {
            for match in text.matches(of: citation) where !defined.contains("C" + (match.output[1].substring ?? "")) {
                Issue.record("\(page) cites \(text[match.range]), which the construct catalogue does not define")
            }
        }
    }
}
