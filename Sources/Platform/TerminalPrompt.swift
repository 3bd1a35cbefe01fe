import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A question asked on the terminal whose answer is not shown as it is typed (a password).
package enum TerminalPrompt {
    /// Whether standard input is a terminal someone can answer at.
    package static var canAsk: Bool { isatty(STDIN_FILENO) == 1 }

    /// Writes `text` to standard error and reads a line from standard input with echo off, restoring the
    /// terminal afterwards; the line without its newline (what was typed before the input ended, or failed).
    package static func readSecretLine(_ text: String) -> [UInt8] {
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
        let input = FileDescriptor(rawValue: STDIN_FILENO, path: "standard input")
        var line: [UInt8] = []
        while let byte = (try? input.read(exactly: 1)) ?? nil, byte[0] != 0x0A { line.append(byte[0]) }
        return line
    }
}
