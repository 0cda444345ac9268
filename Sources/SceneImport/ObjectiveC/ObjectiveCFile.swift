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

    /// Reads one file's text. `conditions` decides which `#if` branches are compiled. Only
    /// the file's own constants are known to its method bodies; ``Declarations`` reads a set
    /// of files with the constants each shares with the others.
    static func parse(_ text: String, path: String, conditions: ObjectiveCConditions = ObjectiveCConditions()) -> ObjectiveCFile {
        declare(text, path: path, conditions: conditions).finish(sharing: [:])
    }

    /// Reads one file's declarations and constants; its method bodies are read by
    /// ``Declarations/finish(sharing:)``.
    static func declare(_ text: String, path: String, conditions: ObjectiveCConditions = ObjectiveCConditions()) -> Declarations {
        lex(text, path: path, conditions: conditions).declare(sharing: [:])
    }

    /// Reads one file's tokens and macros; ``Lexed/declare(sharing:)`` reads its declarations.
    static func lex(_ text: String, path: String, conditions: ObjectiveCConditions = ObjectiveCConditions()) -> Lexed {
        let bytes = Array(text.utf8)
        var lexer = ObjectiveCLexer(bytes: bytes, conditions: conditions)
        lexer.run()
        return Lexed(path: path, bytes: bytes, lexer: lexer, conditions: conditions)
    }

    /// A file whose tokens and macros are read and whose declarations are not yet.
    struct Lexed {
        var path: String
        fileprivate var bytes: [UInt8]
        fileprivate var lexer: ObjectiveCLexer
        fileprivate var conditions: ObjectiveCConditions

        /// The function-like macros the file lets other files use: a header's.
        var exportedMacros: [String: ObjectiveCMacroExpansion.Macro] {
            path.hasSuffix(".h") ? lexer.functionMacros : [:]
        }

        /// Expands the file's macros, with `shared` (other files' function-like macros) beneath
        /// its own, and reads its declarations.
        func declare(sharing shared: [String: ObjectiveCMacroExpansion.Macro]) -> Declarations {
            let macros = shared.isEmpty ? lexer.functionMacros : shared.merging(lexer.functionMacros) { _, own in own }
            let tokens = ObjectiveCMacroExpansion.expand(lexer.tokens, macros: macros)
            let stream = ObjectiveCTokenStream(tokens: tokens, bytes: bytes)
            var parser = ObjectiveCDeclarationParser(stream: stream, definitions: lexer.definitions, conditions: conditions)
            parser.declare()
            return Declarations(path: path, parser: parser,
                                lines: bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 })
        }
    }

    /// The function-like macros headers define, for every file: a macro's tokens keep their
    /// text but no place in the file that uses them. A name two headers define differently is
    /// left out.
    static func sharedMacros(of files: [Lexed]) -> [String: ObjectiveCMacroExpansion.Macro] {
        var shared: [String: (macro: ObjectiveCMacroExpansion.Macro, key: [String])] = [:]
        var conflicting: Set<String> = []
        for file in files {
            for (name, macro) in file.exportedMacros where !conflicting.contains(name) {
                let key = macro.parameters + ["|"] + macro.body.map(\.value)
                if let existing = shared[name], existing.key != key {
                    shared[name] = nil
                    conflicting.insert(name)
                } else {
                    shared[name] = (macro.placeless, key)
                }
            }
        }
        return shared.mapValues(\.macro)
    }

    /// A file whose declarations are read and whose method bodies are not yet.
    struct Declarations {
        var path: String
        fileprivate var parser: ObjectiveCDeclarationParser
        fileprivate var lines: Int

        /// The constants the file lets other files use: all of a header's, the ones a `.m` file
        /// does not declare `static`.
        var exportedConstants: [String: ObjectiveCValue] {
            parser.exportedConstants(isHeader: path.hasSuffix(".h"))
        }

        /// The class factories the file's `UIKeyCommand` categories define.
        var commandFactories: [String: ObjectiveCCommandFactory] { parser.commandFactories() }

        /// Reads the method bodies, with `shared` (the constants of other files) beneath the
        /// file's own, and the app's `UIKeyCommand` category `factories`.
        consuming func finish(sharing shared: [String: ObjectiveCValue],
                              factories: [String: ObjectiveCCommandFactory] = [:]) -> ObjectiveCFile {
            parser.scanBodies(sharing: shared, factories: factories)
            var strings: [String: String] = [:]
            for (name, value) in parser.constants {
                if case .string(let string) = value { strings[name] = string }
            }
            return ObjectiveCFile(
                path: path, interfaces: parser.interfaces, protocols: parser.protocols,
                implementations: parser.implementations, stringConstants: strings, lines: lines)
        }
    }

    /// The constants files share: every string, number, flag set or selector that the files
    /// exporting its name give one value. A name two files give different values (two
    /// platforms' headers, say) is left out.
    static func sharedConstants(of files: [Declarations]) -> [String: ObjectiveCValue] {
        var shared: [String: (value: ObjectiveCValue, key: String)] = [:]
        var conflicting: Set<String> = []
        for file in files {
            for (name, value) in file.exportedConstants where !conflicting.contains(name) {
                guard let key = shareableKey(value) else { continue }
                if let existing = shared[name], existing.key != key {
                    shared[name] = nil
                    conflicting.insert(name)
                } else {
                    shared[name] = (value, key)
                }
            }
        }
        return shared.mapValues(\.value)
    }

    /// A value another file may use, as a key that tells two values apart; `nil` for values
    /// that only mean something inside their own file (commands, objects, members).
    private static func shareableKey(_ value: ObjectiveCValue) -> String? {
        switch value {
        case .string(let string): return "s" + string
        case .int(let number): return "i\(number)"
        case .bool(let flag): return flag ? "b1" : "b0"
        case .modifiers(let names): return "m" + names.sorted().joined(separator: ",")
        case .selector(let name): return "@" + name
        default: return nil
        }
    }

    /// The interfaces (class, extensions, categories) of a class, in file order.
    func interfaces(of className: String) -> [ObjectiveCInterface] {
        interfaces.filter { $0.className == className }
    }
}
