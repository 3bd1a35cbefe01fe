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
