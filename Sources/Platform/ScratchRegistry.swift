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

/// Everything a run writes that must not outlive it: private snapshots, decrypted backup data and
/// partial outputs, and the process groups of the engines it runs. Each is registered while it exists;
/// a signal kills the groups and removes the files (see `Signals`), and each run removes what runs of the
/// same user left when they were killed.
///
/// A run's folder holds a lock file that the run keeps `flock`ed for the folder's life; a folder whose lock
/// anyone can take belongs to a run that is gone (the kernel drops the lock when the process dies, however
/// it dies). Unlike `kill(pid, 0)`, this holds across PID namespaces (containers sharing a TMPDIR).
public enum ScratchRegistry {
    /// What the run's threads register and the signal thread cleans up.
    private struct Registered: Sendable {
        var paths: [Int: String] = [:]
        /// The open, locked lock files of this run's folders, by token.
        var lockFiles: [Int: Int32] = [:]
        /// The process groups of running engines, by token.
        var groups: [Int: pid_t] = [:]
        var nextToken = 0
        /// Each path's slot in the fatal-signal handler's list (`CFatal`), by token.
        var fatalSlots: [Int: Int32] = [:]

        mutating func add(_ path: String) -> Int {
            nextToken += 1
            paths[nextToken] = path
            fatalSlots[nextToken] = parpair_fatal_remember_path(path)
            return nextToken
        }

        /// Forgets the path of `token`, for the signal thread and the fatal-signal handler alike.
        mutating func forget(_ token: Int) {
            paths[token] = nil
            if let slot = fatalSlots.removeValue(forKey: token) { parpair_fatal_forget_path(slot) }
        }
    }

    private static let registered = Locked(Registered())
    /// The process groups of running engines again, where the fatal-signal handler can read them without a
    /// lock or an allocation (`Signals.installFatalSignalHandler`): `groupSlotCount` ids, 0 for a free slot.
    /// Written inside `registered`'s lock only; an aligned 32-bit store, so a handler never reads half of one.
    nonisolated(unsafe) static let groupSlots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: groupSlotCount)
        slots.initialize(repeating: 0, count: groupSlotCount)
        return slots
    }()
    /// A run starts one engine at a time; the slots leave room for more.
    static let groupSlotCount = 16

    /// The prefix of the private folders runs make, before their process id: `parpair-snapshot-`, `parpair-backup-`.
    static let folderPrefixes = ["parpair-snapshot-", "parpair-backup-", "parpair-output-", "parpair-engine-"]

    /// Makes a file or folder (`create`, nil when it fails) and registers it as `path`, under the lock a signal's
    /// cleanup takes: the cleanup finds either nothing made yet or the path registered, never one made and not yet
    /// registered (a SIGTERM in that instant left a partial output behind). `create` must not register anything.
    package static func register<Made>(_ path: String, creating create: () -> Made?) -> (made: Made, token: Int)? {
        registered.withLock { registered in
            guard let made = create() else { return nil }
            return (made, registered.add(path))
        }
    }

    /// Forgets a path that was removed or renamed into place.
    package static func unregister(_ token: Int) {
        registered.withLock { $0.forget(token) }
    }

    /// Removes a registered file or folder now, then forgets it (and lets go of its lock), under the lock a signal's
    /// cleanup takes: a signal during the removal waits for it to finish, then finds nothing left to remove. Removed
    /// outside the lock, the two removals walked the same tree at once; the cleanup's walk failed on a name the other
    /// had just unlinked and left the folder (a Chromium profile, the printed HTML) behind, once in CI.
    package static func remove(_ token: Int) {
        let lockFile = registered.withLock { registered -> Int32? in
            if let path = registered.paths[token] {
                if registered.lockFiles[token] != nil { removeFolder(path) } else { try? FileManager.default.removeItem(atPath: path) }
            }
            registered.forget(token)
            return registered.lockFiles.removeValue(forKey: token)
        }
        if let lockFile { close(lockFile) }
    }

    /// Removes a run's folder with its lock file last. A run that dies part way through (under a memory limit, where
    /// the removal's own allocations fail: the HTML report removes its snapshot while the validator reads the last
    /// pages) leaves the lock file, free, with whatever is left, and the next run's sweep removes them. Removed in
    /// the order the system lists the names, the lock file could go first, and what was left (an empty folder, 3 runs
    /// of 110 under `ulimit -v`) waited an hour as an older version's folder. The lock file and the folder go last,
    /// by two calls that need no memory.
    static func removeFolder(_ path: String) {
        let lock = POSIXFile.join(path, lockFileName)
        for name in POSIXFile.names(in: path, startingWith: [""]) where name != "." && name != ".." && name != lockFileName {
            try? FileManager.default.removeItem(atPath: POSIXFile.join(path, name))
        }
        unlink(lock)
        if rmdir(path) != 0, errno != ENOENT { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The name of the lock file inside each run folder.
    static let lockFileName = ".parpair-run.lock"

    /// Where a folder is made before it gets its name: a run killed in the instant between making it and
    /// locking it leaves one of these, which sweeps remove once it is a minute old.
    static let unnamedPrefix = ".parpair-new-"

    /// A new private (0700) folder `<base>/parpair-<purpose>-<pid>-XXXXXX`, registered, holding a lock
    /// file this run keeps locked until the folder is removed (see the type's description).
    ///
    /// Locked before it is visible: the folder is made as `.parpair-new-XXXXXX`, its lock file made and locked
    /// inside, and only then renamed to its name. A sweeping run therefore never finds a live run's folder
    /// without its lock held (a lock taken between `open` and `flock` would have had the folder removed from
    /// under it, and a run killed in that instant would have left a folder no sweep could judge).
    package static func makeFolder(in base: String, purpose: String) throws -> (path: String, token: Int) {
        // Made and registered under the registry's lock (`register(_:creating:)`), so a signal cannot end the run
        // between the folder's rename and its registration.
        try registered.withLock { registered throws in
            let unnamed = try POSIXFile.makeTemporaryDirectory(template: POSIXFile.join(base, unnamedPrefix + "XXXXXX"))
            let suffix = String(unnamed.suffix(6))
            let path = POSIXFile.join(base, "parpair-\(purpose)-\(getpid())-\(suffix)")
            let descriptor = open(POSIXFile.join(unnamed, lockFileName), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(unnamed, path) == 0 else {
                let code = errno
                if descriptor >= 0 { close(descriptor) }
                try? FileManager.default.removeItem(atPath: unnamed)
                throw FileError(path: path, operation: "lock", code: code)
            }
            let token = registered.add(path)
            registered.lockFiles[token] = descriptor
            return (path, token)
        }
    }

    /// Starts a process in a process group of its own (`spawn` returns its id, which is the group's) and
    /// registers the group, so a signal to this run kills it. Holding the registry's lock while spawning
    /// closes the window in which the signal thread could clean up between the start and the registration.
    package static func registerGroup<Failure: Error>(spawning spawn: () throws(Failure) -> pid_t) throws(Failure) -> (pid: pid_t, token: Int) {
        try registered.withLock { registered throws(Failure) in
            let pid = try spawn()
            registered.nextToken += 1
            registered.groups[registered.nextToken] = pid
            if let free = (0..<groupSlotCount).first(where: { groupSlots[$0] == 0 }) { groupSlots[free] = pid }
            return (pid, registered.nextToken)
        }
    }

    /// Forgets a process group whose leader was reaped.
    package static func unregisterGroup(_ token: Int) {
        registered.withLock { registered in
            if let pid = registered.groups.removeValue(forKey: token), let slot = (0..<groupSlotCount).first(where: { groupSlots[$0] == pid }) {
                groupSlots[slot] = 0
            }
        }
    }

    /// Returns at once, unless a signal's cleanup is under way: it holds the registry's lock until the process ends.
    static func waitForAnyCleanUp() {
        registered.withLock { _ in }
    }

    /// Removes everything registered, writes `line` to standard error and ends the process with `code`, holding the
    /// registry's lock to the end: a thread making a folder or a partial file under it (`makeFolder`,
    /// `register(_:creating:)`) has finished and registered it before, or never starts. Released before `_exit`, the
    /// lock let a run that was just making its snapshot folder leave it behind (SIGHUP at 0.05 s, once in CI).
    /// Called by the signal thread and `Signals.end(saying:code:)`, and nowhere else.
    static func cleanUpAndExit(saying line: String?, code: Int32) -> Never {
        registered.withLock { registered in
            // The engines first: they may be writing into the folders about to be removed.
            for group in registered.groups.values { kill(-group, SIGKILL) }
            for path in registered.paths.values { try? FileManager.default.removeItem(atPath: path) }
            if let line { _ = POSIXFile.write(line, to: STDERR_FILENO) }
            _exit(code)
        }
    }

    /// Removes the private folders of this user's runs that are gone (killed with SIGKILL, by the OOM
    /// killer, or by a power cut), so a baby's data does not stay in the temporary folder. A folder is gone
    /// when its lock file can be locked; a folder without one when it is empty (a removal cut short), else
    /// (made by an older version) when it is more than an hour old; a folder still without its name after a
    /// minute. Folders of live runs, in this PID namespace or another, and of other users, are left alone.
    public static func removeStaleFolders(in base: String = FileManager.default.temporaryDirectory.path) {
        // A PDF engine's short folder is made in /tmp when TMPDIR is long (see PDFRenderer).
        if base != "/tmp", base == FileManager.default.temporaryDirectory.path { removeStaleFolders(in: "/tmp") }
        let me = getuid()
        for name in POSIXFile.names(in: base, startingWith: folderPrefixes + [unnamedPrefix]) {
            let path = POSIXFile.join(base, name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == me else { continue }
            #if canImport(Darwin)
            let age = time(nil) - info.st_mtimespec.tv_sec
            #else
            let age = time(nil) - info.st_mtim.tv_sec
            #endif
            // A folder still without its name is judged by age alone: its maker locks and renames it within
            // microseconds, and its lock file may exist before the lock does.
            if name.hasPrefix(unnamedPrefix) {
                if age > 60 { try? FileManager.default.removeItem(atPath: path) }
                continue
            }
            let descriptor = open(POSIXFile.join(path, lockFileName), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor < 0 {
                // No lock file: an empty folder is what a removal cut short left (removed now: a live run's
                // folder holds its lock file from before it has its name); else a folder made by an older
                // version, removed once it is an hour old.
                guard errno == ENOENT, rmdir(path) != 0, age > 3600 else { continue }
                try? FileManager.default.removeItem(atPath: path)
                continue
            }
            defer { close(descriptor) }
            // Removed while the lock is held, so a run cannot take the folder back in between.
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    /// Removes the regular file at `path`, this user's, if its writer is gone: the file can be locked.
    /// For partial outputs, which their writer keeps `flock`ed from creation to rename. Returns whether
    /// it removed the file.
    @discardableResult
    package static func removeIfWriterGone(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid(),
              flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        // Still the file that was locked (not one a new run just made under the name)?
        var now = stat()
        guard lstat(path, &now) == 0, now.st_ino == info.st_ino, now.st_dev == info.st_dev else { return false }
        return unlink(path) == 0
    }
}
