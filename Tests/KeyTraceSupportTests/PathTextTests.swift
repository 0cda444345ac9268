import Foundation
import Testing
import KeyTraceSupport

/// `PathText` splits paths as `NSString`'s path methods do, relative paths included.
struct PathTextTests {
    static let paths = ["a/b.ktrace", "b.ktrace", "/a/b", "/a", "/", "dir/sub/", "", ".hidden", "x/.hidden",
                        "x/y.golden.txt", "./t.ktrace", "../up/t"]

    @Test(arguments: paths)
    func partsAreTheOnesNSStringGives(path: String) {
        #expect(PathText.lastComponent(of: path) == (path as NSString).lastPathComponent)
        #expect(PathText.deletingLastComponent(of: path) == (path as NSString).deletingLastPathComponent)
        #expect(PathText.nameWithoutExtension(of: path)
                == ((path as NSString).lastPathComponent as NSString).deletingPathExtension)
    }

    /// Foundation traps on a one-letter name with trailing slashes (`deletingLastPathComponent`
    /// of `"a/"`), so these are checked apart.
    @Test func trailingSlashesAreIgnored() {
        #expect(PathText.lastComponent(of: "a/") == "a")
        #expect(PathText.deletingLastComponent(of: "a/") == "")
        #expect(PathText.lastComponent(of: "a//") == "a")
        #expect(PathText.deletingLastComponent(of: "a//") == "")
        #expect(PathText.deletingLastComponent(of: "x/a//") == "x")
        #expect(PathText.lastComponent(of: "//") == "/")
    }

    @Test(arguments: ["", "a", "a/", "/", "/tmp", "rel/dir"])
    func appendingPutsOneSlashBetween(path: String) {
        #expect(PathText.appending("t.ktrace", to: path) == (path as NSString).appendingPathComponent("t.ktrace"))
    }
}
