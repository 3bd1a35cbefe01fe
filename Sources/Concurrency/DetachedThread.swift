import CConcurrency
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts threads the system may refuse, and says so: under a memory limit (`ulimit -v`) or a thread
/// limit `pthread_create` fails, and Foundation's `Thread.start()` carries on as if the thread ran, so
/// whoever then waits for it waits forever. Every thread started here has an alternate signal stack.
///
/// On Linux a thread starts on a CPU other than its creator's, when the process may use another, and then
/// allows itself every CPU its creator may use (``allowedCPUs()`` then answers the same on both). Left to itself, the scheduler may
/// queue a new thread behind its creator, which goes on running, while another CPU sits idle; a run starts one
/// for each hand-off (the reading thread, the validator, the rendering thread), and each must start at once.
public enum DetachedThread {
    /// Runs `body` on a new detached thread with `stackSize` bytes of stack.
    ///
    /// - Throws: `ThreadStartError` when the system refuses the thread; `body` then never runs.
    public static func start(stackSize: Int, _ body: sending @escaping () -> Void) throws(ThreadStartError) {
        let body = Body(body)
        var result = create(body, stackSize: stackSize, placing: true)
        // A CPU that went away since it was counted, a confinement the attributes break: started where it may.
        if result != 0, body.allowed != nil { result = create(body, stackSize: stackSize, placing: false) }
        guard result == 0 else { throw ThreadStartError(code: result) }
    }

    /// Starts a thread that runs `body`, on a CPU other than this one's if `placing` and the process may use one;
    /// returns `pthread_create`'s result.
    private static func create(_ body: Body, stackSize: Int, placing: Bool) -> Int32 {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var allowed = parpair_cpu_mask()
        body.allowed = placing && parpair_start_elsewhere(&attributes, &allowed) != 0 ? allowed : nil
        // The C callback's context: retained here, taken back (released) by the new thread, or here when
        // no thread starts.
        let context = Unmanaged.passRetained(body).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let result = pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #else
            guard let context else { return nil }
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #endif
            if var allowed = body.allowed { parpair_allow_cpus(&allowed) }
            DetachedThread.withAlternateSignalStack(body.run)
            return nil
        }, context)
        if result != 0 { Unmanaged<Body>.fromOpaque(context).release() }
        return result
    }

    /// Runs `body` with an alternate signal stack for this thread (64 KiB, freed afterwards), so a fatal-signal
    /// handler installed with `SA_ONSTACK` still runs when the thread's own stack is exhausted. The main
    /// thread gets its stack where the handler is installed.
    static func withAlternateSignalStack(_ body: () -> Void) {
        let size = 64 << 10
        guard let memory = malloc(size) else { return body() }
        defer { free(memory) }
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = size
        stack.ss_flags = 0
        let installed = sigaltstack(&stack, nil) == 0
        body()
        if installed {
            var off = stack_t()
            off.ss_flags = Int32(SS_DISABLE)
            sigaltstack(&off, nil)
        }
    }

    /// The CPUs the calling thread may run on (Linux), or nil where the system does not say.
    package static func allowedCPUs() -> Set<Int>? {
        var mask = parpair_cpu_mask()
        guard parpair_allowed_cpus(&mask) == 0 else { return nil }
        let perWord = UInt.bitWidth
        return withUnsafeBytes(of: mask.bits) { words in
            Set(words.bindMemory(to: UInt.self).enumerated().flatMap { index, word in
                (0..<perWord).filter { word & (1 << $0) != 0 }.map { index * perWord + $0 }
            })
        }
    }

    private final class Body {
        let run: () -> Void
        /// The CPUs the thread allows itself as it starts: its creator's, when it was started on another. Set
        /// before the thread is made, read only by it.
        var allowed: parpair_cpu_mask?
        init(_ run: @escaping () -> Void) { self.run = run }
    }
}

/// The system refused a new thread (`pthread_create`'s error number: `EAGAIN` for no memory or a limit).
public struct ThreadStartError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int32

    public var description: String {
        "the system refused a new thread (\(String(cString: strerror(code)))): out of memory, or at a thread limit"
    }
}
