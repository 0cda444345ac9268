import KeyTraceSupport

extension KeyCommand {
    /// `{"shortcut":…,"text":…,"title":…,"action":…}`: the command as `keytrace scene` prints it
    /// in JSON (an absent title or action is an empty string).
    package var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("shortcut", shortcut.description)
        object.add("text", shortcut.textNotation)
        object.add("title", displayTitle ?? "")
        object.add("action", action?.name ?? "")
        return object
    }
}
