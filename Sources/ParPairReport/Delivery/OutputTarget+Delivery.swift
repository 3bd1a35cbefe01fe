import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How an output is written (Platform's ``OutputTarget`` decides: a regular file replaced, a device, FIFO, socket
/// or descriptor written to, a folder or block device refused), in the words of ``DeliveryError``.
extension OutputTarget {
    /// ``OutputTarget/resolve(_:)`` for the output the user named `path`.
    static func resolve(output path: String) throws(DeliveryError) -> OutputTarget {
        do { return try resolve(path) } catch {
            guard error.operation == refusal else { throw DeliveryError(following: error, label: path, path: path) }
            switch error.code {
            case EISDIR: throw .refused("\(path) is a folder; give a file name")
            case ENOENT: throw .cannotCreate("cannot write \(path): \(error.reason)")
            default: throw .refused("\(path) is a block device; an output is never written over a disk")
            }
        }
    }

    /// ``OutputTarget/send(contentsOf:shownAs:)`` of the finished output `file`, which the user named `name`.
    func send(contentsOf file: String, name: String) throws(DeliveryError) {
        do { try send(contentsOf: file, shownAs: name) } catch {
            if error.path == file { throw .writeFailed("cannot read back \(file): \(error.reason)") }
            throw DeliveryError(error, name: name)
        }
    }
}
