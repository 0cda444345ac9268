/// The version of this package, written into trace metadata.
public enum KeyTraceVersion {
    /// Semantic version of the tool and libraries.
    public static let current = "0.1.0"
}
