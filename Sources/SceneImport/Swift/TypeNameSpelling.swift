/// How Swift code spells the names of types, told apart from functions and properties by their
/// spelling alone where no declaration is at hand.
enum TypeNameSpelling {
    /// Whether `name` may name a type: UpperCamelCase (`HomeView`), or one lowercase letter
    /// before a capital (`iOSContentView`, `iPadSidebar`), which lowerCamelCase functions
    /// (`makeView`, `body`) do not start with.
    static func mayNameType(_ name: some StringProtocol) -> Bool {
        var characters = name.makeIterator()
        guard let first = characters.next() else { return false }
        if first.isUppercase { return true }
        return first.isLowercase && characters.next()?.isUppercase == true
    }
}
