import SwiftSyntax

/// What one call of a type's `keyCommands` getter costs, read from the source: whether it
/// builds its array on every call or returns stored commands, how many `UIKeyCommand` objects
/// one call builds, and costly work it does besides.
///
/// UIKit asks every responder of the chain on every key press (R23), so a getter that builds
/// its array allocates that many commands per press. A command counts as built per call when
/// its creation site is in code the getter runs (the getter, a function or computed property it
/// calls); a command made in a stored property's initialiser, a `lazy` or `static` property, an
/// initialiser or `viewDidLoad` is stored and built once.
struct GetterCost: Sendable, Hashable {
    var type: String
    /// Whether a call builds commands (`false`: it returns stored ones).
    var computed: Bool
    /// `UIKeyCommand` objects one call builds.
    var commandsBuiltPerCall: Int
    /// Commands the getter returns that were built once and stored.
    var storedCommands: Int
    /// Costly work in the getter's body: `first-responder-lookup` (a search of the responder
    /// chain), `localization` (strings looked up on every call).
    var costly: [String]

    /// The costs of every type with a Swift `keyCommands` override or protocol-provided getter,
    /// by type name, from the inventory rows the getters gave.
    static func read(index: SourceIndex, inventory: [ImportedCommand], sites: [SourceLocation: FunctionCallExprSyntax]) -> [GetterCost] {
        var result: [GetterCost] = []
        let rows = Dictionary(grouping: inventory.filter { $0.mechanism == .keyCommands && $0.notFollowed == nil }, by: \.declaredIn)
        // A loop's site gives many rows: each site's answer is read once.
        var storedSites: [SourceLocation: Bool] = [:]
        for (type, commands) in rows.sorted(by: { $0.key < $1.key }) {
            var built = 0
            var stored = 0
            for command in commands {
                let location = SourceLocation(file: command.file, line: command.line)
                let isStoredSite: Bool
                if let known = storedSites[location] {
                    isStoredSite = known
                } else {
                    isStoredSite = sites[location].map { isStored($0) } ?? false
                    storedSites[location] = isStoredSite
                }
                if isStoredSite { stored += 1 } else { built += 1 }
            }
            var getterText = ""
            for candidate in [type] + index.ancestors(of: type).map(\.name) {
                if let getter = index.type(named: candidate)?.properties[ResponderModel.keyCommands]?.getter {
                    getterText = getter.description
                    break
                }
            }
            var costly: [String] = []
            if ResponderModel.looksUpFirstResponder(getterText) {
                costly.append("first-responder-lookup")
            }
            if LocalizedStringModel.readsLocalizedStrings(getterText) {
                costly.append("localization")
            }
            result.append(GetterCost(type: type, computed: built > 0, commandsBuiltPerCall: built, storedCommands: stored, costly: costly))
        }
        return result
    }

    /// Whether a creation site runs once rather than on every getter call: in a stored
    /// property's initialiser (`let`, `lazy var`, `static`), an initialiser, `viewDidLoad`,
    /// `awakeFromNib`, or a closure stored by one of them.
    static func isStored(_ call: some SyntaxProtocol) -> Bool {
        var current = Syntax(call).parent
        while let node = current {
            if node.is(AccessorBlockSyntax.self) { return false }
            if let binding = node.as(PatternBindingSyntax.self), binding.initializer != nil, binding.accessorBlock == nil {
                // `let x = UIKeyCommand(…)` as a member (stored), not a local inside a body.
                return binding.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true
                    || binding.parent?.parent?.is(MemberBlockItemSyntax.self) == true
                    || isInOnceRunMember(node)
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                return ResponderModel.setUpMethods.contains(function.name.text)
            }
            if node.is(InitializerDeclSyntax.self) { return true }
            current = node.parent
        }
        return false
    }

    private static func isInOnceRunMember(_ node: Syntax) -> Bool {
        var current = node.parent
        while let next = current {
            if let function = next.as(FunctionDeclSyntax.self) { return ["viewDidLoad", "awakeFromNib", "loadView"].contains(function.name.text) }
            if next.is(InitializerDeclSyntax.self) { return true }
            if next.is(AccessorBlockSyntax.self) { return false }
            current = next.parent
        }
        return false
    }
}
