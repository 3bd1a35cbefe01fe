import Foundation
import ParPairStore

/// Harness `store-file`: the bytes as a whole `default.store` (no `-wal`), opened and read completely
/// the way every command reads a store: through a private snapshot, `info()` and every table streamed.
/// Properties: it reads or throws a `StoreError`, never crashes or hangs, and never leaves a snapshot
/// behind. Seeds: small stores from `parpair-report sample` (byte mutations flip header fields, page
/// types, cell pointers and record headers alike).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let folder = StoreFileFuzz.folder
    let path = folder + "/default.store"
    _ = FileManager.default.createFile(atPath: path, contents: Data(input.bytes))
    do {
        try StoreReader.withReader(path: path, scratchDirectory: folder + "/scratch") { reader in
            _ = try reader.info()
            _ = try reader.readAll()
        }
    } catch is StoreError {
    } catch {
        input.violated("an error that is not a StoreError: \(error)")
    }
    let left = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/scratch")) ?? []
    if !left.isEmpty { input.violated("a snapshot was left behind: \(left)") }
    return 0
}

enum StoreFileFuzz {
    /// One folder for the whole fuzzing run: the input is written there, snapshots go below it.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "parpair-fuzz-store-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path + "/scratch", withIntermediateDirectories: true)
        return path
    }()
}
