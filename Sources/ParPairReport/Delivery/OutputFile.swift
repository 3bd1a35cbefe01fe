import Foundation
import ParPairStore
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: a file, replaced atomically, or standard output (`-`).
///
/// A file is written to a temporary file in the same folder, flushed to disk and renamed over the
/// target only when everything succeeded, so a failed run never leaves a partial file behind.
public struct OutputFile: Sendable {
    public let path: String
    /// The stores this destination was found not to touch (``cleared(of:label:)``).
    public private(set) var clearedStores: Set<String> = []

    public init(path: String) { self.path = path }

    public var isStandardOutput: Bool { path == "-" }

    /// Whether the output is (or will be) a file of its own, whose path is worth printing once written;
    /// false for standard output, a device, a FIFO or a socket.
    public var isFile: Bool {
        guard !isStandardOutput, let target = try? OutputTarget.resolve(output: path), target.isReplaced else { return false }
        return true
    }

    /// Writes `bytes` to the destination.
    /// - Throws: `DeliveryError.cannotCreate` when the file cannot be created, `.writeFailed` when writing fails.
    public func write(_ bytes: some Collection<UInt8>) throws {
        try stream { sink in sink.write(bytes) }
    }

    /// Streams output through a buffered sink: to standard output directly; to a temporary file that
    /// replaces a regular file (keeping its mode, owner and group) only when `body`, every write and
    /// `check` succeeded; or, for a device, FIFO, socket or `/dev/stdout`, through a private file that is
    /// written to it only once complete and checked. Links are followed, never replaced.
    /// - Parameter check: Given the complete temporary file, before it goes anywhere (never called for
    ///   standard output).
    /// - Returns: what `body` returns.
    /// - Throws: what `body` or `check` throws (nothing is left behind), or `DeliveryError`.
    @discardableResult
    public func stream<Result>(check: ((String) throws -> Void)? = nil, _ body: (inout DescriptorSink) throws -> Result) throws -> Result {
        if isStandardOutput {
            var sink = DescriptorSink(descriptor: STDOUT_FILENO, name: "standard output")
            let result = try body(&sink)
            try sink.flush()
            return result
        }
        let destination = try OutputTarget.resolve(output: path)
        if case .file(let target, let existing) = destination {
            return try Self.make(Self.stage(target, existing: existing, name: path), name: path, check: check, body)
        }
        let base = FileManager.default.temporaryDirectory.path
        let scratch = try ScratchFolder(in: base, purpose: "output")
        defer { scratch.remove() }
        let whole = scratch.path + "/output"
        let result = try Self.make(Self.stage(whole, existing: nil, name: path), name: path, check: check, body)
        try destination.send(contentsOf: whole, name: path)
        return result
    }

    /// A partial file beside `target`, for the output the user named `name`.
    static func stage(_ target: String, existing: AtomicOutput.Existing?, name: String) throws(DeliveryError) -> AtomicOutput {
        do { return try AtomicOutput(replacing: target, existing: existing) } catch { throw DeliveryError(error, name: name) }
    }

    /// Renders into a staged file, checks it and puts it in place; on any failure nothing stays behind.
    private static func make<Result>(
        _ staged: AtomicOutput, name: String, check: ((String) throws -> Void)?, _ body: (inout DescriptorSink) throws -> Result
    ) throws -> Result {
        do {
            var sink = DescriptorSink(descriptor: staged.descriptor.rawValue, name: name)
            let result = try body(&sink)
            try sink.flush()
            try check?(staged.partialPath)
            try staged.sync()
            try staged.commit()
            return result
        } catch let error as FileError {
            staged.discard()
            throw DeliveryError(error, name: name)
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Refuses a destination that lands on one of the store's own files (the store, its `-wal`, `-shm` or
    /// journal, however the path is spelled, through links, dangling ones included) or inside the device
    /// backup it is read from: the store and the backup are only ever read. Also refuses a path whose links
    /// cannot be followed, or would not be (a link another user planted in a shared sticky folder).
    /// - Parameter label: how the user named the destination (`--output`), for the message.
    /// - Throws: `DeliveryError.protected`.
    public func refuseProtectedFiles(of storePath: String, label: String) throws(DeliveryError) {
        guard !isStandardOutput, !clearedStores.contains(storePath) else { return }
        let protected: Bool
        do { protected = try StoreLocation.protects(path, storePath: storePath) } catch let failure as FileError {
            throw DeliveryError(following: failure, label: label, path: path)
        } catch {
            throw .cannotCreate("cannot write \(path): \(error)")
        }
        if protected { throw .protected(label: label, path: path) }
    }

    /// ``refuseProtectedFiles(of:label:)``, and the destination marked as cleared for `storePath`: the report
    /// command checks first, so that this refusal comes before any question of format, and the job it is given
    /// to does not check the same store again a moment later (each check is a dozen system calls per store file).
    /// Both checks come before the store is read; the file is written after the report is
    /// made, either way.
    public func cleared(of storePath: String, label: String) throws(DeliveryError) -> OutputFile {
        try refuseProtectedFiles(of: storePath, label: label)
        var cleared = self
        cleared.clearedStores.insert(storePath)
        return cleared
    }

    /// Writes a string as UTF-8, straight from its storage (a 10 MB report is not copied again).
    public func write(_ text: String) throws {
        try stream { sink in sink.write(text) }
    }
}

/// A buffered `TextOutputStream` over a file descriptor. Write errors are kept and reported by `flush()`,
/// since `TextOutputStream.write` cannot throw.
public struct DescriptorSink: TextOutputStream {
    let descriptor: Int32
    let name: String
    /// Also receives every byte written, in order (a validator reading the report as it is written), never more than
    /// 16 KB behind the writes, although the file is written 64 KB at a time: the validator keeps pace with the render
    /// instead of starting late and finishing after it.
    var tap: ((ArraySlice<UInt8>) -> Void)?
    /// Whether what is written goes to the file; when not, only to the tap (a validator that writes the file itself).
    var writesToFile = true
    private var buffer: [UInt8] = []
    /// How much of `buffer` the tap has been given.
    private var tapped = 0
    private var failure: DeliveryError?

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
        buffer.reserveCapacity(1 << 16)
    }

    public mutating func write(_ string: String) {
        // A large piece goes to the file straight from the string's storage (a 10 MB report is not copied again);
        // with a tap it joins the buffer, which the tap and the file then take in one piece each.
        if string.utf8.count >= 1 << 16, tap == nil {
            drain()
            writeOut(string)
            return
        }
        // Copied in one piece from the string's storage, not element by element through the UTF-8 view (a long
        // export writes every row through here).
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { buffer.append(contentsOf: $0) }
        if copied == nil { buffer.append(contentsOf: string.utf8) }
        written()
    }

    public mutating func write(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
        written()
    }

    /// After a write: the buffer goes to the file once it holds 64 KB, to the tap once 16 KB more came.
    private mutating func written() {
        if buffer.count >= 1 << 16 {
            drain()
        } else if tap != nil, buffer.count - tapped >= 1 << 14 {
            tapBuffered()
        }
    }

    private mutating func tapBuffered() {
        guard let tap, failure == nil, tapped < buffer.count else { return }
        tap(buffer[tapped...])
        tapped = buffer.count
    }

    /// Writes what is buffered; throws the first write error seen.
    public mutating func flush() throws {
        drain()
        if let failure { throw failure }
    }

    /// Writes what is buffered, once the output is complete, and has the system start putting it on disk while
    /// the run finishes (the snapshot removed, the verdict awaited): the `fsync` before the file is put in place
    /// then waits only for what is not yet on disk.
    public mutating func finish() throws {
        try flush()
        POSIXFile.startWriteback(descriptor)
    }

    /// Waits until everything written is on disk (`fsync`), for a caller that would otherwise wait for something else
    /// (the HTML report, for the verdict): the `fsync` before the file is put in place then finds nothing left to
    /// write. Its failure is thrown here, since Linux reports a failed write-back to one `fsync` only.
    public mutating func waitUntilOnDisk() throws {
        try flush()
        do { try FileDescriptor(rawValue: descriptor, path: name).sync() } catch { throw DeliveryError(error, name: name) }
    }

    private mutating func drain() {
        if failure == nil {
            tapBuffered()
        }
        if failure == nil, writesToFile {
            let output = FileDescriptor(rawValue: descriptor, path: name)
            record(Result { () throws(FileError) in try output.writeAll(buffer) })
        }
        buffer.removeAll(keepingCapacity: true)
        tapped = 0
    }

    /// Writes a string's UTF-8 to the descriptor unless an earlier write failed; keeps the first failure.
    private mutating func writeOut(_ string: String) {
        guard failure == nil else { return }
        let output = FileDescriptor(rawValue: descriptor, path: name)
        record(Result { () throws(FileError) in try output.writeAll(utf8: string) })
    }

    private mutating func record(_ written: Result<Void, FileError>) {
        if case .failure(let error) = written { failure = DeliveryError(error, name: name) }
    }
}
