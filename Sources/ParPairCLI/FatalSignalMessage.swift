import Platform

/// What the tool says when a fatal signal ends it; Platform's `Signals` installs the handler that says it.
enum FatalSignalMessage {
    /// Replaces the runtime's handling of SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP with one
    /// line on stderr and an exit: 71 when the process has a memory limit (`ulimit -v` or `-d`), where
    /// these signals mean an allocation failed, else 70 (the Swift runtime may print its "Fatal error" for a
    /// failed allocation first: the C library's allocator is not replaced). The handler (CFatal, in C)
    /// allocates nothing and takes no lock, so it cannot
    /// hang when memory is gone, as the runtime's backtracer did; it kills the running PDF engine's group
    /// (see Platform's `Signals`) and, on Linux, removes the run's snapshot and partial outputs. Output files are
    /// renamed into place only at the end, so none was replaced; what is left elsewhere, the next run removes
    /// (their locks died with the process).
    /// A developer who sets `SWIFT_BACKTRACE` keeps the runtime's backtrace.
    static func installFatalSignalHandler() {
        let text = fatalSignalText(memoryLimit: ProcessProtection.memoryLimitBytes)
        Signals.installFatalSignalHandler(before: text.before, after: text.after, exitCode: text.code.rawValue)
    }

    /// What the fatal-signal handler writes around the signal's name, and its exit code.
    static func fatalSignalText(memoryLimit: UInt64?) -> (before: String, after: String, code: ExitCode) {
        #if os(Linux)
        let left = "; no output file was replaced, and the run's private files are removed\n"
        #else
        let left = "; no output file was replaced, and the next run removes what this one left behind\n"
        #endif
        guard let memoryLimit else {
            return ("parpair-report: error: internal error: the run stopped on ", " (out of memory, or a bug in this tool)" + left,
                    .software)
        }
        return ("parpair-report: error: out of memory: the run stopped on ",
                " under its memory limit of \(memoryLimit >> 20) MiB (ulimit -v or -d); raise the limit" + left, .osError)
    }

}
