/// A C function an Objective-C file defines (`static void AddKeys(NSMutableArray *list) { … }`).
///
/// A call to it by name runs its body in place, as a message to `self` runs a helper method
/// (``ObjectiveCBodyScanner/Helper``): its parameters are bound to the call's arguments, an
/// array the caller passes is the same mutable array, and a function returning a key command
/// is the app's factory, its commands created at the call's line.
package struct ObjectiveCFunction: Hashable {
    package var name: String
    /// The return type as written, with its qualifiers (`static UIKeyCommand *`).
    var returnType: String
    /// The parameters' names, in order.
    var parameters: [String]
    /// The tokens between the body's braces.
    var body: Range<Int>
    var line: Int
    /// What the body does when it runs on its own, with its parameters unknown: the commands
    /// it creates are found but not followed when no provider calls the function.
    package var scanned: ObjectiveCMethodBody?

    /// Whether the function returns a key command (`UIKeyCommand *`).
    var returnsCommand: Bool { returnType.filter { !$0.isWhitespace }.hasSuffix("UIKeyCommand*") }

    /// Whether a call runs the body in place: a factory, or a `void` function taking parameters.
    var isHelper: Bool {
        returnsCommand || (returnType.split(separator: " ").last == "void" && !parameters.isEmpty)
    }
}
