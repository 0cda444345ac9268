import KeyTraceCore
import SwiftSyntax

/// A `UIKeyCommand` (or key-less `UICommand`) as far as the source fixes it.
///
/// A copy-on-write view of its fields: commands are copied into every list, log and memo
/// entry that holds them, and copying one costs a retain. A list of commands being built is
/// hashed at every memo trial whose context holds it, so each command keeps its fields' hash
/// (``fingerprint(into:)``) until one of them changes.
struct CommandValue {
    /// The fields of a command.
    private struct Fields {
        var hasKey: Bool
        var input: String??
        var modifiers: ModifierFlags?
        var action: String?
        var title: String?
        var titleExpression: String?
        var discoverabilityTitle: String?
        var attributes: [String] = []
        var wantsPriority = false
        var alternates: [ImportedCommand.Alternate] = []
        var propertyList: String?
        var location: SourceLocation
    }

    /// One command's fields, shared between copies until one of them changes, and their hash
    /// once a memo trial asked for it.
    private final class Storage {
        var fields: Fields
        var digest: Int?
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    init(hasKey: Bool, input: String??, modifiers: ModifierFlags?, action: String?, location: SourceLocation) {
        storage = Storage(Fields(hasKey: hasKey, input: input, modifiers: modifiers, action: action, location: location))
    }

    /// Changes the fields in a box this command holds alone, dropping the kept hash.
    private mutating func update(_ change: (inout Fields) -> Void) {
        if isKnownUniquelyReferenced(&storage) {
            storage.digest = nil
        } else {
            storage = Storage(storage.fields)
        }
        change(&storage.fields)
    }

    var hasKey: Bool {
        get { storage.fields.hasKey }
        set { update { $0.hasKey = newValue } }
    }
    /// `.some(nil)` when the command has no input the source fixes; `nil` before an input is set.
    var input: String?? {
        get { storage.fields.input }
        set { update { $0.input = newValue } }
    }
    var modifiers: ModifierFlags? {
        get { storage.fields.modifiers }
        set { update { $0.modifiers = newValue } }
    }
    var action: String? {
        get { storage.fields.action }
        set { update { $0.action = newValue } }
    }
    var title: String? {
        get { storage.fields.title }
        set { update { $0.title = newValue } }
    }
    var titleExpression: String? {
        get { storage.fields.titleExpression }
        set { update { $0.titleExpression = newValue } }
    }
    var discoverabilityTitle: String? {
        get { storage.fields.discoverabilityTitle }
        set { update { $0.discoverabilityTitle = newValue } }
    }
    var attributes: [String] {
        get { storage.fields.attributes }
        set { update { $0.attributes = newValue } }
    }
    var wantsPriority: Bool {
        get { storage.fields.wantsPriority }
        set { update { $0.wantsPriority = newValue } }
    }
    var alternates: [ImportedCommand.Alternate] {
        get { storage.fields.alternates }
        set { update { $0.alternates = newValue } }
    }
    var propertyList: String? {
        get { storage.fields.propertyList }
        set { update { $0.propertyList = newValue } }
    }
    var location: SourceLocation {
        get { storage.fields.location }
        set { update { $0.location = newValue } }
    }

    /// Feeds the command into `hasher` as the hash of all its fields: equal commands feed
    /// equal input. The hash is computed once per box (the box's fields never change while
    /// another command shares it).
    func fingerprint(into hasher: inout Hasher) {
        if let digest = storage.digest {
            hasher.combine(digest)
            return
        }
        let fields = storage.fields
        var own = Hasher()
        own.combine(fields.hasKey)
        own.combine(fields.input)
        own.combine(fields.modifiers?.rawValue ?? UInt32.max)
        own.combine(fields.action)
        own.combine(fields.title)
        own.combine(fields.titleExpression)
        own.combine(fields.discoverabilityTitle)
        own.combine(fields.attributes)
        own.combine(fields.wantsPriority)
        own.combine(fields.alternates)
        own.combine(fields.propertyList)
        own.combine(fields.location)
        let digest = own.finalize()
        storage.digest = digest
        hasher.combine(digest)
    }
}
