/// The parts of a file path as text, the way Foundation's `NSString` path methods give them:
/// relative paths stay relative, and nothing touches the file system.
package enum PathText {
    /// The last component: `"a/b.ktrace"` → `"b.ktrace"`; trailing slashes are ignored, `"/"`
    /// stays `"/"`.
    package static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/" else { return trimmed }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last component: `"a/b"` → `"a"`, `"/a"` → `"/"`, `"a"` → `""`.
    package static func deletingLastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = withoutTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// `component` under `path`, with one slash between them: `("a", "b")` → `"a/b"`,
    /// `("", "b")` → `"b"`.
    package static func appending(_ component: String, to path: String) -> String {
        if path.isEmpty { return component }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }

    /// The last component without its extension: `"a/b.golden.txt"` → `"b.golden"`; a name that
    /// starts with its only dot (`".hidden"`) keeps it.
    package static func nameWithoutExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
