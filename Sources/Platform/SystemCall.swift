#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place a system call's failure is read from `errno` and an interrupted call (EINTR) is retried,
/// as swift-system's `valueOrErrno(retryOnInterrupt:)`.
package enum SystemCall {
    /// `call`'s value when it succeeds (is not -1), else a ``FileError`` naming `operation`, `path` and `errno`;
    /// an interrupted call is made again unless `retryOnInterrupt` is false.
    package static func valueOrErrno<Value: FixedWidthInteger>(
        _ operation: String, _ path: String, retryOnInterrupt: Bool = true, _ call: () -> Value
    ) -> Result<Value, FileError> {
        while true {
            let value = call()
            if value != -1 { return .success(value) }
            let code = errno
            if retryOnInterrupt, code == EINTR { continue }
            return .failure(FileError(path: path, operation: operation, code: code))
        }
    }

    /// ``valueOrErrno(_:_:retryOnInterrupt:_:)``, thrown.
    @discardableResult
    package static func checked<Value: FixedWidthInteger>(
        _ operation: String, _ path: String, retryOnInterrupt: Bool = true, _ call: () -> Value
    ) throws(FileError) -> Value {
        try valueOrErrno(operation, path, retryOnInterrupt: retryOnInterrupt, call).get()
    }
}
