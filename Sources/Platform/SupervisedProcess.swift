import CPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process the tool controls (a PDF engine), in a process group of its own whose leader is registered
/// with ``ScratchRegistry``, so the tool's own SIGINT, SIGTERM, SIGHUP and SIGPIPE kill the group. The child
/// starts with an empty signal mask and every signal at its default disposition (the tool's threads block
/// the signals its signal thread takes, and a child would inherit that).
///
/// On Linux the group's leader is a small supervisor (`parpair_spawn_supervised`, in C): a child subreaper
/// that watches a pipe only the tool writes to. When the tool dies, SIGKILL included, the pipe ends and the
/// supervisor kills the program and all its descendants within 50 ms; when the program exits, whatever it
/// left (a helper, a `sleep &`, a process that called `setsid()` to leave the group) is killed before the
/// supervisor exits with the program's status. Elsewhere the program itself leads the group (`posix_spawn`).
///
/// Its standard output and error go to a file, never a pipe, so a grandchild left holding them cannot
/// make the tool wait. When the time limit passes the group gets SIGTERM, and SIGKILL 5 s later; when
/// the leader exits, whatever is left of its group is killed.
package struct SupervisedProcess {
    package struct Outcome: Sendable {
        /// Why the engine could not be started.
        package var startFailure: String?
        /// The limit passed and the group was stopped.
        package var timedOut = false
        /// `watch` asked to stop the engine, for this reason.
        package var stopped: String?
        /// The exit status, or 128+signal.
        package var status: Int32 = -1
    }

    /// How long after SIGTERM the group gets SIGKILL.
    package static let graceSeconds = 5.0

    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    /// Where standard output and error go (created, mode 0600).
    package var log: String
    package var timeLimit: Double

    /// Runs the engine to its end. `watch` is called every 20 ms while it runs; a reason it returns
    /// stops the group at once (an output growing past its bound, say).
    package func run(watch: () -> String? = { nil }) -> Outcome {
        var outcome = Outcome()
        let logDescriptor: FileDescriptor, nullDescriptor: FileDescriptor
        do {
            logDescriptor = try FileDescriptor.open(log, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW)
        } catch {
            outcome.startFailure = "cannot open \(log): \(error.reason)"
            return outcome
        }
        defer { logDescriptor.closeQuietly() }
        do { nullDescriptor = try FileDescriptor.open("/dev/null", O_RDONLY) } catch {
            outcome.startFailure = "cannot open /dev/null: \(error.reason)"
            return outcome
        }
        defer { nullDescriptor.closeQuietly() }
        let spawned: (pid: pid_t, token: Int)
        var watchPipe: Int32 = -1
        do {
            spawned = try ScratchRegistry.registerGroup { () throws(FileError) -> pid_t in
                try spawn(stdin: nullDescriptor.rawValue, output: logDescriptor.rawValue, watch: &watchPipe)
            }
        } catch {
            outcome.startFailure = error.reason
            return outcome
        }
        defer {
            ScratchRegistry.unregisterGroup(spawned.token)
            // The supervisor's pipe: closed only once it is reaped (its end tells it the tool is gone).
            if watchPipe >= 0 { close(watchPipe) }
        }
        let pid = spawned.pid
        let started = Self.now()
        var terminatedAt: Double?
        var status: Int32 = 0
        while true {
            // Still running (0), or gone: reaped, or no longer ours to wait for.
            guard case .success(0) = SystemCall.valueOrErrno("waitpid", executable, { waitpid(pid, &status, WNOHANG) }) else { break }
            let elapsed = Self.now() - started
            if outcome.stopped == nil, let reason = watch() {
                outcome.stopped = reason
                kill(-pid, SIGKILL)
            }
            if terminatedAt == nil, elapsed > timeLimit {
                outcome.timedOut = true
                terminatedAt = elapsed
                kill(-pid, SIGTERM)
            } else if let terminatedAt, elapsed > terminatedAt + Self.graceSeconds {
                kill(-pid, SIGKILL)
            }
            usleep(20_000)
        }
        // Whatever the engine left in its group (a helper, a `sleep &`) goes with it.
        kill(-pid, SIGKILL)
        outcome.status = Self.exitStatus(status)
        return outcome
    }

    package init(executable: String, arguments: [String], environment: [String: String], log: String, timeLimit: Double) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.log = log
        self.timeLimit = timeLimit
    }

    private func spawn(stdin: Int32, output: Int32, watch: inout Int32) throws(FileError) -> pid_t {
        #if os(Linux)
        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var code: Int32 = 0
        let pid = Self.withCStrings(argv) { argvPointer in
            Self.withCStrings(envp) { envpPointer in
                parpair_spawn_supervised(executable, argvPointer, envpPointer, stdin, output, &watch, &code)
            }
        }
        guard pid > 0 else { throw FileError(path: executable, operation: "spawn", code: code) }
        return pid
        #else
        _ = watch
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        #if canImport(Darwin)
        // Every descriptor not named above is closed in the child (Linux: they are all close-on-exec).
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = Self.withCStrings(argv) { argvPointer in
            Self.withCStrings(envp) { envpPointer in
                posix_spawn(&pid, executable, &actions, &attributes, argvPointer, envpPointer)
            }
        }
        guard result == 0 else { throw FileError(path: executable, operation: "spawn", code: result) }
        return pid
        #endif
    }

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The exit code, or 128+signal for a child killed by a signal.
    package static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
