/// A class method a `UIKeyCommand` category defines that passes its parameters on to one of
/// UIKit's factories (`+keyCommandWithInput_IOS13:modifierFlags:action:discoverabilityTitle:`
/// returning `[[self class] keyCommandWithInput:input modifierFlags:flags action:action …]`):
/// a message to it anywhere in the app is read as that UIKit factory's, with each argument in
/// the place the method passes it to.
///
/// Only plain forwarding is read: each argument of the UIKit message is one of the method's
/// parameters. Of several such messages (one per `@available` branch), the one with the most
/// arguments is taken.
package struct ObjectiveCCommandFactory: Hashable {
    /// The UIKit factory's selector (`keyCommandWithInput:modifierFlags:action:discoverabilityTitle:`).
    var uikitSelector: String
    /// For each of the method's selector parts, the UIKit factory's part it is passed to.
    var labels: [String: String]

    /// The factory a class method with `parameters` and the tokens of its body in `body` of
    /// `stream` defines; `nil` when the body sends no UIKit factory message made only of
    /// parameters.
    static func read(parameters: [ObjectiveCMethod.Parameter], body: Range<Int>,
                     in stream: ObjectiveCTokenStream) -> ObjectiveCCommandFactory? {
        let labelOfParameter = Dictionary(parameters.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
        var best: ObjectiveCCommandFactory?
        var index = body.lowerBound
        while index < body.upperBound {
            defer { index += 1 }
            guard let name = stream.value(index), stream.kind(index) == .identifier,
                  name == "keyCommandWithInput" || name == "commandWithTitle", stream.isPunctuation(index + 1, ":") else { continue }
            // `label : parameter` pairs up to the message's `]`.
            var parts: [String] = []
            var labels: [String: String] = [:]
            var cursor = index
            while cursor + 2 < body.upperBound, stream.kind(cursor) == .identifier, let label = stream.value(cursor),
                  stream.isPunctuation(cursor + 1, ":"), stream.kind(cursor + 2) == .identifier,
                  let argument = stream.value(cursor + 2), let methodLabel = labelOfParameter[argument] {
                parts.append(label)
                labels[methodLabel] = label
                cursor += 3
            }
            guard stream.isPunctuation(cursor, "]"), !parts.isEmpty else { continue }
            let factory = ObjectiveCCommandFactory(uikitSelector: parts.map { $0 + ":" }.joined(), labels: labels)
            if best.map({ $0.labels.count < factory.labels.count }) ?? true { best = factory }
        }
        return best
    }
}
