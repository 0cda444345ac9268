/// Expands the function-like macros a file defines (`#define COMBO(mod, k) [NSString
/// stringWithFormat:@"%@-%@", mod, k]`) where the file uses them, so that the scanner reads
/// what the compiler compiles.
///
/// A use is the macro's name followed by a parenthesised argument list; its expansion is the
/// replacement tokens with each parameter replaced by its argument's tokens. Expanded tokens
/// keep their places in the file (the body's in the `#define`, the arguments' at the use), so
/// source text reads as the expansion, and take the line of the use, so that what they create
/// is reported there. Macros that stringise or paste (`#`, `##`) or take variable arguments
/// are not expanded. Expansions are rescanned for further uses at most ``maximumPasses``
/// times, and a file grows by at most ``maximumGrowth`` tokens, so any input ends.
package enum ObjectiveCMacroExpansion {
    /// One function-like macro: its parameters and replacement tokens.
    package struct Macro {
        var parameters: [String]
        var body: [ObjectiveCToken]

        /// The macro of a `#define` whose tokens after the name are `definition` (starting with
        /// the parameter list's `(`); `nil` for one this expansion does not handle.
        init?(definition: [ObjectiveCToken]) {
            guard definition.first?.isPunctuation("(") == true else { return nil }
            var parameters: [String] = []
            var index = 1
            while index < definition.count, !definition[index].isPunctuation(")") {
                let token = definition[index]
                if token.kind == .identifier {
                    parameters.append(token.value)
                } else if !token.isPunctuation(",") {
                    return nil  // `...` or anything else
                }
                index += 1
            }
            guard index < definition.count else { return nil }
            let body = Array(definition[(index + 1)...])
            guard !body.contains(where: { $0.isPunctuation("#") || $0.isPunctuation("##") }) else { return nil }
            self.parameters = parameters
            self.body = body
        }

        /// The macro with its body's tokens placed nowhere (an empty range at the start): for
        /// use in another file, whose text they are not part of.
        var placeless: Macro {
            var copy = self
            for index in copy.body.indices {
                copy.body[index].start = 0
                copy.body[index].end = 0
            }
            return copy
        }
    }

    static let maximumPasses = 8
    static let maximumGrowth = 200_000

    /// `tokens` with every use of `macros` expanded.
    static func expand(_ tokens: [ObjectiveCToken], macros: [String: Macro]) -> [ObjectiveCToken] {
        guard !macros.isEmpty else { return tokens }
        var current = tokens
        let limit = tokens.count + maximumGrowth
        for _ in 0..<maximumPasses {
            var expandedAny = false
            var result: [ObjectiveCToken] = []
            result.reserveCapacity(current.count)
            var index = 0
            while index < current.count {
                let token = current[index]
                guard token.kind == .identifier, let macro = macros[token.value],
                      index + 1 < current.count, current[index + 1].isPunctuation("("),
                      let (arguments, close) = arguments(in: current, open: index + 1),
                      arguments.count == macro.parameters.count || (macro.parameters.isEmpty && arguments.count == 1 && arguments[0].isEmpty),
                      result.count + macro.body.count + (current.count - close) < limit
                else {
                    result.append(token)
                    index += 1
                    continue
                }
                for bodyToken in macro.body {
                    if bodyToken.kind == .identifier, let parameter = macro.parameters.firstIndex(of: bodyToken.value) {
                        result += arguments[parameter]
                    } else {
                        var placed = bodyToken
                        placed.line = token.line
                        result.append(placed)
                    }
                }
                expandedAny = true
                index = close + 1
            }
            current = result
            if !expandedAny { break }
        }
        return current
    }

    /// The argument token lists of the call whose `(` is at `open`, split at top-level commas,
    /// and the index of its `)`; `nil` when the list is not closed.
    private static func arguments(in tokens: [ObjectiveCToken], open: Int) -> ([[ObjectiveCToken]], Int)? {
        var depth = 0
        var arguments: [[ObjectiveCToken]] = [[]]
        var index = open + 1
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.value {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    if depth == 0 {
                        return token.value == ")" ? (arguments, index) : nil
                    }
                    depth -= 1
                case "," where depth == 0:
                    arguments.append([])
                    index += 1
                    continue
                default: break
                }
            }
            arguments[arguments.count - 1].append(token)
            index += 1
        }
        return nil
    }
}
