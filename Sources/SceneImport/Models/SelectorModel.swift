import SwiftSyntax

/// Objective-C selectors: `Selector("name:")`, `NSSelectorFromString(…)` and `#selector(…)`,
/// named as the Objective-C runtime names them.
enum SelectorModel: FrameworkModel {
    static let typeName = "Selector"
    /// UIKit's protocol of the standard edit actions (`copy(_:)`, `pasteAndMatchStyle(_:)` …).
    static let standardEditActionsProtocol = "UIResponderStandardEditActions"
    static let functions: Set<String> = [typeName, "NSSelectorFromString"]
    static let types: Set<String> = [typeName]
    static var openTypes: Set<String> { types }
    static var extendedTypes: [String] { [typeName] }

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        if let first = site.arguments.first, case .string(let text) = evaluator.evaluate(first.expression, frame: &frame) {
            return .selector(text)
        }
        return site.unknown
    }
}

extension Evaluator {
    func selector(from value: Value) -> String? {
        switch value {
        case .selector(let name): return name
        case .string(let name): return name
        default: return nil
        }
    }

    /// The Objective-C name of `#selector(…)`'s argument, looking the method up for its labels
    /// when the reference leaves them out. A reference in `file` does not see the `private`
    /// methods of other files.
    func selectorName(_ reference: String, frame: Frame, in file: String? = nil) -> String {
        let cacheKey = SelectorReference(selfType: frame.selfType, reference: reference, file: file)
        if let known = selectorNames[cacheKey] { return known }
        let name = lookUpSelectorName(reference, frame: frame, file: file)
        selectorNames[cacheKey] = name
        return name
    }

    /// The Objective-C name of the `#selector(…)` whose argument is `argument`, looked up once
    /// per argument and `self`'s type: the argument fixes the reference's text and its file.
    func selectorName(of argument: ExprSyntax, frame: Frame) -> String {
        let site = SelectorSite(argument: argument.id, selfType: frame.selfType)
        if let known = selectorNamesBySite[site] { return known }
        let name = selectorName(argument.sourceText, frame: frame, in: file(of: argument))
        selectorNamesBySite[site] = name
        return name
    }

    func lookUpSelectorName(_ reference: String, frame: Frame, file: String?) -> String {
        var text = reference
        for prefix in ["getter:", "setter:"] where text.hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
        }
        // `#selector(save as (C) -> () -> Void)` picks an overload by its function type: the
        // reference is what precedes `as`, and the method takes as many arguments as the type's
        // last parameter list holds.
        var arity: Int?
        if let coercion = SelectorName.coercion(in: text) {
            text = coercion.reference
            arity = coercion.arity
        }
        let parsed = SelectorName.parse(text)
        if parsed.labels == nil, let arity {
            var candidates: [SourceIndex.FunctionInfo] = []
            if let type = parsed.type ?? frame.selfType { candidates = findFunctions(named: parsed.base, in: type) }
            if candidates.isEmpty { candidates = index.functionsByName[parsed.base] ?? [] }
            candidates = candidates.filter { $0.parameters.count == arity && (!$0.isFilePrivate || file == nil || $0.location.file == file) }
            if let function = candidates.first(where: { $0.isObjC }) ?? candidates.first { return function.selector }
            if arity == 0 { return parsed.base }
        }
        if let labels = parsed.labels {
            if let function = methodForSelector(parsed.base, type: parsed.type, frame: frame, labels: labels, file: file),
               let explicit = function.explicitSelector {
                return explicit
            }
            return SelectorName.objectiveC(base: parsed.base, labels: labels)
        }
        if let function = methodForSelector(parsed.base, type: parsed.type, frame: frame, labels: nil, file: file) {
            return function.selector
        }
        // Every method of UIKit's `UIResponderStandardEditActions` takes its sender
        // (`pasteAndMatchStyle(_:)`): `pasteAndMatchStyle:`.
        if parsed.type == SelectorModel.standardEditActionsProtocol { return parsed.base + ":" }
        return parsed.base
    }

    func methodForSelector(_ base: String, type: String?, frame: Frame, labels: [String?]?,
                                   file: String?) -> SourceIndex.FunctionInfo? {
        // What the referencing file can see: another file's private methods are left out.
        func visible(_ functions: [SourceIndex.FunctionInfo]) -> [SourceIndex.FunctionInfo] {
            guard let file else { return functions }
            return functions.filter { !$0.isFilePrivate || $0.location.file == file }
        }
        var candidates: [SourceIndex.FunctionInfo] = []
        if let type { candidates = visible(findFunctions(named: base, in: type)) }
        if candidates.isEmpty, let selfType = frame.selfType { candidates = visible(findFunctions(named: base, in: selfType)) }
        if candidates.isEmpty {
            candidates = visible(index.functionsByName[base] ?? [])
        }
        if let labels { return candidates.first { $0.parameters.map(\.label) == labels } }
        return candidates.first { $0.isObjC } ?? candidates.first
    }
}
