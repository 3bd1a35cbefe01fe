#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A growing array of 64-bit words in memory mapped for it alone, unmapped when it goes.
///
/// For large, short-lived buffers made on a helper thread (a table's id fingerprints, megabytes, freed
/// at the table's end): from `malloc` they stay in that thread's arena once freed, where no other thread
/// reuses them, and glibc raises its threshold for mapping large blocks to the size of each one freed.
/// Mapped pages go back to the system at once. Falls back to `malloc` if the system refuses a mapping.
/// Not copyable: it owns its memory.
struct PagedWords: ~Copyable {
    /// Invariant: `base` points to `capacity` words this value owns (mapped when `mapped`), of which the
    /// first `count` are initialized (`count <= capacity`); with `capacity == 0` it owns nothing and is
    /// never read. Only `append`, `withWords` and `init(zeros:)` reach the memory, within `count`.
    private var base: UnsafeMutablePointer<UInt64>
    private(set) var capacity: Int
    private var mapped: Bool
    /// The words appended.
    private(set) var count = 0

    /// Empty, with room for at least `capacity` words (at least one) before it grows.
    init(capacity: Int) {
        (base, self.capacity, mapped) = PagedWords.allocate(max(1, capacity))
    }

    /// `count` zeros (scratch memory, to be overwritten); no memory at all for none.
    init(zeros count: Int) {
        guard count > 0 else {
            (base, capacity, mapped) = (PagedWords.nowhere, 0, false)
            return
        }
        (base, capacity, mapped) = PagedWords.allocate(count)
        if !mapped { base.initialize(repeating: 0, count: capacity) }  // mapped pages come zero-filled
        self.count = count
    }

    deinit {
        if capacity > 0 { PagedWords.free(base, capacity: capacity, mapped: mapped) }
    }

    /// Appends a word, growing (to twice the room, keeping every word) when full.
    @inline(__always)
    mutating func append(_ word: UInt64) {
        if count == capacity { grow(to: count + 1) }
        base[count] = word
        count += 1
    }

    /// Calls `body` with the words appended, which it may change in place (not keep: the memory is
    /// this value's).
    mutating func withWords<Result>(_ body: (UnsafeMutableBufferPointer<UInt64>) throws -> Result) rethrows -> Result {
        try body(UnsafeMutableBufferPointer(start: capacity > 0 ? base : nil, count: count))
    }

    /// Gives the memory back now: the words are gone, and appending starts over.
    mutating func removeAll() {
        guard capacity > 0 else { return }
        PagedWords.free(base, capacity: capacity, mapped: mapped)
        (base, capacity, count, mapped) = (PagedWords.nowhere, 0, 0, false)
    }

    private mutating func grow(to minimum: Int) {
        let (larger, size, isMapped) = PagedWords.allocate(max(minimum, capacity * 2))
        larger.initialize(from: base, count: count)
        let keptCount = count
        removeAll()
        (base, capacity, mapped, count) = (larger, size, isMapped, keptCount)
    }

    /// Where `base` points while nothing is owned: aligned, never read or written.
    private static var nowhere: UnsafeMutablePointer<UInt64> { UnsafeMutablePointer(bitPattern: MemoryLayout<UInt64>.alignment)! }

    private static let wordsPerPage = max(1, Int(sysconf(Int32(_SC_PAGESIZE))) / MemoryLayout<UInt64>.stride)

    /// Linux maps the pages in one go (`MAP_POPULATE`): a fault per page cost the reading thread more than
    /// the mapping. So the whole capacity asked for is resident from the start (a table's row count, even
    /// when `--baby` keeps few of its logs), until the memory is given back.
    #if os(Linux)
    private static let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
    #else
    private static let flags = MAP_PRIVATE | MAP_ANONYMOUS
    #endif

    private static func allocate(_ words: Int) -> (UnsafeMutablePointer<UInt64>, Int, Bool) {
        let rounded = (words + wordsPerPage - 1) / wordsPerPage * wordsPerPage
        let bytes = rounded * MemoryLayout<UInt64>.stride
        if let pages = mmap(nil, bytes, PROT_READ | PROT_WRITE, PagedWords.flags, -1, 0), pages != MAP_FAILED {
            return (pages.bindMemory(to: UInt64.self, capacity: rounded), rounded, true)
        }
        return (UnsafeMutablePointer<UInt64>.allocate(capacity: words), words, false)
    }

    private static func free(_ base: UnsafeMutablePointer<UInt64>, capacity: Int, mapped: Bool) {
        if mapped {
            munmap(UnsafeMutableRawPointer(base), capacity * MemoryLayout<UInt64>.stride)
        } else {
            base.deallocate()
        }
    }
}
