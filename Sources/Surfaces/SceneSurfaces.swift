import KeyTraceCore
import KeyTraceSupport
import ResponderEngine
import Scenes

/// The Mac menu bar and the iPad ⌘-hold overlay of a scene's key screens — `initial` and its
/// named states, at most ``screenLimit`` — for reports that show them rather than list them:
/// `keytrace analyze --format html --scene SCENE` and `keytrace scene import --html`. Each is
/// drawn by ``MenuBar`` and ``DiscoverabilityOverlay`` as `scene menubar --state NAME --html`
/// and `scene overlay --state NAME --html` draw it.
public struct SceneSurfaces {
    /// The scene's name.
    public var scene: String
    /// The screens drawn, `initial` first.
    public var screens: [Screen]
    /// The states not drawn, past ``screenLimit``.
    public var screensLeftOut: [String]

    /// The most screens drawn: `initial` and the first five states.
    public static let screenLimit = 6

    /// One screen's drawings.
    public struct Screen {
        /// `initial`, or the state's name.
        public var name: String
        /// The menu bar, drawn as Mac Catalyst at the scene's version.
        public var menuBar: MenuBar
        /// The overlay, drawn as iPadOS at the scene's version.
        public var overlay: DiscoverabilityOverlay
    }

    /// The drawings of `runtime`'s scene; `runtime` itself is not changed (each screen is built
    /// anew, ``SceneScreen``).
    public init(runtime: SceneRuntime, limit: Int = SceneSurfaces.screenLimit) throws(SceneError) {
        let name = runtime.definition.name
        scene = name
        let mac = try SceneScreen.all(of: runtime, on: .catalyst, limit: limit)
        let pad = try SceneScreen.all(of: runtime, on: .ipad, limit: limit)
        screens = zip(mac, pad).map { mac, pad in
            Screen(name: mac.name, menuBar: MenuBar(scene: name, appName: name, dispatcher: mac.dispatcher),
                   overlay: DiscoverabilityOverlay(scene: name, appName: name, dispatcher: pad.dispatcher))
        }
        screensLeftOut = Array(runtime.definition.states.map(\.name).dropFirst(max(limit - 1, 0)))
    }

    /// The drawings as one HTML section for another page, whose style takes ``style``: per
    /// screen, its name and first responder, then the menu bar and the overlay.
    public var htmlSection: String {
        var out = "<section class=\"surfaces\" aria-label=\"menu bar and overlay\">\n"
        for screen in screens {
            out += "<section class=\"surface-screen\" data-state=\"\(HTMLText.escape(screen.name))\">"
            out += "<h3 class=\"screen-title\">Screen \(HTMLText.escape(screen.name))</h3>\n"
            out += "<h4 class=\"surface-title\">Mac menu bar · first responder \(HTMLText.escape(screen.menuBar.firstResponder))"
                + " · \(HTMLText.escape(screen.menuBar.platform.displayName))</h4>\n"
            out += screen.menuBar.htmlBody
            out += "<h4 class=\"surface-title\">iPad ⌘-hold overlay · first responder \(HTMLText.escape(screen.overlay.firstResponder))"
                + " · \(HTMLText.escape(screen.overlay.platform.displayName))</h4>\n"
            out += screen.overlay.htmlBody
            out += "</section>\n"
        }
        if !screensLeftOut.isEmpty {
            out += "<p class=\"note\">Not drawn (past the first \(Self.screenLimit) screens): \(HTMLText.escape(screensLeftOut.joined(separator: ", "))); "
                + "keytrace scene menubar|overlay SCENE --state NAME draws one.</p>\n"
        }
        return out + "</section>\n"
    }

    /// The rules ``htmlSection`` needs on a page of its own: the menu bar's and the overlay's,
    /// and a reset of the host page's headings inside the section.
    public static let style = MenuBar.style + "\n" + DiscoverabilityOverlay.style + "\n" + """
        section.surfaces h2, section.surfaces h3, section.surfaces h4 { border-bottom: none; padding-bottom: 0; }
        section.surface-screen { margin: 12px 0 24px; }
        h3.screen-title { font-size: 16px; margin: 16px 0 4px; }
        h4.surface-title { font-size: 13px; font-weight: 600; color: #555; margin: 10px 0 4px; }
        """
}
