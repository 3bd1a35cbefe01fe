import Foundation
import Testing
import TestSupport
@testable import ParPairCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The macOS-only behaviour, run on any system through the platform seam: a Mac whose reads of Finder's
/// folder fail as macOS's privacy protection makes them fail (EPERM), and a Mac's default store folders
/// under a HOME that is a test folder.
@Suite struct HostPlatformTests {
    /// A Mac on which every read fails with `code`, recording what was probed.
    final class Probes: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        var probed: [String] { lock.withLock { paths } }
        func platform(isMacOS: Bool = true, failing code: Int32?) -> HostPlatform {
            HostPlatform(isMacOS: isMacOS) { path in
                self.lock.withLock { self.paths.append(path) }
                return code
            }
        }
    }

    static let finderBackups = "/Users/ana/Library/Application Support/MobileSync/Backup"
    static let fullDiskAccess = "macOS is protecting this folder (Operation not permitted): give the terminal, or the app that "
        + "runs parpair-report, Full Disk Access in System Settings → Privacy & Security → Full Disk Access, then run it again"

    @Test(arguments: [finderBackups, finderBackups + "/00008030-001A2B3C4D5E802E", "/Users/ana/Library/Application Support/MobileSync"])
    func eppermInFindersFolderAsksForFullDiskAccess(_ path: String) {
        let probes = Probes()
        for arguments in [["info", path], ["report", path, "--output", "/tmp/never-written.html"], ["stores", path]] {
            let run = InProcessRun.run(arguments, platform: probes.platform(failing: EPERM))
            #expect(run.status == .noPermission, "\(arguments): \(run.stderr)")
            #expect(run.stderr == "parpair-report: error: \(path): \(Self.fullDiskAccess)\n")
            #expect(run.stdout.isEmpty)
        }
        #expect(probes.probed == [path, path, path])
    }

    /// Only EPERM, only on macOS, only in Finder's folder: everything else is the ordinary error, and
    /// nothing is probed outside that folder.
    @Test func otherFailuresAreTheOrdinaryErrors() {
        let probes = Probes()
        let missing = "/nonexistent/parpair" + Self.finderBackups
        // Not macOS: the folder is simply missing (exit 66), never probed.
        let linux = InProcessRun.run(["info", missing], platform: probes.platform(isMacOS: false, failing: EPERM))
        #expect(linux.status == .noInput, "\(linux.stderr)")
        #expect(!linux.stderr.contains("Full Disk Access"))
        // EACCES is a file permission, not macOS's protection.
        let permission = InProcessRun.run(["info", missing], platform: probes.platform(failing: EACCES))
        #expect(permission.status == .noInput, "\(permission.stderr)")
        #expect(!permission.stderr.contains("Full Disk Access"))
        // Another folder (and one whose name only starts like it) is not probed at all.
        for other in ["/nonexistent/parpair/Backup", "/Users/ana/Library/Application Support/MobileSyncOther/Backup"] {
            let run = InProcessRun.run(["info", other], platform: probes.platform(failing: EPERM))
            #expect(run.status == .noInput, "\(run.stderr)")
        }
        #expect(probes.probed == [missing])
    }

    /// `stores` without folders: a Mac looks in HOME's Finder backups and app containers; elsewhere it asks for folders.
    @Test func storesWithoutFoldersSearchesAMacsFolders() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-home-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let backups = home + "/Library/Application Support/MobileSync/Backup"
        let backup = backups + "/00008030-001A2B3C4D5E802E"
        let spec = ["out": backup, "files": [
            ["domain": "AppDomainGroup-group.org.parpair.shared", "relativePath": "Library/Application Support/default.store",
             "source": Package.sampleStore],
        ]] as [String: Any]
        let specFile = home + "-spec.json"
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specFile))
        defer { try? FileManager.default.removeItem(atPath: specFile) }
        try Self.python([Package.root.appendingPathComponent("Tests/Backups/make_backup.py").path, specFile])
        let container = home + "/Library/Containers/C0FFEE"
        try FileManager.default.createDirectory(atPath: container + "/Data/Library/Application Support", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Package.sampleStore, toPath: container + "/Data/Library/Application Support/default.store")
        try Self.python(["-c", "import plistlib,sys; plistlib.dump({'MCMMetadataIdentifier': 'org.parpair.app'}, open(sys.argv[1], 'wb'))",
                         container + "/.com.apple.containermanagerd.metadata.plist"])

        let mac = InProcessRun.run(["stores"], environment: ["TZ": "UTC", "HOME": home],
                                   platform: HostPlatform(isMacOS: true) { _ in nil })
        #expect(mac.status == .success, "\(mac.stderr)")
        #expect(mac.stdout == """
            '\(backup)'
                backup of Ana's iPhone (UDID 00008030-001A2B3C4D5E802E), 2026-11-20 06:30 UTC, not encrypted, app group group.org.parpair.shared
            '\(container)/Data/Library/Application Support'
                Mac app container of org.parpair.app

            """)

        let linux = InProcessRun.run(["stores"], environment: ["TZ": "UTC", "HOME": home],
                                     platform: HostPlatform(isMacOS: false) { _ in nil })
        #expect(linux.status == .usage)
        #expect(linux.stderr.contains("give the folders to search"))
    }

    @discardableResult
    static func python(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try PythonEmailParser.pythonPath())
        process.arguments = arguments
        let output = try process.runCapturingOutput()
        try #require(process.terminationStatus == 0, "python3: \(String(decoding: output.stderr, as: UTF8.self))")
        return String(decoding: output.stdout, as: UTF8.self)
    }
}
