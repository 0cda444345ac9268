import Foundation
import SwiftParser
import SwiftSyntax

/// Every type, member and global an app's Swift source declares, as compiled for one
/// ``CompilationConditions`` build: the table the evaluator looks names up in.
///
/// Extensions are merged into the type they extend, by the name written (nested types are
/// recorded as `Outer.Inner`; ``type(named:)`` also finds them by their last component). Code in
/// inactive `#if` clauses is left out, so it declares nothing.
struct SourceIndex {
    /// Standard library value types (and the `Swift` module name): an app's `extension String`
    /// makes no type of the app's, and no command is one.
    static let standardValueTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "UInt", "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32",
        "Int64", "UInt64", "Double", "Float", "Bool", "Array", "Dictionary", "Set", "Optional", "Swift",
    ]

    /// A type: class, struct, enum, actor, protocol, or a system type the app extends.
    struct TypeInfo {
        enum Kind { case `class`, `struct`, `enum`, actor, `protocol`, extensionOnly }
        var name: String
        var kind: Kind
        /// Superclass and protocols, as written (generic arguments dropped).
        var inherited: [String] = []
        /// The view a `UIHostingController<View>` subclass hosts: its superclass's generic argument.
        var hostedView: String?
        var functions: [FunctionInfo] = []
        var properties: [String: PropertyInfo] = [:]
        var enumCases: [String: EnumCaseInfo] = [:]
        var enumCaseOrder: [String] = []
        /// Stored properties in declaration order (for memberwise initialisers).
        var storedOrder: [String] = []
        /// Where the primary declaration is.
        var location: SourceLocation?
        /// Whether the declaration carries `@main`: the app's entry point.
        var isMain = false
        /// The name Objective-C code uses for the class when `@objc(Name)` gives one
        /// (`@objc(VLCBottomTabBarController) class BottomTabBarController`).
        var objectiveCName: String?
    }

    struct FunctionInfo {
        enum Kind { case function, initializer }

        /// Whether the function builds menus: `buildMenu(with:)`, or any function that takes a
        /// `UIMenuBuilder` (`static func build(with builder: UIMenuBuilder)`).
        var buildsMenus: Bool {
            guard kind == .function else { return false }
            return (name == "buildMenu" && parameters.first?.label == "with") || parameters.contains(where: \.isMenuBuilder)
        }

        var kind: Kind
        var name: String
        var parameters: [ParameterInfo]
        var body: CodeBlockSyntax?
        var isStatic: Bool
        var isObjC: Bool
        var isOverride: Bool
        /// The Objective-C name when `@objc(name)` gives one.
        var explicitSelector: String?
        var location: SourceLocation
        /// The declared return type, as written.
        var returnType: String? = nil
        /// Declared `private` or `fileprivate`: visible only from its own file.
        var isFilePrivate = false

        /// Whether the function returns the type a metatype parameter names (`func
        /// resolve<T>(_ type: T.Type) -> T?`, a dependency container's factory).
        var returnsGenericParameter: Bool {
            guard let returned = returnType?.withoutOptionality else { return false }
            return parameters.contains { $0.type?.withoutOptionality == returned + ".Type" }
        }

        /// The Objective-C selector UIKit would use for this method.
        var selector: String {
            explicitSelector ?? SelectorName.objectiveC(base: name, labels: parameters.map(\.label))
        }
    }

    struct ParameterInfo {
        /// Whether the parameter is a `UIMenuBuilder` (`builder: UIMenuBuilder`, `any
        /// UIMenuBuilder`, `inout`, optional).
        var isMenuBuilder: Bool {
            guard var text = type?.withoutOptionality.withoutSpaces else { return false }
            for prefix in ["inout", "any", "some"] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
            return text == "UIMenuBuilder"
        }

        var label: String?
        var name: String
        var type: String?
        var defaultValue: ExprSyntax?
        /// Whether it takes any number of arguments (`_ args: CVarArg...`), none included.
        var isVariadic = false
    }

    struct PropertyInfo {
        var name: String
        var isStatic: Bool
        var isOverride: Bool
        var type: String?
        var initializer: ExprSyntax?
        var getter: CodeBlockItemListSyntax?
        /// The statements of its `didSet` observer, which run on each assignment.
        var didSet: CodeBlockItemListSyntax?
        var location: SourceLocation
        /// `var` rather than `let`: its value may change after initialisation.
        var isVariable = false
        /// Backed by the user's settings (`@AppStorage`, `@SceneStorage`): its initial value is
        /// only the default, and the running app holds whatever the user chose.
        var isUserSetting = false
        /// Storage SwiftUI keeps for the view (`@State`, `@StateObject`, `@FocusState`,
        /// `@GestureState`, `@Namespace`, `@Environment`, `@EnvironmentObject`, and the user
        /// settings): the view's own, never given by a construction.
        var isViewOwned = false
        /// A `weak` or `unowned` reference that is no outlet: it points at an object something
        /// else holds (a view's back-reference to a sibling), so it shows no containment.
        var isBackReference = false

        /// The property wrappers whose storage SwiftUI keeps for the view (``isViewOwned``).
        static let viewOwnedStorage: Set<String> = ["State", "StateObject", "FocusState", "GestureState", "Namespace",
                                                    "Environment", "EnvironmentObject", "AppStorage", "SceneStorage"]

        /// A stored `let` of each instance: set once, when the instance is built, never after.
        var isInstanceConstant: Bool { !isVariable && !isStatic && getter == nil }
    }

    struct EnumCaseInfo {
        var name: String
        var rawValue: ExprSyntax?
        var parameters: [String?]
    }

    private(set) var types: [String: TypeInfo] = [:]
    /// Every type in name order, for searches whose answer must not depend on hashing: set by
    /// ``seal()`` once every file is added.
    private(set) var orderedTypes: [TypeInfo] = []
    /// Nested types by their last name component (`Inner` → `Outer.Inner`), set by ``seal()``.
    private var nestedByLastName: [String: String] = [:]
    /// Type aliases for one of the app's types by that type's name, set by ``seal()``.
    private var aliasedTypes: [String: String] = [:]
    /// Swift classes by the name `@objc(Name)` gives them in Objective-C, set by ``seal()``.
    private var namesInObjectiveC: [String: String] = [:]
    /// The first type (in name order) with a static property or an enum case of a name, set by
    /// ``seal()``: an implicit member without a usable context looks its name up here instead
    /// of scanning every type.
    private(set) var staticMemberOwners: [String: String] = [:]
    /// The first type (in name order) with a static function of a name, set by ``seal()``.
    private(set) var staticFunctionOwners: [String: String] = [:]
    /// Instance and static functions (not initialisers) of every type by name, in type name
    /// order, set by ``seal()``.
    private(set) var functionsByName: [String: [FunctionInfo]] = [:]
    /// Global functions by name.
    private(set) var globalFunctions: [String: [FunctionInfo]] = [:]
    /// Every name of a function (global, or of any type) and of a type the app declares or
    /// extends, set by ``seal()`` (``declaresFunctionOrType(named:)``).
    private var functionAndTypeNames: Set<String> = []
    /// ``functionAndTypeNames``' filter, asked before the set is hashed.
    private var functionAndTypeNameFilter = NameFilter([])
    /// The app classes the storyboards' controllers stand for, by storyboard identifier: what
    /// `instantiateViewController(withIdentifier:)` makes.
    var storyboardClasses: [String: [String]] = [:]
    /// The initial controller of each storyboard, by storyboard name: what
    /// `instantiateInitialViewController()` makes.
    var storyboardInitials: [String: StoryboardInitial] = [:]
    /// The app class of the view a storyboard scene gives its controller, by the controller's
    /// app class (``ControllerRootViews``).
    var storyboardViewClasses: [String: String] = [:]
    /// Global constants and variables by name.
    private(set) var globalProperties: [String: PropertyInfo] = [:]
    /// File-level `typealias Name = A & B`: name → the types it stands for.
    private var typeAliases: [String: [String]] = [:]
    /// Parsed files, in the order read.
    private(set) var files: [(file: SourceFiles.File, tree: SourceFileSyntax)] = []
    let conditions: CompilationConditions
    /// Each file's text, for cheap "does this file mention X at all" checks before walking trees.
    private(set) var texts: [String: String] = [:]
    let mentions = MentionAnswers()
    /// Each file's path and line table, by the file's tree root.
    private(set) var sourceOfRoot: [SyntaxIdentifier: RootSource] = [:]

    /// The file a parsed tree was read from: its path as rows and entries name it, and its
    /// line table.
    struct RootSource {
        let file: String
        let lines: LineTable
    }
    /// How deep the parser follows nesting, in every build: swift-syntax's own default is 20
    /// in a debug build (256 in release), which would make a debug-built importer read deeply
    /// nested code differently. The import runs on a thread with a large stack
    /// (``LargeStack``), so the depth is safe in both.
    static let maximumNestingLevel = 256

    /// Time spent in swift-syntax's parser, for the importer's `--timings`.
    private(set) var parseTime: Duration = .zero

    init(conditions: CompilationConditions) {
        self.conditions = conditions
    }

    /// Parses one file and adds what it declares.
    mutating func add(source: String, file: SourceFiles.File) {
        let started = ContinuousClock.now
        var parser = Parser(source, maximumNestingLevel: Self.maximumNestingLevel)
        let tree = SourceFileSyntax.parse(from: &parser)
        parseTime += ContinuousClock.now - started
        files.append((file, tree))
        texts[file.displayPath] = source
        let lines = LineTable(source)
        sourceOfRoot[tree.id] = RootSource(file: file.displayPath, lines: lines)
        var collector = DeclarationCollector(conditions: conditions, lines: lines, file: file.displayPath)
        collector.collectTypeAliases(tree.statements)
        collector.collect(tree.statements, in: nil)
        for type in collector.types { merge(type) }
        for function in collector.globalFunctions { globalFunctions[function.name, default: []].append(function) }
        for property in collector.globalProperties { globalProperties[property.name] = property }
        typeAliases.merge(collector.typeAliases) { first, _ in first }
    }

    /// Adds a type an Objective-C file declares (``add(objectiveC:)``).
    mutating func addObjectiveCType(_ type: TypeInfo) { merge(type, fromObjectiveC: true) }

    private mutating func merge(_ type: TypeInfo, fromObjectiveC: Bool = false) {
        guard var existing = types[type.name] else {
            types[type.name] = type
            return
        }
        // A Swift struct or enum named like an Objective-C class (a `UIViewControllerRepresentable`
        // `TerminalView` wrapping the `TerminalView : UIView` the controller shows) shadows the
        // class only for Swift code; the responder is the class, so its kind and superclass win.
        let classUnderValueType = fromObjectiveC && type.kind == .class && (existing.kind == .struct || existing.kind == .enum)
        if (existing.kind == .extensionOnly && type.kind != .extensionOnly) || classUnderValueType {
            // The primary declaration's list comes first: its first entry is the superclass.
            existing.kind = type.kind
            existing.location = type.location
            existing.name = type.name
            existing.inherited = type.inherited + existing.inherited.filter { !type.inherited.contains($0) }
        } else {
            existing.inherited += type.inherited.filter { !existing.inherited.contains($0) }
        }
        existing.isMain = existing.isMain || type.isMain
        existing.functions += type.functions
        // A protocol's requirement (`var x: T { get }`, no body) gives way to the extension
        // that implements it; otherwise the first declaration read wins.
        existing.properties.merge(type.properties) { old, new in
            old.getter == nil && old.initializer == nil && (new.getter != nil || new.initializer != nil) ? new : old
        }
        existing.enumCases.merge(type.enumCases) { old, _ in old }
        existing.enumCaseOrder += type.enumCaseOrder
        existing.storedOrder += type.storedOrder
        types[type.name] = existing
    }

    /// Whether the app has a function (global, or a method of any type) or a type of this
    /// name: when it has none, no call of the name can reach the app's code.
    func declaresFunctionOrType(named name: String) -> Bool {
        functionAndTypeNameFilter.mayContain(name) && functionAndTypeNames.contains(name)
    }

    /// Orders the types and indexes nested ones by last name; call after the last ``add``.
    mutating func seal() {
        resolveConformances()
        orderedTypes = types.keys.sorted().compactMap { types[$0] }
        staticMemberOwners = [:]
        staticFunctionOwners = [:]
        functionsByName = [:]
        // A preview (`PreviewProvider`) is Xcode's: the app's `.game` never means its sample
        // `static let game = Game()`, so previews own a name only when no other type has it.
        let previewsLast = orderedTypes.filter { !$0.inherited.contains("PreviewProvider") }
            + orderedTypes.filter { $0.inherited.contains("PreviewProvider") }
        for info in previewsLast {
            for (name, property) in info.properties where property.isStatic && staticMemberOwners[name] == nil {
                staticMemberOwners[name] = info.name
            }
            for name in info.enumCases.keys where staticMemberOwners[name] == nil { staticMemberOwners[name] = info.name }
        }
        for info in orderedTypes {
            for function in info.functions where function.kind == .function {
                functionsByName[function.name, default: []].append(function)
                if function.isStatic && staticFunctionOwners[function.name] == nil { staticFunctionOwners[function.name] = info.name }
            }
        }
        functionAndTypeNames = Set(functionsByName.keys).union(globalFunctions.keys).union(types.keys)
            .union(types.keys.map(Self.innermostName(of:)))
        functionAndTypeNameFilter = NameFilter(functionAndTypeNames)
        // The first in name order, except that a type the app declares (`ShortcutBinding.Key`)
        // wins over an extension of another module's type (`extension NSAttributedString.Key`).
        namesInObjectiveC = [:]
        for info in orderedTypes {
            if let exposed = info.objectiveCName, types[exposed] == nil, namesInObjectiveC[exposed] == nil { namesInObjectiveC[exposed] = info.name }
        }
        nestedByLastName = [:]
        for info in orderedTypes where info.name.utf8.contains(UInt8(ascii: ".")) {
            let last = Self.innermostName(of: info.name)
            if let earlier = nestedByLastName[last], types[earlier]?.kind != .extensionOnly || info.kind == .extensionOnly { continue }
            nestedByLastName[last] = info.name
        }
        // A type alias for one of the app's types (`typealias L = L10n.Localizable`) names it:
        // `L.Menu.title` reads `L10n.Localizable.Menu.title`. A type of the alias's name wins.
        aliasedTypes = [:]
        for (alias, targets) in typeAliases where types[alias] == nil && nestedByLastName[alias] == nil {
            guard targets.count == 1, let target = targets.first, types[target] != nil else { continue }
            aliasedTypes[alias] = target
        }
    }

    /// Writes each type's conformances out in full: a protocol composition alias
    /// (`typealias Navigateable = Core & Relay`) becomes its components, and the protocols the
    /// adopted protocols inherit are adopted too (after those written, so a class's superclass
    /// stays first).
    private mutating func resolveConformances() {
        func expand(_ name: String, _ seen: inout Set<String>) -> [String] {
            guard let components = typeAliases[name], seen.insert(name).inserted else { return [name] }
            return components.flatMap { expand($0, &seen) }
        }
        let protocolParents = types.values.filter { $0.kind == .protocol }.reduce(into: [String: [String]]()) { table, info in
            var seen: Set<String> = []
            table[info.name] = info.inherited.flatMap { expand($0, &seen) }
        }
        for key in Array(types.keys) {
            guard var info = types[key] else { continue }
            var seen: Set<String> = []
            var written: [String] = []
            for name in info.inherited.flatMap({ expand($0, &seen) }) where !written.contains(name) { written.append(name) }
            var queue = written.filter { protocolParents[$0] != nil }
            var adopted = Set(written)
            while let next = queue.popLast() {
                for parent in protocolParents[next] ?? [] where adopted.insert(parent).inserted {
                    written.append(parent)
                    queue.append(parent)
                }
            }
            if written != info.inherited {
                info.inherited = written
                types[key] = info
            }
        }
    }

    /// Whether a file's text contains `word` anywhere, as bytes (comments and strings included;
    /// `present` is in `presentViewController`): when it does not, no declaration in the file
    /// can use it. Each file and word is searched once.
    func file(_ file: String, mentions word: String) -> Bool {
        let key = file + "\u{0}" + word
        if let known = mentions.answers[key] { return known }
        guard var text = texts[file] else { return true }
        let found = ByteSearch.contains(&text, word)
        mentions.answers[key] = found
        return found
    }

    /// Whether the text of `node` (a function body) holds `word`, as bytes, read from the
    /// offsets its file's search found; `true` when the index has no text of its file.
    func text(of node: some SyntaxProtocol, mentions word: String) -> Bool {
        guard let offsets = offsets(of: [word], inFile: sourceOfRoot[node.root.id]?.file ?? "") else { return true }
        return ByteSearch.contains(offsets, offsetIn: node.position.utf8Offset..<node.endPosition.utf8Offset)
    }

    /// The sorted UTF-8 offsets at which a file's text holds any of `words` (comments and
    /// strings included); `nil` for a file the index has no text of. Each file is searched
    /// once for each list of words.
    func offsets(of words: [String], inFile file: String) -> [Int]? {
        let key = file + "\u{0}" + words.joined(separator: "\u{0}")
        if let known = mentions.offsets[key] { return known }
        guard var text = texts[file] else { return nil }
        var found: [Int] = []
        for word in words { found += ByteSearch.offsets(of: word, in: &text) }
        found.sort()
        mentions.offsets[key] = found
        return found
    }

    /// The names every file's text calls right after `prefix` (``ByteSearch/namesCalled(after:in:)``):
    /// `file(_:mentions:)` for `prefix + name + "("` over every file, answered for all names in
    /// one pass over the texts. Each prefix is searched for once.
    func namesCalled(after prefix: String) -> Set<String> {
        if let known = mentions.namesCalled[prefix] { return known }
        var names: Set<String> = []
        for file in files {
            guard var text = texts[file.file.displayPath] else { continue }
            names.formUnion(ByteSearch.namesCalled(after: prefix, in: &text))
        }
        mentions.namesCalled[prefix] = names
        return names
    }

    /// Whether a file's text contains `name` as a whole identifier (`keyCommand` is not in
    /// `keyCommands`; see ``IdentifierHashes``), for names code uses as identifiers (functions,
    /// fields, types): one probe of the file's identifier table, read once per file. A `name`
    /// that is not one identifier is searched for as bytes (``file(_:mentions:)``).
    func file(_ file: String, mentionsIdentifier name: String) -> Bool {
        guard let hash = IdentifierHashes.hash(name) else { return self.file(file, mentions: name) }
        guard let text = texts[file] else { return true }
        return mentions.identifiers(of: file, text: text).contains(hash: hash)
    }

    /// The syntax trees of the files that mention the identifier `name`
    /// (``file(_:mentionsIdentifier:)``), in file order: where a search for its uses walks.
    func trees(mentioning name: String) -> some Sequence<SourceFileSyntax> {
        files.lazy.filter { file($0.file.displayPath, mentionsIdentifier: name) }.map(\.tree)
    }

    /// Whether a file's text contains any of the identifiers `names` holds (see
    /// ``IdentifierHashes``); `true` for a file the index has no text of.
    func file(_ file: String, mentionsAnyOf names: IdentifierHashes) -> Bool {
        guard let text = texts[file] else { return true }
        return mentions.identifiers(of: file, text: text).containsAny(of: names)
    }

    /// ``file(_:mentions:)``'s answers, shared by every copy of the index (its texts do not
    /// change once read).
    final class MentionAnswers {
        var answers: [String: Bool] = [:]
        /// ``reads(_:of:)``'s answers, by owner and name.
        var memberReads: [String: Bool] = [:]
        /// ``offsets(of:inFile:)``'s answers, by file and words.
        var offsets: [String: [Int]] = [:]
        /// ``namesCalled(after:)``'s answers, by prefix.
        var namesCalled: [String: Set<String>] = [:]
        /// ``constructions(of:)``'s answers, by type name.
        var constructions: [String: [(call: FunctionCallExprSyntax, enclosing: String?)]] = [:]
        /// The outermost types declaring each member name (a property or function), made on
        /// first use.
        var memberDeclarers: [String: Set<String>]?
        /// Every file's identifiers in the index's file order, made on first use.
        var identifierTables: [IdentifierHashes]?
        /// Each file's identifiers, read when the file is first asked about.
        private var identifiersByFile: [String: IdentifierHashes] = [:]

        func identifiers(of file: String, text: String) -> IdentifierHashes {
            if let known = identifiersByFile[file] { return known }
            let read = IdentifierHashes(text)
            identifiersByFile[file] = read
            return read
        }
    }

    /// Whether any of the files a type is declared or extended in mentions `word`.
    func type(_ info: TypeInfo, mentions word: String) -> Bool {
        files(declaring: info).contains { file($0, mentions: word) }
    }

    /// The files a type is declared or extended in (where its members are).
    func files(declaring info: TypeInfo) -> Set<String> {
        var files: Set<String> = []
        // Members come in runs from one file: a path equal to the one before is not hashed again.
        var last: String?
        func add(_ file: String) {
            guard file != last else { return }
            files.insert(file)
            last = file
        }
        for function in info.functions { add(function.location.file) }
        for property in info.properties.values { add(property.location.file) }
        if let location = info.location { add(location.file) }
        return files
    }

    /// Where `node` is: its file and line.
    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        guard let source = sourceOfRoot[node.root.id] else { return SourceLocation(file: "?", line: 0) }
        return SourceLocation(file: source.file, line: source.lines.line(of: node))
    }

    /// The type named `name`, by its full or last name.
    func type(named name: String) -> TypeInfo? {
        if let found = types[name] { return found }
        // Most names asked for are plain names the app does not declare (`UIViewController`).
        // Searched as bytes: the generic `lastIndex(of:)` on a `UTF8View` steps one index at a time.
        let dot = name.utf8.withContiguousStorageIfAvailable { $0.lastIndex(of: UInt8(ascii: ".")) }
            ?? name.utf8.lastIndex(of: UInt8(ascii: ".")).map { name.utf8.distance(from: name.utf8.startIndex, to: $0) }
        guard let dot else { return nestedByLastName[name].flatMap { types[$0] } ?? aliasedType(name) }
        let last = String(name.utf8.dropFirst(dot + 1)) ?? ""
        if let found = types[last] { return found }
        return nestedByLastName[last].flatMap { types[$0] }
    }

    /// The app type Objective-C code names `name`: the type of that name, else the Swift class
    /// `@objc(name)` exposes under it. Objective-C sees only the exposed name, and Swift code
    /// only the Swift one, so only references read from Objective-C ask here.
    func type(namedInObjectiveC name: String) -> TypeInfo? {
        if let found = types[name] { return found }
        return namesInObjectiveC[name].flatMap { types[$0] }
    }

    /// The app type a bare name written inside `scope` (a type's full name; `nil` outside any
    /// type) refers to, as Swift looks it up: a type nested in `scope`, an enclosing type or a
    /// superclass of one, else a top-level type. A nested type elsewhere is not visible by its
    /// last name: `Group { … }` in a view is SwiftUI's even when some type nests a `Group`.
    func type(named name: String, writtenIn scope: String?) -> TypeInfo? {
        // A byte search: `contains(".")` on a `String` argument goes through Foundation's
        // `range(of:)`, thousands of instructions a call.
        guard !name.utf8.contains(UInt8(ascii: ".")), nestedByLastName[name] != nil else { return type(named: name) }
        var outer = scope.flatMap { type(named: $0)?.name }
        while let current = outer {
            for owner in [current] + ancestors(of: current).map(\.name) {
                if let found = types[owner + "." + name] { return found }
            }
            outer = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        return types[name]
    }

    /// The type alias `name` stands for, when it is one for an app type.
    private func aliasedType(_ name: String) -> TypeInfo? {
        aliasedTypes.isEmpty ? nil : aliasedTypes[name].flatMap { types[$0] }
    }
}

/// Where something is in the source.
struct SourceLocation: Hashable, Comparable {
    var file: String
    var line: Int

    static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line) < (b.file, b.line)
    }
}

/// Walks one file's declarations, honouring `#if`.
extension SourceIndex {
    /// A function declared inside a body (a local function), described as members are.
    func localFunction(_ function: FunctionDeclSyntax) -> FunctionInfo? {
        guard let source = sourceOfRoot[function.root.id] else { return nil }
        return DeclarationCollector(conditions: conditions, lines: source.lines, file: source.file).functionInfo(function)
    }
}

extension ExtensionDeclSyntax {
    /// The name of the type this extension extends, without the module its file imports it
    /// from: `extension PSPDFKitUI.PDFViewController` extends `PDFViewController`, as
    /// `extension PDFViewController` in the same file would.
    var extendedTypeName: String {
        let name = extendedType.sourceText.replacingOccurrences(of: " ", with: "")
        guard let dot = name.firstIndex(of: "."), let file = root.as(SourceFileSyntax.self) else { return name }
        let module = name[..<dot]
        // Imports lead a file (inside `#if canImport(…)` blocks too): the scan stops at its first
        // declaration, so a generated file of thousands of `extension A.B` stays linear.
        var imported = false
        for item in file.statements {
            if let importDecl = item.item.as(ImportDeclSyntax.self) {
                if importDecl.path.first?.name.text == String(module) { imported = true; break }
            } else if !item.item.is(IfConfigDeclSyntax.self) {
                break
            }
        }
        return imported ? String(name[name.index(after: dot)...]) : name
    }
}
