/// What one Objective-C file (`.h` or `.m`) declares and does that concerns key commands,
/// actions and controller containment.
///
/// ``parse(_:path:conditions:)`` reads the text with a hand-written tokenizer and recognisers;
/// it needs no SDK headers and never fails: constructs it does not recognise are skipped, and
/// values it cannot fix are kept as source text.
struct ObjectiveCFile {
    var path: String
    /// `@interface` blocks: classes, class extensions and categories, in file order.
    var interfaces: [ObjectiveCInterface]
    /// `@protocol` declarations (not forward declarations).
    var protocols: [ObjectiveCProtocol]
    /// `@implementation` blocks with their methods and what the methods' bodies do.
    var implementations: [ObjectiveCImplementation]
    /// String constants the file defines: `static NSString *const kX = @"…";`,
    /// `NSString *const kX = @"…";` and `#define kX @"…"`.
    var stringConstants: [String: String]
    /// Lines of text in the file.
    var lines: Int = 0

    /// Reads one file's text. `conditions` decides which `#if` branches are compiled.
    static func parse(_ text: String, path: String, conditions: ObjectiveCConditions = ObjectiveCConditions()) -> ObjectiveCFile {
        let bytes = Array(text.utf8)
        var lexer = ObjectiveCLexer(bytes: bytes, conditions: conditions)
        lexer.run()
        let tokens = ObjectiveCMacroExpansion.expand(lexer.tokens, macros: lexer.functionMacros)
        let stream = ObjectiveCTokenStream(tokens: tokens, bytes: bytes)
        var parser = ObjectiveCDeclarationParser(stream: stream, definitions: lexer.definitions, conditions: conditions)
        parser.run()
        var strings: [String: String] = [:]
        for (name, value) in parser.constants {
            if case .string(let string) = value { strings[name] = string }
        }
        return ObjectiveCFile(
            path: path, interfaces: parser.interfaces, protocols: parser.protocols,
            implementations: parser.implementations, stringConstants: strings,
            lines: bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 })
    }

    /// The interfaces (class, extensions, categories) of a class, in file order.
    func interfaces(of className: String) -> [ObjectiveCInterface] {
        interfaces.filter { $0.className == className }
    }
}
