import SwiftParser
import SwiftSyntax
import Testing

@testable import SceneImport

/// Line numbers from a file's line starts agree with swift-syntax's own count.
struct LineTableTests {
    @Test func linesEndAtNewlinesCarriageReturnsAndBoth() {
        let table = LineTable("a\nb\r\nc\rd")
        #expect((0...7).map { table.line(atUTF8Offset: $0) } == [1, 1, 2, 2, 2, 3, 3, 4])
    }

    @Test func everyTokenIsOnTheLineSwiftSyntaxGives() {
        let source = """
            import UIKit\r
            class A: UIViewController {\r
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "é", modifierFlags: .command, action: #selector(go))]\r\
                }
                @objc func go() {}
            }
            """
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "A.swift", tree: tree)
        let table = LineTable(source)
        for token in tree.tokens(viewMode: .sourceAccurate) {
            #expect(table.line(of: token) == token.startLocation(converter: converter).line)
        }
    }
}
