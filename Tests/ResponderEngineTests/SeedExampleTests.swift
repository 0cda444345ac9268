import Testing
import KeyTraceCore
@testable import ResponderEngine

/// The examples of the source talks and blog, as executable checks.
@Suite struct SeedExampleTests {
    /// WWDC20 "Support hardware keyboards in your app": PlayerViewController.
    @Test func playerViewControllerSpaceTogglesPlayback() throws {
        final class PlayerViewController: ViewController {
            var isPlaying = false
            override var canBecomeFirstResponder: Bool { true }
            override var keyCommands: [KeyCommand]? {
                [KeyCommand(title: "Play/Pause", input: .character(" "), action: "playPause")]
            }
            override init(name: String, view: View = View(name: "")) {
                super.init(name: name, view: view)
                implement("playPause") { [unowned self] _ in self.isPlaying.toggle() }
            }
        }
        let app = Application()
        let window = Window()
        let player = PlayerViewController(name: "player")
        window.rootViewController = player
        app.addWindow(window)
        let dispatcher = try KeyDispatcher(application: app)
        #expect(player.becomeFirstResponder())
        let resolution = dispatcher.dispatch(down("space"))
        #expect(resolution.outcome == .performedCommand)
        #expect(resolution.action == "playPause" && resolution.hasAction)
        #expect(resolution.provider === player && resolution.target === player)
        #expect(player.isPlaying)
        let release = dispatcher.dispatch(up("space"))
        #expect(release.action == nil && !release.hasAction)
        dispatcher.dispatch(down("space"))
        #expect(!player.isPlaying)
    }

    /// WWDC20: SongListTableViewController gets ⌘A/⌘C/⌘V with no key commands declared.
    @Test func songListGetsStandardEditActionsWithoutDeclaringCommands() throws {
        final class SongListTableViewController: ViewController {
            var songs = ["Song A", "Song B"]
            var selection: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override init(name: String, view: View = View(name: "")) {
                super.init(name: name, view: view)
                implement(.selectAll) { [unowned self] _ in self.selection = self.songs }
                implement(.copy) { [unowned self] _ in self.application?.pasteboard = self.selection.joined(separator: "\n") }
                implement(.paste) { [unowned self] _ in self.songs.append(self.application?.pasteboard ?? "") }
            }
        }
        let app = Application()
        let window = Window()
        let songs = SongListTableViewController(name: "songs")
        window.rootViewController = songs
        app.addWindow(window)
        let dispatcher = try KeyDispatcher(application: app)
        songs.becomeFirstResponder()
        #expect(songs.keyCommands == nil)
        let actions = ["cmd+a", "cmd+c", "cmd+v"].map { dispatcher.dispatch(down($0)) }
        #expect(actions.map(\.action) == [.selectAll, .copy, .paste])
        #expect(actions.allSatisfy { $0.provider === app && $0.target === songs })
        #expect(songs.songs == ["Song A", "Song B", "Song A\nSong B"])
    }

    /// The iOS 7 blog: a root view controller that can become first responder gets plain "f".
    @Test func rootViewControllerKeyPressF() throws {
        let app = Application()
        let window = Window()
        let root = ViewController(name: "root")
        root.acceptsFirstResponder = true
        root.declaredKeyCommands = [KeyCommand(input: .character("f"), action: "keyPressF")]
        var pressed = 0
        root.implement("keyPressF") { _ in pressed += 1 }
        window.rootViewController = root
        app.addWindow(window)
        let dispatcher = try KeyDispatcher(application: app, policy: .uikit)
        // "iOS will only generate key press events when a control … is the first responder":
        // until it becomes first responder, its command does not fire (R10).
        #expect(dispatcher.dispatch(down("f")).outcome == .unhandled)
        dispatcher.dispatch(up("f"))
        #expect(root.becomeFirstResponder())
        #expect(dispatcher.dispatch(down("f")).action == "keyPressF")
        #expect(pressed == 1)
    }
}
