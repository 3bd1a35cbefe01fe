import Foundation
import TestSupport

/// Runs the built `parpair-report` the way cron does: under `env -i` (no HOME, PATH, TZ or locale),
/// from `/`, with standard input from /dev/null and pipes for output, so no terminal is involved.
enum DigestTool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Outcome {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var output: String { String(decoding: stdout, as: UTF8.self) }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The executable built with the tests (see `BuiltTool.executable`).
    static func executable() throws -> URL {
        do {
            return URL(fileURLWithPath: try BuiltTool.executable.get())
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// The sample store, by absolute path (the tool runs from `/`).
    static func sampleStore() throws -> String {
        let path = packageRoot.appendingPathComponent("samples/default.store").path
        guard FileManager.default.fileExists(atPath: path) else { throw Failure(description: "missing sample store \(path)") }
        return path
    }

    /// `env -i [VARIABLES] parpair-report ARGUMENTS` from `/`.
    static func run(_ arguments: [String], variables: [String] = []) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["-i"] + variables + [try executable().path] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let captured = try process.runCapturingOutput()
        return Outcome(
            status: process.terminationStatus, stdout: Array(captured.stdout),
            stderr: String(decoding: captured.stderr, as: UTF8.self))
    }

    /// A new empty folder under the temporary directory, by absolute path.
    static func folder() throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("digest-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every file under `folder` (hidden ones included), by relative path, with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return files }
        for case let relative as String in walker {
            let url = folder.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = Data(try FileContents.bytes(atPath: url.path))
            }
        }
        return files
    }
}
