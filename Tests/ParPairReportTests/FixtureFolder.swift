import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders for fixture stores, made once per test process under the temporary folder.
///
/// Swift Testing has no per-suite teardown, so each process owns `parpair-report-tests/<name>-<pid>`
/// and removes the folders of processes that no longer run when it makes its own.
enum FixtureFolder {
    static let base = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-report-tests")

    /// A new, empty folder for this process.
    static func make(_ name: String) throws -> String {
        let manager = FileManager.default
        try manager.createDirectory(at: base, withIntermediateDirectories: true)
        for entry in (try? manager.contentsOfDirectory(atPath: base.path)) ?? [] {
            guard let dash = entry.lastIndex(of: "-"), let pid = Int32(entry[entry.index(after: dash)...]),
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? manager.removeItem(at: base.appendingPathComponent(entry))
        }
        let folder = base.appendingPathComponent("\(name)-\(getpid())")
        try? manager.removeItem(at: folder)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }
}
