import CPlatform
import Concurrency
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What happens on a signal, all of it.
///
/// - SIGINT, SIGTERM and SIGHUP are blocked in every thread and taken by one thread of their own
///   (`sigwait`): it kills the process groups of running engines, removes everything `ScratchRegistry`
///   holds (snapshots, decrypted copies, partial outputs), and exits 128+signal.
/// - SIGXFSZ is ignored: a write past a file-size limit fails with EFBIG, and the partial output goes.
/// - SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP run a handler in C (`parpair_fatal_signal` in
///   CPlatform's shim) that allocates nothing and takes no lock: one line, the engines' groups killed,
///   `_exit`. It runs on an alternate stack of the main thread, so a stack overflow there still gets its line.
/// - Children start with an empty mask and default dispositions (`SupervisedProcess`), in a process group
///   of their own, and die with the tool however it dies (see there).
public enum Signals {
    /// The signals the signal thread takes.
    static let handled = [SIGINT, SIGTERM, SIGHUP]

    /// Blocks the handled signals in this thread and the ones it starts, and starts the thread that takes
    /// them. Call first thing in `main`, before any other thread exists.
    public static func installCleanup() {
        signal(SIGXFSZ, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let blocked = set
        do {
            try DetachedThread.start(stackSize: 512 << 10) {  // room for removing folders recursively
                var set = blocked
                while true {
                    var received: Int32 = 0
                    guard sigwait(&set, &received) == 0 else { continue }
                    ScratchRegistry.cleanUp()
                    _exit(128 + received)
                }
            }
        } catch {
            // No thread to take them: the signals keep their default action (the run ends at once, and the
            // next run removes what it left), rather than being blocked with nobody waiting for them.
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
    }

    /// Called before the process exits normally: when a signal is being handled, the run's failure (the
    /// snapshot vanishing under it, say) must not exit first, with its own status and the cleanup half
    /// done, so this waits for the signal thread to finish and exit 128+signal.
    public static func prepareToExit() {
        guard ScratchRegistry.isExiting else { return }
        while true { pause() }
    }

    /// Replaces the runtime's handling of SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP with the
    /// line `before` + the signal's name + `after` on stderr, the engines' groups killed, and `_exit(code)`.
    /// A developer who sets `SWIFT_BACKTRACE` keeps the runtime's backtrace.
    public static func installFatalSignalHandler(before: String, after: String, exitCode: Int32) {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        _ = parpair_install_fatal_handler(before, after, exitCode, ScratchRegistry.groupSlots, Int32(ScratchRegistry.groupSlotCount))
    }
}
