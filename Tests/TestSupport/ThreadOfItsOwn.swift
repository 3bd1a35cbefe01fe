#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new thread and returns once that thread has ended.
///
/// For `Process.run()` and `waitUntilExit()`: each keeps a weak reference to the calling thread's run
/// loop, for which Swift makes a side table that lives as long as the thread. A thread of the test
/// runner's pool outlives the run, and since the run loop points at the table only through encoded
/// reference-count bits, LeakSanitizer reported the table as leaked; a thread that ends takes its run
/// loop and the table with it.
public func onThreadOfItsOwn<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
    var result: Result<T, Failure>?
    withoutActuallyEscaping(body) { body in
        let context = Unmanaged.passRetained(ThreadWork { result = Result(catching: body) }).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let started = pthread_create(&thread, nil, { ThreadWork.run($0) }, context)
        if started == 0, let thread { pthread_join(thread, nil) }
        #else
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { ThreadWork.run($0!) }, context)
        if started == 0 { pthread_join(thread, nil) }
        #endif
        if started != 0 { _ = ThreadWork.run(context) }  // no thread to be had: run it here
    }
    return try result!.get()
}

/// What a thread of `onThreadOfItsOwn` runs, passed through `pthread_create`'s context pointer.
private final class ThreadWork {
    let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }

    static func run(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
}
