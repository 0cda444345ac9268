import Foundation
import Synchronization
import Testing

import KeyTraceSupport

@Suite struct OutputFileTests {
    static func scratch() -> String {
        let path = NSTemporaryDirectory() + "keytrace-output-\(getpid())-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func contents(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aRegularFileIsReplacedWholeKeepingItsMode() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/report.txt"
        try OutputFile(path).replace(with: Array("first\n".utf8))
        #expect(Self.contents(path) == "first\n")
        chmod(path, 0o600)
        try OutputFile(path).replace(with: Array("second\n".utf8))
        #expect(Self.contents(path) == "second\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.txt"])
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/target.txt"
        let link = folder + "/link.txt"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try OutputFile(link).replace(with: Array("new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(Self.contents(target) == "new")
    }

    @Test func aFullDeviceIsAnErrorNamingItAndStaysADevice() throws {
        guard FileKind(path: "/dev/full") == .characterDevice else { return }
        #expect(throws: OutputFileError.self) { try OutputFile("/dev/full").replace(with: Array("x".utf8)) }
        do {
            try OutputFile("/dev/full").replace(with: Array("x".utf8))
        } catch {
            #expect(error.description.contains("'/dev/full'") && error.description.contains("No space left on device"))
        }
        var stream = try OutputFile("/dev/full").open()
        #expect(throws: OutputFileError.self) { try stream.write(Array(repeating: 0x41, count: 10)) }
        try? stream.close()
        #expect(FileKind(path: "/dev/full") == .characterDevice)
        // Writing to /dev/null in place leaves it the device it is.
        try OutputFile("/dev/null").replace(with: Array("discarded".utf8))
        #expect(FileKind(path: "/dev/null") == .characterDevice)
    }

    @Test func aFIFOIsWrittenInPlaceNotReplaced() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/out.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received: String?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            received = FileHandle(forReadingAtPath: fifo).map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) }
            done.signal()
        }
        thread.start()
        try OutputFile(fifo).replace(with: Array("through the pipe".utf8))
        done.wait()
        #expect(received == "through the pipe")
        #expect(FileKind(path: fifo) == .fifo)
    }

    @Test func aDirectoryIsNamedAsSuch() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try OutputFile(folder).replace(with: [])
            Issue.record("writing over a directory succeeded")
        } catch {
            #expect(error.description.contains("'\(folder)'") && error.description.contains("is a directory"))
        }
        do {
            _ = try InputBytes.read(folder, expecting: "a scene")
            Issue.record("reading a directory succeeded")
        } catch {
            #expect(error.description == "'\(folder)' is a directory, not a scene; pass a file holding a scene")
        }
        do {
            _ = try InputBytes.read("/dev/null", expecting: "a trace")
            Issue.record("reading a device succeeded")
        } catch {
            #expect(error.description.contains("'/dev/null' is a character device, not a trace"))
        }
    }

    @Test func aFIFOWithNoWriterSaysWhatItAwaitsThenReads() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/in.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let notices = Mutex<[String]>([])
        let previous = InputBytes.waitNotice.withLock { current in
            let old = current
            current = { message in notices.withLock { $0.append(message) } }
            return old
        }
        defer { InputBytes.waitNotice.withLock { $0 = previous } }
        let writer = Thread {
            Thread.sleep(forTimeInterval: 0.6)
            try? "late bytes".write(toFile: fifo, atomically: false, encoding: .utf8)
        }
        writer.start()
        let bytes = try InputBytes.read(fifo, expecting: "a trace")
        #expect(String(decoding: bytes, as: UTF8.self) == "late bytes")
        let heard = notices.withLock { $0 }
        #expect(heard.count == 1 && heard[0].contains("waiting for a writer on '\(fifo)'"), "\(heard)")
    }
}

