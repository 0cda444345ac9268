import Foundation
import Testing
@testable import Replay

/// Where a replay finds the scene a trace names when none is given.
@Suite struct SceneLocatorTests {
    /// `scene import -o notes.json` writes the scene `Notes`; a trace recorded through it and
    /// kept in the same folder finds it there, by its name or the name in lower case, before
    /// `scenes/` beside the trace.
    @Test func aSceneBesideTheTraceIsFoundByItsNameOrTheNameInLowerCase() throws {
        let folder = temporaryDirectory()
        let trace = folder + "/notes.ktrace"
        #expect(SceneLocator.path(forScene: "Notes", near: trace) == nil)
        try FileManager.default.createDirectory(atPath: folder + "/scenes", withIntermediateDirectories: true)
        try "{}".write(toFile: folder + "/scenes/Notes.json", atomically: true, encoding: .utf8)
        #expect(SceneLocator.path(forScene: "Notes", near: trace) == folder + "/scenes/Notes.json")
        try "{}".write(toFile: folder + "/notes.json", atomically: true, encoding: .utf8)
        #expect(SceneLocator.path(forScene: "Notes", near: trace) == folder + "/notes.json")
        try "{}".write(toFile: folder + "/Notes.json", atomically: true, encoding: .utf8)
        #expect(SceneLocator.path(forScene: "Notes", near: trace) == folder + "/Notes.json")
    }

    /// The path the recording was given comes first: an absolute one as it is, then its file
    /// name beside the trace (a trace moved with its scene to another folder); a relative one
    /// beside the trace first.
    @Test func thePathTheRecordingWasGivenIsTriedFirst() throws {
        let folder = temporaryDirectory()
        let trace = folder + "/session.ktrace"
        try "{}".write(toFile: folder + "/app-scene.json", atomically: true, encoding: .utf8)
        #expect(SceneLocator.path(forScene: "App", near: trace, recorded: "/elsewhere/app-scene.json") == folder + "/app-scene.json")
        #expect(SceneLocator.path(forScene: "App", near: trace, recorded: folder + "/app-scene.json") == folder + "/app-scene.json")
        #expect(SceneLocator.path(forScene: "App", near: trace, recorded: "app-scene.json") == folder + "/app-scene.json")
        #expect(SceneLocator.path(forScene: "App", near: trace, recorded: "bundled:text-editor") == "bundled:text-editor")
        #expect(SceneLocator.path(forScene: "App", near: trace, recorded: "/elsewhere/missing.json") == nil)
    }
}
