import Foundation

/// Tools the tests check KeyTrace against, found where `Scripts/install-oracles.sh` puts them.
public enum Oracles {
    /// tshark (Wireshark's dissector on the command line), or `nil` when it is not installed.
    public static let tshark: String? = ["/usr/bin/tshark", "/usr/local/bin/tshark", "/opt/homebrew/bin/tshark"]
        .first(where: FileManager.default.isExecutableFile(atPath:))

    /// Why a test that needs tshark does not run.
    public static let tsharkMissing = "tshark is not installed: run Scripts/install-oracles.sh (Scripts/test.sh runs it)"
}
