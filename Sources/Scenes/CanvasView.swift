import KeyTraceCore
import ResponderEngine

/// A canvas driven by raw presses (WWDC20's example): an arrow key going down starts moving the
/// shape, going up stops it; holding Shift while moving selects. Movement is computed from the
/// presses' own timestamps (10 points per 16 ms frame, at least one step), so replays are
/// deterministic.
public final class CanvasView: View {
    /// The shape's horizontal position in points; → increases it, ← decreases it.
    public private(set) var x = 0
    /// The shape's vertical position in points; ↓ increases it, ↑ decreases it.
    public private(set) var y = 0
    /// The arrow keys currently moving the shape.
    public private(set) var moving: [HIDUsage] = []
    /// Whether Shift-selection is active.
    public private(set) var selecting = false
    /// How many moves ended with the shape selected.
    public private(set) var selectedMoves = 0
    private var startedAt: [HIDUsage: UInt64] = [:]

    /// Points moved per 16 ms frame.
    public static let stepPerFrame = 10
    /// Frame length in ns.
    public static let frame: UInt64 = 16_000_000

    /// Creates a canvas.
    public override init(name: String) {
        super.init(name: name)
        acceptsFirstResponder = true
    }

    private static let arrows: [HIDUsage] = [.upArrow, .downArrow, .leftArrow, .rightArrow]

    /// An arrow key going down starts moving the shape (selecting when Shift is held); Shift going
    /// down while the shape moves starts selecting. Other keys go to the next responder (R18 step 2).
    public override func pressesBegan(_ press: KeyPress, with delivery: inout PressDelivery) {
        if CanvasView.arrows.contains(press.usage) {
            if !moving.contains(press.usage) { moving.append(press.usage) }
            startedAt[press.usage] = press.timestamp
            if press.modifierFlags.contains(.shift) { selecting = true }
        } else if press.usage == .leftShift || press.usage == .rightShift {
            if !moving.isEmpty { selecting = true }
        } else {
            super.pressesBegan(press, with: &delivery)
        }
    }

    /// An arrow key going up moves the shape 10 points per whole 16 ms frame it was held (at least
    /// one step) and stops it; Shift going up ends selecting. Other keys go to the next responder (R20).
    public override func pressesEnded(_ press: KeyPress, with delivery: inout PressDelivery) {
        if !stopMoving(press) {
            if press.usage == .leftShift || press.usage == .rightShift {
                selecting = false
            } else {
                super.pressesEnded(press, with: &delivery)
            }
        }
    }

    /// A cancelled arrow stops where it got to: the motion made while the key was down stays done
    /// (R20); the press is not forwarded.
    public override func pressesCancelled(_ press: KeyPress, with delivery: inout PressDelivery) {
        if !stopMoving(press), press.usage == .leftShift || press.usage == .rightShift {
            selecting = false
        }
    }

    /// Moves the shape for the time the arrow of `press` was held, up to `press`'s timestamp,
    /// and stops it; returns whether that arrow was moving.
    private func stopMoving(_ press: KeyPress) -> Bool {
        guard let start = startedAt.removeValue(forKey: press.usage) else { return false }
        let frames = Int(clamping: (press.timestamp &- start) / CanvasView.frame)
        let distance = max(1, frames).multipliedReportingOverflow(by: CanvasView.stepPerFrame)
        let step = distance.overflow ? Int.max : distance.partialValue
        switch press.usage {
        case .upArrow: y = y.subtractingSaturating(step)
        case .downArrow: y = y.addingSaturating(step)
        case .leftArrow: x = x.subtractingSaturating(step)
        default: x = x.addingSaturating(step)
        }
        moving.removeAll { $0 == press.usage }
        if selecting { selectedMoves += 1 }
        if moving.isEmpty { selecting = false }
        return true
    }
}

extension Int {
    /// `self + other`, held at `Int.min`/`Int.max` instead of overflowing.
    fileprivate func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }

    /// `self - other`, held at `Int.min`/`Int.max` instead of overflowing.
    fileprivate func subtractingSaturating(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}
