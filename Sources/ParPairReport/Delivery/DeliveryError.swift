import Foundation
import Platform

/// Why an output could not be delivered; nothing partial is left behind in any of these cases.
public enum DeliveryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or a folder for it cannot be created, or cannot replace the old one.
    case cannotCreate(String)
    /// Writing or flushing failed (disk full, I/O error, a file-size limit).
    case writeFailed(String)
    /// The destination is one of the store's own files, or inside the device backup being read.
    case protected(label: String, path: String)
    /// The destination is not something an output can go to: a folder, a block device, a link in the way.
    case refused(String)

    public var description: String {
        switch self {
        case .cannotCreate(let message), .writeFailed(let message), .refused(let message): message
        case .protected(let label, let path):
            "\(label): \(path) is one of the store's own files or inside the backup it is read from, "
                + "and those are only ever read; write elsewhere"
        }
    }
}

extension DeliveryError {
    /// A path whose links cannot be followed, or must not be.
    /// - Parameters: label: the option (`--output`); path: the path as given.
    init(following failure: FileError, label: String, path: String) {
        switch (failure.operation, failure.code) {
        case (LandingPath.followOperation, ELOOP):
            self = .cannotCreate("cannot write \(path): \(failure.reason)")
        case (LandingPath.followOperation, _):
            self = .refused("\(label): \(failure.path) is \(failure.reason); like the kernel's protected_symlinks, "
                + "the tool does not follow it: write elsewhere")
        default:
            self = .cannotCreate("cannot write \(path): cannot follow \(failure.path): \(failure.reason)")
        }
    }
}

extension DeliveryError {
    /// A failed file call on the output `name` (as the user gave it), in the words the user reads.
    init(_ error: FileError, name: String) {
        switch error.operation {
        case "create": self = .cannotCreate("cannot create \(name): \(error.reason)")
        case "rename": self = .cannotCreate("cannot replace \(name): \(error.reason)")
        case "open", "socket": self = .cannotCreate("cannot open \(name): \(error.reason)")
        case "connect": self = .cannotCreate("cannot connect to the socket \(name): \(error.reason)")
        // EPIPE: the reader of a pipe is gone (`| head`); SIGPIPE stays blocked (see Platform's Signals).
        case "write" where error.code == EPIPE: self = .writeFailed("cannot write \(name): its reader closed it (broken pipe)")
        default: self = .writeFailed("cannot write \(name): \(error.reason)")
        }
    }
}
