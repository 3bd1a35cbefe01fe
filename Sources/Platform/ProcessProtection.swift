import CPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps secrets out of core files: once a backup password (or a key made from it) is in memory, a crash
/// must not write it to disk. The platform's part is this one seam.
public enum ProcessProtection {
    /// `RLIMIT_CORE` 0 everywhere, and on Linux `PR_SET_DUMPABLE` 0 as well (which also keeps other
    /// processes of the same user from attaching or reading `/proc/PID/mem`). Never turned back on.
    public static func disableCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
        #if os(Linux)
        _ = parpair_set_dumpable(0)
        #endif
    }

    /// The smaller of the address-space and data-segment limits, or nil when neither is set.
    public static var memoryLimitBytes: UInt64? {
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
    public static var coreDumpsDisabled: Bool {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_CORE.rawValue), &limit) == 0, limit.rlim_cur == 0 else { return false }
        #if os(Linux)
        return parpair_get_dumpable() == 0
        #else
        return true
        #endif
    }
}
