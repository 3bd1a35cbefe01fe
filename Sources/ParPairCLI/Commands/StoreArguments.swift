import Foundation
import PrintableText
import ParPairStore
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// STORE and the options that pick a store inside a device backup, with where its password comes from.
enum StoreArguments {
    static let passwordVariable = "PARPAIR_BACKUP_PASSWORD"

    /// What every command that reads a store says STORE may be, in its --help.
    static let help = """

        STORE is a default.store file, a folder holding one, an iPhone's device backup folder (Finder,
        iTunes or idevicebackup2; plain or encrypted), or a folder of backups such as
        ~/Library/Application Support/MobileSync/Backup, of which a device's newest backup is read
        (--device picks a device or a backup). 'parpair-report stores DIR' lists what a folder holds.
        """

    /// Every store the arguments name, as one family: several STOREs, `--device` more than once (of one backup
    /// folder), or `--all-devices`; `--password-file` once for all, or once per store in their order.
    /// - Throws: `UsageError` for counts that do not pair up; what `request` throws.
    static func requests(_ parsed: Arguments, console: Console) throws -> [StoreRequest] {
        let command = parsed.command.rawValue
        if parsed.positionals.isEmpty, let family = parsed.family {
            var requests: [StoreRequest] = []
            for target in try family.targets() {
                let udids = target.device == nil ? StoreRequest.deviceUDIDs(in: target.path) : []
                for device in udids.isEmpty ? [target.device] : udids.map(Optional.some) {
                    requests.append(try request(parsed, path: target.path, device: device,
                                                passwordFile: target.passwordFile ?? parsed.value(OptionTable.passwordFile), console: console))
                }
            }
            return requests
        }
        let paths = try parsed.positionals(atLeastOne: "STORE")
        let devices = try parsed.values(OptionTable.device)
        var targets: [(path: String, device: String?)] = []
        if parsed.flag(OptionTable.allDevices) {
            guard devices.isEmpty else { throw UsageError("--all-devices reads every device; leave out --device", command: command) }
            for path in paths {
                let udids = StoreRequest.deviceUDIDs(in: path)
                targets += udids.isEmpty ? [(path, nil)] : udids.map { (path, $0) }
            }
        } else if devices.count > 1 {
            guard paths.count == 1 else {
                throw UsageError("--device more than once picks devices of one backup folder; give one STORE (or one STORE per "
                    + "device, without --device)", command: command)
            }
            targets = devices.map { (paths[0], $0) }
        } else {
            targets = paths.map { ($0, devices.first) }
        }
        let files = try parsed.values(OptionTable.passwordFile)
        guard files.count <= 1 || files.count == targets.count else {
            throw UsageError("--password-file is given \(files.count) times for \(targets.count) stores; give it once for all, or "
                + "once per store in their order", command: command)
        }
        return try targets.enumerated().map { index, target in
            try request(parsed, path: target.path, device: target.device, passwordFile: files.count > 1 ? files[index] : files.first,
                        console: console)
        }
    }

    /// The password is never an argument's value (other users see those in `ps`): the first line of
    /// `--password-file`, else `$PARPAIR_BACKUP_PASSWORD`, else a prompt without echo when standard input
    /// is a terminal; nil otherwise. It is read only when the backup turns out to be encrypted, and from
    /// then on the process may not dump core (a core would hold the password and the decrypted data).
    ///
    /// - Throws: `GeneralError` (exit 77) when macOS protects Finder's backup folder from this process.
    static func request(_ parsed: Arguments, path: String, console: Console) throws -> StoreRequest {
        try request(parsed, path: path, device: try parsed.value(OptionTable.device), passwordFile: try parsed.value(OptionTable.passwordFile),
                    console: console)
    }

    static func request(_ parsed: Arguments, path: String, device: String?, passwordFile file: String?, console: Console) throws -> StoreRequest {
        if let refusal = console.platform.privacyRefusal(reading: path) { throw refusal }
        let environment = console.environment[passwordVariable]
        let quiet = parsed.flag(OptionTable.quiet)
        var request = StoreRequest(
            path: path, device: device, app: try parsed.value(OptionTable.app),
            password: {
                ProcessProtection.disableCoreDumps()
                if let file { return try passwordLine(file, console: console) }
                if let environment, !environment.isEmpty { return Array(environment.utf8) }
                return TerminalPrompt.canAsk ? TerminalPrompt.readSecretLine("Backup password: ") : nil
            },
            warn: { console.err("parpair-report: warning: \(PrintableText.escaped($0))\n") })
        request.note = { console.err("parpair-report: \(PrintableText.escaped($0))\n") }
        // Quiet is quiet: what a warning says of a report (a stale backup, the babies matched) is in its notes.
        if quiet {
            request.warn = { _ in }
            request.note = { _ in }
        } else {
            request.progress = console.progress
        }
        return request
    }
}

/// The first line of `--password-file FILE`; a refusal is one line and exit 66.
private func passwordLine(_ file: String, console: Console) throws -> [UInt8] {
    do {
        return try PasswordFile.firstLine(of: file, warn: { console.err("parpair-report: warning: --password-file \(PrintableText.escaped($0))\n") })
    } catch {
        throw GeneralError("--password-file \(error.path): \(error.reason); give a file holding the backup password on its first line",
                           exitCode: .noInput)
    }
}
