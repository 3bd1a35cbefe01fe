import Foundation
import ParPairModel

/// One phone of a family: what the page calls it, the backup its logs came from, and what makes it this phone
/// whatever path or option named it.
public struct Phone: Sendable, Hashable {
    /// The device name (`Dad’s iPhone`), or for a store not read from a backup its file's name (its folder's, for a
    /// `default.store`); two phones of one name are told apart by the start of their identity.
    public var name: String
    /// The device backup read, if any.
    public var origin: BackupOrigin?
    /// A backup's device (its UDID), else the store's `NSStoreUUID`, else the store file (device and inode): the same
    /// for every spelling of the same phone, and what the family's phones are ordered by.
    public var identity: String
    /// How the user named it (`~/Backup --device dad`), for messages.
    public var spelling: String

    public init(name: String, origin: BackupOrigin?, identity: String, spelling: String) {
        self.name = name
        self.origin = origin
        self.identity = identity
        self.spelling = spelling
    }

    /// The phone a reader reads, named as `request` named it.
    init(_ reader: StoreReader, spelling request: StoreRequest) {
        let identity: String
        if let origin = reader.origin {
            identity = "device " + origin.udid.lowercased()
        } else if let uuid = reader.storeUUID {
            identity = "store " + uuid.uuidString
        } else if let file = reader.fileIdentity {
            identity = "file \(file.device):\(file.inode)"
        } else {
            identity = "path " + reader.location.storeFile
        }
        var spelling = request.path
        if let device = request.device { spelling += " --device \(device)" }
        self.init(name: reader.origin?.deviceName ?? Self.label(reader.location), origin: reader.origin, identity: identity,
                  spelling: spelling)
    }

    /// A store read directly is named by its file, or by its folder when the file is the usual `default.store` (every
    /// phone's is): `mom/default.store` is `mom`.
    static func label(_ location: StoreLocation) -> String {
        let components = location.storeFile.split(separator: "/")
        guard location.fileName == StoreLocation.defaultFileName, components.count >= 2 else { return location.fileName }
        return String(components[components.count - 2])
    }
}

/// A log as one phone holds it: `phone` is its place in the family's order of phones (0 for a single store).
public struct PhoneLog: Sendable, Hashable {
    public var record: LogRecord
    public var phone: Int

    public init(_ record: LogRecord, phone: Int) {
        self.record = record
        self.phone = phone
    }
}

/// A log of a family's merged stream: one that counts, or another phone's copy of the same event (`copyOf` is then
/// the id of the log that counts in its place).
public struct FamilyLog: Sendable, Hashable {
    public var log: PhoneLog
    /// The id of the log that counts instead of this one; nil when this one counts.
    public var copyOf: UUID?

    public init(_ log: PhoneLog, copyOf: UUID? = nil) {
        self.log = log
        self.copyOf = copyOf
    }

    public var record: LogRecord { log.record }
}
