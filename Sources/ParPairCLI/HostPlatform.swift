import Foundation
import ParPairStore
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What differs between macOS and other systems for the command line, in one place: where a Mac keeps
/// iPhone backups and app containers, and what a refused read of Finder's backup folder means there.
/// `Console` carries it, so tests on Linux act as a Mac by injecting one.
struct HostPlatform: Sendable {
    /// Whether the tool runs on macOS.
    var isMacOS: Bool
    /// The system's error code for reading `path` (listing a folder, opening a file), or nil when it can be read.
    var readFailure: @Sendable (String) -> Int32?

    /// The system this process runs on.
    static let current = HostPlatform(isMacOS: runningOnMacOS, readFailure: { FileDescriptor.readFailure(of: $0)?.code })

    #if os(macOS)
    private static let runningOnMacOS = true
    #else
    private static let runningOnMacOS = false
    #endif

    /// Where `stores` looks without folders: on macOS Finder's backups and the Apple Silicon app
    /// containers under `home`; nil elsewhere, where the folders must be given.
    func defaultStoreFolders(home: String) -> [String]? {
        isMacOS ? StoreDiscovery.defaultFolders(home: home) : nil
    }

    /// The folder macOS guards (TCC): Finder's `MobileSync`, whose `Backup` holds the device backups.
    static let protectedFolder = "/Library/Application Support/MobileSync"

    /// The error for a path macOS will not let this process read: on macOS, a path at or below a
    /// `…/Library/Application Support/MobileSync` folder whose read fails with EPERM (privacy protection,
    /// not file permissions, which give EACCES). Nil otherwise, and then nothing is read.
    func privacyRefusal(reading path: String) -> GeneralError? {
        guard isMacOS else { return nil }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        guard let range = absolute.range(of: Self.protectedFolder),
              absolute[range.upperBound...].isEmpty || absolute[range.upperBound...].hasPrefix("/"),
              readFailure(path) == EPERM else { return nil }
        return GeneralError(
            "\(path): macOS is protecting this folder (Operation not permitted): give the terminal, or the app that "
                + "runs parpair-report, Full Disk Access in System Settings → Privacy & Security → Full Disk Access, "
                + "then run it again",
            exitCode: .noPermission)
    }
}
