import CFatal
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
/// - SIGINT, SIGTERM, SIGHUP and SIGPIPE are blocked in every thread and taken by one thread of their own
///   (`sigwait`): it kills the process groups of running engines, removes everything `ScratchRegistry`
///   holds (snapshots, decrypted copies, partial outputs), and exits 128+signal. SIGPIPE sent to the
///   process (`kill -PIPE`) also says so in one line. Before it waits, that thread sweeps away the folders of
///   killed runs when asked to; a signal, and the run's exit, wait for the sweep to finish.
/// - A write to a pipe whose reader is gone (`--output - | head`) raises SIGPIPE in the writing thread,
///   where it stays blocked: the write fails with EPIPE instead, and the run ends through its error path
///   with one line and the same cleanup (the signal thread never sees a thread's own SIGPIPE).
/// - SIGXFSZ is ignored: a write past a file-size limit fails with EFBIG, and the partial output goes.
/// - SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP run a handler in C (CFatal) that allocates nothing
///   and takes no lock: one line, the engines' groups killed, `_exit`. It runs on an alternate stack,
///   installed on the main thread and on every thread started through `DetachedThread`, so a thread whose
///   stack is exhausted still gets its line. The C library's allocator is not replaced: a failed allocation
///   is the Swift runtime's "Fatal error", whose SIGABRT then ends the run here.
/// - Children start with an empty mask and default dispositions (`SupervisedProcess`), in a process group
///   of their own, and die with the tool however it dies (see there).
public enum Signals {
    /// The signals the signal thread takes.
    static let handled = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// Set once the stale-folder sweep asked of `installCleanup(sweepingStaleFolders:)` is done; nil when none was.
    private static let sweep = Locked<WriteOnce<Void>?>(nil)

    /// Blocks the handled signals in this thread and the ones it starts, and starts the thread that takes
    /// them. Call first thing in `main`, before any other thread exists.
    ///
    /// - Parameter sweepingStaleFolders: The signal thread first removes the folders of killed runs
    ///   (`ScratchRegistry.removeStaleFolders()`, a listing of the temporary folder however crowded it is)
    ///   while this thread starts the run; a signal meanwhile waits for it, and so does the exit
    ///   (`prepareToExit()`, `end(saying:code:)`), so no sweep is cut short halfway through a folder.
    public static func installCleanup(sweepingStaleFolders: Bool = false) {
        let sweep = sweepingStaleFolders ? WriteOnce<Void>() : nil
        Signals.sweep.withLock { $0 = sweep }
        signal(SIGXFSZ, SIG_IGN)
        // An ignored signal is discarded even while blocked: a SIGPIPE ignored by whoever started the tool
        // would never reach the signal thread.
        for number in handled { signal(number, SIG_DFL) }
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let blocked = set
        do {
            try DetachedThread.start(stackSize: 512 << 10) {  // room for removing folders recursively
                if let sweep {
                    ScratchRegistry.removeStaleFolders()
                    sweep.set(())
                }
                var set = blocked
                while true {
                    var received: Int32 = 0
                    guard sigwait(&set, &received) == 0 else { continue }
                    let line = received != SIGPIPE ? nil
                        : "parpair-report: error: stopped by SIGPIPE (the output's reader is gone); what the run had made is removed\n"
                    ScratchRegistry.cleanUpAndExit(saying: line, code: 128 + received)
                }
            }
        } catch {
            // No thread to take them: the signals keep their default action (the run ends at once, and the
            // next run removes what it left), rather than being blocked with nobody waiting for them.
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            if let sweep {
                ScratchRegistry.removeStaleFolders()
                sweep.set(())
            }
        }
    }

    /// Waits for the stale-folder sweep, if one was asked for.
    private static func waitForSweep() {
        _ = sweep.withLock { $0 }?.value
    }

    /// Ends the run at once, as a signal would: the engines' groups killed, everything registered removed,
    /// then `line` on standard error and `_exit(code)`. For standard output whose reader is gone (EPIPE
    /// from a write that cannot be turned into an error value).
    public static func end(saying line: String, code: Int32) -> Never {
        waitForSweep()
        ScratchRegistry.cleanUpAndExit(saying: line, code: code)
    }

    /// Called before the process exits normally: when a signal is being handled, the run's failure (the
    /// snapshot vanishing under it, say) must not exit first, with its own status and the cleanup half
    /// done, so this waits for the signal thread to finish and exit 128+signal.
    public static func prepareToExit() {
        waitForSweep()
        ScratchRegistry.waitForAnyCleanUp()
    }

    /// Replaces the runtime's handling of SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP with the
    /// line `before` + the signal's name + `after` on stderr, the engines' groups killed, and `_exit(code)`.
    /// A developer who sets `SWIFT_BACKTRACE` keeps the runtime's backtrace.
    public static func installFatalSignalHandler(before: String, after: String, exitCode: Int32) {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        _ = parpair_install_fatal_handler(before, after, exitCode, ScratchRegistry.groupSlots, Int32(ScratchRegistry.groupSlotCount))
    }
}
