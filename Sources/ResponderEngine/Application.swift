import KeyTraceCore

/// The application: the end of every responder chain and the owner of the main menu,
/// the windows, the first responder and the scene-wide settings (layout, writing direction).
///
/// The main menu is built once from ``MenuBuilder/standard()`` plus ``buildMenu(with:)`` and
/// ``menuCustomization``, and rebuilt only by ``rebuildMainMenu()`` (R11, R22).
open class Application: Responder {
    /// `true` for `Application` itself; subclasses are called (``Responder/forwardsEveryPress``).
    open override class var forwardsEveryPress: Bool { self == Application.self }

    /// Writing direction of the scene; right-to-left mirrors commands that allow it (R4).
    public enum LayoutDirection: String, Sendable { case leftToRight, rightToLeft }

    /// The windows, back to front.
    @exclusivity(unchecked) public private(set) var windows: [Window] = []
    /// The key window: where key events go.
    @exclusivity(unchecked) public var keyWindow: Window? {
        didSet { noteChainStartMayHaveChanged(kind: .firstResponder) }
    }
    /// The first responder, if any (R10).
    @exclusivity(unchecked) public private(set) var firstResponder: Responder? {
        didSet {
            storedFirstResponderIdentifier = firstResponder.map(ObjectIdentifier.init)
            guard oldValue !== firstResponder else { return }
            oldValue?.firstResponderStatusChanged()
            firstResponder?.firstResponderStatusChanged()
        }
    }
    /// The identity of ``firstResponder``: to tell whether it changed, read without retaining it
    /// (a replay asks after every press). Stored and inlinable, so that reading it from another
    /// module is a load: neither a call (which retained the application around it) nor a
    /// dynamic exclusivity check (which a direct access from another module made).
    @inlinable public final var firstResponderIdentifier: ObjectIdentifier? { storedFirstResponderIdentifier }
    @usableFromInline @exclusivity(unchecked) final var storedFirstResponderIdentifier: ObjectIdentifier?
    /// The app delegate, which follows the application in the chain when set.
    @exclusivity(unchecked) public var delegate: Responder? {
        didSet { invalidateKeyCommands(.chainMutation) }
    }
    /// Models apps linked with the iOS 14 SDK: commands run before text input (R16).
    @exclusivity(unchecked) public var commandsBeforeTextInput: Bool = false {
        didSet { invalidateKeyCommands(.layoutChange) }
    }
    /// The OS version the app runs on: before iOS 15 commands ran before text input (R16).
    @exclusivity(unchecked) public var osVersion: OSVersion = .current {
        didSet { invalidateKeyCommands(.layoutChange) }
    }
    /// The version from which text input gets a key before key commands (R16).
    public static let textInputFirstSince = OSVersion(15)
    /// Whether key commands run before text input (R16): on iOS 14 and earlier, and for apps
    /// linked with the iOS 14 SDK (``commandsBeforeTextInput``).
    public var commandsPrecedeTextInput: Bool { commandsBeforeTextInput || osVersion < Self.textInputFirstSince }
    /// The version from which a right-to-left scene mirrors the commands that allow it (R4).
    public static let automaticMirroringSince = OSVersion(15)
    /// Whether commands that allow it are mirrored (R4): in a right-to-left scene from iOS 15.
    public var mirrorsCommands: Bool { layoutDirection == .rightToLeft && osVersion >= Self.automaticMirroringSince }
    /// The version from which a command nothing can perform still blocks the later commands of
    /// its identity (R12).
    public static let unperformableCommandsBlockSince = OSVersion(15)
    /// Whether a command nothing can perform blocks the later commands of its identity (R12):
    /// from iOS 15; before, the next one of them that can be performed fires.
    public var unperformableCommandsBlock: Bool { osVersion >= Self.unperformableCommandsBlockSince }
    /// ``platform`` at ``osVersion``.
    public var platformVersion: PlatformVersion {
        get { PlatformVersion(platform, osVersion) }
        set {
            platform = newValue.platform
            osVersion = newValue.version
        }
    }
    /// The keyboard layout used for matching (R9).
    @exclusivity(unchecked) public var keyboardLayout: KeyboardLayout = .usANSI {
        didSet {
            systemShortcutMatcher = nil
            invalidateKeyCommands(.layoutChange)
        }
    }
    /// The platform the app runs on: which shortcuts the system takes before the app (R24).
    @exclusivity(unchecked) public var platform: Platform = .default {
        didSet {
            systemShortcutMatcher = nil
            systemShortcutModifiers = SystemShortcuts.modifiersEveryRowHolds(on: platform)
        }
    }
    /// The system shortcut that takes the key-down `press` (R24), from ``platform``'s system
    /// shortcuts on ``keyboardLayout``: worked out at the first key-down that holds
    /// ``systemShortcutModifiers`` after either changes (an application that never sees one,
    /// such as the importer's, never works them out), and read in place.
    func systemShortcut(for press: KeyPress) -> SystemShortcut? {
        if systemShortcutMatcher == nil { systemShortcutMatcher = SystemShortcutMatcher(platform: platform, layout: keyboardLayout) }
        return systemShortcutMatcher?.row(for: press)
    }
    @exclusivity(unchecked) private var systemShortcutMatcher: SystemShortcutMatcher?
    /// The modifiers every one of ``platform``'s system shortcuts holds: the test every key-down
    /// takes is one load of it.
    @exclusivity(unchecked) private(set) var systemShortcutModifiers = SystemShortcuts.modifiersEveryRowHolds(on: .default)
    /// Whether a view controller stands in for a missing first responder (R10). Off, as on the
    /// device: with no first responder, key commands come from the key window, the application,
    /// its delegate and the main menu only.
    @exclusivity(unchecked) public var firstResponderFallback: FirstResponderFallback = .none {
        didSet { noteChainStartMayHaveChanged(kind: .firstResponder) }
    }
    /// The writing direction (R4).
    @exclusivity(unchecked) public var layoutDirection: LayoutDirection = .leftToRight {
        didSet { invalidateKeyCommands(.layoutChange) }
    }
    /// A simple pasteboard for the standard edit actions.
    public var pasteboard: String = ""

    /// Extra menu building applied after ``buildMenu(with:)``; lets scenes customise without subclassing.
    public var menuCustomization: ((inout MenuBuilder) throws -> Void)?

    /// The main menu as last built.
    public private(set) var mainMenu: Menu = Menu(.root)
    /// The key commands of ``mainMenu``, in menu order, alternates expanded.
    public private(set) var mainMenuKeyCommands: [KeyCommand] = []
    /// The key commands of ``mainMenu`` with the menu holding each (``Menu/keyCommandsWithMenus``),
    /// kept from the last build: collections read them on every re-collection.
    @exclusivity(unchecked) public private(set) var mainMenuKeyCommandsWithMenus: [(command: KeyCommand, menu: Menu.Identifier)] = []
    /// How many times the main menu was built.
    public private(set) var mainMenuBuildCount: Int = 0

    weak var dispatcher: KeyDispatcher?

    /// Creates an application named `name` (default `application`) with the standard main menu.
    public override init(name: String = "application") {
        super.init(name: name)
        let builder = MenuBuilder.standard()
        mainMenu = builder.root
        mainMenuKeyCommandsWithMenus = builder.root.keyCommandsWithMenus
        mainMenuKeyCommands = mainMenuKeyCommandsWithMenus.map(\.command)
    }

    deinit {
        for window in windows { window.owningApplication = nil }  // they all point here
    }

    /// The app delegate (``delegate``) when set, else `nil`: the chain ends at the application or its
    /// delegate (R11). An override whose answer changes must call
    /// ``Responder/invalidateKeyCommands(_:)`` so the `cached` policy re-collects (R23).
    open override var next: Responder? { delegate }
    /// Always `nil`: the application is the top of the hierarchy and appears only in its own ``Responder/path``.
    open override var pathParent: Responder? { nil }

    /// `UIResponder.buildMenu(with:)`: customise the main menu. The default does nothing.
    open func buildMenu(with builder: inout MenuBuilder) throws {}

    /// Builds the main menu anew; throws ``MenuBuildError`` naming both commands of a conflict (R22).
    public func rebuildMainMenu() throws {
        var builder = MenuBuilder.standard()
        try buildMenu(with: &builder)
        try menuCustomization?(&builder)
        mainMenu = builder.root
        mainMenuKeyCommandsWithMenus = builder.root.keyCommandsWithMenus
        mainMenuKeyCommands = mainMenuKeyCommandsWithMenus.map(\.command)
        mainMenuBuildCount += 1
        invalidateKeyCommands(.mainMenuRebuild)
    }

    // MARK: Windows

    /// Adds a window; the first window added becomes the key window.
    public func addWindow(_ window: Window) {
        window.owningApplication = self
        windows.append(window)
        window.invalidateSubtree(.chainMutation)
        if keyWindow == nil { keyWindow = window }
    }

    /// The window named `name`.
    public func window(named name: String) -> Window? { windows.first { $0.name == name } }

    // MARK: First responder

    /// The responder key events start from: the first responder, else the key window, else the
    /// application (R10). With ``firstResponderFallback`` set to
    /// ``FirstResponderFallback/deepestController``, the key window's deepest view controller
    /// stands in for a missing first responder before the window.
    public var chainStart: Responder {
        if let firstResponder { return firstResponder }
        if firstResponderFallback == .deepestController, let root = keyWindow?.rootViewController {
            return root.deepestViewController
        }
        return keyWindow ?? self
    }

    /// Makes `responder` the first responder when it can become one and its chain reaches
    /// this application (R15). Returns whether it is first responder afterwards.
    @discardableResult
    public func makeFirstResponder(_ responder: Responder) -> Bool {
        if firstResponder === responder { return true }
        guard responder.canBecomeFirstResponder, responder.application === self else { return false }
        let previous = firstResponder
        firstResponder = responder
        dispatcher?.firstResponderDidChange(from: previous, to: responder)
        return true
    }

    /// Clears the first responder (`resignFirstResponder`).
    public func resignFirstResponder() {
        guard let previous = firstResponder else { return }
        firstResponder = nil
        dispatcher?.firstResponderDidChange(from: previous, to: nil)
    }

    func noteModalChange(presented controller: ViewController) {
        // A modal takes keyboard focus: the first responder resigns unless it is inside the modal.
        if let first = firstResponder, !first.isInside(controller.view), first !== controller {
            firstResponder = nil
            dispatcher?.firstResponderDidChange(from: first, to: nil, kind: .modal)
        } else {
            noteChainStartMayHaveChanged(kind: .modal)
        }
    }

    func noteModalChange(dismissed controller: ViewController, returningTo presenter: ViewController) {
        if let first = firstResponder, first.isInside(controller.view) || first === controller {
            firstResponder = nil
            dispatcher?.firstResponderDidChange(from: first, to: nil, kind: .modal)
        } else {
            noteChainStartMayHaveChanged(kind: .modal)
        }
    }

    func noteChainStartMayHaveChanged(kind: ChainChangeKind) {
        dispatcher?.chainStartMayHaveChanged(kind: kind)
    }
}
