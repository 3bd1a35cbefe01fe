#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Key material that is wiped when the last reference goes, so keys and passwords are not kept in
/// memory longer than needed. Not `Sendable`: a secret stays on the thread that made it.
public final class SecretBytes {
    private let storage: UnsafeMutableRawBufferPointer

    public init(count: Int) {
        storage = .allocate(byteCount: max(count, 1), alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        self.count = count
    }

    public convenience init(_ bytes: [UInt8]) {
        self.init(count: bytes.count)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
    }

    public let count: Int

    deinit {
        Wipe.bytes(storage.baseAddress!, storage.count)
        storage.deallocate()
    }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(rebasing: storage[0..<count]))
    }

    func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(rebasing: storage[0..<count]))
    }

    /// The first `count` bytes, as a secret of their own.
    func prefix(_ count: Int) -> SecretBytes {
        let result = SecretBytes(count: min(count, self.count))
        result.withUnsafeMutableBytes { target in withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<target.count])) } }
        return result
    }

    /// A copy as an array, for tests and for comparisons that need one.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }
}

/// Zeroing that the optimiser may not drop because the memory is freed next (`explicit_bzero`,
/// `memset_s` on Darwin).
enum Wipe {
    static func bytes(_ pointer: UnsafeMutableRawPointer, _ count: Int) {
        #if canImport(Darwin)
        _ = memset_s(pointer, count, 0, count)
        #else
        explicit_bzero(pointer, count)
        #endif
    }
}
