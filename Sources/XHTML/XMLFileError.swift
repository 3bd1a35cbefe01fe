#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file to check could not be opened or read.
public struct XMLFileError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// Why, in words.
    public let reason: String

    init(path: String, errorNumber: Int32, reason: String? = nil) {
        self.path = path
        self.reason = reason ?? String(cString: strerror(errorNumber))
    }

    /// `path: cannot read: reason`.
    public var description: String { "\(path): cannot read: \(reason)" }
}
