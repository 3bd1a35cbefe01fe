import Foundation
import ParPairReport
import PrintableText
import XHTML

/// `parpair-report validate FILE`: the same XHTML 1.0 Strict check reports get, on any file.
enum ValidateCommand: Subcommand {
    static let spec = CommandSpec(
        name: .validate, summary: "check that a file is valid XHTML 1.0 Strict (offline, against the W3C DTD)",
        usage: ["FILE"], positional: .file,
        description: """
        Parses FILE with libxml2 and validates it against the XHTML 1.0 Strict DTD of the W3C Recommendation
        of 2002-08-01, built into this program (no XML catalog, no file, no network: the same verdict on every
        system). Prints every problem as line:column: message and exits 65 when the file is not valid, 0 when
        it is (72 only if the built-in DTD cannot be read, a damaged program).
        """)

    static func run(_ parsed: Arguments, console: Console) throws {
        let path = try parsed.positionals("FILE")[0]
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw GeneralError("\(path): no such file", exitCode: .noInput)
        }
        guard !isFolder.boolValue else {
            throw GeneralError("\(path): cannot read a folder", exitCode: .noInput)
        }
        // Read a chunk at a time: a large file is never held in memory whole.
        let result: XMLCheckResult
        do {
            result = try XHTMLValidator().validate(fileAt: path, name: path)
        } catch {
            throw GeneralError(error.description, exitCode: .noInput)
        }
        switch result.outcome {
        case .passed:
            console.out("\(PrintableText.escaped(path)): valid XHTML 1.0 Strict\n")
        case .dtdUnavailable(let missing):
            throw GeneralError(missing.description, exitCode: .osFile)
        default:
            throw GeneralError(result.description, exitCode: .dataError)
        }
    }
}
