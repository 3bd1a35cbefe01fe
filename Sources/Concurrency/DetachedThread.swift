#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts threads the system may refuse, and says so: under a memory limit (`ulimit -v`) or a thread
/// limit `pthread_create` fails, and Foundation's `Thread.start()` carries on as if the thread ran, so
/// whoever then waits for it waits forever.
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
            body.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw ThreadStartError(code: result)
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
