import CLITestSupport
import Foundation
import KeyTraceSupport
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
        let path = Captures.path(Captures.demo)
        let stopper = CaptureStopper()
        let live = try USBCaptureSource(handle: PcapHandle.openFile(path), input: path, live: true,
                                        options: USBCaptureOptions(), stopper: stopper)
        var presses = 0
        while let event = try live.next() {
            if event.press != nil { presses += 1 }
            if presses == 10 { live.stop() }
        }
        #expect(stopper.isStopped)
        let all = try USBCaptureSource(file: path).collect().presses.count
        #expect(presses >= 10 && presses < all)
        #expect(live.summary.presses == presses)
    }

    @Test func stoppingFromAnotherThreadEndsARunningCapture() throws {
        let path = Captures.path(Captures.demo)
        let full = try USBCaptureSource(file: path)
        let all = try full.collect().count
        let stopper = CaptureStopper()
        let live = try USBCaptureSource(handle: PcapHandle.openFile(path), input: path, live: true,
                                        options: USBCaptureOptions(), stopper: stopper)
        var events = 0
        while try live.next() != nil {
            events += 1
            guard events == 5 else { continue }
            // The capture is running (five events delivered); another thread stops it while
            // this one waits, then reading goes on.
            #expect(!stopper.isStopped)
            let stopped = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                stopper.stop()
                stopped.signal()
            }
            stopped.wait()
        }
        #expect(stopper.isStopped)
        #expect(events >= 5 && events < all, "\(events) of \(all) events read")
        #expect(live.summary.presses < full.summary.presses)
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

    /// `usbmon0` (all buses) exists on this machine and this user may read it.
    static let usbmonReadable = access("/dev/usbmon0", R_OK) == 0

    @Test(.enabled(if: !usbmonReadable, "/dev/usbmon0 is readable here: the live capture test runs instead"))
    func openingUSBMonWithoutAccessFailsWithTheFix() {
        do {
            let source = try USBCaptureSource(interface: "usbmon0")
            source.stop()
            Issue.record("usbmon0 opened although /dev/usbmon0 is not readable")
        } catch {
            switch error.code {
            case .usbmonNotLoaded: #expect(error.description.contains("sudo modprobe usbmon"), "\(error)")
            case .permissionDenied: #expect(error.description.contains("run as root"), "\(error)")
            case .interfaceNotFound: #expect(error.description.contains("available"), "\(error)")
            default: Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test(.enabled(if: usbmonReadable, "usbmon is not loaded or /dev/usbmon0 is not readable (sudo modprobe usbmon; run as root)"))
    func aLiveUSBMonCaptureRunsUntilStoppedFromAnotherThread() throws {
        var options = USBCaptureOptions()
        options.requiresKeyboard = false
        let live = try USBCaptureSource(interface: "usbmon0", options: options)
        #expect(live.isLive)
        let started = DispatchSemaphore(value: 0)
        let stopper = live.stopper
        Thread.detachNewThread {
            started.wait()
            Thread.sleep(forTimeInterval: 0.3)
            stopper.stop()
        }
        started.signal()
        while try live.next() != nil {}
        #expect(live.stopper.isStopped, "the live capture ended before it was stopped")
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
