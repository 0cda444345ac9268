import SceneImportVocabulary

extension SceneBuilder {
    /// What one build of a scene accumulates as it places types: paths, flags, held views and
    /// the focus each screen takes.
    struct BuildState {
        var paths: [String: String] = [:]
        /// The types whose nodes are being built, outermost first.
        var building: [String] = []
        var flags: [String: String] = [:]
        /// The flags some command is offered under at 1; a flag only negated tests use starts
        /// at 0, so their commands show.
        var heldFlags: Set<String> = []
        /// The tests a flag stands for (one test, or tests joined by `&&`), by flag, and the
        /// type of the first command under it: where the flag's launch value is read
        /// (``launchValue(of:state:)``).
        var flagTests: [String: String] = [:]
        var flagOwners: [String: String] = [:]
        var omitted: [(command: ImportedCommand, reason: String)] = []
        /// What each condition text says for the scene, read at its first command: most
        /// commands of a provider share a few conditions.
        var conditionReadings: [Condition: ConditionReading] = [:]
        /// The condition read last and its reading: neighbouring commands (a loop's) mostly
        /// share their condition, which an equality check finds without hashing it.
        var lastConditionReading: (condition: Condition, reading: ConditionReading)?
        /// Views a type holds that the scene has no node for otherwise (``FocusableViews``).
        var heldResponders: [String: [FocusableViews.Held]] = [:]
        /// `owner.property` → the path of the view the property holds.
        var heldPaths: [String: String] = [:]
        /// Types that make themselves first responder when their screen appears.
        var focusesItself: Set<String> = []
        /// The property whose view each type's lifecycle makes first responder
        /// (``FirstResponderReader/focusedProperties(_:)``): a shown screen's focus.
        var focusedProperties: [String: String] = [:]
        /// The SwiftUI shortcuts of the views each controller being built hosts, innermost last.
        var hostedShortcuts: [HostedShortcuts] = []
        /// Actions the key window's root performs: the closures of the app's SwiftUI menu
        /// commands (``swiftUICommandMenus(commandsByType:menuShortcuts:state:)``).
        var rootActions: Set<String> = []
        /// The app's tab bar controllers whose children are their tabs (``orderTabs(_:state:)``).
        var tabBars: Set<String> = []
        /// Paths of the controllers the key window holds but does not show at launch: the tabs
        /// a tab bar does not show (all but its first), and the children a container forwards
        /// appearance to only later or pushes (``AppModel/appearsLater``).
        var hiddenAtLaunch: [String] = []
        /// Controllers that install a search controller in their navigation item
        /// (``NavigationBarSearch``).
        var searchesInNavigationBar: Set<String> = []
        /// The key window's navigation and tab bar controllers, where a screen's push lands
        /// (``SceneBuilder/containerPaths(in:)``).
        var containers = ContainerPaths()
        /// The tab each tab bar of the app's selects at launch (``SelectedTabReader``).
        var selectedTabs: [String: Int] = [:]
        /// The property each view class's `becomeFirstResponder` override hands the focus to
        /// (``FirstResponderReader/focusForwards()``).
        var focusForwards: [String: String] = [:]
    }

    /// What a command's condition says for the scene (``sceneCommand(_:reporting:state:)``).
    struct ConditionReading {
        /// Whether an idiom or size-class test fails on the scene's device (``idiomReading(_:idiom:)``).
        var notOnDevice: Bool
        /// Whether what fails is an availability check, which only an older OS passes.
        var onlyOnAnOlderOS = false
        /// ``directionDecision(_:rightToLeft:)`` for left-to-right layout, of what the device
        /// leaves (`true` when it leaves nothing).
        var direction: Bool?
        /// Whether what is left once the direction tests are gone is an `isFirstResponder`
        /// test, whose flag belongs to the command's own responder.
        var isFirstResponderCheck: Bool
        /// The state flag standing for what is left, when it is no `isFirstResponder` test.
        var flag: String?
        /// The value of ``flag`` under which the condition holds: 0 for a lone negated test
        /// (`!(isPlaying)`), which shares its flag with the test, so that of `if isPlaying { A }
        /// else { B }` only one side is offered at a time.
        var flagValue = 1
    }
}
