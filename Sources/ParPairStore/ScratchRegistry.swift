import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything a run writes that must not outlive it: private snapshots, decrypted backup data and
/// partial outputs. Each is registered while it exists; SIGINT, SIGTERM and SIGHUP remove them all
/// and exit 128+signal, and each run removes what runs of the same user left when they were killed
/// (their folder names carry their process id).
public enum ScratchRegistry {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: [Int: String] = [:]
    nonisolated(unsafe) private static var nextToken = 0
    nonisolated(unsafe) private static var exiting = false

    /// The prefix of the private folders runs make, before their process id: `parpair-snapshot-`, `parpair-backup-`.
    static let folderPrefixes = ["parpair-snapshot-", "parpair-backup-", "parpair-output-"]

    /// Registers a file or folder to remove should the run be interrupted.
    package static func register(_ path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if exiting {
            // A signal arrived and the cleanup already ran: nothing new may stay behind.
            try? FileManager.default.removeItem(atPath: path)
        }
        nextToken += 1
        paths[nextToken] = path
        return nextToken
    }

    /// Forgets a path that was removed or renamed into place.
    package static func unregister(_ token: Int) {
        lock.lock()
        paths[token] = nil
        lock.unlock()
    }

    /// Removes a registered file or folder now and forgets it.
    package static func remove(_ token: Int) {
        lock.lock()
        let path = paths.removeValue(forKey: token)
        lock.unlock()
        if let path { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A new private (0700) folder `<base>/parpair-<purpose>-<pid>-XXXXXX`, registered.
    package static func makeFolder(in base: String, purpose: String) throws -> (path: String, token: Int) {
        let path = try POSIXFile.makeTemporaryDirectory(template: StoreLocation.join(base, "parpair-\(purpose)-\(getpid())-XXXXXX"))
        return (path, register(path))
    }

    /// Blocks SIGINT, SIGTERM and SIGHUP in this thread and the ones it starts, and handles them on a
    /// thread of their own: remove everything registered, then exit 128+signal. Also ignores SIGXFSZ, so
    /// a write past a file-size limit fails with an error (and the partial output is removed) instead of
    /// killing the process. Call first thing in `main`, before any other thread exists.
    public static func installSignalCleanup() {
        signal(SIGXFSZ, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let blocked = set
        let thread = Thread {
            var set = blocked
            while true {
                var received: Int32 = 0
                guard sigwait(&set, &received) == 0 else { continue }
                cleanUp()
                _exit(128 + received)
            }
        }
        thread.start()
    }

    /// Called before the process exits normally: when a signal is being handled, the run's failure (the
    /// snapshot vanishing under it, say) must not exit first, with its own status and the cleanup half
    /// done, so this waits for the signal thread to finish and exit 128+signal.
    public static func prepareToExit() {
        lock.lock()
        let interrupted = exiting
        lock.unlock()
        guard interrupted else { return }
        while true { pause() }
    }

    /// Removes everything registered; later registrations are removed as they come.
    static func cleanUp() {
        lock.lock()
        exiting = true
        let pending = Array(paths.values)
        paths.removeAll()
        lock.unlock()
        for path in pending { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Removes the private folders of this user's runs whose process is gone (killed with SIGKILL, or by
    /// a power cut), so a baby's data does not stay in the temporary folder. Folders of live processes,
    /// and of other users, are left alone.
    public static func removeStaleFolders(in base: String = FileManager.default.temporaryDirectory.path) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        let me = getuid()
        for name in names {
            guard let prefix = folderPrefixes.first(where: { name.hasPrefix($0) }) else { continue }
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0, pid != getpid() else { continue }
            let path = StoreLocation.join(base, name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == me else { continue }
            if kill(pid, 0) == -1, errno == ESRCH { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
