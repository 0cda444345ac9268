/// A coding key given by its name: for documents whose keys are data (a policy's name) or
/// are read a few at a time, without declaring an enum of every key.
package struct NamedCodingKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ name: String) { stringValue = name }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}
