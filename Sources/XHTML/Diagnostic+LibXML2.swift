import CLibXML2
import Foundation

extension Diagnostic {
    /// A diagnostic from one of libxml2's structured errors.
    ///
    /// - Parameters:
    ///   - error: The error libxml2 passed to a structured error handler.
    ///   - documentName: The name to use when the error has no file of its own, which is the case
    ///     for every problem in the document itself (it is parsed from memory without a URL).
    init(libxml2 error: xmlError, documentName: String) {
        let file = error.file.map { String(cString: $0) }
        let rawMessage = error.message.map { String(cString: $0) }
        self.init(
            file: file ?? documentName,
            line: max(0, Int(error.line)),
            column: max(0, Int(error.int2)),
            severity: Int(error.level.rawValue) == Int(XML_ERR_WARNING.rawValue) ? .warning : .error,
            message: Diagnostic.oneLine(rawMessage ?? "libxml2 reported error \(error.code) without a message")
        )
    }

    /// The message with surrounding whitespace trimmed and inner line breaks turned into spaces,
    /// so that every diagnostic prints on one line.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(whereSeparator: \.isNewline)
        return lines
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }
}
