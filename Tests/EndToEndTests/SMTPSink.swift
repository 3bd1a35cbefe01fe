import Foundation
import TestSupport

/// A real SMTP server on 127.0.0.1 (`Tests/Mail/smtp_sink.py`, Python's aiosmtpd), to which msmtp delivers in
/// the e-mail recipe tests; what it received is read back from its folder. Nothing of ours speaks SMTP here.
final class SMTPSink {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// The envelope msmtp gave: `MAIL FROM` and each `RCPT TO`.
    struct Envelope: Decodable {
        var mailFrom: String
        var rcptTos: [String]

        enum CodingKeys: String, CodingKey {
            case mailFrom = "mail_from"
            case rcptTos = "rcpt_tos"
        }
    }

    let port: Int
    let folder: String
    private let process: Process
    private let input: Pipe
    private let errors: String

    init(folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let errors = folder + ".stderr"
        self.errors = errors
        guard FileManager.default.createFile(atPath: errors, contents: nil) else { throw Failed(description: "cannot create \(errors)") }
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        self.process = process
        self.input = input
        process.executableURL = URL(fileURLWithPath: try PythonEmailParser.pythonPath())
        process.arguments = [PackageFiles.root.appendingPathComponent("Tests/Mail/smtp_sink.py").path, folder]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errors)
        try onThreadOfItsOwn { try process.run() }
        // The first line is the port; end of file first means the server did not start.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            onThreadOfItsOwn { process.waitUntilExit() }
            let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw Failed(description: "the SMTP server did not start (exit \(process.terminationStatus)): \(said)")
        }
        self.port = port
    }

    /// The `number`th message received (from 1), with its envelope. msmtp returns once the server has answered
    /// the message, and the server writes it before answering, so it is there when the sender has finished.
    func message(_ number: Int) throws -> (envelope: Envelope, bytes: Data) {
        let base = folder + "/\(number)"
        guard FileManager.default.fileExists(atPath: base + ".json") else {
            let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw Failed(description: "the SMTP server has no message \(number); it said: \(said)")
        }
        let envelope = try JSONDecoder().decode(Envelope.self, from: Data(contentsOf: URL(fileURLWithPath: base + ".json")))
        return (envelope, try Data(contentsOf: URL(fileURLWithPath: base + ".eml")))
    }

    /// How many messages the server has received.
    var messageCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.count
    }

    /// Closes the server's standard input, which stops it, and waits for it.
    func stop() {
        try? input.fileHandleForWriting.close()
        let process = self.process
        if process.isRunning { onThreadOfItsOwn { process.waitUntilExit() } }
        try? FileManager.default.removeItem(atPath: errors)
    }
}
