import SwiftSyntax

/// Finds what each type makes first responder when its screen appears: a
/// `becomeFirstResponder()` call in a lifecycle method (`viewDidAppear(_:)` and the like), or in
/// an app method one of them calls, on `self`, on a view the type holds in a property, on a
/// UIKit text or web view its methods make in a local and add as a subview (``LocalSubviews``),
/// or on a controller's own view of an app class (``ControllerRootViews``); Objective-C's
/// requests come from ``ObjectiveCFocus``.
struct FirstResponderReader {
    let index: SourceIndex
    /// The controllers' own view classes: `view.becomeFirstResponder()` focuses the one a
    /// controller's `loadView()` or storyboard scene gives it.
    var rootViews: ControllerRootViews?
    /// The classes whose views a method makes in a local and adds (``LocalSubviews/classes(in:)``).
    private let localClasses: Set<String>
    /// What the app's Objective-C makes first responder (``ObjectiveCFocus``).
    let objectiveC: ObjectiveCFocus

    init(index: SourceIndex, rootViews: ControllerRootViews? = nil, localClasses: Set<String>? = nil, objectiveC: ObjectiveCFocus = ObjectiveCFocus()) {
        self.index = index
        self.rootViews = rootViews
        self.localClasses = localClasses ?? LocalSubviews.classes(in: index)
        self.objectiveC = objectiveC
    }

    /// A responder a type makes first responder.
    struct Request: Equatable {
        /// The type whose lifecycle makes the call.
        var owner: String
        /// `nil` when the owner makes itself first responder; else the property holding the view.
        var property: String?
        /// The view's class: an app type, or UIKit's (`UITextField`, `UITextView`, …).
        var viewClass: String?
        var method: String
        var location: SourceLocation
        /// Made only under a run-time condition (in an `if`, `guard` or `switch` branch): it
        /// counts only when no type makes a request on its unconditional path.
        var conditional = false

        /// Where UIKit calls the request's method as a screen loads and appears
        /// (``lifecycleMethods``); 0 for a method UIKit does not call.
        var lifecycleOrder: Int { FirstResponderReader.lifecycleMethods.firstIndex(of: method) ?? 0 }

        /// How requests of one screen rank: one made on its method's unconditional path before
        /// one made under a condition, then the one UIKit calls last.
        var precedence: (unconditional: Int, order: Int) { (conditional ? 0 : 1, lifecycleOrder) }
    }

    /// The property each type's lifecycle focuses: of its requests for a held view, one made on
    /// its method's unconditional path before one made under a condition, then the one UIKit
    /// calls last (`viewDidAppear`'s over `viewDidLoad`'s).
    static func focusedProperties(_ requests: [String: [Request]]) -> [String: String] {
        var result: [String: String] = [:]
        for (owner, list) in requests {
            let chosen = list.filter { $0.property != nil }.max { $0.precedence < $1.precedence }
            if let property = chosen?.property { result[owner] = property }
        }
        return result
    }

    /// The methods UIKit calls as a screen loads and appears, in the order it calls them.
    static let lifecycleMethods = ["loadView", "viewDidLoad", "awakeFromNib", "viewWillAppear", "viewIsAppearing", "viewDidAppear",
                                   "didMoveToSuperview", "didMoveToWindow"]

    /// The call that makes a responder first responder.
    static let becomeFirstResponder = "becomeFirstResponder"

    /// Every request of the types `included` accepts, by owner, in lifecycle order; the last one
    /// a type makes wins (it runs last).
    ///
    /// Only code that names `becomeFirstResponder` is read: the byte offsets of the word in each
    /// file pick the functions that call it, and a helper that does counts for the lifecycle
    /// methods whose text names the helper.
    func requests(ofTypesWhere included: (String) -> Bool) -> [String: [Request]] {
        var result: [String: [Request]] = [:]
        var mentionsByFile: [String: [Int]] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], included(info.name), index.type(info, mentions: Self.becomeFirstResponder) else { continue }
            let lifecycle = Self.lifecycleMethods.flatMap { method in
                info.functions.filter { $0.name == method && !$0.isStatic && $0.body != nil }
            }
            // The names each lifecycle method calls, read once when a helper needs them.
            var callersByName: [String: [String]]?
            for function in info.functions where !function.isStatic {
                guard let body = function.body, let file = index.sourceOfRoot[body.root.id]?.file else { continue }
                let mentions = mentionsByFile[file] ?? index.offsets(of: [Self.becomeFirstResponder], inFile: file) ?? []
                mentionsByFile[file] = mentions
                guard Self.spans(body, mentions) else { continue }
                let finder = BecomeFinder(mentions: mentions, body: Syntax(body))
                finder.walk(body)
                if Self.lifecycleMethods.contains(function.name) {
                    result[info.name, default: []] += requests(finder, of: info, method: function.name)
                    continue
                }
                // A helper (`focusEditor()`): its requests are those of the lifecycle methods
                // that call it.
                if callersByName == nil { callersByName = calledNames(in: lifecycle) }
                for caller in callersByName?[function.name] ?? [] {
                    result[info.name, default: []] += requests(finder, of: info, method: caller)
                }
            }
            result[info.name]?.sort { $0.lifecycleOrder < $1.lifecycleOrder }
        }
        for (owner, list) in objectiveC.requests where included(owner) {
            result[owner, default: []] += list
            result[owner]?.sort { $0.lifecycleOrder < $1.lifecycleOrder }
        }
        return result
    }

    /// Name → the lifecycle methods whose text calls it (`name(`), from one byte scan of each body.
    private func calledNames(in lifecycle: [SourceIndex.FunctionInfo]) -> [String: [String]] {
        var callers: [String: [String]] = [:]
        for method in lifecycle {
            guard let body = method.body, let file = index.sourceOfRoot[body.root.id]?.file else { continue }
            for name in index.namesCalled(in: body, inFile: file) where callers[name]?.last != method.name {
                callers[name, default: []].append(method.name)
            }
        }
        return callers
    }

    /// Whether a body's text spans one of `offsets`.
    private static func spans(_ body: CodeBlockSyntax, _ offsets: [Int]) -> Bool {
        ByteSearch.contains(offsets, offsetIn: body.position.utf8Offset..<body.endPosition.utf8Offset)
    }

    private func requests(_ finder: BecomeFinder, of info: SourceIndex.TypeInfo, method: String) -> [Request] {
        // The views the type makes in locals and adds as subviews, read only when a call needs them.
        var locals: [LocalSubviews.Local]?
        return finder.calls.compactMap { call in
            let location = index.location(call.node)
            guard let receiver = call.receiver else {
                return Request(owner: info.name, property: nil, viewClass: nil, method: method, location: location, conditional: call.conditional)
            }
            var name = receiver
            if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
            guard !name.contains("."), !name.contains("(") else { return nil }
            if let property = property(name, of: info) {
                return Request(owner: info.name, property: name, viewClass: property, method: method, location: location, conditional: call.conditional)
            }
            if name == "view", let view = rootViews?.viewClass(of: info.name) {
                return Request(owner: info.name, property: name, viewClass: view, method: method, location: location, conditional: call.conditional)
            }
            let made = locals ?? LocalSubviews.added(by: info, index: index, classes: localClasses)
            locals = made
            guard let local = made.first(where: { $0.name == name }) else { return nil }
            return Request(owner: info.name, property: name, viewClass: local.viewClass, method: method, location: location, conditional: call.conditional)
        }
    }

    /// The class of a property that holds a responder view: an app view class, or one of
    /// the system classes that take the focus (``FocusableClass``).
    func property(_ name: String, of info: SourceIndex.TypeInfo) -> String? {
        for candidate in [info] + index.ancestors(of: info.name) {
            guard let property = candidate.properties[name] else { continue }
            return property.heldClass.flatMap(responderClass(named:))
        }
        return nil
    }

    /// `type` when it is a responder a property can hold and focus: a system class that takes
    /// the focus (``FocusableClass``), a library's text class by its name
    /// (``FocusableClass/standIn(forLibraryClass:)``), or an app class built on `UIResponder`.
    private func responderClass(named type: String) -> String? {
        if FocusableClass.registered.contains(where: { $0.name == type }) { return type }
        guard let app = index.type(named: type) else { return FocusableClass.standIn(forLibraryClass: type) != nil ? type : nil }
        guard app.kind == .class else { return nil }
        let onLibraryText = index.systemBase(of: app.name).flatMap(FocusableClass.standIn(forLibraryClass:)) != nil
        return index.inherits(app.name, from: "UIResponder") || onLibraryText ? app.name : nil
    }

    /// The property each class's `becomeFirstResponder()` override hands the focus to
    /// (`override func becomeFirstResponder() -> Bool { textView.becomeFirstResponder() }`): a
    /// wrapper view whose inner text view takes the focus when the wrapper is asked to.
    func focusForwards() -> [String: String] {
        var result: [String: String] = [:]
        for key in index.types.keys.sorted() {
            guard let info = index.types[key], index.type(info, mentions: Self.becomeFirstResponder) else { continue }
            for function in info.functions where function.name == Self.becomeFirstResponder && !function.isStatic {
                guard let body = function.body else { continue }
                let finder = BecomeFinder(mentions: nil, body: Syntax(body))
                finder.walk(body)
                let forwarded = finder.calls.lazy.compactMap { call -> String? in
                    guard var name = call.receiver else { return nil }
                    if name.hasPrefix("self.") { name = String(name.dropFirst(5)) }
                    return self.property(name, of: info) != nil ? name : nil
                }.first
                if let forwarded { result[info.name] = forwarded }
            }
        }
        return result
    }
}

/// `becomeFirstResponder()` calls, with their receivers' text, outside closures (which run
/// later, if at all); only statements that name the call are walked.
private final class BecomeFinder: MentionedItemsVisitor {
    let body: Syntax
    var calls: [(node: FunctionCallExprSyntax, receiver: String?, conditional: Bool)] = []

    init(mentions: [Int]?, body: Syntax) {
        self.body = body
        super.init(mentions: mentions)
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == FirstResponderReader.becomeFirstResponder {
            calls.append((node, nil, AppModel.isConditional(node, within: body)))
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                  member.declName.baseName.text == FirstResponderReader.becomeFirstResponder {
            let receiver = RootExpressionReader.unwrapped(base).sourceText
            calls.append((node, receiver == "self" ? nil : receiver, AppModel.isConditional(node, within: body)))
        }
        return .visitChildren
    }
}

extension SourceIndex {
    /// The names `node`'s text (in `file`) calls: each identifier right before a `(`, except a
    /// method a `#selector(…)` names.
    func namesCalled(in node: some SyntaxProtocol, inFile file: String) -> Set<String> {
        guard let text = texts[file] else { return [] }
        let range = node.position.utf8Offset..<node.endPosition.utf8Offset
        return text.utf8.withContiguousStorageIfAvailable { bytes -> Set<String> in
            guard range.upperBound <= bytes.count else { return [] }
            var names: Set<String> = []
            func isIdentifier(_ byte: UInt8) -> Bool {
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
            }
            let selector = Array("#selector(".utf8)
            for index in range where bytes[index] == UInt8(ascii: "(") {
                var start = index
                while start > range.lowerBound, isIdentifier(bytes[start - 1]) { start -= 1 }
                guard start < index else { continue }
                // `#selector(beginFind(_:))` names a method; it does not call it.
                if start - range.lowerBound >= selector.count, bytes[(start - selector.count)..<start].elementsEqual(selector) { continue }
                names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            }
            return names
        } ?? []
    }
}
