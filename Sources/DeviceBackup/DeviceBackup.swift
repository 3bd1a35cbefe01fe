import Foundation
import PropertyList

/// One device's backup folder, as Finder, iTunes or `idevicebackup2` leave it in `MobileSync/Backup/<UDID>`:
/// `Manifest.plist`, `Manifest.db`, `Status.plist`, `Info.plist` and the `00`…`ff` folders of file data.
/// Finder's "Archive" keeps an older copy beside it as `<UDID>-YYYYMMDD-HHMMSS`. Reading it never changes it.
public struct DeviceBackup: Sendable {
    /// What `Status.plist` says of the backup.
    public enum Status: Sendable, Equatable {
        /// `SnapshotState` is `finished`: the backup is complete.
        case finished
        /// Another `SnapshotState`: Finder or idevicebackup2 is still writing it (or was stopped).
        case unfinished(state: String)
        /// No `Status.plist`: the backup never finished, or is only beginning.
        case missing
        /// A `Status.plist` that is empty, cut short, not a property list, a link, or without `SnapshotState`.
        case damaged(String)
    }

    public let path: String
    public let deviceName: String
    public let udid: String
    /// When the backup was made (Status.plist's `Date`, else Manifest.plist's, else Info.plist's "Last Backup Date").
    public let date: Date?
    public let isEncrypted: Bool
    public let productVersion: String?
    public let status: Status
    let keybag: [UInt8]?
    let manifestKey: [UInt8]?

    static let plistLimits = PropertyListLimits(maximumBytes: 8 << 20, maximumDepth: 32, maximumValues: 200_000)
    static let tooOldAdvice = "ParPair needs iOS 17; make a new backup of the phone with Finder, iTunes or idevicebackup2"

    /// The folder's own name: the UDID, or `<UDID>-YYYYMMDD-HHMMSS` for a copy Finder archived.
    public var folderName: String { URL(fileURLWithPath: path).lastPathComponent }

    /// Whether this is a copy Finder's "Archive" kept (`<UDID>-YYYYMMDD-HHMMSS`) rather than the backup it updates.
    public var isArchive: Bool { folderName != udid && folderName.hasPrefix(udid + "-") }

    /// Whether `folder` looks like a device backup: it holds `Manifest.plist` and `Manifest.db` (or the
    /// `Manifest.mbdb` of iOS 9 and older, which `init` refuses by name).
    public static func isBackup(_ folder: String) -> Bool {
        BackupFile.isDirectory(folder) && BackupFile.kind(join(folder, "Manifest.plist")) != nil
            && (BackupFile.kind(join(folder, "Manifest.db")) != nil || BackupFile.kind(join(folder, "Manifest.mbdb")) != nil)
    }

    /// The device backups directly inside `folder` (such as `MobileSync/Backup`), sorted by folder name.
    public static func backups(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { join(folder, $0) }.filter { isBackup($0) }
    }

    /// Reads the backup's property lists (not its files).
    /// - Throws: `BackupError.damaged` for a missing or damaged `Manifest.plist`; `BackupError.tooOld` for a
    ///   backup iOS 10.1 or older made (`Manifest.mbdb`, or an encrypted one without `ManifestKey`).
    public init(path: String) throws(BackupError) {
        self.path = path
        let manifestPath = Self.join(path, "Manifest.plist")
        let manifest: PropertyListValue
        do {
            manifest = try PropertyList.read(try BackupFile.read(manifestPath, limit: Self.plistLimits.maximumBytes), limits: Self.plistLimits)
        } catch let error as BackupError {
            throw error
        } catch {
            throw .damaged(manifestPath, detail: "\(error)")
        }
        let info = Self.optionalPlist(Self.join(path, "Info.plist"))
        let lockdown = manifest["Lockdown"]
        deviceName = lockdown?["DeviceName"]?.string ?? info?["Device Name"]?.string ?? "an unnamed device"
        udid = lockdown?["UniqueDeviceID"]?.string ?? info?["Unique Identifier"]?.string ?? URL(fileURLWithPath: path).lastPathComponent
        productVersion = lockdown?["ProductVersion"]?.string ?? info?["Product Version"]?.string
        isEncrypted = manifest["IsEncrypted"]?.bool ?? false
        keybag = manifest["BackupKeyBag"]?.data
        manifestKey = manifest["ManifestKey"]?.data
        let (status, statusDate) = Self.readStatus(Self.join(path, "Status.plist"))
        self.status = status
        let seconds = statusDate ?? manifest["Date"]?.date ?? info?["Last Backup Date"]?.date
        date = seconds.map { Date(timeIntervalSinceReferenceDate: $0) }
        let version = productVersion.map { " (iOS \($0))" } ?? ""
        if BackupFile.kind(Self.join(path, "Manifest.db")) == nil, BackupFile.kind(Self.join(path, "Manifest.mbdb")) != nil {
            throw .tooOld(path, detail: "it holds Manifest.mbdb and no Manifest.db, so it was made by iOS 9 or older\(version); "
                + Self.tooOldAdvice)
        }
        if isEncrypted, keybag == nil { throw .damaged(manifestPath, detail: "an encrypted backup without its BackupKeyBag") }
        if isEncrypted, manifestKey == nil {
            throw .tooOld(path, detail: "an encrypted backup without a ManifestKey was made by iOS older than 10.2\(version); "
                + Self.tooOldAdvice)
        }
    }

    /// A property list the backup may lack or hold damaged; only facts for display come from it.
    private static func optionalPlist(_ path: String) -> PropertyListValue? {
        guard let bytes = try? BackupFile.read(path, limit: plistLimits.maximumBytes) else { return nil }
        return try? PropertyList.read(bytes, limits: plistLimits)
    }

    /// `Status.plist`'s verdict and `Date`; it must be a regular file holding a property list with `SnapshotState`.
    private static func readStatus(_ path: String) -> (Status, Double?) {
        guard BackupFile.kind(path) != nil else { return (.missing, nil) }
        let plist: PropertyListValue
        do {
            let bytes = try BackupFile.read(path, limit: plistLimits.maximumBytes)
            guard !bytes.isEmpty else { return (.damaged("Status.plist is empty"), nil) }
            plist = try PropertyList.read(bytes, limits: plistLimits)
        } catch let error as BackupError {
            return (.damaged("Status.plist: \(error.detail)"), nil)
        } catch {
            return (.damaged("Status.plist is not a whole property list (\(error))"), nil)
        }
        guard let state = plist["SnapshotState"]?.string else { return (.damaged("Status.plist has no SnapshotState"), nil) }
        return (state == "finished" ? .finished : .unfinished(state: state), plist["Date"]?.date)
    }

    /// Refuses a backup that is not known to be complete: its files may be half there.
    public func checkFinished() throws(BackupError) {
        switch status {
        case .finished: return
        case .unfinished(let state): throw .inProgress(path, state: state)
        case .missing: throw .unfinished(path, detail: "it has no Status.plist, so it never finished (or is only beginning)")
        case .damaged(let reason): throw .damaged(path, detail: "\(reason); it cannot be told to be a finished backup")
        }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

extension DeviceBackup {
    /// The bundle id of a Mac app container (`MCMMetadataIdentifier` in its
    /// `.com.apple.containermanagerd.metadata.plist`), if it says.
    public static func containerIdentifier(_ container: String) -> String? {
        let path = join(container, ".com.apple.containermanagerd.metadata.plist")
        guard let bytes = try? BackupFile.read(path, limit: plistLimits.maximumBytes),
              let plist = try? PropertyList.read(bytes, limits: plistLimits) else { return nil }
        return plist["MCMMetadataIdentifier"]?.string
    }
}
