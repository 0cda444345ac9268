import ResponderEngine
import Surfaces
import SwiftSyntax

/// UIKit's menu elements built in code (`UICommand`, `UIMenu`, `UIAction`) and the main-menu
/// builder's calls (`UIMenuBuilder`).
///
/// A `UIMenu(title:image:identifier:options:children:)` is a menu value (``menu(title:identifier:inline:children:)``)
/// holding its children; a key-less `UICommand(title:action:)` an item value
/// (``item(title:action:at:)``); a `UIAction`'s closures run outside menu code, so the commands
/// they create are seen. While the main menu is built (``Evaluator/Mode/menu``), each builder call
/// (``BuilderCall``) is logged in the order the code makes it, with where it places what: the
/// ``MainMenuOperation``s the scene's `menus` are written from.
enum MenuModel: FrameworkModel {
    /// The type of a menu builder's `system`.
    static let systemType = "UIMenuSystem"
    static let elementFunctions: Set<String> = ["UICommand", "UIMenu", "UIAction"]
    /// The element initialisers, and the builder's calls written without a receiver in the
    /// app's own `extension UIMenuBuilder` methods.
    static let functions: Set<String> = elementFunctions.union(BuilderCall.allCases.map(\.rawValue)).union([lookupName, identifierType])
    static let types: Set<String> = elementFunctions.union([identifierType])
    static let methods: Set<String> = Set(BuilderCall.allCases.map(\.rawValue)).union([identifierInitializer, lookupName, replacingChildrenName])
    /// The lookup's name is no word of its own: every file naming a menu would be read for it.
    static let mentions: Set<String> = functions.union(methods).subtracting([lookupName])
    static let describesValues = true
    /// `UIMenu(inlineChildren: […])`, an app's convenience initialiser, builds the menu its
    /// `self.init(…)` makes.
    static let appInitializersRunAsAppCode = true
    /// The prefix of the identifier a menu gets when the source gives it none (UIKit makes one
    /// up): code can still name the menu by it (`insertChild(items, atEndOfMenu: menu.identifier)`).
    static let generatedIdentifierPrefix = "generated:"
    /// The menu element types a value may be declared as, in the order they are looked for.
    static let elementTypes = ["UICommand", "UIMenu", "UIMenuElement"]
    /// The responder method UIKit calls to build the main menu.
    static let buildMenuName = "buildMenu"
    /// The type of a menu's identifier, and the initialiser written on `UIMenu`
    /// (`UIMenu.Identifier("com.example.game")`).
    static let identifierType = "UIMenu.Identifier"
    static let identifierInitializer = "Identifier"
    /// The value types the model makes (``Value/object(type:fields:)``).
    static let menuType = "UIMenu"
    static let itemType = "UICommand"
    static let actionType = "UIAction"
    static let builderType = "UIMenuBuilder"
    /// The builder's lookup of a menu it holds, `menu(for: .file)`.
    static let lookupName = "menu"
    /// `UIMenu.replacingChildren(_:)`: the same menu holding other children.
    static let replacingChildrenName = "replacingChildren"
    /// UIKit's standard main menu (R21), built once: lookups and the items handed to closures
    /// read it.
    private static let standardMainMenu = MenuBuilder.standard()

    /// The builder's calls that change the main menu (`UIMenuBuilder`), by method name.
    enum BuilderCall: String, CaseIterable {
        case insertChild, insertSibling, insertElements, replace, replaceChildren, remove
    }

    /// `UIMenu.Identifier`'s standard menus (the Swift names; Objective-C's `UIMenuFile` is
    /// `file`), each with the top-level menu that holds it: the menus UIKit's main menu has
    /// before the app changes it.
    static let standardMenus: [String: String] = [
        "application": "application", "about": "application", "preferences": "application", "services": "application",
        "hide": "application", "quit": "application",
        "file": "file", "newScene": "file", "newItem": "file", "openRecent": "file", "close": "file", "document": "file",
        "print": "file", "share": "file", "export": "file", "importExport": "file",
        "edit": "edit", "undoRedo": "edit", "standardEdit": "edit", "deleteItem": "edit", "find": "edit", "replace": "edit",
        "spelling": "edit", "spellingPanel": "edit", "spellingOptions": "edit", "substitutions": "edit",
        "substitutionsPanel": "edit", "substitutionOptions": "edit", "transformations": "edit", "speech": "edit",
        "lookup": "edit", "learn": "edit", "autoFill": "edit", "writingTools": "edit",
        "format": "format", "font": "format", "textStyle": "format", "textSize": "format", "textColor": "format",
        "textStylePasteboard": "format", "text": "format", "alignment": "format", "writingDirection": "format",
        "view": "view", "toolbar": "view", "sidebar": "view", "fullscreen": "view", "inspector": "view",
        "window": "window", "minimizeAndZoom": "window", "bringAllToFront": "window", "windowSize": "window",
        "help": "help",
    ]

    /// The top-level menus in the order UIKit's main menu shows them.
    static let topLevelMenus = ["application", "file", "edit", "format", "view", "window", "help"]

    /// `UIMenu.Identifier.name` as Swift writes it for an Objective-C `UIMenuName` constant
    /// (`UIMenuFile` → `file`, `UIMenuNewScene` → `newScene`), or `nil`.
    static func standardMenu(objectiveC name: String) -> String? {
        guard name.hasPrefix("UIMenu"), name.count > 6 else { return nil }
        let rest = name.dropFirst(6)
        let swiftName = rest.prefix(1).lowercased() + rest.dropFirst()
        return standardMenus[swiftName] != nil ? sceneName(ofStandard: swiftName) : nil
    }

    /// What a condition on the menu builder's `system` says while the main menu is built
    /// (`builder.system == .main` holds, `builder.system == .context` and
    /// `builder.system != .main` do not), or `nil` when `condition` tests something else.
    static func mainMenuCheck(_ condition: ExprSyntax) -> Bool? {
        var expression = condition
        var negated = false
        while true {
            if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
                negated.toggle()
                expression = prefix.expression
            } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                expression = only.expression
            } else {
                break
            }
        }
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard let comparison = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
              ["==", "!=", "===", "!=="].contains(comparison) else { return nil }
        let other = isMenuSystem(elements[0]) ? elements[2] : isMenuSystem(elements[2]) ? elements[0] : nil
        guard let other, let namesMain = namesMainSystem(other) else { return nil }
        return (comparison.hasPrefix("=") ? namesMain : !namesMain) != negated
    }

    /// What a `switch` on the menu builder's `system` runs while the main menu is built: the
    /// case naming `.main` runs, a case naming other systems does not, and `default` runs when
    /// no case before it names `.main`; `nil` when `subject` is not the builder's `system`.
    static func mainMenuCase(_ label: SwitchCaseSyntax.Label, of subject: ExprSyntax, after earlier: [SwitchCaseSyntax.Label]) -> Bool? {
        guard isMenuSystem(subject) else { return nil }
        func namesMain(_ label: SwitchCaseSyntax.Label) -> Bool {
            guard case .case(let items) = label else { return false }
            return items.caseItems.contains { item in
                item.pattern.as(ExpressionPatternSyntax.self).flatMap { namesMainSystem($0.expression) } == true
            }
        }
        switch label {
        case .default: return !earlier.contains(where: namesMain)
        case .case: return namesMain(label)
        }
    }

    /// Whether `expression` reads a menu builder's `system` (`builder.system`, `system`).
    private static func isMenuSystem(_ expression: ExprSyntax) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text == "system" }
        return expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "system"
    }

    /// Whether `expression` names the main menu system (`.main`, `UIMenuSystem.main`): `false`
    /// for another system (`.context`), `nil` for anything else.
    private static func namesMainSystem(_ expression: ExprSyntax) -> Bool? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
              member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == systemType else { return nil }
        switch member.declName.baseName.text {
        case "main": return true
        case "context": return false
        default: return nil
        }
    }

    /// Standard identifiers that name one group under two names: iPadOS 26's `.newItem` is the
    /// group `.newScene` named before, which the scene calls `newScene`.
    static let sameGroup = ["newItem": "newScene"]

    /// The scene's name for the standard menu `name` (a `UIMenu.Identifier` member).
    static func sceneName(ofStandard name: String) -> String { sameGroup[name] ?? name }

    static func staticMember(_ name: String, of type: String) -> Value? {
        type == identifierType && standardMenus[name] != nil ? .string(sceneName(ofStandard: name)) : nil
    }

    static func implicitMember(_ name: String, expecting type: String?) -> Value? {
        guard type?.withoutOptionality == identifierType, standardMenus[name] != nil else { return nil }
        return .string(sceneName(ofStandard: name))
    }

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        switch site.name {
        case identifierType:
            // `Self(rawValue: "com.example.tools")` in `extension UIMenu.Identifier`, `.init("…")`
            // where an identifier is expected.
            return identifier(site.arguments, in: evaluator, frame: &frame)
        case menuType: return menu(site, in: evaluator, frame: &frame)
        case itemType: return item(site, in: evaluator, frame: &frame)
        case actionType:
            // A `UIAction` runs a closure, not an action: the item is named after its title, or
            // its titles when the app picks one at run time (``Value/titleText``). Its handler
            // runs when the user picks the item, never while the main menu is built, so menu
            // code leaves it (a handler that reloads the app's data would spend the build's
            // budget and cut the menu it is in short).
            if evaluator.mode != .menu { evaluator.runClosures(in: site.arguments, frame: &frame) }
            guard let argument = site.arguments.first(where: { $0.label == "title" }),
                  let title = evaluator.evaluate(argument.expression, frame: &frame, hint: "String").menuTitle else { return .unknown(site.name) }
            return item(title: title, action: "UIAction(\(title))", at: evaluator.location(site.syntax))
        case let name where elementFunctions.contains(name):
            evaluator.runClosures(in: site.arguments, frame: &frame)
            return .unknown(site.name)
        case lookupName:
            return lookup(site, in: evaluator, frame: &frame)
        default:
            // A builder call without a receiver: in the app's `extension UIMenuBuilder`.
            return builderCall(site, in: evaluator, frame: &frame)
        }
    }

    /// A menu's `identifier`.
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value? {
        guard name == "identifier", case .object(let type, let fields) = base, type == menuType else { return nil }
        return fields["identifier"] ?? .unknown("identifier")
    }

    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        if site.name == identifierInitializer, site.target == menuType {
            // `UIMenu.Identifier("com.example.game")`, `UIMenu.Identifier(rawValue: …)`.
            return identifier(site.arguments, in: evaluator, frame: &frame) ?? .unknown(site.call.syntax.sourceText)
        }
        if site.name == lookupName { return lookup(site.call, in: evaluator, frame: &frame) }
        return builderCall(site.call, in: evaluator, frame: &frame)
    }

    /// `builder.menu(for: .file)` while the main menu is built: a standard menu is there, so
    /// code that checks it before changing it (`guard builder.menu(for: .view) != nil`) goes on
    /// as it does on a device. A menu of items alone has its `children`
    /// (``lookedUpChildren(of:)``), so `builder.menu(for: .about)?.children.first?.title` is
    /// the system's title; a menu holding menus keeps them unknown. An app's own menu is there
    /// only once the code has inserted it: UIKit hands each build a main menu of its own
    /// menus, so before this build's code inserts it (`if builder.menu(for: .appActions) == nil
    /// { insert } else { replace }`) the lookup finds nothing, after an insertion made on every
    /// run it finds the menu, and after one made under a run-time condition it is a run-time
    /// answer.
    private static func lookup(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard evaluator.mode == .menu, site.arguments.count == 1, let argument = site.arguments.first, argument.label == "for" else { return nil }
        let identifier = evaluator.evaluate(argument.expression, frame: &frame, hint: identifierType)
        let written = identifier.stringValue ?? declaredIdentifier(argument.expression, in: evaluator.index)
        guard let name = written, standardMenus[name] != nil || sameGroup.values.contains(name) else {
            guard let name = written else { return .unknown(site.syntax.sourceText) }
            let insertions = evaluator.added.filter { inserts(name, $0.value) }
            if insertions.isEmpty { return .null }
            // Inserted on every run of this build's code: there.
            if insertions.contains(where: { $0.condition.isAlways }) { return .object(type: menuType, fields: ["identifier": .string(name)]) }
            return .unknown(site.syntax.sourceText)
        }
        var fields: [String: Value] = ["identifier": .string(name)]
        if let standard = standardMainMenu.menu(Menu.Identifier(rawValue: name)) {
            fields["inline"] = .bool(standard.isInline)
            if !standard.title.isEmpty { fields["title"] = .string(standard.title) }
        }
        if let children = lookedUpChildren(of: name) { fields["children"] = .array(children) }
        return .object(type: menuType, fields: fields)
    }

    /// The identifier an app's `extension UIMenu.Identifier` declares for `.name` as one string,
    /// read from the declaration (`static let tools = Self(rawValue: "com.example.tools")`,
    /// `static var tools: Self { .init("com.example.tools") }`): what a condition reads, where no
    /// app code runs. `nil` for any other expression or declaration.
    private static func declaredIdentifier(_ expression: ExprSyntax, in index: SourceIndex) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.base == nil,
              let property = index.type(named: identifierType)?.properties[member.declName.baseName.text], property.isStatic else { return nil }
        let written = property.initializer ?? property.getter.flatMap { $0.count == 1 ? $0.first?.item.as(ExprSyntax.self) : nil }
        guard let call = written?.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let argument = call.arguments.first,
              argument.label == nil || argument.label?.text == "rawValue",
              ["Self", ".init", identifierType, "Identifier"].contains(call.calledExpression.sourceText),
              let text = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { return nil }
        return text
    }

    /// The identifier `UIMenu.Identifier`'s initialiser makes of its one argument (unlabelled or
    /// `rawValue:`): the string it names, or one joined from fixed parts; `nil` otherwise.
    private static func identifier(_ arguments: [(label: String?, expression: ExprSyntax)], in evaluator: Evaluator,
                                   frame: inout Evaluator.Frame) -> Value? {
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil || argument.label == "rawValue" else { return nil }
        let value = evaluator.evaluate(argument.expression, frame: &frame, hint: "String")
        return value.stringValue.map(Value.string) ?? joinedIdentifier(argument.expression, in: evaluator, frame: &frame)
    }

    /// Whether a logged builder call, or a menu it inserts, holds a menu identified `name`.
    private static func inserts(_ name: String, _ value: Value) -> Bool {
        guard case .object(let type, let fields) = value else { return false }
        if type == menuType, fields["identifier"]?.stringValue == name { return true }
        let held = type == builderType ? fields["elements"] : type == menuType ? fields["children"] : nil
        return held?.items?.contains { inserts(name, $0.value) } ?? false
    }

    /// `menu.replacingChildren([…])` on a menu value: the same menu (title, identifier,
    /// options) holding the children given.
    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard site.name == replacingChildrenName, case .object(let type, var fields) = base, type == menuType,
              let argument = site.arguments.first else { return nil }
        let children = evaluator.evaluate(argument.expression, frame: &frame, hint: "[UIMenuElement]")
        fields["children"] = .array(evaluator.flatten(children, condition: .always))
        return .object(type: menuType, fields: fields)
    }

    /// The children `builder.menu(for:)` gives for the standard menu `name`: UIKit's items
    /// (``standardChildren(of:)``), else, for a group UIKit's main menu leaves empty (`.about`,
    /// `.preferences`, `.minimizeAndZoom`), the items the system draws there
    /// (``StandardMenuBarItems``), titled with `{app}` for the app's name as the system titles
    /// them (`About {app}`), which the scene's commands take as the scene's name. Their actions
    /// are AppKit's (`performZoom:`), not ones UIKit documents for its side of the menu, so
    /// code that reads one gets no action.
    private static func lookedUpChildren(of name: String) -> [Value.Item]? {
        if let given = standardChildren(of: name) { return given }
        let identifier = Menu.Identifier(rawValue: name)
        guard standardMainMenu.menu(identifier)?.children.isEmpty == true else { return nil }
        let items = StandardMenuBarItems.groups(in: identifier).flatMap(\.items).filter { $0.kind == .command }
        guard !items.isEmpty else { return nil }
        return items.map { item in
            .init(value: .object(type: standardItemType, fields: ["title": .string(item.title)]), condition: .always)
        }
    }

    /// An identifier joined from parts (`prefix + "about"`) some of which only the run time
    /// knows (`Bundle.main.bundleIdentifier! + "."`): the parts the source fixes, with each
    /// other part standing as its own text, so each menu keeps an identifier of its own that
    /// the code's later calls name the same way (`afterMenu: about.identifier`). `nil` when no
    /// part is fixed.
    private static func joinedIdentifier(_ expression: ExprSyntax, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements.count % 2 == 1 else { return nil }
        var text = ""
        var fixed = false
        for (offset, element) in elements.enumerated() {
            if offset % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
                continue
            }
            switch evaluator.evaluate(element, frame: &frame, hint: "String") {
            case .string(let part): text += part; fixed = true
            case .unknown(let written): text += "(\(written))"
            default: return nil
            }
        }
        return fixed ? .string(text) : nil
    }

    /// ``lookup(_:in:frame:)`` for a call read while a condition is decided, where no app code
    /// runs: the builder's answer is UIKit's, not the app's. A menu identifier the source fixes
    /// (`UIMenu.Identifier("com.example.actions")`) is read too, as the lookup names one.
    static func lookup(_ call: FunctionCallExprSyntax, args: [(label: String?, expression: ExprSyntax)], in evaluator: Evaluator,
                       frame: inout Evaluator.Frame) -> Value? {
        let callee = call.calledExpression
        if callee.sourceText == identifierType, let identifier = identifier(args, in: evaluator, frame: &frame) { return identifier }
        let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard name == lookupName else { return nil }
        return lookup(CallSite(name: lookupName, arguments: args, syntax: call, hint: nil), in: evaluator, frame: &frame)
    }

    /// What `value as? type` gives for a menu element whose class the source fixes: `nil` when
    /// that class is not `type` or one of its subclasses (a command is no `UIMenu`); `nil` as
    /// the answer when the cast is not between UIKit's menu element classes.
    static func castFails(_ value: Value, to type: String) -> Bool? {
        let elementClass: String
        switch value {
        case .command: elementClass = "UIKeyCommand"
        case .object(let type, _) where elementFunctions.contains(type): elementClass = type
        case .object(let type, _) where type == standardItemType: elementClass = itemType
        default: return nil
        }
        guard let superclasses = elementClasses[elementClass], elementClasses[type] != nil || type == "UIMenuElement" else { return nil }
        return !superclasses.contains(type)
    }

    /// The type of a value standing for one of UIKit's own items of a standard menu
    /// (``standardChildren(of:)``).
    static let standardItemType = "UIKit standard menu item"

    /// The items UIKit's main menu holds in the standard menu `name` (the engine's standard
    /// menu, R21), each as a `UICommand` whose `action` and `title` code can read; `nil` for
    /// a menu that is not standard, or one holding menus of its own (those are not modelled
    /// one by one).
    static func standardChildren(of name: String) -> [Value.Item]? {
        guard standardMenus[name] != nil, let menu = standardMainMenu.menu(Menu.Identifier(rawValue: name)) else { return nil }
        var items: [Value.Item] = []
        for child in menu.children {
            switch child {
            case .command(let command):
                guard let action = command.action?.name else { return nil }
                items.append(.init(value: .object(type: standardItemType, fields: ["action": .selector(action), "title": .string(command.title)]),
                                   condition: .always))
            case .action(let title, let action):
                items.append(.init(value: .object(type: standardItemType, fields: ["action": .selector(action.name), "title": .string(title)]),
                                   condition: .always))
            case .menu:
                return nil
            }
        }
        return items.isEmpty ? nil : items
    }

    /// Whether `value` stands for one of UIKit's own items of a standard menu.
    static func isStandardItem(_ value: Value) -> Bool {
        if case .object(let type, _) = value { return type == standardItemType }
        return false
    }

    /// UIKit's menu element classes, each with itself and its superclasses up to `UIMenuElement`.
    private static let elementClasses: [String: Set<String>] = [
        "UIKeyCommand": ["UIKeyCommand", "UICommand", "UIMenuElement"],
        "UICommand": ["UICommand", "UIMenuElement"],
        "UIAction": ["UIAction", "UIMenuElement"],
        "UIMenu": ["UIMenu", "UIMenuElement"],
    ]

    /// The builder a main-menu provider is handed: an instance of `UIMenuBuilder`, so the app's
    /// own methods in `extension UIMenuBuilder` (`builder.insertChildren(…)`) run on it.
    static var builder: Value { .object(type: builderType, fields: [:]) }

    /// Logs a builder call of the main menu being built; `nil` for any other call. A call in a
    /// branch that ends the menu code early under a run-time condition (`if isAppLockVisible {
    /// builder.remove(menu: .view); return }`) builds the menu of that exceptional state, not
    /// the one the app shows normally, and is left out.
    private static func builderCall(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard evaluator.mode == .menu, let call = BuilderCall(rawValue: site.name) else { return nil }
        if !frame.condition.isAlways, isInEarlyExitBranch(Syntax(site.syntax)) { return .null }
        guard let operation = builderOperation(call, site, in: evaluator, frame: &frame) else { return nil }
        evaluator.recordAdded(operation, in: frame)
        return .null
    }

    /// Whether `node` is in the body of an `if` (not an `else`) whose last statement is a
    /// `return`.
    private static func isInEarlyExitBranch(_ node: Syntax) -> Bool {
        var current = node
        while let parent = current.parent {
            if let block = parent.as(CodeBlockSyntax.self), let branch = block.parent?.as(IfExprSyntax.self), branch.body.id == block.id {
                return block.statements.last?.item.is(ReturnStmtSyntax.self) ?? false
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(ClosureExprSyntax.self) { return false }
            current = parent
        }
        return false
    }

    // MARK: - Menu values

    /// A menu value: its title, identifier (when the source fixes it), whether it is shown
    /// inline (`.displayInline`), and its children (commands, items and menus, each under its
    /// conditions).
    static func menu(title: String?, identifier: String?, inline: Bool, children: [Value.Item]) -> Value {
        var fields: [String: Value] = ["inline": .bool(inline), "children": .array(children)]
        if let title { fields["title"] = .string(title) }
        if let identifier { fields["identifier"] = .string(identifier) }
        return .object(type: menuType, fields: fields)
    }

    /// A key-less menu item (`UICommand(title:action:)`): its title, action and place.
    static func item(title: String?, action: String, at location: SourceLocation) -> Value {
        var fields: [String: Value] = ["action": .selector(action), "file": .string(location.file), "line": .int(location.line)]
        if let title { fields["title"] = .string(title) }
        return .object(type: itemType, fields: fields)
    }

    private static func menu(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value {
        var title: String?
        var identifier: String?
        var inline = false
        var children: [Value.Item] = []
        for argument in site.arguments {
            switch argument.label {
            case "title": title = evaluator.evaluate(argument.expression, frame: &frame, hint: "String").stringValue
            case "identifier": identifier = evaluator.evaluate(argument.expression, frame: &frame, hint: identifierType).stringValue
            case "options":
                // Written at the call, or handed over from a helper's parameter (`options: options`).
                inline = argument.expression.sourceText.containsBytes(of: "displayInline")
                    || namesInline(evaluator.evaluate(argument.expression, frame: &frame, hint: "UIMenu.Options"))
            case "children":
                children = evaluator.flatten(evaluator.evaluate(argument.expression, frame: &frame, hint: "[UIMenuElement]"), condition: .always)
            default:
                // The image, and a closure that makes the children later (`UIDeferredMenuElement`).
                if argument.expression.is(ClosureExprSyntax.self) { evaluator.runClosures(in: [argument], frame: &frame) }
            }
        }
        var value = menu(title: title, identifier: identifier, inline: inline, children: children)
        if identifier == nil, case .object(let type, var fields) = value {
            // One site may make several menus (an app's helper): their titles and first
            // children tell them apart.
            let location = evaluator.location(site.syntax)
            let first = children.first.map { item -> String in
                switch item.value {
                case .command(let command): return command.action ?? ""
                case .object(_, let fields): return fields["identifier"]?.stringValue ?? fields["action"].map { "\($0)" } ?? ""
                default: return ""
                }
            } ?? ""
            fields["identifier"] = .string("\(generatedIdentifierPrefix)\(location.file):\(location.line):\(title ?? ""):\(first)")
            value = .object(type: type, fields: fields)
        }
        return value
    }

    /// Whether a menu's options value holds `.displayInline`.
    private static func namesInline(_ value: Value) -> Bool {
        switch value {
        case .unknown(let written): return written.containsBytes(of: "displayInline")
        case .enumCase(_, let name, _): return name == "displayInline"
        case .array(let items): return items.contains { namesInline($0.value) }
        default: return false
        }
    }

    private static func item(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value {
        var title: String?
        var action: String?
        for argument in site.arguments {
            switch argument.label {
            case "title": title = evaluator.evaluate(argument.expression, frame: &frame, hint: "String").menuTitle
            case "action": action = newestSelector(evaluator.evaluate(argument.expression, frame: &frame, hint: "Selector"))
            default: break
            }
        }
        guard let action else { return .unknown(site.name) }
        return item(title: title, action: action, at: evaluator.location(site.syntax))
    }

    /// The selector an action names on the newest OS: the selector, or the one left of
    /// alternatives when those only an older OS takes are dropped (`if #available(…) { action =
    /// #selector(current) } else { action = #selector(legacy) }`); `nil` for any other value.
    static func newestSelector(_ value: Value) -> String? {
        switch value {
        case .selector(let name): return name
        case .alternatives(let items):
            let current = Evaluator.onNewestOS(items)
            guard current.count == 1, case .selector(let name) = current[0].value else { return nil }
            return name
        default: return nil
        }
    }

    // MARK: - Builder calls

    /// The logged value of one builder call: which call, the menu it names (`target`), where it
    /// places what it inserts (`placement`: `start`, `end`, `before`, `after`), and what it
    /// inserts (`elements`); `nil` for a call whose labels are not the builder's.
    private static func builderOperation(_ call: BuilderCall, _ site: CallSite, in evaluator: Evaluator,
                                         frame: inout Evaluator.Frame) -> Value? {
        let placements = ["atStartOfMenu": "start", "atEndOfMenu": "end", "beforeMenu": "before", "afterMenu": "after"]
        // Only the builder's labels: `list.remove(at:)` and `set.remove(x)` are a collection's.
        guard site.arguments.contains(where: { $0.label.map { placements[$0] != nil || $0 == "menu" || $0 == "ofMenu" } ?? false }) else {
            return nil
        }
        var target: Value?
        var placement = ""
        var elements: [Value.Item] = []
        for argument in site.arguments {
            switch argument.label {
            case let label? where placements[label] != nil:
                placement = placements[label] ?? ""
                target = evaluator.evaluate(argument.expression, frame: &frame, hint: identifierType)
            case "menu", "ofMenu":
                target = evaluator.evaluate(argument.expression, frame: &frame, hint: identifierType)
            case nil where call != .replaceChildren, "with":
                let hint = call == .insertElements ? "[UIMenuElement]" : menuType
                elements = evaluator.flatten(evaluator.evaluate(argument.expression, frame: &frame, hint: hint), condition: .always)
            case nil, "from":
                guard let closure = argument.expression.as(ClosureExprSyntax.self) else { continue }
                if call == .replaceChildren, let name = target?.stringValue, let given = standardChildren(of: name) {
                    // UIKit's own items of a standard menu, handed to the closure as they are:
                    // what it keeps, drops and adds around them is the menu's new content.
                    placement = ""
                    elements = evaluator.flatten(evaluator.callClosure(closure, with: [.array(given)], frame: &frame), condition: .always)
                    continue
                }
                // `replaceChildren(ofMenu:) { children in [mine] + children }`: what the closure
                // returns besides the children it is given, and whether it keeps them, first or last.
                let written = closure.signature?.parameterClause.map { $0.sourceText.trimmingCharacters(in: .whitespaces) } ?? "$0"
                let parameter = String(written.filter { $0 != "(" && $0 != ")" }.prefix { $0 != ":" && $0 != " " })
                let body = closure.statements.sourceText.trimmingCharacters(in: .whitespacesAndNewlines)
                let keeps = parameter != "_" && body.containsBytes(of: parameter)
                placement = !keeps ? "" : body.hasPrefix(parameter) || body.hasPrefix("return " + parameter) ? "end" : "start"
                elements = evaluator.flatten(evaluator.callClosure(closure, with: [.array([])], frame: &frame), condition: .always)
                if elements.isEmpty {
                    // A closure that maps the children it is given (`children.map { … }`) makes
                    // its commands from them: run once on children the source does not fix.
                    elements = evaluator.flatten(evaluator.callClosure(closure, with: [.unknown(parameter)], frame: &frame), condition: .always)
                }
            default:
                return nil
            }
        }
        guard let target else { return nil }
        let location = evaluator.location(site.syntax)
        return .object(type: builderType, fields: [
            "call": .string(call.rawValue), "target": target, "placement": .string(placement), "elements": .array(elements),
            "file": .string(location.file), "line": .int(location.line),
        ])
    }
}
