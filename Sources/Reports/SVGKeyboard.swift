import Analysis
import KeyTraceSupport
import KeyTraceCore

/// A US ANSI keyboard drawn as inline SVG with one value per key shaded on it: the heat maps
/// of the "Keyboard hardware" part of the HTML report.
///
/// Geometry is in key units (1 u = one letter key), row by row as on a full-size ANSI board:
/// the function row, the number row, three letter rows, the bottom row, and the arrow keys
/// beside the bottom rows. Keys are HID keyboard-page usages; a usage not drawn (keypad,
/// F13 and up) is listed under the drawing instead.
enum SVGKeyboard {
    /// One key: its usage and width in key units; usage 0 is a gap.
    typealias Key = (usage: UInt16, width: Double)

    static let rows: [[Key]] = [
        [(0x29, 1), (0, 1), (0x3A, 1), (0x3B, 1), (0x3C, 1), (0x3D, 1), (0, 0.5), (0x3E, 1), (0x3F, 1), (0x40, 1), (0x41, 1),
         (0, 0.5), (0x42, 1), (0x43, 1), (0x44, 1), (0x45, 1)],
        [(0x35, 1)] + (0x1E...0x27).map { ($0, 1.0) } + [(0x2D, 1), (0x2E, 1), (0x2A, 2)],
        [(0x2B, 1.5)] + [0x14, 0x1A, 0x08, 0x15, 0x17, 0x1C, 0x18, 0x0C, 0x12, 0x13, 0x2F, 0x30].map { ($0, 1.0) } + [(0x31, 1.5)],
        [(0x39, 1.75)] + [0x04, 0x16, 0x07, 0x09, 0x0A, 0x0B, 0x0D, 0x0E, 0x0F, 0x33, 0x34].map { ($0, 1.0) } + [(0x28, 2.25)],
        [(0xE1, 2.25)] + [0x1D, 0x1B, 0x06, 0x19, 0x05, 0x11, 0x10, 0x36, 0x37, 0x38].map { ($0, 1.0) } + [(0xE5, 2.75)],
        [(0xE0, 1.25), (0xE2, 1.25), (0xE3, 1.25), (0x2C, 6.25), (0xE7, 1.25), (0xE6, 1.25), (0x65, 1.25), (0xE4, 1.25)],
    ]
    /// The arrow keys, as (usage, column, row) in key units right of the main block.
    static let arrows: [(usage: UInt16, x: Double, y: Double)] = [(0x52, 1, 4), (0x50, 0, 5), (0x51, 1, 5), (0x4F, 2, 5)]

    static let unit = 38.0
    static let gap = 3.0

    /// Every usage the drawing shows.
    static let drawn: Set<UInt16> = Set(rows.flatMap { $0.map(\.usage) }.filter { $0 != 0 } + arrows.map(\.usage))

    /// The keyboard with each key shaded by `values[usage]` against the largest value (white for
    /// none, full colour for the largest) and `label(value)` in its tooltip.
    static func heatMap(_ values: [UInt16: Double], title: String, colour: (r: Int, g: Int, b: Int),
                        label: (Double) -> String) -> String {
        let top = values.values.max() ?? 0
        let mainWidth = 15.0
        let width = (mainWidth + 0.5 + 3) * unit + 2 * gap
        let height = 6.0 * unit + 2 * gap
        var body = ""
        func key(_ usage: UInt16, x: Double, y: Double, w: Double) {
            let value = values[usage]
            let share = top > 0 ? (value ?? 0) / top : 0
            let fill = value == nil ? "#f5f5f7" : shade(share, colour)
            let name = HTMLText.escape(HIDUsage(usage).name)
            let tooltip = value.map { "\(name): \(HTMLText.escape(label($0)))" } ?? "\(name): no presses"
            body += "<g class=\"key\" data-usage=\"\(usage)\"><rect x=\"\(f(x * unit + gap))\" y=\"\(f(y * unit + gap))\" "
                + "width=\"\(f(w * unit - gap))\" height=\"\(f(unit - gap))\" rx=\"4\" fill=\"\(fill)\" stroke=\"#c8c8cc\">"
                + "<title>\(tooltip)</title></rect>"
            body += "<text class=\"legend\" x=\"\(f(x * unit + gap + 4))\" y=\"\(f(y * unit + gap + 13))\">\(shortName(usage))</text></g>"
        }
        for (rowIndex, row) in rows.enumerated() {
            var x = 0.0
            for entry in row {
                if entry.usage != 0 { key(entry.usage, x: x, y: Double(rowIndex), w: entry.width) }
                x += entry.width
            }
        }
        for arrow in arrows { key(arrow.usage, x: mainWidth + 0.5 + arrow.x, y: arrow.y, w: 1) }
        let svg = "<svg viewBox=\"0 0 \(Int(width)) \(Int(height))\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
            + "role=\"img\" aria-label=\"\(HTMLText.escape(title))\" class=\"keyboard\">\(body)</svg>"
        let others = values.keys.filter { !drawn.contains($0) }.sorted()
        guard !others.isEmpty else { return svg }
        let listed = others.map { "\(HTMLText.escape(HIDUsage($0).name)) \(HTMLText.escape(label(values[$0] ?? 0)))" }
        return svg + "<p class=\"note\">Not on the drawing: \(listed.joined(separator: ", ")).</p>"
    }

    /// A colour between white (0) and `colour` (1).
    private static func shade(_ share: Double, _ colour: (r: Int, g: Int, b: Int)) -> String {
        let s = Swift.min(1, Swift.max(0, share))
        func mix(_ c: Int) -> Int { Int((255 - Double(255 - c) * s).rounded()) }
        return String(cFormat: "#%02x%02x%02x", mix(colour.r), mix(colour.g), mix(colour.b))
    }

    /// A label that fits on a key cap: the key's name, shortened.
    private static func shortName(_ usage: UInt16) -> String {
        let name = HIDUsage(usage).name
        let short = name.replacing("Left ", with: "L").replacing("Right ", with: "R")
            .replacing("Arrow", with: "").trimmingWhitespace()
        return HTMLText.escape(short.count > 6 ? String(short.prefix(5)) + "…" : short)
    }

    private static func f(_ value: Double) -> String { String(cFormat: "%.1f", value) }
}
