import Foundation
import Scenes

/// Two versions of a small notes app's scene, written for these tests: the head adds, removes
/// and changes commands so that every kind of diff entry appears.
enum SceneDiffFixtures {
    /// The base version.
    static let base = """
        {
          "format": "keytrace-scene", "version": 1, "name": "notes",
          "windows": [ { "type": "window", "name": "window", "root": {
            "type": "viewController", "name": "NotesController",
            "commands": [
              { "title": "New Note", "shortcut": "cmd+n", "action": "newNote:" },
              { "title": "Close Note", "shortcut": "cmd+w", "action": "closeNote:" }
            ],
            "actions": { "newNote:": [], "closeNote:": [], "newFolder:": [], "highlight:": [], "selectPrevious:": [] },
            "views": [
              { "type": "textView", "name": "EditorView" },
              { "type": "table", "name": "NoteList", "rows": ["a", "b"],
                "commands": [ { "title": "Delete Note", "shortcut": "cmd+d", "action": "deleteNote:" } ],
                "actions": { "deleteNote:": [], "newListItem:": [] } }
            ] } } ],
          "firstResponder": "window/NotesController/NoteList"
        }
        """

    /// The head version: New Note retitled (display only), Close Note moved to ⇧⌘W, Delete Note
    /// removed, New Folder added, ⌘H (system-reserved) added, ⇧← added on the controller (text
    /// input uses it while the editor is first responder), and ⌘N added on the list (it
    /// shadows New Note there).
    static let head = """
        {
          "format": "keytrace-scene", "version": 1, "name": "notes",
          "windows": [ { "type": "window", "name": "window", "root": {
            "type": "viewController", "name": "NotesController",
            "commands": [
              { "title": "Create Note", "shortcut": "cmd+n", "action": "newNote:" },
              { "title": "Close Note", "shortcut": "shift+cmd+w", "action": "closeNote:" },
              { "title": "New Folder", "shortcut": "shift+cmd+n", "action": "newFolder:" },
              { "title": "Highlight", "shortcut": "cmd+h", "action": "highlight:" },
              { "title": "Select Previous", "shortcut": "shift+left", "action": "selectPrevious:" }
            ],
            "actions": { "newNote:": [], "closeNote:": [], "newFolder:": [], "highlight:": [], "selectPrevious:": [] },
            "views": [
              { "type": "textView", "name": "EditorView" },
              { "type": "table", "name": "NoteList", "rows": ["a", "b"],
                "commands": [ { "title": "New Item", "shortcut": "cmd+n", "action": "newListItem:" } ],
                "actions": { "deleteNote:": [], "newListItem:": [] } }
            ] } } ],
          "firstResponder": "window/NotesController/NoteList"
        }
        """

    /// A runtime of `json`.
    static func runtime(_ json: String, file: String = "scene.json") throws -> SceneRuntime {
        try SceneRuntime(definition: SceneDefinition(json: json, file: file), file: file)
    }

    /// Writes `text` to `name` in `folder` and returns its path.
    static func write(_ text: String, named name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
