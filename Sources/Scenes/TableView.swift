import KeyTraceCore
import ResponderEngine

/// A table or collection view with keyboard behaviour (KeyboardKit style, responder-semantics §G):
/// ↑/↓ select the previous/next row (wrapping), ⌥↑/⌥↓ and ⌘↑/⌘↓ the first/last, Esc clears the
/// selection, Return/Space activate, ⌥⌘↑/⌥⌘↓ move the selected row, Delete deletes, and ⌘A
/// (the standard `selectAll:`) selects every row when multiple selection is allowed.
public final class TableView: View {
    /// Overrides no press method: deliveries step over it.
    public override class var forwardsEveryPress: Bool { true }

    /// The rows' titles, in order.
    public private(set) var rows: [String]
    /// Selected row indices, ascending.
    public private(set) var selection: [Int] = []
    /// How many times a row was activated (Return or Space with a row selected).
    public private(set) var activationCount = 0
    /// The row last activated, or `nil` before the first activation.
    public private(set) var lastActivatedRow: Int?
    /// Whether ⌘A can select every row.
    public let allowsMultipleSelection: Bool
    /// Runs when a row is activated.
    var onActivate: (() -> Void)?

    /// The first selected row, if any.
    public var selectedRow: Int? { selection.first }

    /// Creates a table with `rows`.
    public init(name: String, rows: [String], allowsMultipleSelection: Bool = true) {
        self.rows = rows
        self.allowsMultipleSelection = allowsMultipleSelection
        super.init(name: name)
        acceptsFirstResponder = true
        implement("selectPreviousRow:") { [unowned self] _ in self.step(-1) }
        implement("selectNextRow:") { [unowned self] _ in self.step(1) }
        implement("selectFirstRow:") { [unowned self] _ in self.select(self.rows.isEmpty ? [] : [0]) }
        implement("selectLastRow:") { [unowned self] _ in self.select(self.rows.isEmpty ? [] : [self.rows.count - 1]) }
        implement("clearSelection:") { [unowned self] _ in self.select([]) }
        implement("activateSelection:") { [unowned self] _ in
            guard let row = self.selectedRow else { return }
            self.activationCount += 1
            self.lastActivatedRow = row
            self.onActivate?()
        }
        implement("moveRowUp:") { [unowned self] _ in self.moveSelected(by: -1) }
        implement("moveRowDown:") { [unowned self] _ in self.moveSelected(by: 1) }
        implement("deleteSelectedRows:") { [unowned self] _ in self.deleteSelection() }
        implement(.delete) { [unowned self] _ in self.deleteSelection() }
        implement(.selectAll) { [unowned self] _ in self.select(Array(self.rows.indices)) }
        implement(.copy) { [unowned self] _ in
            self.application?.pasteboard = self.selection.map { self.rows[$0] }.joined(separator: "\n")
        }
        implement(.paste) { [unowned self] _ in
            let pasted = (self.application?.pasteboard ?? "").split(separator: "\n").map(String.init)
            guard !pasted.isEmpty else { return }
            let at = (self.selection.last.map { $0 + 1 }) ?? self.rows.count
            self.rows.insert(contentsOf: pasted, at: at)
            self.select(Array(at..<(at + pasted.count)))
        }
        let needsSelection: (inout KeyCommand) -> Void = { [unowned self] command in
            if self.selection.isEmpty { command.attributes.insert(.disabled) }
        }
        for action in ["activateSelection:", "moveRowUp:", "moveRowDown:", "deleteSelectedRows:", "clearSelection:"] {
            addValidation(for: Action(action), needsSelection)
        }
        addValidation(for: .selectAll) { [unowned self] command in
            if !self.allowsMultipleSelection || self.rows.isEmpty { command.attributes.insert(.disabled) }
        }
    }

    private static let builtIn: [KeyCommand] = [
        KeyCommand(title: "Previous Row", input: .special(.upArrow), action: "selectPreviousRow:"),
        KeyCommand(title: "Next Row", input: .special(.downArrow), action: "selectNextRow:"),
        KeyCommand(title: "First Row", input: .special(.upArrow), modifierFlags: .alternate, action: "selectFirstRow:"),
        KeyCommand(title: "Last Row", input: .special(.downArrow), modifierFlags: .alternate, action: "selectLastRow:"),
        KeyCommand(title: "First Row", input: .special(.upArrow), modifierFlags: .command, action: "selectFirstRow:"),
        KeyCommand(title: "Last Row", input: .special(.downArrow), modifierFlags: .command, action: "selectLastRow:"),
        KeyCommand(title: "Clear Selection", input: .special(.escape), action: "clearSelection:"),
        KeyCommand(title: "Open", input: .character("\r"), action: "activateSelection:"),
        KeyCommand(title: "Open", input: .character(" "), action: "activateSelection:"),
        KeyCommand(title: "Move Up", input: .special(.upArrow), modifierFlags: [.alternate, .command], action: "moveRowUp:"),
        KeyCommand(title: "Move Down", input: .special(.downArrow), modifierFlags: [.alternate, .command], action: "moveRowDown:"),
        KeyCommand(title: "Delete", input: .special(.delete), action: "deleteSelectedRows:"),
    ]

    /// The built-in selection, activation, reordering and deletion commands, then
    /// ``Responder/declaredKeyCommands``; a declared command with a built-in's shortcut
    /// is shadowed (R12).
    public override var keyCommands: [KeyCommand]? { TableView.builtIn + declaredKeyCommands }

    private func select(_ rows: [Int]) { selection = rows }

    private func step(_ delta: Int) {
        guard !rows.isEmpty else { return }
        guard let current = delta < 0 ? selection.first : selection.last else {
            select([delta < 0 ? rows.count - 1 : 0])
            return
        }
        select([((current + delta) % rows.count + rows.count) % rows.count])
    }

    private func moveSelected(by delta: Int) {
        guard selection.count == 1, let row = selection.first else { return }
        let target = row + delta
        guard rows.indices.contains(target) else { return }
        rows.swapAt(row, target)
        select([target])
    }

    private func deleteSelection() {
        guard !selection.isEmpty else { return }
        for row in selection.sorted(by: >) where rows.indices.contains(row) { rows.remove(at: row) }
        let first = selection.min() ?? 0
        select(rows.isEmpty ? [] : [min(first, rows.count - 1)])
    }
}
