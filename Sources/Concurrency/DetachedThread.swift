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
public enum DetachedThread {
    /// Runs `body` on a new detached thread with `stackSize` bytes of stack.
    ///
    /// - Throws: `ThreadStartError` when the system refuses the thread; `body` then never runs.
    public static func start(stackSize: Int, _ body: sending @escaping () -> Void) throws(ThreadStartError) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The C callback's context: retained here, taken back (released) by the new thread, or here when
        // no thread starts.
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
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
            DetachedThread.withAlternateSignalStack(body.run)
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw ThreadStartError(code: result)
        }
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

    private final class Body {
        let run: () -> Void
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
