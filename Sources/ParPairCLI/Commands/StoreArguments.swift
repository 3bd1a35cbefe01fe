import Foundation
import ParPairStore
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

    /// The password is never an argument's value (other users see those in `ps`): the first line of
    /// `--password-file`, else `$PARPAIR_BACKUP_PASSWORD`, else a prompt without echo when standard input
    /// is a terminal; nil otherwise. It is read only when the backup turns out to be encrypted.
    ///
    /// - Throws: `GeneralError` (exit 77) when macOS protects Finder's backup folder from this process.
    static func request(_ parsed: Arguments, path: String, console: Console) throws -> StoreRequest {
        if let refusal = console.platform.privacyRefusal(reading: path) { throw refusal }
        let file = try parsed.value(OptionTable.passwordFile)
        let environment = console.environment[passwordVariable]
        return StoreRequest(
            path: path, device: try parsed.value(OptionTable.device), app: try parsed.value(OptionTable.app),
            password: {
                if let file { return try firstLine(of: file) }
                if let environment, !environment.isEmpty { return Array(environment.utf8) }
                return isatty(STDIN_FILENO) == 1 ? prompt("Backup password: ") : nil
            },
            warn: { console.err("parpair-report: warning: \($0)\n") })
    }

    static func firstLine(of path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw GeneralError("--password-file \(path): cannot read it", exitCode: .noInput)
        }
        defer { try? handle.close() }
        let bytes = (try? handle.read(upToCount: 4096)) ?? Data()
        var line = Array(bytes.prefix { $0 != 0x0A })
        if line.last == 0x0D { line.removeLast() }
        return line
    }

    /// Reads a line from the terminal with echo off, restoring the terminal afterwards.
    static func prompt(_ text: String) -> [UInt8]? {
        FileHandle.standardError.write(Data(text.utf8))
        var saved = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if haveTerminal {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if haveTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        return line
    }
}
