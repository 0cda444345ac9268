import SceneImportObjectiveC
import SceneImportVocabulary

/// What the app's Objective-C makes first responder, read as ``FirstResponderReader`` reads
/// Swift:
/// - a `becomeFirstResponder` message, to `self` or to a member (`[self.textView
///   becomeFirstResponder]`, `[_field becomeFirstResponder]`), in a lifecycle method
///   (``lifecycleMethods``) or in a method of the class that one of them sends to `self`;
/// - the member a `becomeFirstResponder` override hands the focus to (`return [self.internalTextView
///   becomeFirstResponder];`);
/// - the classes whose `canBecomeFirstResponder` returns anything but `NO`.
///
/// Messages inside blocks are left out: a block runs later, if at all.
struct ObjectiveCFocus {
    /// The requests each class's lifecycle makes, by class.
    private(set) var requests: [String: [FirstResponderReader.Request]] = [:]
    /// The member (without `_`) each class's `becomeFirstResponder` override hands the focus to.
    private(set) var forwards: [String: String] = [:]
    /// The classes whose `canBecomeFirstResponder` returns anything but `NO`.
    private(set) var allowsFirstResponder: Set<String> = []

    /// UIKit's lifecycle selectors, each with the name ``FirstResponderReader/lifecycleMethods``
    /// gives it.
    static let lifecycleMethods: [String: String] = [
        "loadView": "loadView", "viewDidLoad": "viewDidLoad", "awakeFromNib": "awakeFromNib", "viewWillAppear:": "viewWillAppear",
        "viewIsAppearing:": "viewIsAppearing", "viewDidAppear:": "viewDidAppear", "didMoveToSuperview": "didMoveToSuperview",
        "didMoveToWindow": "didMoveToWindow",
    ]

    init() {}

    /// Reads `files`; a member's class comes from the index (a property or an instance
    /// variable, also a superclass's).
    init(files: [ObjectiveCFile], index: SourceIndex) {
        var methods: [String: [(method: ObjectiveCMethod, file: String)]] = [:]
        for file in files {
            for implementation in file.implementations {
                for method in implementation.methods where !method.isClassMethod && method.body != nil {
                    methods[implementation.className, default: []].append((method, file.path))
                }
            }
        }
        guard methods.values.contains(where: { list in list.contains { $0.method.body?.focusRequests.isEmpty == false } })
            || methods.values.contains(where: { list in list.contains { $0.method.selector == "canBecomeFirstResponder" } })
        else { return }
        let reader = FirstResponderReader(index: index, localClasses: [])
        for className in methods.keys.sorted() {
            let list = methods[className] ?? []
            let info = index.type(named: className)
            // The class of the responder a member holds.
            func heldClass(_ member: String) -> String? { info.flatMap { reader.property(member, of: $0) } }
            for (method, file) in list {
                guard let body = method.body else { continue }
                if method.selector == FirstResponderReader.becomeFirstResponder,
                   let member = body.focusRequests.lazy.compactMap(\.member).first(where: { heldClass($0) != nil }) {
                    forwards[className] = member
                }
                if method.selector == "canBecomeFirstResponder", !body.returnedBooleans.isEmpty,
                   !body.returnedBooleans.allSatisfy({ $0 == "NO" || $0 == "false" }) {
                    allowsFirstResponder.insert(className)
                }
                guard let lifecycle = Self.lifecycleMethods[method.selector] else { continue }
                // Its own messages, then those of the class's methods it sends to `self`, under
                // the condition the message is sent under.
                var found = body.focusRequests.map { (request: $0, file: file) }
                for message in body.selfMessages where message.receiverClass == nil && Self.lifecycleMethods[message.selector] == nil {
                    guard let helper = list.first(where: { $0.method.selector == message.selector }), let helperBody = helper.method.body else { continue }
                    found += helperBody.focusRequests.map { request in
                        var nested = request
                        nested.condition = message.condition.nesting(request.condition)
                        return (nested, helper.file)
                    }
                }
                for (request, requestFile) in found {
                    let location = SourceLocation(file: requestFile, line: request.line)
                    let conditional = !request.condition.isAlways
                    guard let member = request.member else {
                        requests[className, default: []].append(.init(owner: className, property: nil, viewClass: nil, method: lifecycle,
                                                                      location: location, conditional: conditional))
                        continue
                    }
                    guard let viewClass = heldClass(member) else { continue }
                    requests[className, default: []].append(.init(owner: className, property: member, viewClass: viewClass, method: lifecycle,
                                                                  location: location, conditional: conditional))
                }
            }
        }
    }
}
