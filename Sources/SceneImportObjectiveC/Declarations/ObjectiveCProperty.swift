/// A property (`@property (…) Type *name;`) or instance variable (`Type *_name;` in an
/// `@interface` or `@implementation` brace block).
package struct ObjectiveCProperty: Hashable {
    package enum Kind: Hashable {
        case property
        case instanceVariable
    }

    var kind: Kind
    package var name: String
    /// The type as written, without `IBOutlet`, nullability and ownership qualifiers:
    /// `UIKeyCommand *`, `NSArray<UIKeyCommand *> *`, `BOOL`.
    var type: String
    /// The type's class (or other base type) name: `UIKeyCommand`, `NSArray`, `BOOL`.
    package var typeName: String
    /// The words inside `@property (…)`: `nonatomic`, `strong`, `readonly`, `getter=isOn`.
    var attributes: [String]
    var isOutlet: Bool
    package var line: Int
}
