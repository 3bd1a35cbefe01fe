#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// 64-bit words in memory mapped for them alone, unmapped when the buffer is freed.
///
/// For large, short-lived buffers made on a helper thread (a table's id fingerprints, megabytes, freed
/// at the table's end): from `malloc` they stay in that thread's arena once freed, where no other thread
/// reuses them, and glibc raises its threshold for mapping large blocks to the size of each one freed.
/// Mapped pages go back to the system at once. Falls back to `malloc` if the system refuses a mapping.
final class PagedWords {
    private(set) var base: UnsafeMutablePointer<UInt64>
    private(set) var capacity: Int
    private var mapped: Bool

    /// Room for at least `capacity` words (at least one), zero-filled when mapped.
    init(capacity: Int) {
        (base, self.capacity, mapped) = PagedWords.allocate(max(1, capacity))
    }

    deinit {
        free()
    }

    /// Gives the memory back now; the buffer holds nothing afterwards.
    func free() {
        guard capacity > 0 else { return }
        PagedWords.free(base, capacity: capacity, mapped: mapped)
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<UInt64>.alignment)!
        capacity = 0
        mapped = false
    }

    /// Grows to room for at least `minimum` words, keeping the first `keeping` of them.
    func grow(to minimum: Int, keeping count: Int) {
        guard minimum > capacity else { return }
        let (larger, size, isMapped) = PagedWords.allocate(max(minimum, capacity * 2))
        larger.initialize(from: base, count: min(count, capacity))
        free()
        (base, capacity, mapped) = (larger, size, isMapped)
    }

    /// The first `count` words.
    func buffer(count: Int) -> UnsafeMutableBufferPointer<UInt64> {
        UnsafeMutableBufferPointer(start: base, count: min(count, capacity))
    }

    private static let wordsPerPage = max(1, Int(sysconf(Int32(_SC_PAGESIZE))) / MemoryLayout<UInt64>.stride)

    /// Linux maps the pages in one go (`MAP_POPULATE`): a fault per page cost the reading thread more than
    /// the mapping. So the whole capacity asked for is resident from the start (a table's row count, even
    /// when `--baby` keeps few of its logs), until the buffer is freed.
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
