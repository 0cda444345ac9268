import KeyTraceSupport

/// What the machine says about usbmon, used to explain why a live capture cannot start.
struct USBMonEnvironment: Hashable, Sendable {
    /// Whether the usbmon module is loaded (or built in).
    var isLoaded: Bool
    /// The usbmon interfaces that exist, e.g. `usbmon0`, `usbmon1`.
    var interfaces: [String]

    /// Looks at `/sys/module/usbmon`, `/sys/kernel/debug/usb/usbmon` and `/dev/usbmon*`.
    static var current: USBMonEnvironment {
        let devices = directoryEntries("/dev").filter(isUSBMonName).sorted {
            $0.count == $1.count ? $0 < $1 : $0.count < $1.count
        }
        let loaded = access("/sys/module/usbmon", F_OK) == 0
            || access("/sys/kernel/debug/usb/usbmon", F_OK) == 0 || !devices.isEmpty
        return USBMonEnvironment(isLoaded: loaded, interfaces: devices)
    }

    /// `usbmon` followed by a bus number.
    static func isUSBMonName(_ name: String) -> Bool {
        guard name.hasPrefix("usbmon") else { return false }
        let number = name.dropFirst("usbmon".count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            names.append(name)
        }
        return names
    }
}
