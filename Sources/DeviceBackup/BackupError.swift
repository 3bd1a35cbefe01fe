/// Why a device backup cannot be read, on one line, with the backup's path.
public enum BackupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Finder or idevicebackup2 is still writing it (`Status.plist` `SnapshotState` is not `finished`).
    case inProgress(String, state: String)
    /// It has no `Status.plist`: it never finished.
    case unfinished(String, detail: String)
    /// Made by an iOS too old for ParPair (iOS 9's `Manifest.mbdb`, iOS 10.0–10.1's encryption).
    case tooOld(String, detail: String)
    /// It is encrypted and no password was given, nor can one be asked for.
    case passwordRequired(String, device: String)
    /// The password does not unlock the keybag.
    case wrongPassword(String, device: String)
    /// The keybag's iteration counts are beyond anything iOS uses (a hostile backup would make us spin).
    case iterationsOutOfRange(String, detail: String)
    /// A file the backup should hold is damaged: `Manifest.plist`, `Manifest.db`, the keybag, a record, a data file.
    case damaged(String, detail: String)
    /// A file's record is in `Manifest.db` but its data file is not in the backup (a partial backup).
    case missingData(String, file: String)
    /// A file cannot be read (permission or I/O).
    case unreadable(String, reason: String, permission: Bool)
    /// The private folder for decrypted data cannot be written.
    case scratchFailed(String, reason: String)

    public var description: String {
        switch self {
        case .inProgress(let path, let state):
            "\(path): the backup is still being written (Status.plist says '\(state)'); try again once the backup has finished"
        case .unfinished(let path, let detail):
            "\(path): not a finished backup: \(detail); make the backup again and let it finish"
        case .tooOld(let path, let detail):
            "\(path): \(detail)"
        case .passwordRequired(let path, let device):
            "\(path): the backup of \(device) is encrypted; give its password with --password-file FILE or the "
                + "PARPAIR_BACKUP_PASSWORD environment variable (or run in a terminal to be asked)"
        case .wrongPassword(let path, let device):
            "\(path): wrong password for the encrypted backup of \(device); give the backup password set in Finder "
                + "or iTunes with --password-file FILE or PARPAIR_BACKUP_PASSWORD"
        case .iterationsOutOfRange(let path, let detail):
            "\(path): damaged or hostile backup keybag: \(detail)"
        case .damaged(let path, let detail):
            "\(path): damaged backup: \(detail)"
        case .missingData(let path, let file):
            "\(path): the backup lists \(file) but its data file is missing (a partial backup?); make the backup again"
        case .unreadable(let path, let reason, _):
            "\(path): cannot read: \(reason)"
        case .scratchFailed(let path, let reason):
            "cannot write the private snapshot in \(path): \(reason)"
        }
    }

    /// The reason without the path, for messages that name the file themselves.
    var detail: String {
        switch self {
        case .damaged(_, let detail), .unfinished(_, let detail), .tooOld(_, let detail), .iterationsOutOfRange(_, let detail): detail
        case .unreadable(_, let reason, _), .scratchFailed(_, let reason): reason
        default: description
        }
    }
}
