import Foundation
import Testing
import TestSupport
@testable import ParPairCLI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The launchd agent of docs/digests.md: a property list launchd can read (Python's plistlib, and `plutil -lint`
/// where there is one), Mondays at 07:00, the digest of Finder's backups with a password file and both
/// logs, and arguments the tool accepts.
@Suite struct LaunchdExampleTests {
    static let marker = "<!-- launchd plist: LaunchdExampleTests parse this with Python's plistlib -->\n```xml\n"

    static func plist() throws -> String {
        let readme = try String(contentsOf: Package.root.appendingPathComponent("docs/digests.md"), encoding: .utf8)
        let start = try #require(readme.range(of: marker), "docs/digests.md has no launchd plist after the marker")
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound]) + "\n"
    }

    struct Agent: Decodable {
        var Label: String
        var ProgramArguments: [String]
        var StartCalendarInterval: [String: Int]
        var StandardOutPath: String
        var StandardErrorPath: String
    }

    @Test func theDocumentedAgentIsAPropertyListForMondaysAtSeven() throws {
        let text = try Self.plist()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("org.parpair.digest-\(UUID().uuidString).plist")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try PythonEmailParser.pythonPath())
        process.arguments = ["-c", "import json,plistlib,sys; print(json.dumps(plistlib.load(open(sys.argv[1], 'rb'))))", file.path]
        let output = try process.runCapturingOutput()
        try #require(process.terminationStatus == 0, "plistlib: \(String(decoding: output.stderr, as: UTF8.self))")
        let agent = try JSONDecoder().decode(Agent.self, from: output.stdout)
        #expect(agent.Label == "org.parpair.digest")
        #expect(agent.StartCalendarInterval == ["Weekday": 1, "Hour": 7, "Minute": 0])
        #expect(agent.ProgramArguments.prefix(3) == ["/usr/local/bin/parpair-report", "digest",
                                                    "/Users/ana/Library/Application Support/MobileSync/Backup"])
        #expect(agent.ProgramArguments.contains("--password-file"))
        #expect(agent.StandardOutPath.hasPrefix("/") && agent.StandardErrorPath.hasPrefix("/"))
        #expect(agent.StandardOutPath != agent.StandardErrorPath)

        if FileManager.default.isExecutableFile(atPath: "/usr/bin/plutil") {
            let lint = Process()
            lint.executableURL = URL(fileURLWithPath: "/usr/bin/plutil")
            lint.arguments = ["-lint", file.path]
            let result = try lint.runCapturingOutput()
            #expect(lint.terminationStatus == 0, "plutil: \(String(decoding: result.stdout + result.stderr, as: UTF8.self))")
        }

        // The arguments parse; on a Mac without Full Disk Access the run stops at Finder's folder, exit 77.
        let run = InProcessRun.run(Array(agent.ProgramArguments.dropFirst()), platform: HostPlatform(isMacOS: true) { _ in EPERM })
        #expect(run.status == .noPermission, "\(run.stderr)")
        #expect(run.stderr.contains("Full Disk Access in System Settings → Privacy & Security"))
    }
}
