import CProcess
import ParPairStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps secrets out of core files: once a backup password (or a key made from it) is in memory, a crash
/// must not write it to disk. The platform's part is this one seam.
enum ProcessProtection {
    /// `RLIMIT_CORE` 0 everywhere, and on Linux `PR_SET_DUMPABLE` 0 as well (which also keeps other
    /// processes of the same user from attaching or reading `/proc/PID/mem`). Never turned back on.
    static func disableCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
        #if os(Linux)
        _ = parpair_set_dumpable(0)
        #endif
    }

    /// Replaces the runtime's handling of SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP with one
    /// line on stderr and an exit: 71 when the process has a memory limit (`ulimit -v` or `-d`), where
    /// these signals mean an allocation failed, else 70. The handler (`parpair_fatal_signal`, in C) allocates
    /// nothing and takes no lock, so it cannot hang when memory is gone, as the runtime's backtracer did;
    /// it kills the running PDF engine's group (`ScratchRegistry.groupSlots`). Output files are renamed into
    /// place only at the end, so none was replaced; the next run removes the snapshot and partial output
    /// left behind (their locks died with the process). A developer who sets `SWIFT_BACKTRACE` keeps the
    /// runtime's backtrace.
    static func installFatalSignalHandler() {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        let text = fatalSignalText(memoryLimit: memoryLimitBytes)
        _ = parpair_install_fatal_handler(text.before, text.after, text.code.rawValue,
                                          ScratchRegistry.groupSlots, Int32(ScratchRegistry.groupSlotCount))
    }

    /// What the fatal-signal handler writes around the signal's name, and its exit code.
    static func fatalSignalText(memoryLimit: UInt64?) -> (before: String, after: String, code: ExitCode) {
        let left = "; no output file was replaced, and the next run removes what this one left behind\n"
        guard let memoryLimit else {
            return ("parpair-report: error: internal error: the run stopped on ", " (out of memory, or a bug in this tool)" + left,
                    .software)
        }
        return ("parpair-report: error: out of memory: the run stopped on ",
                " under its memory limit of \(memoryLimit >> 20) MiB (ulimit -v or -d); raise the limit" + left, .osError)
    }

    /// The smaller of the address-space and data-segment limits, or nil when neither is set.
    static var memoryLimitBytes: UInt64? {
        #if os(Linux)
        let resources = [Int32(RLIMIT_AS.rawValue), Int32(RLIMIT_DATA.rawValue)]
        #else
        let resources = [RLIMIT_AS, RLIMIT_DATA]
        #endif
        let limits = resources.compactMap { resource -> UInt64? in
            var limit = rlimit()
            // RLIM_INFINITY is all ones.
            guard getrlimit(resource, &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
            return UInt64(limit.rlim_cur)
        }
        return limits.min()
    }

    /// Whether core dumps are off, as `disableCoreDumps` leaves them.
    static var coreDumpsDisabled: Bool {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_CORE.rawValue), &limit) == 0, limit.rlim_cur == 0 else { return false }
        #if os(Linux)
        return parpair_get_dumpable() == 0
        #else
        return true
        #endif
    }
}
