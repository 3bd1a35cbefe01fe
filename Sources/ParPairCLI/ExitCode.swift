/// Process exit codes, from BSD's sysexits.h, so scripts and cron can tell failures apart.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// The command was used wrongly: bad option, bad value, missing argument.
    case usage = 64
    /// The input data was wrong: not a store, a malformed store, an invalid template.
    case dataError = 65
    /// An input file did not exist or was not readable.
    case noInput = 66
    /// A service the run needs is not there: no PDF engine, or it failed.
    case unavailable = 69
    /// A bug in this tool.
    case software = 70
    /// The system refused the run something it needs: memory, under a limit.
    case osError = 71
    /// A file the program needs cannot be read: the built-in XHTML DTD (which never happens in a sound build).
    case osFile = 72
    /// An output file could not be created.
    case cantCreate = 73
    /// Reading or writing failed.
    case ioError = 74
    /// Try again later: the device backup is still being written.
    case tempFail = 75
    /// An encrypted backup's password is wrong or missing, or macOS keeps Finder's backups from this
    /// process (it needs Full Disk Access).
    case noPermission = 77
}
