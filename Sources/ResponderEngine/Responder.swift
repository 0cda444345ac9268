import KeyTraceCore

/// An object that takes part in the responder chain: the model of `UIResponder`.
///
/// Subclasses override what they handle and inherit forwarding for the rest, the shape of
/// UIKit's "call super" (and of a NIO channel handler):
///
/// ```
///  first responder ──next──▶ view ──next──▶ view controller ──next──▶ window ──next──▶ application
///        │ keyCommands            │ keyCommands        │ keyCommands + addKeyCommand      │ main menu
/// ```
///
/// Key commands come from ``keyCommands`` (by default ``declaredKeyCommands``). Actions are
/// named (``Action``) and implemented with ``implement(_:handler:)``; the default
/// ``canPerformAction(_:withSender:)`` answers whether an action is implemented.
///
/// When what ``keyCommands`` returns changes for reasons the engine cannot see, call
/// ``setNeedsKeyCommandsUpdate()`` so the `cached` query policy re-collects (R23).
open class Responder {
    /// The responder's name, one component of its ``path``.
    @exclusivity(unchecked) public var name: String

    @exclusivity(unchecked) private var explicitNext: Responder?
    @exclusivity(unchecked) private var handlers = ActionTable<(ActionSender) -> Void>()
    @exclusivity(unchecked) private var validators = ActionTable<(inout KeyCommand) -> Void>()
    @exclusivity(unchecked) private var refusals = ActionTable<() -> Bool>()

    /// Commands this responder declares; the default ``keyCommands`` returns them.
    /// Setting them invalidates cached collections (``CacheInvalidationReason/explicitUpdate``)
    /// and returns every one of them whether or not the responder is first responder.
    public var declaredKeyCommands: [KeyCommand] {
        get { declaredKeyCommandsStorage }
        set {
            declaredKeyCommandsStorage = newValue
            firstResponderOnly = []
            setNeedsKeyCommandsUpdate()
        }
    }
    @exclusivity(unchecked) private var declaredKeyCommandsStorage: [KeyCommand] = []

    /// Replaces ``declaredKeyCommands``, invalidating collections with `reason` when they change
    /// (scenes use ``CacheInvalidationReason/stateChange`` for commands that depend on state).
    /// `whileFirstResponder`, when not empty, marks per command the ones ``keyCommands`` returns
    /// only while this responder is first responder.
    public func replaceDeclaredKeyCommands(_ commands: [KeyCommand], whileFirstResponder: [Bool] = [],
                                           reason: CacheInvalidationReason) {
        let marks = whileFirstResponder.contains(true) ? whileFirstResponder : []
        guard commands != declaredKeyCommandsStorage || marks != firstResponderOnly else { return }
        declaredKeyCommandsStorage = commands
        firstResponderOnly = marks
        invalidateKeyCommands(reason)
    }

    /// Per declared command, whether ``keyCommands`` returns it only while this responder is
    /// first responder: an app's getter that adds commands under `if isFirstResponder { … }`.
    /// Empty when none is.
    @exclusivity(unchecked) public private(set) var firstResponderOnly: [Bool] = []

    /// Whether the default ``canBecomeFirstResponder`` answers `true`.
    @exclusivity(unchecked) public var acceptsFirstResponder: Bool = false

    /// `UIKeyCommand` objects one read of ``keyCommands`` builds in the app this responder
    /// models (0: it returns stored commands, or nobody said). Benchmarks multiply it by the
    /// reads each policy makes; the engine itself builds nothing.
    @exclusivity(unchecked) public var keyCommandsBuiltPerCall: Int = 0

    /// How many times the engine has read ``keyCommands`` from this responder.
    @exclusivity(unchecked) public internal(set) var keyCommandsCallCount: Int = 0

    /// ``forwardsEveryPress``, read once when the responder is made: deliveries pass over
    /// such responders without calling them.
    let passesPressesOn: Bool

    /// Creates a responder named `name`.
    public init(name: String) {
        self.name = name
        self.passesPressesOn = Self.forwardsEveryPress
    }

    /// Whether every instance of this class answers each of `pressesBegan`, `pressesChanged`,
    /// `pressesEnded` and `pressesCancelled` with the forwarding default. A delivery steps over
    /// such a responder without calling it, which is what calling it would do.
    ///
    /// The engine's open classes answer `true` only for themselves, not for subclasses, so a
    /// subclass that overrides a press method is called without having to say anything. A
    /// `final` subclass that overrides none of the four may answer `true`.
    open class var forwardsEveryPress: Bool { self == Responder.self }

    // MARK: Chain

    /// The next responder in the chain. Defaults to what ``setNext(_:)`` set; views, view
    /// controllers and windows derive it from their hierarchy.
    open var next: Responder? { explicitNext }

    /// Sets the next responder of a plain responder (invalidates collections).
    public func setNext(_ responder: Responder?) {
        explicitNext = responder
        invalidateKeyCommands(.chainMutation)
    }

    /// The parent used for ``path``; defaults to ``next``.
    open var pathParent: Responder? { next }

    /// The slash-separated names from the top of the hierarchy, e.g. `window/tabs/library/list`.
    /// The application does not appear in paths of other responders.
    public var path: String {
        var components: [String] = []
        components.reserveCapacity(8)
        forEachPathComponent { responder in
            if !responder.name.isEmpty { components.append(responder.name) }
            return true
        }
        // Built by hand, top first, into one allocation: `reversed().joined(separator:)` is
        // generic over the reversed view and cost most of a path (paths are taken after every
        // focus change by recorders and replays).
        var length = max(0, components.count - 1)
        for name in components { length += name.utf8.count }
        var path = ""
        path.reserveCapacity(length)
        for index in components.indices.reversed() {
            path += components[index]
            if index > 0 { path += "/" }
        }
        return path
    }

    /// Calls `body` with each responder ``path`` is made of, nearest first: this one, then its
    /// ``pathParent``s up to (not including) the application, until `body` returns `false`.
    ///
    /// A path depends on these responders and their names only, so a cache of paths can tell
    /// that one is still current by walking them, without building the string.
    public func forEachPathComponent(_ body: (Responder) -> Bool) {
        Responder.walk(from: self, via: { $0.pathParent }) { responder in
            if responder is Application && responder !== self { return false }
            return body(responder)
        }
    }

    /// The longest chain snapshots hold; longer (acyclic) chains are cut and reported.
    public static let maximumChainLength = 4096

    // MARK: Key commands

    /// The commands this responder offers (`UIResponder.keyCommands`).
    open var keyCommands: [KeyCommand]? {
        let commands = firstResponderOnly.isEmpty || isFirstResponder ? declaredKeyCommands
            : zip(declaredKeyCommands, firstResponderOnly).filter { !$0.1 }.map(\.0)
        return commands.isEmpty ? nil : commands
    }

    /// Called when this responder becomes or stops being first responder: collections holding
    /// commands it returns only as first responder are stale.
    func firstResponderStatusChanged() {
        if !firstResponderOnly.isEmpty { invalidateKeyCommands(.firstResponderChange) }
    }

    /// Tells the engine that ``keyCommands`` changed (`UIResponder.setNeedsKeyCommandsUpdate` analogue).
    public func setNeedsKeyCommandsUpdate() { invalidateKeyCommands(.explicitUpdate) }

    /// Records that collections including this responder are stale, and why.
    public func invalidateKeyCommands(_ reason: CacheInvalidationReason) {
        guard !validityTokens.isEmpty else { return }
        for token in validityTokens { token.markStale(reason) }
        validityTokens.removeAll(keepingCapacity: true)
    }

    /// The cached collections built from chains including this responder.
    @exclusivity(unchecked) var validityTokens: [CollectionValidity] = []

    // MARK: First responder

    /// Whether this responder may become first responder. Defaults to ``acceptsFirstResponder``.
    open var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    /// Whether this responder accepts text (a text field or text view, or a responder that
    /// ``adoptsKeyInput``), which defers conflicting key commands (R16, R17).
    open var acceptsTextInput: Bool { adoptsKeyInput }

    /// Whether this responder adopts `UIKeyInput` (a terminal's view, a game's input view): as
    /// first responder it takes text input, the keys it types reaching its `insertText(_:)` and
    /// `deleteBackward()` (``TextInputView/Edit/init(keyInput:)``) instead of its key commands
    /// that wait for text input (R16, R17).
    public var adoptsKeyInput = false

    /// The application at the end of this responder's chain, if the chain reaches one.
    public var application: Application? {
        firstInChain { $0 is Application } as? Application
    }

    /// Asks the application to make this responder first responder.
    /// Returns `false` when it cannot become first responder or is not in an application's chain (R15).
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard let application else { return false }
        return application.makeFirstResponder(self)
    }

    /// Whether this responder is its application's first responder.
    public var isFirstResponder: Bool { application?.firstResponder === self }

    // MARK: Actions

    /// Implements `action`: ``canPerformAction(_:withSender:)`` answers `true` for it and
    /// ``perform(_:sender:)`` calls `handler`.
    public func implement(_ action: Action, handler: @escaping (ActionSender) -> Void = { _ in }) {
        handlers[action] = handler
    }

    /// Stops implementing `action`.
    public func removeImplementation(of action: Action) { handlers[action] = nil }

    /// The actions implemented with ``implement(_:handler:)``, sorted.
    public var implementedActions: [Action] { handlers.keys.sorted() }

    /// Whether this responder implements `action`.
    public func implements(_ action: Action) -> Bool { handlers.contains(action) }

    /// Adds a validation step for commands whose action is `action` (R14): it may disable or
    /// retitle the command copy it is given.
    public func addValidation(for action: Action, _ validation: @escaping (inout KeyCommand) -> Void) {
        validators[action] = validation
    }

    /// Makes ``canPerformAction(_:withSender:)`` answer `false` for `action` while `refuses`
    /// returns `true`, though the action stays implemented: the target search then goes on to
    /// the next responder (R14), as for a responder that overrides `canPerformAction` to refuse
    /// in some state.
    public func refuse(_ action: Action, while refuses: @escaping () -> Bool) {
        refusals[action] = refuses
    }

    /// `UIResponder.canPerformAction(_:withSender:)`: by default, whether the action is
    /// implemented and not refused (``refuse(_:while:)``).
    open func canPerformAction(_ action: Action, withSender sender: ActionSender?) -> Bool {
        guard handlers.contains(action) else { return false }
        guard let refuses = refusals[action] else { return true }
        return !refuses()
    }

    /// `UIResponder.target(forAction:withSender:)`: the first responder from here along
    /// ``next`` that can perform `action` (R14). Cycles end the search.
    open func target(forAction action: Action, withSender sender: ActionSender?) -> Responder? {
        firstInChain { $0.canPerformAction(action, withSender: sender) }
    }

    /// `UIResponder.validate(_:)`: runs on a copy of the command before it is performed and
    /// may disable or retitle it. By default, runs the validation added for its action.
    open func validate(_ command: inout KeyCommand) {
        guard let action = command.action, let validation = validators[action] else { return }
        validation(&command)
    }

    /// Performs `action`; returns whether something ran. By default, calls the handler.
    @discardableResult
    open func perform(_ action: Action, sender: ActionSender) -> Bool {
        guard let handler = handlers[action] else { return false }
        handler(sender)
        return true
    }

    // MARK: Presses (forwarding defaults, R18, R20)

    /// A key went down. The default forwards to the next responder, as calling `super` does.
    open func pressesBegan(_ press: KeyPress, with delivery: inout PressDelivery) {
        if adoptsKeyInput, press.isKeyboardKey, TextInputView.Edit(keyInput: press) != nil {
            delivery.consumedAsText = true
        } else {
            delivery.forward(press)
        }
    }

    /// A held key changed (e.g. its modifiers). The default forwards.
    open func pressesChanged(_ press: KeyPress, with delivery: inout PressDelivery) {
        delivery.forward(press)
    }

    /// A key went up. The default forwards.
    open func pressesEnded(_ press: KeyPress, with delivery: inout PressDelivery) {
        delivery.forward(press)
    }

    /// Called for auto-repeats of a press this responder consumed as text; returns whether the
    /// repeat was applied. The default types it again when the responder ``adoptsKeyInput``, and
    /// declines otherwise; ``TextInputView`` types the key again.
    open func handleRepeat(of press: KeyPress) -> Bool { adoptsKeyInput && TextInputView.Edit(keyInput: press) != nil }

    /// A press was cancelled. The default forwards.
    open func pressesCancelled(_ press: KeyPress, with delivery: inout PressDelivery) {
        delivery.forward(press)
    }
}

extension Responder: CustomStringConvertible {
    /// The responder's path; an unnamed view (a controller's root view) shows as `…/controller.view`.
    public var description: String {
        let path = self.path
        if name.isEmpty { return path.isEmpty ? "(unnamed)" : path + ".view" }
        return path.isEmpty ? name : path
    }
}

