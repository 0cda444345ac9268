extension FuzzTarget {
    /// Every target of the fuzz executable. Registering a target is one line here, naming a
    /// `static let` declared in the target's own file (Scripts/fuzz/Fuzz*.swift).
    static let all: [FuzzTarget] = [
        .reader,
        .structured,
        .codec,
        .pcap,
        .script,
        .scene,
        .hid,
    ]

    /// The target named `name`.
    static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
