/// An `@interface` block: a class declaration, a class extension (`@interface X ()`) or a
/// category (`@interface X (Name)`).
///
/// Extensions and categories add to the class declared elsewhere; the consumer merges them by
/// ``className``.
struct ObjectiveCInterface: Hashable {
    var className: String
    /// The superclass; `nil` for extensions, categories and root classes.
    var superclass: String?
    /// `nil` for the class declaration, `""` for a class extension, the name for a category.
    var category: String?
    /// Adopted protocols, as written.
    var protocols: [String]
    var properties: [ObjectiveCProperty]
    var instanceVariables: [ObjectiveCProperty]
    /// Method declarations (they have no ``ObjectiveCMethod/body``).
    var methods: [ObjectiveCMethod]
    var line: Int

    /// Whether this block is a class extension, `@interface X ()`.
    var isClassExtension: Bool { category == "" }
}
