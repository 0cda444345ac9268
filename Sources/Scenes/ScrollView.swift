import KeyTraceCore
import ResponderEngine

/// A scroll view with keyboard behaviour (responder-semantics §G): arrows scroll a line, ⌥arrows,
/// Page Up/Down, Space and ⇧Space a page, ⌘↑/⌘↓/Home/End to the ends, ⌘+ (also ⌘= by R8) zoom in,
/// ⌘- zoom out, ⌘0 reset, ⌘R refresh.
public final class ScrollView: View {
    /// Overrides no press method: deliveries step over it.
    public override class var forwardsEveryPress: Bool { true }

    /// Vertical offset in points, 0…``maximumOffset``.
    public private(set) var offset = 0
    /// Horizontal offset in points.
    public private(set) var horizontalOffset = 0
    /// Zoom in percent (100 = actual size), 25…800.
    public private(set) var zoom = 100
    /// How many times the content was refreshed.
    public private(set) var refreshCount = 0
    /// The content's height in points at 100 % zoom.
    public let contentHeight: Int
    /// One page in points: the step of Page Up/Down, ⌥↑/⌥↓ and Space.
    public let pageHeight: Int
    /// One line in points: the step of the arrow keys, vertically and horizontally.
    public let lineHeight: Int

    /// The largest vertical offset.
    public var maximumOffset: Int { max(0, contentHeight * zoom / 100 - pageHeight) }

    /// Creates a scroll view.
    public init(name: String, contentHeight: Int = 10_000, pageHeight: Int = 800, lineHeight: Int = 40) {
        self.contentHeight = contentHeight
        self.pageHeight = pageHeight
        self.lineHeight = lineHeight
        super.init(name: name)
        acceptsFirstResponder = true
        implement("scrollLineUp:") { [unowned self] _ in self.scroll(by: -self.lineHeight) }
        implement("scrollLineDown:") { [unowned self] _ in self.scroll(by: self.lineHeight) }
        implement("scrollLineLeft:") { [unowned self] _ in self.horizontalOffset = max(0, self.horizontalOffset - self.lineHeight) }
        implement("scrollLineRight:") { [unowned self] _ in self.horizontalOffset += self.lineHeight }
        implement("scrollPageUp:") { [unowned self] _ in self.scroll(by: -self.pageHeight) }
        implement("scrollPageDown:") { [unowned self] _ in self.scroll(by: self.pageHeight) }
        implement("scrollToTop:") { [unowned self] _ in self.offset = 0 }
        implement("scrollToBottom:") { [unowned self] _ in self.offset = self.maximumOffset }
        implement("zoomIn:") { [unowned self] _ in self.setZoom(self.zoom * 5 / 4) }
        implement("zoomOut:") { [unowned self] _ in self.setZoom(self.zoom * 4 / 5) }
        implement("actualSize:") { [unowned self] _ in self.setZoom(100) }
        implement("refresh:") { [unowned self] _ in self.refreshCount += 1 }
    }

    private static let builtIn: [KeyCommand] = {
        func c(_ title: String, _ input: KeyInput, _ m: ModifierFlags = [], _ action: Action) -> KeyCommand {
            KeyCommand(title: title, input: input, modifierFlags: m, action: action)
        }
        return [
            c("Scroll Up", .special(.upArrow), [], "scrollLineUp:"),
            c("Scroll Down", .special(.downArrow), [], "scrollLineDown:"),
            c("Scroll Left", .special(.leftArrow), [], "scrollLineLeft:"),
            c("Scroll Right", .special(.rightArrow), [], "scrollLineRight:"),
            c("Page Up", .special(.upArrow), .alternate, "scrollPageUp:"),
            c("Page Down", .special(.downArrow), .alternate, "scrollPageDown:"),
            c("Page Up", .special(.pageUp), [], "scrollPageUp:"),
            c("Page Down", .special(.pageDown), [], "scrollPageDown:"),
            c("Page Down", .character(" "), [], "scrollPageDown:"),
            c("Page Up", .character(" "), .shift, "scrollPageUp:"),
            c("Scroll to Top", .special(.upArrow), .command, "scrollToTop:"),
            c("Scroll to Bottom", .special(.downArrow), .command, "scrollToBottom:"),
            c("Scroll to Top", .special(.home), [], "scrollToTop:"),
            c("Scroll to Bottom", .special(.end), [], "scrollToBottom:"),
            c("Zoom In", .character("+"), .command, "zoomIn:"),
            c("Zoom Out", .character("-"), .command, "zoomOut:"),
            c("Actual Size", .character("0"), .command, "actualSize:"),
            c("Refresh", .character("r"), .command, "refresh:"),
        ]
    }()

    /// The built-in scrolling and zoom commands, then ``Responder/declaredKeyCommands``;
    /// a declared command with a built-in's shortcut is shadowed (R12).
    public override var keyCommands: [KeyCommand]? { ScrollView.builtIn + declaredKeyCommands }

    private func scroll(by delta: Int) { offset = max(0, min(maximumOffset, offset + delta)) }

    private func setZoom(_ value: Int) {
        zoom = max(25, min(800, value))
        offset = min(offset, maximumOffset)
    }
}
