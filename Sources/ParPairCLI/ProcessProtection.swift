#if os(Linux)
import CProcess
#endif
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
