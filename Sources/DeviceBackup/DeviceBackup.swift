import Foundation
import PropertyList

/// One device's backup folder, as Finder, iTunes or `idevicebackup2` leave it in `MobileSync/Backup/<UDID>`:
/// `Manifest.plist`, `Manifest.db`, `Status.plist`, `Info.plist` and the `00`…`ff` folders of file data.
/// Reading it never changes it.
public struct DeviceBackup: Sendable {
    public let path: String
    public let deviceName: String
    public let udid: String
    /// When the backup was made (Manifest.plist's `Date`, else Info.plist's "Last Backup Date").
    public let date: Date?
    public let isEncrypted: Bool
    public let productVersion: String?
    /// `Status.plist`'s `SnapshotState` ("finished" when complete); nil without a Status.plist.
    public let snapshotState: String?
    let keybag: [UInt8]?
    let manifestKey: [UInt8]?

    static let plistLimits = PropertyListLimits(maximumBytes: 8 << 20, maximumDepth: 32, maximumValues: 200_000)

    /// Whether `folder` looks like a device backup (it holds `Manifest.db` and `Manifest.plist`).
    public static func isBackup(_ folder: String) -> Bool {
        BackupFile.isDirectory(folder)
            && BackupFile.kind(join(folder, "Manifest.db")) != nil && BackupFile.kind(join(folder, "Manifest.plist")) != nil
    }

    /// The device backups directly inside `folder` (such as `MobileSync/Backup`), sorted by device name and date.
    public static func backups(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { join(folder, $0) }.filter { isBackup($0) }
    }

    /// Reads the backup's property lists (not its files).
    /// - Throws: `BackupError.damaged` for a missing or damaged `Manifest.plist`.
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
        let seconds = manifest["Date"]?.date ?? info?["Last Backup Date"]?.date
        date = seconds.map { Date(timeIntervalSinceReferenceDate: $0) }
        isEncrypted = manifest["IsEncrypted"]?.bool ?? false
        keybag = manifest["BackupKeyBag"]?.data
        manifestKey = manifest["ManifestKey"]?.data
        snapshotState = Self.optionalPlist(Self.join(path, "Status.plist"))?["SnapshotState"]?.string
        if isEncrypted, keybag == nil { throw .damaged(manifestPath, detail: "an encrypted backup without its BackupKeyBag") }
    }

    /// A property list the backup may lack or hold damaged; only facts for display come from it.
    private static func optionalPlist(_ path: String) -> PropertyListValue? {
        guard let bytes = try? BackupFile.read(path, limit: plistLimits.maximumBytes) else { return nil }
        return try? PropertyList.read(bytes, limits: plistLimits)
    }

    /// Refuses a backup that is still being written: its files may be half there.
    public func checkFinished() throws(BackupError) {
        if let snapshotState, snapshotState != "finished" { throw .inProgress(path, state: snapshotState) }
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
