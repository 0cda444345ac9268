/// What key events start from when the key window has no first responder (R10).
///
/// On the device nothing stands in: key commands then come from the key window, the
/// application, the app delegate and the main menu only, so every view controller's commands stop
/// working until something becomes first responder again. The stand-in is an option for scenes
/// written before KeyTrace modelled that, and for asking "what would fire if my controller were
/// first responder".
public enum FirstResponderFallback: String, Hashable, Sendable, CaseIterable {
    /// Nothing stands in (the device's behaviour).
    case none
    /// The key window's deepest view controller stands in: the root, its selected child, then
    /// what that presents (``ViewController/deepestViewController``). A KeyTrace option, not UIKit.
    case deepestController = "deepest-controller"
}
