import CPcap
import KeyTraceCore
import KeyTraceSupport

/// Every message a capture error carries is written here, so they read alike: what happened,
/// then what to do.
extension CaptureError {
    static let grantUSBMon = "run as root (sudo), or let your user read /dev/usbmonN "
        + "(e.g. a udev rule SUBSYSTEM==\"usbmon\", GROUP=\"wireshark\", MODE=\"0640\") and grant the capture "
        + "capability with `sudo setcap cap_net_raw,cap_net_admin+eip $(which keytrace)`"

    /// A file or device node that cannot be opened, by errno.
    static func cannotOpen(_ path: String, errno code: Int32, evdev: Bool = false) -> CaptureError {
        switch code {
        case ENOENT:
            let hint = evdev ? "; list keyboards with `ls -l /dev/input/by-id/*kbd*` or `cat /proc/bus/input/devices`"
                : "; check the path"
            return CaptureError(.fileNotFound, "no such file\(hint)", input: path)
        case EACCES, EPERM:
            if evdev {
                return CaptureError(.permissionDenied,
                    "permission denied: reading an input device needs read permission on the node, which is root's "
                    + "and the `input` group's; run as root, or add yourself to the group with "
                    + "`sudo usermod -aG input $USER` and log in again", input: path)
            }
            return CaptureError(.permissionDenied,
                "permission denied: this user may not read the file; make it readable (`chmod a+r`) or run as its owner",
                input: path)
        case EISDIR:
            return CaptureError(.notACapture, "is a directory, not a capture file", input: path)
        default:
            return CaptureError(.readFailed, "cannot open: \(SystemErrorText.describe(code))", input: path)
        }
    }

    static func emptyCapture(_ path: String) -> CaptureError {
        CaptureError(.emptyFile,
            "the file is empty (0 bytes), so it holds no capture; a pcap or pcapng file starts with a file header. "
            + "Was the capture stopped before anything was written?", input: path)
    }

    static func notACapture(_ path: String, libpcap: String) -> CaptureError {
        if libpcap.contains("truncated") {
            return CaptureError(.truncated,
                "the file ends inside its file header (libpcap: \(libpcap)); the capture was cut short",
                input: path, byteOffset: 0)
        }
        return CaptureError(.notACapture,
            "not a pcap or pcapng capture (libpcap: \(libpcap)); record one with "
            + "`tcpdump -i usbmon0 -w FILE.pcap`, Wireshark, or USBPcap on Windows", input: path)
    }

    static func unsupportedLinkType(_ input: String, linkType: Int32) -> CaptureError {
        var named = "link type \(linkType)"
        if let names = PcapHandle.linkTypeNames(linkType) {
            named += " (" + names.name + (names.description.isEmpty ? "" : ", " + names.description) + ")"
        }
        return CaptureError(.unsupportedLinkType,
            "\(named) is not a USB capture; record with usbmon (Linux, link type 189 or 220) or USBPcap "
            + "(Windows, link type 249)", input: input)
    }

    static func readFailure(_ input: String, libpcap: String, offset: Int?, packetsRead: Int) -> CaptureError {
        let position = offset.map { "the packet record at byte offset \($0)" } ?? "a packet record"
        if libpcap.contains("truncated") {
            return CaptureError(.truncated,
                "the capture is cut short: \(position) is incomplete (libpcap: \(libpcap)); "
                + "the \(packetsRead) packets before it were decoded", input: input, byteOffset: offset)
        }
        return CaptureError(.readFailed,
            "reading \(position) failed (libpcap: \(libpcap)); the \(packetsRead) packets before it were decoded",
            input: input, byteOffset: offset)
    }

    static func noKeyboard(_ input: String, summary: CaptureSummary) -> CaptureError {
        let reasons = summary.skipped.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let undecodable = summary.undecodableEndpoints.map(\.summaryLine)
        return CaptureError(.noKeyboard,
            "no keyboard found in \(summary.packetsRead) packets (skipped: "
            + (reasons.isEmpty ? "none" : reasons.joined(separator: ", ")) + "). "
            + (undecodable.isEmpty ? "" : "Endpoints that could not be decoded: " + undecodable.joined(separator: "; ")
                + ". Record from before the device is plugged in so its report descriptor is captured. ")
            + "A keyboard sends 8-byte interrupt-IN boot reports; capture the bus it is on (usbmon0 sees all buses) "
            + "and type while capturing", input: input)
    }

    static func notUSBMon(_ interface: String) -> CaptureError {
        CaptureError(.notUSBMonInterface,
            "not a usbmon interface; live USB capture reads usbmonN (usbmon0 for all buses, usbmonN for bus N "
            + "as `lsusb` numbers them)", input: interface)
    }

    /// Why `pcap_activate` (or `pcap_create`) failed on a usbmon interface.
    static func liveOpenFailed(_ interface: String, status: Int32, libpcap: String,
                               environment: USBMonEnvironment) -> CaptureError {
        if status == PCAP_ERROR_PERM_DENIED {
            return CaptureError(.permissionDenied,
                "permission denied opening the usbmon interface (libpcap: \(libpcap)); " + grantUSBMon,
                input: interface)
        }
        if !environment.isLoaded {
            return CaptureError(.usbmonNotLoaded,
                "usbmon is not loaded (no /sys/module/usbmon, no /sys/kernel/debug/usb/usbmon, no /dev/usbmon*); "
                + "load it with `sudo modprobe usbmon`, then capture from usbmon0 (all buses) or usbmonN",
                input: interface)
        }
        if status == PCAP_ERROR_NO_SUCH_DEVICE {
            let available = environment.interfaces.isEmpty ? "none found in /dev"
                : environment.interfaces.joined(separator: ", ")
            return CaptureError(.interfaceNotFound,
                "no such usbmon interface (available: \(available)); usbmon0 captures all buses, usbmonN bus N "
                + "as `lsusb` numbers them", input: interface)
        }
        return CaptureError(.captureFailed, "cannot start the live capture (libpcap: \(libpcap))", input: interface)
    }

    static func syntax(_ input: String, line: Int, column: Int, _ message: String) -> CaptureError {
        CaptureError(.syntax, message, input: input, line: line, column: column)
    }

    /// A terminal call that failed, with its errno: `what` says which.
    static func terminalFailed(_ what: String, errno code: Int32) -> CaptureError {
        CaptureError(.terminalFailed, "\(what): \(SystemErrorText.describe(code))", input: "standard input")
    }
}
