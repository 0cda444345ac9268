/// An `@interface` block: a class declaration, a class extension (`@interface X ()`) or a
/// category (`@interface X (Name)`).
///
/// Extensions and categories add to the class declared elsewhere; the consumer merges them by
/// ``className``.
package struct ObjectiveCInterface: Hashable {
    package var className: String
    /// The superclass; `nil` for extensions, categories and root classes.
    package var superclass: String?
    /// `nil` for the class declaration, `""` for a class extension, the name for a category.
    var category: String?
    /// Adopted protocols, as written.
    package var protocols: [String]
    package var properties: [ObjectiveCProperty]
    package var instanceVariables: [ObjectiveCProperty]
    /// Method declarations (they have no ``ObjectiveCMethod/body``).
    package var methods: [ObjectiveCMethod]
    package var line: Int

    /// Whether this block is a class extension, `@interface X ()`.
    var isClassExtension: Bool { category == "" }
}
