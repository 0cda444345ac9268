/// An `@implementation X` or `@implementation X (Category)` block with its methods.
struct ObjectiveCImplementation: Hashable {
    var className: String
    /// The category name, `nil` for the class's own implementation.
    var category: String?
    var instanceVariables: [ObjectiveCProperty]
    var methods: [ObjectiveCMethod]
    var line: Int

    /// The method with a selector, instance methods first.
    func method(_ selector: String, isClassMethod: Bool = false) -> ObjectiveCMethod? {
        methods.first { $0.selector == selector && $0.isClassMethod == isClassMethod }
    }
}
