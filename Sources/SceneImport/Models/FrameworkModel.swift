import SwiftSyntax

/// One family of framework API (UIKit's key commands, SwiftUI's shortcuts, Foundation's
/// localized strings, the standard library's collections …) as the evaluator understands it.
///
/// A model declares the names it answers, and answers them. The evaluator holds no framework
/// knowledge of its own: it asks ``FrameworkModels`` which model, if any, answers a call,
/// after the app's own declarations have had their turn (an app function named like a
/// framework one wins, as the compiler's lookup has it). To teach the importer a new API,
/// write one model and add it to ``FrameworkModels/all``.
protocol FrameworkModel: Sendable {
    /// Free functions and initialisers the model answers, by the name written at the call
    /// (`UIKeyCommand(…)`, `NSLocalizedString(…)`).
    static var functions: Set<String> { get }
    /// Methods the model answers on a receiver (`x.addKeyCommand(…)`, `key.localized()`).
    static var methods: Set<String> { get }
    /// Framework types the model stands for: a name the evaluator reads as a type reference,
    /// and whose implicit members (`.command`) only the model gives.
    static var types: Set<String> { get }
    /// Further spellings of ``types`` a receiver may be written with (`SwiftUI.EventModifiers`).
    static var receiverSpellings: Set<String> { get }
    /// Framework types an app's context may name loosely (a `String` parameter handed
    /// `.save`): an implicit member of one that no model answers is looked up elsewhere in the
    /// app, where any other framework type's is unknown.
    static var openTypes: Set<String> { get }
    /// Framework types apps extend with static members (`extension Selector { static let save
    /// = #selector(…) }`), searched for an implicit member written with no type in context.
    static var extendedTypes: [String] { get }
    /// Words a source file must contain for the constructs of this family to be looked for in
    /// it. The extractor's text prefilters search for the named constants these are made of
    /// (``SwiftUIShortcutModel/modifierName``, ``ResponderModel/addKeyCommand``,
    /// ``ContainmentModel/words``), each declared once, in its model.
    static var mentions: Set<String> { get }

    /// Whether the model answers free call `name` although it does not list it in
    /// ``functions``: an app's subclass of one of its types (`MyKeyCommand(…)` runs
    /// `UIKeyCommand`'s initialisers), or an app helper named after one of its constants.
    static func claims(_ name: String, in evaluator: Evaluator) -> Bool
    /// Whether ``claims(_:in:)`` can answer `true` at all: only such models are asked.
    static var claimsOtherNames: Bool { get }
    /// Whether an initialiser the app declares in an extension of one of the model's types
    /// (`extension UIMenu { convenience init(inlineChildren:) }`) runs as the app's code when a
    /// call's labels fit it, its own `self.init(…)` then answered by the model. A model that
    /// runs such initialisers itself (keeping where the value was made) answers `false`.
    static var appInitializersRunAsAppCode: Bool { get }
    /// `Type.name` for a framework type written as the receiver (`UIKeyCommand.inputEscape`,
    /// `UIKeyModifierFlags.command`), or `nil`.
    static func staticMember(_ name: String, of type: String) -> Value?
    /// `.name` where the context expects `type` (`nil`: no type in context), or `nil`.
    static func implicitMember(_ name: String, expecting type: String?) -> Value?
    /// Whether the model answers ``property(_:of:in:)`` for values of its family.
    static var describesValues: Bool { get }
    /// Property `name` of a value the model's family makes (a command's `input`, a modifier
    /// set's `rawValue`), or `nil`.
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value?

    /// The value of a free call or initialiser this model answers, or `nil` when this call is
    /// not one it models after all (the evaluator then goes on looking).
    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value?
    /// The value of `receiver.name(…)`, asked before the receiver is evaluated (for methods
    /// that change what the receiver names: `list.append(x)`), or `nil`.
    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value?
    /// The value of `base.name(…)` on a receiver already evaluated, or `nil`.
    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value?
}

extension FrameworkModel {
    static var functions: Set<String> { [] }
    static var methods: Set<String> { [] }
    static var types: Set<String> { [] }
    static var receiverSpellings: Set<String> { [] }
    static var describesValues: Bool { false }
    static var openTypes: Set<String> { [] }
    static var extendedTypes: [String] { [] }
    static var mentions: Set<String> { functions.union(methods) }
    static func staticMember(_ name: String, of type: String) -> Value? { nil }
    static func implicitMember(_ name: String, expecting type: String?) -> Value? { nil }
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value? { nil }
    static func claims(_ name: String, in evaluator: Evaluator) -> Bool { false }
    static var claimsOtherNames: Bool { false }
    static var appInitializersRunAsAppCode: Bool { false }
    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? { nil }
    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? { nil }
    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? { nil }
}

/// A call as a model sees it: the callee's name, the arguments (trailing closures included),
/// the syntax, and the type the context expects of the result.
struct CallSite {
    typealias Argument = (label: String?, expression: ExprSyntax)

    let name: String
    let arguments: [Argument]
    let syntax: FunctionCallExprSyntax
    let hint: String?

    /// The value of a call the model recognises but cannot evaluate: unknown, carrying the
    /// call's text.
    var unknown: Value { .unknown(syntax.sourceText) }
}

/// A method call as a model sees it: the call, and its receiver's expression and text.
struct MethodSite {
    let call: CallSite
    let receiver: ExprSyntax
    /// The receiver's text, without a trailing `?` or `!` (`keys?.append(…)` appends to `keys`).
    let target: String

    var name: String { call.name }
    var arguments: [CallSite.Argument] { call.arguments }
}
