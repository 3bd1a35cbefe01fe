#if os(Linux)
import Glibc
import Testing

/// CFatal defines malloc and its kin over glibc's own (so that a failed allocation ends a run with the tool's one
/// line, not the Swift runtime's report; SignalTests runs that under a memory limit). Here, where no handler is
/// installed: the process uses them, not libc's, and they answer as glibc's documented functions do.
@Suite struct AllocatorTests {
    @Test func theProcessAllocatesThroughCFatalsFunctions() throws {
        let process = try #require(dlopen(nil, RTLD_NOW))
        defer { dlclose(process) }
        let libc = try #require(dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD))
        defer { dlclose(libc) }
        for name in ["malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc"] {
            // The loader's first definition of the name, which every library's calls bind to, against libc's own.
            let bound = try #require(dlsym(process, name), "\(name)")
            let glibcs = try #require(dlsym(libc, name), "\(name)")
            #expect(bound != glibcs, "\(name) is libc's")
        }
    }

    @Test func theyAnswerAsGlibcDoes() throws {
        let block = try #require(malloc(100))
        memset(block, 0xAB, 100)
        let grown = try #require(realloc(block, 1 << 20))
        #expect(grown.load(fromByteOffset: 99, as: UInt8.self) == 0xAB)
        // realloc to 0 frees and may answer null: not a failure.
        _ = realloc(grown, 0)

        let zeroed = try #require(calloc(16, 8))
        #expect((0..<128).allSatisfy { zeroed.load(fromByteOffset: $0, as: UInt8.self) == 0 })
        free(zeroed)

        var aligned: UnsafeMutableRawPointer?
        #expect(posix_memalign(&aligned, 4096, 100) == 0)
        #expect(Int(bitPattern: aligned) % 4096 == 0)
        free(aligned)
        // Not a power of two, or not a multiple of a pointer's size: EINVAL, nothing allocated.
        var refused: UnsafeMutableRawPointer?
        #expect(posix_memalign(&refused, 24, 100) == EINVAL)
        #expect(posix_memalign(&refused, 4, 100) == EINVAL)
        #expect(refused == nil)

        let alignedAlloc = try #require(aligned_alloc(64, 128))
        #expect(Int(bitPattern: alignedAlloc) % 64 == 0)
        free(alignedAlloc)
    }
}
#endif
