import Scenes
import SwiftSyntax

/// A class of UIKit's or WebKit's whose instances take key presses once focused, and the
/// responder inside it that becomes first responder: a search bar focuses its
/// `UISearchTextField`, a web view its `WKContentView`.
struct FocusableClass: Equatable {
    var name: String
    var kind: FocusableViews.Kind
    /// The responder the view holds that takes the focus; `nil` when the view itself does.
    var inner: Inner?

    struct Inner: Equatable {
        var name: String
        var kind: FocusableViews.Kind
    }

    /// The system classes an app holds in properties that take the focus, nearest class first
    /// when one inherits another.
    static let registered: [FocusableClass] = [
        FocusableClass(name: "UISearchTextField", kind: .textField),
        FocusableClass(name: "UITextField", kind: .textField),
        FocusableClass(name: "UITextView", kind: .textView),
        FocusableClass(name: "UISearchBar", kind: .view, inner: Inner(name: "UISearchTextField", kind: .textField)),
        // A web view's content view takes text when the page focuses an editable element.
        FocusableClass(name: "WKWebView", kind: .view, inner: Inner(name: "WKContentView", kind: .textView)),
    ]

    /// A library's class (one neither the source nor UIKit declares) by UIKit's naming, as the
    /// UIKit class it is built on: a `…TextView` is a text view, a `…TextField` a text field, a
    /// `…SearchBar` a search bar (`GrowingTextView`, `SkyFloatingLabelTextField`). `nil` for a
    /// name with none of these endings, and for UIKit's own (`UI…`).
    static func standIn(forLibraryClass name: String) -> FocusableClass? {
        guard !name.hasPrefix("UI") else { return nil }
        return libraryEndings.first { name.hasSuffix($0.ending) }?.standIn
    }

    /// The endings of a library class's name that tell the UIKit class it is built on.
    static let libraryEndings: [(ending: String, standIn: FocusableClass)] = [
        ("TextView", FocusableClass(name: "UITextView", kind: .textView)),
        ("TextField", FocusableClass(name: "UITextField", kind: .textField)),
        ("SearchBar", FocusableClass(name: "UISearchBar", kind: .view, inner: Inner(name: "UISearchTextField", kind: .textField))),
    ]

    /// SwiftUI's text controls, by the name a view's code calls (a view or a modifier), and the
    /// UIKit class that stands for each on iOS.
    static let swiftUIControls: [String: FocusableClass] = [
        "TextField": FocusableClass(name: "UITextField", kind: .textField),
        "SecureField": FocusableClass(name: "UITextField", kind: .textField),
        "TextEditor": FocusableClass(name: "UITextView", kind: .textView),
        // `.searchable` puts a search bar in the navigation bar.
        "searchable": FocusableClass(name: "UISearchBar", kind: .view, inner: Inner(name: "UISearchTextField", kind: .textField)),
    ]
}

/// The views each responder holds in its properties that can become first responder, so that a
/// scene can make any of them first responder as the device does (`--first-responder
/// UITextField`): UIKit's text classes and web views, app classes built on them, app views that
/// take text (`UIKeyInput`, `UITextInput`) or allow `canBecomeFirstResponder`, and app views
/// that hold such views in turn (three levels deep). A SwiftUI view holds the UIKit views its
/// text controls stand for (`TextField`, `SecureField`, `TextEditor`, `.searchable`).
///
/// Stored properties count (outlets, `let`/`var`/`lazy var`, Objective-C properties), a
/// controller's own view of an app class, held as `view` (``ControllerRootViews``), the
/// UIKit text and web views a method makes in a local and adds as a subview, named by the local
/// (``LocalSubviews``), and the content views a type's content configurations make
/// (``ContentViews``); a view made inline in `addSubview(…)` has no name the scene could use.
struct FocusableViews {
    let model: AppModel
    /// Types the scene places as nodes of their own (those with commands or actions): their
    /// views are read where the scene builds them.
    let placedElsewhere: Set<String>
    /// The content views each type's content configurations make (``ContentViews``).
    let contentViews: ContentViews
    /// The controllers' own views of app classes (``ControllerRootViews``), held as `view`.
    let rootViews: ControllerRootViews
    /// The classes whose views a method makes in a local and adds (``LocalSubviews/classes(in:)``).
    private let localClasses: Set<String>

    init(model: AppModel, placedElsewhere: Set<String>, contentViews: ContentViews = ContentViews(),
         rootViews: ControllerRootViews? = nil, localClasses: Set<String>? = nil) {
        self.model = model
        self.placedElsewhere = placedElsewhere
        self.contentViews = contentViews
        self.rootViews = rootViews ?? model.controllerRootViews()
        self.localClasses = localClasses ?? LocalSubviews.classes(in: model.index)
    }

    enum Kind: String {
        case textField, textView, view

        /// The scene node kind of a view of this kind.
        var nodeKind: NodeDefinition.Kind {
            switch self {
            case .textField: return .textField
            case .textView: return .textView
            case .view: return .view
            }
        }
    }

    /// A view a responder holds, by property.
    struct Held: Equatable {
        var property: String
        var viewClass: String
        var kind: Kind
        /// Whether it can become first responder itself (a view that only holds focusable
        /// views cannot).
        var focusable: Bool
        /// The focusable views it holds.
        var contents: [Held]
    }

    /// How many views deep an app view's own properties are read.
    static let depth = 3

    /// The held views of every controller and view class, by owner; owners with none are absent.
    func heldByOwner() -> [String: [Held]] {
        var result: [String: [Held]] = [:]
        var memo: [String: [Held]] = [:]
        for key in model.index.types.keys.sorted() {
            guard let info = model.index.types[key] else { continue }
            let role = model.role(info.name)
            if role == .swiftUIView {
                let controls = swiftUIControls(builtBy: info.name)
                if !controls.isEmpty { result[info.name] = controls }
                continue
            }
            guard role == .controller || role == .view || role == .textField || role == .textView || role == .responder else { continue }
            let held = views(heldBy: info.name, depth: Self.depth, visiting: [info.name], memo: &memo)
            if !held.isEmpty { result[info.name] = held }
        }
        return result
    }

    private func views(heldBy owner: String, depth: Int, visiting: Set<String>, memo: inout [String: [Held]]) -> [Held] {
        if depth == Self.depth, let known = memo[owner] { return known }
        guard depth > 0, let info = model.index.type(named: owner) else { return [] }
        var result: [Held] = []
        for property in info.properties.values.sorted(by: { $0.location < $1.location }) where !property.isStatic && !property.isBackReference {
            guard let viewClass = property.heldClass, !visiting.contains(viewClass), !placedElsewhere.contains(viewClass) else { continue }
            if let held = searchBar(of: property.name, holding: viewClass, in: info) {
                result.append(held)
            } else if var held = focusable(viewClass, property: property.name) {
                // An app view that takes the focus may hold views that do too (a wrapper whose
                // `becomeFirstResponder` hands the focus to its text view).
                if held.contents.isEmpty, model.index.type(named: viewClass) != nil {
                    held.contents = views(heldBy: viewClass, depth: depth - 1, visiting: visiting.union([viewClass]), memo: &memo)
                }
                result.append(held)
            } else if model.index.type(named: viewClass) != nil, model.role(viewClass) == .view {
                let contents = views(heldBy: viewClass, depth: depth - 1, visiting: visiting.union([viewClass]), memo: &memo)
                if !contents.isEmpty {
                    result.append(Held(property: property.name, viewClass: viewClass, kind: .view, focusable: false, contents: contents))
                }
            } else if let object = model.index.type(named: viewClass), model.role(viewClass) == .other {
                // An object of the app's that is no view (a form's row model): the text and web
                // views its code makes and adds to a view (a cell it gives the table) are on the
                // screen holding it.
                for local in LocalSubviews.added(by: object, index: model.index, classes: localClasses) {
                    if let held = focusable(local.viewClass, property: property.name + "." + local.name) { result.append(held) }
                }
            }
        }
        // A controller's own view of an app class, held as `view`.
        if model.role(owner) == .controller, let view = rootViews.viewClass(of: owner), !visiting.contains(view), !placedElsewhere.contains(view),
           !result.contains(where: { $0.property == "view" }) {
            if let held = focusable(view, property: "view") {
                result.append(held)
            } else if model.role(view) == .view {
                let contents = views(heldBy: view, depth: depth - 1, visiting: visiting.union([view]), memo: &memo)
                if !contents.isEmpty { result.append(Held(property: "view", viewClass: view, kind: .view, focusable: false, contents: contents)) }
            }
        }
        // UIKit's text and web views its methods make in a local and add as a subview.
        for local in LocalSubviews.added(by: info, index: model.index, classes: localClasses) where !result.contains(where: { $0.property == local.name }) {
            if let held = focusable(local.viewClass, property: local.name) { result.append(held) }
        }
        // The views its content configurations make: a cell's, on the screen that configures it.
        for view in contentViews.byOwner[owner] ?? [] where !visiting.contains(view) && !placedElsewhere.contains(view) {
            if let held = focusable(view, property: "contentView") {
                result.append(held)
            } else if model.role(view) == .view {
                let contents = views(heldBy: view, depth: depth - 1, visiting: visiting.union([view]), memo: &memo)
                if !contents.isEmpty { result.append(Held(property: "contentView", viewClass: view, kind: .view, focusable: false, contents: contents)) }
            }
        }
        if depth == Self.depth { memo[owner] = result }
        return result
    }

    /// The ways a screen shows a search controller's bar in its own view rather than in the
    /// navigation bar (``NavigationBarSearch``): as a table's header, or as a subview (also a
    /// stack view's arranged one).
    static let searchBarPlacements = ["tableHeaderView = ", "addSubview(", "addArrangedSubview(", "insertSubview(", "insertArrangedSubview("]

    /// The search bar of the search controller a property holds (`searchController.searchBar`),
    /// when the owner's code puts it in its own view (``searchBarPlacements``): the bar, titled
    /// `searchController.searchBar`, holding the `UISearchTextField` that takes the focus.
    private func searchBar(of property: String, holding viewClass: String, in owner: SourceIndex.TypeInfo) -> Held? {
        guard viewClass == "UISearchController" || model.index.systemBase(of: viewClass) == "UISearchController" else { return nil }
        let bar = property + ".searchBar"
        let placed = model.index.files(declaring: owner).contains { file in
            Self.searchBarPlacements.contains { model.index.file(file, mentions: $0 + bar) || model.index.file(file, mentions: $0 + "self." + bar) }
        }
        guard placed else { return nil }
        let field = Held(property: bar, viewClass: "UISearchTextField", kind: .textField, focusable: true, contents: [])
        return Held(property: bar, viewClass: "UISearchBar", kind: .view, focusable: true, contents: [field])
    }

    /// The UIKit views standing for the SwiftUI text controls a SwiftUI view builds, titled
    /// after the control.
    private func swiftUIControls(builtBy view: String) -> [Held] {
        (model.swiftUITextControls[view] ?? []).compactMap { control in
            guard let system = FocusableClass.swiftUIControls[control] else { return nil }
            let inner = system.inner.map { Held(property: control, viewClass: $0.name, kind: $0.kind, focusable: true, contents: []) }
            return Held(property: control, viewClass: system.name, kind: system.kind, focusable: true, contents: inner.map { [$0] } ?? [])
        }
    }

    /// The held view for a property of class `viewClass`, when the class can take the focus:
    /// with the responder inside it that takes the focus (a search bar's `UISearchTextField`).
    func focusable(_ viewClass: String, property: String) -> Held? {
        let library = model.index.type(named: viewClass) == nil ? FocusableClass.standIn(forLibraryClass: viewClass) : nil
        if let system = FocusableClass.registered.first(where: { $0.name == viewClass }) ?? library
            ?? model.index.systemBase(of: viewClass).flatMap({ base in Self.registeredAncestor(of: base) }) {
            let inner = system.inner.map { Held(property: property, viewClass: $0.name, kind: $0.kind, focusable: true, contents: []) }
            // `becomeFirstResponder()` on the outer view succeeds too: it hands the focus in.
            return Held(property: property, viewClass: viewClass, kind: system.kind, focusable: true, contents: inner.map { [$0] } ?? [])
        }
        guard model.index.type(named: viewClass)?.kind == .class else { return nil }
        if model.adoptsKeyInput(viewClass) { return Held(property: property, viewClass: viewClass, kind: .textView, focusable: true, contents: []) }
        if model.role(viewClass) == .view, model.allowsFirstResponder(viewClass) {
            return Held(property: property, viewClass: viewClass, kind: .view, focusable: true, contents: [])
        }
        return nil
    }

    /// The responder inside an app class built on a registered class that takes the focus
    /// through one (`class TermInput: WKWebView` holds a `WKContentView`); `nil` for other
    /// classes and for the registered classes themselves.
    static func innerResponder(ofAppClass type: String, in index: SourceIndex) -> FocusableClass.Inner? {
        guard index.type(named: type)?.kind == .class, let base = index.systemBase(of: type) else { return nil }
        return registeredAncestor(of: base)?.inner
    }

    /// The registered class `base` is or inherits from, among UIKit's own; for a library's
    /// class, the one its name tells (``FocusableClass/standIn(forLibraryClass:)``).
    private static func registeredAncestor(of base: String) -> FocusableClass? {
        var current: String? = base
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted {
            if let found = FocusableClass.registered.first(where: { $0.name == name }) { return found }
            current = SourceIndex.systemSuperclass[name]
        }
        return SourceIndex.systemSuperclass[base] == nil ? FocusableClass.standIn(forLibraryClass: base) : nil
    }
}

extension SourceIndex.PropertyInfo {
    /// The class the property holds: its declared type, else the type its initialiser calls
    /// (`lazy var field = UITextField()`), without optionality.
    var heldClass: String? {
        if let declared = type?.withoutOptionality { return declared }
        return initializer?.as(FunctionCallExprSyntax.self)?.calledExpression.sourceText
    }
}
