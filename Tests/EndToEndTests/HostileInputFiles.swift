import Foundation

/// A temporary folder per corpus case, and the byte-level edits that damage a store.
final class HostileInputFiles: Sendable {
    let path: String

    init(_ name: String) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-hostile-input")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let safe = String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(60))
        let url = base.appendingPathComponent("\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A subfolder, made on first use.
    func folder(_ name: String) throws -> String {
        let folder = path + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Everything directly in `folder`, by name: a regular file's bytes; for anything else (a
    /// folder, a link, a pipe) its type and a link's target, which are never opened.
    static func contents(of folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)  // does not follow links
            let type = attributes[.type] as? FileAttributeType
            if type == .typeRegular {
                files[name] = Data(try FileContents.bytes(atPath: path))
            } else {
                let target = type == .typeSymbolicLink ? (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) : nil
                files[name] = Data("\(type?.rawValue ?? "unknown") \(target ?? "")".utf8)
            }
        }
        return files
    }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Cuts a file to `length` bytes.
    static func truncate(_ path: String, to length: Int) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(length))
    }

    /// Writes `bytes` over a file at `offset` (the file keeps its length when they fit).
    static func overwrite(_ path: String, at offset: Int, with bytes: [UInt8]) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(bytes))
    }

    /// Reads `count` bytes at `offset`.
    static func read(_ path: String, at offset: Int, count: Int) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        return Array(try handle.read(upToCount: count) ?? Data())
    }
}
