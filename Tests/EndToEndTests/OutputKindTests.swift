import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What `--output` does with each kind of thing it may name.
@Suite struct OutputKindTests {
    static let csv = ["export", PackageFiles.sampleStore, "--table", "weekly"] + PackageFiles.sampleSettings

    static func expectedCSV(in folder: WorkFolder) async throws -> Data {
        let run = try await BuiltTool.run(Self.csv, in: folder)
        run.expectSuccess()
        return run.stdout
    }

    @Test func aReplacedFileKeepsItsMode() async throws {
        let folder = try WorkFolder()
        let target = try folder.write("weeks.csv", "old\n")
        chmod(target, 0o640)
        try await BuiltTool.run(Self.csv + ["--output", target], in: folder).expectSuccess()
        var info = stat()
        stat(target, &info)
        #expect(info.st_mode & 0o7777 == 0o640, "mode \(String(info.st_mode & 0o7777, radix: 8))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == (try await Self.expectedCSV(in: folder)))
    }

    @Test func aLinkIsFollowedAndKept() async throws {
        let folder = try WorkFolder()
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        let real = try folder.write("real/weeks.csv", "old\n")
        chmod(real, 0o600)
        let link = folder.file("link.csv")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/weeks.csv")
        try await BuiltTool.run(Self.csv + ["--output", link], in: folder).expectSuccess()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/weeks.csv", "the link stays a link")
        #expect(try Data(contentsOf: URL(fileURLWithPath: real)) == (try await Self.expectedCSV(in: folder)))
        var info = stat()
        stat(real, &info)
        #expect(info.st_mode & 0o7777 == 0o600)
        #expect(try folder.listing("real") == ["weeks.csv"], "no partial file left")
    }

    @Test func aFolderIsAUsageError() async throws {
        let folder = try WorkFolder()
        try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: true)
        let run = try await BuiltTool.run(Self.csv + ["--output", folder.file("out")], in: folder)
        run.expectFailure(64, mentioning: ["is a folder"])
    }

    @Test func devStdoutPrintsAndDevNullStaysADevice() async throws {
        let folder = try WorkFolder()
        let printed = try await BuiltTool.run(Self.csv + ["--output", "/dev/stdout"], in: folder)
        printed.expectSuccess()
        #expect(printed.stdout == (try await Self.expectedCSV(in: folder)))
        try await BuiltTool.run(Self.csv + ["--output", "/dev/null"], in: folder).expectSuccess()
        var info = stat()
        lstat("/dev/null", &info)
        #expect(info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a character device")
    }

    @Test func aFullDeviceIsAnIOError() async throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let folder = try WorkFolder()
        let run = try await BuiltTool.run(Self.csv + ["--output", "/dev/full"], in: folder)
        run.expectFailure(74, mentioning: ["/dev/full", "No space left on device"])
    }

    /// Device nodes made in a private folder (as root only; otherwise the test records why it did nothing).
    @Test func aCharacterDeviceNodeIsWrittenNotReplaced() async throws {
        guard geteuid() == 0 else {
            Issue.record("skipped: making device nodes needs root")
            return
        }
        let folder = try WorkFolder()
        let node = folder.file("null-node")
        var null = stat()
        stat("/dev/null", &null)
        #expect(mknod(node, S_IFCHR | 0o666, null.st_rdev) == 0)  // the same device as /dev/null
        try await BuiltTool.run(Self.csv + ["--output", node], in: folder).expectSuccess()
        var info = stat()
        lstat(node, &info)
        #expect(info.st_mode & S_IFMT == S_IFCHR)
        #expect(try folder.listing() == ["null-node"])
    }

    @Test func aFIFOGetsTheWholeOutput() async throws {
        let folder = try WorkFolder()
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // `cat` reads the FIFO into a file while the tool writes to it.
        let copy = folder.file("received.csv")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(fifo)' > '\(copy)'"]
        try onThreadOfItsOwn { try reader.run() }
        let run = try await BuiltTool.run(Self.csv + ["--output", fifo], in: folder)
        run.expectSuccess()
        // A run that failed before opening the FIFO leaves `cat` waiting for a writer: open it once ourselves,
        // so the reader sees its end and the test fails instead of hanging.
        if run.status != 0 {
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        let guardTime = ContinuousClock.now + .seconds(120)
        while reader.isRunning, ContinuousClock.now < guardTime { try await Task.sleep(for: .milliseconds(5)) }
        if reader.isRunning { reader.terminate() }
        onThreadOfItsOwn { reader.waitUntilExit() }
        let received = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(received == (try await Self.expectedCSV(in: folder)))
        var info = stat()
        lstat(fifo, &info)
        #expect(info.st_mode & S_IFMT == S_IFIFO, "the FIFO is still a FIFO")
    }

    /// A write that fails halfway (a file-size limit) leaves no partial file and exits 74. The store is a
    /// small one (106 KB, so its snapshot fits under the limit) and the template writes 600 KB.
    @Test func aFileSizeLimitLeavesNothingAndExits74() async throws {
        // ThreadSanitizer's runtime cannot start under a file-size limit (it dies with its own exit 66), so
        // in a `--sanitize=thread` build this says nothing about the tool.
        if BuiltTool.underThreadSanitizer { return }
        let folder = try WorkFolder()
        let store = folder.file("tiny.store")
        try await BuiltTool.run(["sample", store, "--days", "3"], in: folder).expectSuccess()
        let template = try folder.write("big.md.mustache", String(repeating: String(repeating: "x", count: 99) + "\n", count: 6_000))
        let target = folder.file("report.md")
        let before = try folder.listing()
        let tool = try BuiltTool.executable.get()
        // 400 blocks: 200 KB in dash (512-byte blocks), 400 KB in bash; either is between the two sizes.
        let script = "ulimit -f 400; exec '\(tool)' report '\(store)' --template '\(template)' --today 2026-11-20 --tz UTC --output '\(target)'"
        let run = try await BuiltTool.run(["-c", script], in: folder, executable: "/bin/sh")
        run.expectFailure(74, mentioning: ["report.md", "File too large"])
        let left = try folder.listing()
        #expect(left == before, "no partial file: \(left)")
    }

    /// Digest folders that are links (planted by whoever can write the digest folder) are refused by name.
    @Test func aDigestFolderThatIsALinkIsRefused() async throws {
        let folder = try WorkFolder()
        let out = folder.file("digests")
        let elsewhere = folder.file("elsewhere")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out + "/mia-8c720336", withDestinationPath: elsewhere)
        let run = try await BuiltTool.run(["digest", PackageFiles.sampleStore, "--out", out, "--tz", "America/New_York",
                                           "--today", "2026-11-23"], in: folder)
        run.expectFailure(64, mentioning: ["\(out)/mia-8c720336 is a symbolic link", "never through a link"])
        #expect(try folder.listing("elsewhere").isEmpty, "nothing written through the link")
        #expect(try folder.listing("digests") == ["mia-8c720336"], "nothing half-written beside it")
    }
}
