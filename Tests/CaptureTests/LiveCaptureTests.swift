import Foundation
import Testing
import KeyTraceCore
import CPcap
@testable import Capture

@Suite struct LiveCaptureTests {
    @Test func theLivePathDecodesASavefileExactlyAsTheFilePathDoes() throws {
        for name in Captures.all {
            let path = Captures.path(name)
            let file = try USBCaptureSource(file: path).collect()
            let live = try USBCaptureSource(handle: PcapHandle.openFile(path), input: path, live: true,
                                            options: USBCaptureOptions(), stopper: CaptureStopper())
            #expect(live.isLive)
            #expect(try live.collect() == file, "\(name)")
        }
    }

    @Test func stoppingEndsTheCaptureCleanlyAfterWhatWasDecoded() throws {
        let path = Captures.path("deadly_arthropod.pcap")
        let stopper = CaptureStopper()
        let live = try USBCaptureSource(handle: PcapHandle.openFile(path), input: path, live: true,
                                        options: USBCaptureOptions(), stopper: stopper)
        var presses = 0
        while let event = try live.next() {
            if event.press != nil { presses += 1 }
            if presses == 10 { live.stop() }
        }
        #expect(stopper.isStopped)
        #expect(presses >= 10 && presses < 432)
        #expect(live.summary.presses == presses)
    }

    @Test func stoppingFromAnotherThreadIsHonoured() async throws {
        let stopper = CaptureStopper()
        let task = Task.detached { stopper.stop() }
        await task.value
        let path = Captures.path("sha2017.pcap")
        let live = try USBCaptureSource(handle: PcapHandle.openFile(path), input: path, live: true,
                                        options: { var o = USBCaptureOptions(); o.requiresKeyboard = false; return o }(),
                                        stopper: stopper)
        #expect(try live.collect().isEmpty)
    }

    @Test func anInterfaceThatIsNotUSBMonIsRefusedByName() {
        do {
            _ = try USBCaptureSource(interface: "eth0")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .notUSBMonInterface)
            #expect(error.description.hasPrefix("eth0: not a usbmon interface"))
        }
    }

    @Test func openingUSBMonHereFailsWithTheFix() {
        // This sandbox has no usbmon; on a machine with it, the capture may simply start.
        do {
            let source = try USBCaptureSource(interface: "usbmon0")
            source.stop()
        } catch {
            switch error.code {
            case .usbmonNotLoaded: #expect(error.description.contains("sudo modprobe usbmon"), "\(error)")
            case .permissionDenied: #expect(error.description.contains("run as root"), "\(error)")
            case .interfaceNotFound: #expect(error.description.contains("available"), "\(error)")
            default: Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test func usbmonNotLoadedSaysSoAndHowToLoadIt() {
        let error = CaptureError.liveOpenFailed("usbmon1", status: PCAP_ERROR_NO_SUCH_DEVICE, libpcap: "no such device",
                                                environment: USBMonEnvironment(isLoaded: false, interfaces: []))
        #expect(error.code == .usbmonNotLoaded)
        #expect(error.description.hasPrefix("usbmon1: usbmon is not loaded"))
        #expect(error.description.contains("`sudo modprobe usbmon`"))
    }

    @Test func aMissingInterfaceListsTheOnesThatExist() {
        let error = CaptureError.liveOpenFailed("usbmon9", status: PCAP_ERROR_NO_SUCH_DEVICE, libpcap: "no such device",
                                                environment: USBMonEnvironment(isLoaded: true, interfaces: ["usbmon0", "usbmon1"]))
        #expect(error.code == .interfaceNotFound)
        #expect(error.description.contains("available: usbmon0, usbmon1"))
    }

    @Test func permissionDeniedSaysHowToGetIt() {
        let error = CaptureError.liveOpenFailed("usbmon1", status: PCAP_ERROR_PERM_DENIED,
                                                libpcap: "Attempt to open /dev/usbmon1 failed: Permission denied",
                                                environment: USBMonEnvironment(isLoaded: true, interfaces: ["usbmon1"]))
        #expect(error.code == .permissionDenied)
        #expect(error.description.contains("run as root"))
        #expect(error.description.contains("sudo setcap cap_net_raw,cap_net_admin+eip $(which keytrace)"))
    }
}
