import SceneImportVocabulary
import SwiftSyntax

/// The app's own names for an idiom or size-class test: a Boolean property or function without
/// parameters whose body is one such test (`var isMacOrPad: Bool { !isPhone }`,
/// `static var isPadLayout: Bool { UIDevice.current.userInterfaceIdiom == .pad }`), by name.
/// A name the app declares more than once with different bodies, or also as another property,
/// is left out: a test that names it could mean either.
struct IdiomHelpers: Sendable {
    /// Helper name → the test its body returns, as written.
    private(set) var tests: [String: String] = [:]

    static let none = IdiomHelpers()

    private init() {}

    init(index: SourceIndex) {
        // The Boolean getters and functions whose body is one expression, by name; a name
        // with two different bodies is ambiguous.
        var bodies: [String: String] = [:]
        var ambiguous: Set<String> = []
        func add(_ name: String, _ body: String) {
            if let existing = bodies[name], existing != body { ambiguous.insert(name) } else { bodies[name] = body }
        }
        // Walked in place: an app has thousands of members, and copying them out costs more
        // than reading them.
        for property in index.globalProperties.values {
            if let body = Self.test(of: property) { add(property.name, body) }
        }
        for functions in index.globalFunctions.values {
            for function in functions where function.parameters.isEmpty {
                if let body = Self.test(of: function) { add(function.name, body) }
            }
        }
        for info in index.orderedTypes {
            for property in info.properties.values {
                if let body = Self.test(of: property) { add(property.name, body) }
            }
            for function in info.functions where function.kind == .function && function.parameters.isEmpty {
                if let body = Self.test(of: function) { add(function.name, body) }
            }
        }
        // Keep the bodies that name an idiom test's word (``InterfaceIdiom/testWords``) or another
        // kept helper, to a fixed point; a body naming none is no idiom test.
        var candidates = bodies
        var kept: [String: String] = [:]
        var changed = true
        while changed {
            changed = false
            for (name, body) in candidates where InterfaceIdiom.testWords.contains(where: { body.containsBytes(of: $0) })
                || kept.keys.contains(where: { body.containsBytes(of: $0) }) {
                kept[name] = body
                candidates[name] = nil
                changed = true
            }
        }
        guard !kept.isEmpty else { return }
        // A kept name the app also declares as a property that is no such helper is ambiguous.
        let others = index.globalProperties.values.lazy + index.orderedTypes.lazy.flatMap { $0.properties.values }
        for property in others where kept[property.name] != nil && Self.test(of: property) == nil {
            ambiguous.insert(property.name)
        }
        tests = kept.filter { !ambiguous.contains($0.key) }
    }

    /// The one test a Boolean property's getter returns, or `nil`.
    private static func test(of property: SourceIndex.PropertyInfo) -> String? {
        guard let getter = property.getter, property.type == "Bool" else { return nil }
        return returnedExpression(of: getter)
    }

    /// The one test a function declared to return `Bool` returns, or `nil`.
    private static func test(of function: SourceIndex.FunctionInfo) -> String? {
        guard function.returnType == "Bool", let body = function.body else { return nil }
        return returnedExpression(of: body.statements)
    }

    /// The expression of a body that is one expression or one `return`.
    private static func returnedExpression(of statements: CodeBlockItemListSyntax) -> String? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let returned = item.as(ReturnStmtSyntax.self)?.expression { return returned.sourceText }
        return item.as(ExprSyntax.self)?.sourceText
    }
}

/// The device the scene stands for, with the app's own names for its tests: what
/// ``InterfaceIdiom/decides(_:)`` decides, and also a test that calls one of the app's
/// ``IdiomHelpers`` (`if isMacOrPad { … }`), decided by the test the helper returns.
struct IdiomTests: Sendable {
    let device: InterfaceIdiom
    let helpers: IdiomHelpers

    init(_ device: InterfaceIdiom, helpers: IdiomHelpers = .none) {
        self.device = device
        self.helpers = helpers
    }

    /// How many helpers deep a test is followed (a helper that calls a helper).
    private static let deepestHelper = 4

    /// What a run-time test says on this device, or `nil` when it tests something else.
    func decides(_ condition: String) -> Bool? {
        decides(condition, depth: 0)
    }

    /// What this device says of one test of a recorded condition, reversed when it is negated.
    func decides(_ test: Condition.Test) -> Bool? {
        decides(test.source).map { $0 != test.isNegated }
    }

    private func decides(_ condition: String, depth: Int) -> Bool? {
        // Most apps declare no helper: the device's own reading then, without a lookup per name.
        guard !helpers.tests.isEmpty else { return device.decides(condition) }
        return device.decides(condition) { name in
            guard depth < Self.deepestHelper, let test = helpers.tests[name] else { return nil }
            return decides(test, depth: depth + 1)
        }
    }

    /// Whether `node` sits, below `root`, on the side of an `if`, ternary or `switch` this device
    /// rules out (`if UIDevice.current.userInterfaceIdiom == .phone { … }` on a pad).
    func rulesOut(_ node: some SyntaxProtocol, within root: Syntax) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, current.id != root.id {
            if let branch = parent.as(IfExprSyntax.self), let decided = decides(branch.conditions.sourceText) {
                if current.id == branch.body.id, !decided { return true }
                if current.id == branch.elseBody?.id, decided { return true }
            }
            if let ternary = parent.as(TernaryExprSyntax.self), let decided = decides(ternary.condition.sourceText) {
                if current.id == ternary.thenExpression.id, !decided { return true }
                if current.id == ternary.elseExpression.id, decided { return true }
            }
            if let switchCase = parent.as(SwitchCaseSyntax.self), let switchExpression = switchCase.parent?.parent?.as(SwitchExprSyntax.self),
               let taken = device.takenCase(of: switchExpression), taken.id != switchCase.id {
                return true
            }
            current = parent
        }
        return false
    }

    /// The case a `switch` on the idiom or the size class takes on this device.
    func takenCase(of node: SwitchExprSyntax) -> SwitchCaseSyntax? {
        device.takenCase(of: node)
    }
}
