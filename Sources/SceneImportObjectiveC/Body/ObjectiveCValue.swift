import KeyTraceCore
import SceneImportVocabulary

/// What the body scanner knows about an expression's value.
///
/// Values the source fixes (strings, numbers, modifier sets, selectors, commands, arrays with
/// the conditions of each element) are followed; anything else is ``unknown(_:)`` with its
/// source text.
package indirect enum ObjectiveCValue {
    case unknown(String)
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case localized(key: String, table: String?, value: String? = nil)
    case selector(String)
    /// `UIKeyModifierFlags` names (`command`, `shift`, …).
    case modifiers(ModifierFlags)
    /// `UIMenuElementAttributes` names (`destructive`, …).
    case attributes(Set<String>)
    /// A command the method creates: an index into the body's key commands.
    case command(Int)
    /// A main-menu element the method creates (`UIMenu`, `UICommand`): an index into the body's
    /// menu elements.
    case menuElement(Int)
    case array([Item])
    /// One of several values, each under its own conditions (`c ? a : b`).
    case alternatives([Item])
    /// An instance of a class the source fixes.
    case object(className: String)
    /// One of UIKit's containers the method makes: an index into the body's
    /// ``ObjectiveCMethodBody/containers``.
    case container(Int)
    /// `[X alloc]`, before its `init…`.
    case allocated(className: String)
    case classReference(String)
    case selfReference
    case superReference
    /// What `[self selector]` returns.
    case selfCall(String)
    /// What `[super selector]` returns.
    case superCall(String)
    /// A property or instance variable's value the method does not set (name without `_`).
    case member(String)
    /// An `NSDictionary` the source fixes: its keys and values, in the order written.
    case dictionary(keys: [Item], values: [Item])
    /// An `NSRange` (`[s rangeOfString:@"-"]`); a location of `NSNotFound` is `Int.max`.
    case range(location: Int, length: Int)
    /// An `NSCharacterSet` of the characters the source fixes
    /// (`[NSCharacterSet characterSetWithCharactersInString:@"ABC"]`), as UTF-16 code units.
    case characterSet(Set<UInt16>)

    /// An element and the conditions it is present under, beyond those of its container.
    package struct Item {
        var value: ObjectiveCValue
        var condition: Condition
    }

    /// The value as a C integer: an integer, a character literal (`'a'` is 97), a `BOOL`, or a
    /// modifier mask's raw bits.
    var integer: Int? {
        switch self {
        case .int(let number): return number
        case .bool(let flag): return flag ? 1 : 0
        case .modifiers(let flags): return Int(flags.rawValue)
        case .string(let text):
            guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return nil }
            return Int(scalar.value)
        default: return nil
        }
    }

    /// Whether the value is true as a C condition tests it: a number or mask is true when not
    /// zero, `nil` is false, an object the source creates (a string, an array, a command) is
    /// true; `nil` when the source does not fix it.
    var truth: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .int, .modifiers: return integer.map { $0 != 0 }
        case .null: return false
        case .string, .localized, .selector, .array, .dictionary, .command, .menuElement, .characterSet: return true
        default: return nil
        }
    }

    /// Whether the value is a constant a file-level declaration can give.
    var isFixed: Bool {
        switch self {
        case .string, .int, .bool, .localized, .selector, .modifiers, .attributes: return true
        default: return false
        }
    }

    /// The elements with their conditions when the value is an array or alternatives.
    var items: [Item]? {
        switch self {
        case .array(let items), .alternatives(let items): return items
        case .null: return []
        default: return nil
        }
    }

    /// The branches of a value: itself, or each alternative with its conditions.
    var branches: [Item] {
        if case .alternatives(let items) = self { return items }
        return [Item(value: self, condition: .always)]
    }
}
