import KeyTraceCore
import KeyTraceSupport
import SceneImportBudget

/// What one Objective-C file (`.h` or `.m`) declares and does that concerns key commands,
/// actions and controller containment.
///
/// ``parse(_:path:conditions:)`` reads the text with a hand-written tokenizer and recognisers;
/// it needs no SDK headers and never fails: constructs it does not recognise are skipped, and
/// values it cannot fix are kept as source text.
package struct ObjectiveCFile {
    package var path: String
    /// `@interface` blocks: classes, class extensions and categories, in file order.
    package var interfaces: [ObjectiveCInterface]
    /// `@protocol` declarations (not forward declarations).
    var protocols: [ObjectiveCProtocol]
    /// `@implementation` blocks with their methods and what the methods' bodies do.
    package var implementations: [ObjectiveCImplementation]
    /// C functions the file defines, with what each body does on its own.
    package var functions: [ObjectiveCFunction] = []
    /// String constants the file defines: `static NSString *const kX = @"…";`,
    /// `NSString *const kX = @"…";` and `#define kX @"…"`.
    var stringConstants: [String: String]
    /// Lines of text in the file.
    package var lines: Int = 0

    /// Reads one file's text. `conditions` decides which `#if` branches are compiled, and
    /// `budget` how much work a method body may take. Only
    /// the file's own constants are known to its method bodies; ``Declarations`` reads a set
    /// of files with the constants each shares with the others.
    static func parse(_ text: String, path: String, conditions: ObjectiveCConditions = ObjectiveCConditions(),
                      budget: EvaluationBudget = .standard) -> ObjectiveCFile {
        lex(text, path: path, conditions: conditions, budget: budget).declare(sharing: [:]).finish(sharing: [:])
    }

    /// Reads one file's declarations and constants; its method bodies are read by
    /// ``Declarations/finish(sharing:)``.
    static func declare(_ text: String, path: String, conditions: ObjectiveCConditions = ObjectiveCConditions()) -> Declarations {
        lex(text, path: path, conditions: conditions).declare(sharing: [:])
    }

    /// Reads one file's tokens and macros; ``Lexed/declare(sharing:)`` reads its declarations,
    /// and its method bodies run under `budget`.
    package static func lex(_ text: String, path: String, conditions: ObjectiveCConditions = ObjectiveCConditions(),
                            budget: EvaluationBudget = .standard) -> Lexed {
        let bytes = Array(text.utf8)
        var lexer = ObjectiveCLexer(bytes: bytes, conditions: conditions)
        lexer.run()
        return Lexed(path: path, bytes: bytes, lexer: lexer, conditions: conditions, budget: budget)
    }

    /// A file whose tokens and macros are read and whose declarations are not yet.
    package struct Lexed {
        var path: String
        fileprivate var bytes: [UInt8]
        fileprivate var lexer: ObjectiveCLexer
        fileprivate var conditions: ObjectiveCConditions
        fileprivate var budget: EvaluationBudget

        /// The function-like macros the file lets other files use: a header's.
        var exportedMacros: [String: ObjectiveCMacroExpansion.Macro] {
            path.hasSuffix(".h") ? lexer.functionMacros : [:]
        }

        /// Expands the file's macros, with `shared` (other files' function-like macros) beneath
        /// its own, and reads its declarations.
        package func declare(sharing shared: [String: ObjectiveCMacroExpansion.Macro]) -> Declarations {
            let macros = shared.isEmpty ? lexer.functionMacros : shared.merging(lexer.functionMacros) { _, own in own }
            let tokens = ObjectiveCMacroExpansion.expand(lexer.tokens, macros: macros)
            let stream = ObjectiveCTokenStream(tokens: tokens, bytes: bytes)
            var parser = ObjectiveCDeclarationParser(stream: stream, definitions: lexer.definitions, conditions: conditions,
                                                     budget: budget)
            parser.declare()
            return Declarations(path: path, parser: parser,
                                lines: bytes.withUnsafeBufferPointer { LineFeeds.count(in: $0) })
        }
    }

    /// The function-like macros headers define, for every file: a macro's tokens keep their
    /// text but no place in the file that uses them. A name two headers define differently is
    /// left out.
    package static func sharedMacros(of files: [Lexed]) -> [String: ObjectiveCMacroExpansion.Macro] {
        agreed(files.lazy.flatMap { file in
            file.exportedMacros.map { name, macro in (name, macro.placeless, macro.parameters + ["|"] + macro.body.map(\.value)) }
        })
    }

    /// The entries the files agree on: each name with its value, unless two entries give it
    /// different keys (then no file's value is shared).
    private static func agreed<Value, Key: Equatable>(_ entries: some Sequence<(name: String, value: Value, key: Key)>) -> [String: Value] {
        var shared: [String: (value: Value, key: Key)] = [:]
        var conflicting: Set<String> = []
        for (name, value, key) in entries where !conflicting.contains(name) {
            if let existing = shared[name], existing.key != key {
                shared[name] = nil
                conflicting.insert(name)
            } else if shared[name] == nil {
                shared[name] = (value, key)
            }
        }
        return shared.mapValues(\.value)
    }

    /// A file whose declarations are read and whose method bodies are not yet.
    package struct Declarations {
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

        /// The instance variables and properties a header's `@interface` blocks declare, by
        /// class: a `.m` file's bodies read them as the compiler does, through the `#import`.
        var exportedMembers: [String: [ObjectiveCProperty]] {
            guard path.hasSuffix(".h") else { return [:] }
            var members: [String: [ObjectiveCProperty]] = [:]
            for interface in parser.interfaces {
                members[interface.className, default: []] += interface.instanceVariables + interface.properties
            }
            return members
        }

        /// Reads the method bodies, with `shared` (the constants of other files) beneath the
        /// file's own, the app's `UIKeyCommand` category `factories`, and the `members` headers
        /// declare for each class beneath the file's own declarations.
        package consuming func finish(sharing shared: [String: ObjectiveCValue],
                                      factories: [String: ObjectiveCCommandFactory] = [:],
                                      members: [String: [ObjectiveCProperty]] = [:]) -> ObjectiveCFile {
            parser.scanBodies(sharing: shared, factories: factories, headerMembers: members)
            var strings: [String: String] = [:]
            for (name, value) in parser.constants {
                if case .string(let string) = value { strings[name] = string }
            }
            return ObjectiveCFile(
                path: path, interfaces: parser.interfaces, protocols: parser.protocols,
                implementations: parser.implementations, functions: parser.functions, stringConstants: strings, lines: lines)
        }
    }

    /// The constants files share: every string, number, flag set or selector that the files
    /// exporting its name give one value. A name two files give different values (two
    /// platforms' headers, say) is left out.
    package static func sharedConstants(of files: [Declarations]) -> [String: ObjectiveCValue] {
        agreed(files.lazy.flatMap { file in
            file.exportedConstants.compactMap { name, value in shareableKey(value).map { (name, value, $0) } }
        })
    }

    /// The instance variables and properties the headers declare, by class (``Declarations/exportedMembers``).
    package static func sharedMembers(of files: [Declarations]) -> [String: [ObjectiveCProperty]] {
        var members: [String: [ObjectiveCProperty]] = [:]
        for file in files {
            for (className, declared) in file.exportedMembers { members[className, default: []] += declared }
        }
        return members
    }

    /// The class factories the files' `UIKeyCommand` categories define; a selector two
    /// categories define differently is left out.
    package static func sharedFactories(of files: [Declarations]) -> [String: ObjectiveCCommandFactory] {
        agreed(files.lazy.flatMap { file in file.commandFactories.map { ($0.key, $0.value, $0.value) } })
    }

    /// A value another file may use, as a key that tells two values apart; `nil` for values
    /// that only mean something inside their own file (commands, objects, members).
    private static func shareableKey(_ value: ObjectiveCValue) -> String? {
        switch value {
        case .string(let string): return "s" + string
        case .int(let number): return "i\(number)"
        case .bool(let flag): return flag ? "b1" : "b0"
        case .modifiers(let flags): return "m\(flags.rawValue)"
        case .selector(let name): return "@" + name
        default: return nil
        }
    }

    /// The interfaces (class, extensions, categories) of a class, in file order.
    func interfaces(of className: String) -> [ObjectiveCInterface] {
        interfaces.filter { $0.className == className }
    }
}
