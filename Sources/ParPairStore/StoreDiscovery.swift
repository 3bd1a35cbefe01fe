import DeviceBackup
import Foundation
import Platform

/// A ParPair store found by `parpair-report stores`, with the STORE argument (and options) that reads it.
public struct DiscoveredStore: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// A `default.store` file, or a folder holding one.
        case store
        /// A device backup (Finder, iTunes, idevicebackup2).
        case backup
        /// An iPhone app's container on an Apple Silicon Mac.
        case container
    }

    public var kind: Kind
    /// What to pass: STORE, then any options (`--app …`, `--password-file FILE` for an encrypted backup).
    public var arguments: [String]
    public var deviceName: String?
    public var udid: String?
    public var date: Date?
    public var encrypted: Bool?
    /// A copy Finder's "Archive" kept (`<UDID>-YYYYMMDD-HHMMSS`), not the backup Finder updates.
    public var archived: Bool?
    /// The backup domain (`AppDomainGroup-…`); nil for an encrypted backup, whose files are not read without its password.
    public var domain: String?
    public var bundleID: String?
    /// Why it is listed without a store (an encrypted backup), or what is wrong with it (a damaged backup).
    public var note: String?
}

/// Finds ParPair stores in folders: stores, device backups and folders of them, Mac app containers.
public enum StoreDiscovery {
    /// Where a Mac keeps them: Finder's device backups and the containers of iPhone apps on Apple Silicon.
    public static func defaultFolders(home: String) -> [String] {
        [home + "/Library/Application Support/MobileSync/Backup", home + "/Library/Containers"]
    }

    /// Everything found in `folders`, in the order given; folders that do not exist are skipped.
    public static func find(in folders: [String], scratchDirectory: String? = nil) -> [DiscoveredStore] {
        var found: [DiscoveredStore] = []
        for folder in folders {
            if let store = plainStore(folder) {
                found.append(DiscoveredStore(kind: .store, arguments: [store]))
            } else if DeviceBackup.isBackup(folder) {
                found += backup(folder, scratchDirectory: scratchDirectory)
            } else if let container = container(folder) {
                found.append(container)
            } else {
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
                for name in names where !name.hasPrefix(".") {
                    let child = POSIXFile.join(folder, name)
                    if DeviceBackup.isBackup(child) {
                        found += backup(child, scratchDirectory: scratchDirectory)
                    } else if let container = container(child) {
                        found.append(container)
                    }
                }
            }
        }
        return found
    }

    /// A store file, or a folder that holds `default.store`.
    private static func plainStore(_ path: String) -> String? {
        guard let status = try? FileStatus.of(path) else { return nil }
        if status.isRegularFile { return path.hasSuffix(".store") ? path : nil }
        let inside = POSIXFile.join(path, StoreLocation.defaultFileName)
        return (try? FileStatus.of(inside))??.isRegularFile == true ? path : nil
    }

    private static func backup(_ path: String, scratchDirectory: String?) -> [DiscoveredStore] {
        let backup: DeviceBackup
        do { backup = try DeviceBackup(path: path) } catch {
            return [DiscoveredStore(kind: .backup, arguments: [path], note: "\(error)")]
        }
        var entry = DiscoveredStore(kind: .backup, arguments: [path], deviceName: backup.deviceName, udid: backup.udid,
                                    date: backup.date, encrypted: backup.isEncrypted)
        entry.archived = backup.isArchive ? true : nil
        switch backup.status {
        case .finished: break
        case .unfinished(let state):
            entry.note = "still being written ('\(state)')"
            return [entry]
        case .missing, .damaged:
            do { try backup.checkFinished() } catch { entry.note = "\(error)" }
            return [entry]
        }
        guard !backup.isEncrypted else {
            entry.arguments += ["--password-file", "FILE"]
            entry.note = "its stores are read once its password is given"
            return [entry]
        }
        let domains: [String]
        do { domains = try RestoredStore.parPairDomains(of: backup, scratchDirectory: scratchDirectory) ?? [] } catch {
            entry.note = "\(error)"
            return [entry]
        }
        return domains.map { domain in
            var store = entry
            store.domain = domain
            store.bundleID = BackupOrigin.bundleID(ofDomain: domain)
            if domains.count > 1 { store.arguments += ["--app", BackupOrigin.bundleID(ofDomain: domain)] }
            return store
        }
    }

    /// `<container>/Data/Library/Application Support/default.store`, named by the container's metadata.
    private static func container(_ path: String) -> DiscoveredStore? {
        let support = path + "/Data/Library/Application Support"
        guard let status = try? FileStatus.of(support + "/" + StoreLocation.defaultFileName), status.isRegularFile else { return nil }
        // Other apps' containers have a default.store too: keep ParPair's, read through a private snapshot.
        guard let reader = try? StoreReader(path: support) else { return nil }
        reader.close()
        let bundleID = DeviceBackup.containerIdentifier(path)
        return DiscoveredStore(kind: .container, arguments: [support], bundleID: bundleID)
    }
}
