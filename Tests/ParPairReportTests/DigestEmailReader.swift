import Foundation
import TestSupport

/// Reads a message with Python's standard `email` package (`email.policy.default`): an independent
/// parser that says whether mail software gets back what the digest put in.
///
/// `python3` is looked up on PATH; when it is missing the calling test fails, it is not skipped.
enum DigestEmailReader {
    struct Message: Decodable {
        struct Address: Decodable, Equatable {
            var name: String
            var addr: String
        }

        struct Part: Decodable {
            var type: String
            var filename: String?
            var charset: String?
            var disposition: String?
            var payload: String
            var text: String?

            /// The part's decoded bytes.
            var bytes: [UInt8] { Array(Data(base64Encoded: payload) ?? Data()) }
        }

        var defects: [String]
        var headerNames: [String]
        var from: [Address]
        var to: [Address]
        var subject: String?
        var date: Double?
        var messageID: String?
        var mimeVersion: String?
        var structure: [String]
        var parts: [Part]
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static let script = #"""
import base64, email, email.policy, json, sys
raw = sys.stdin.buffer.read()
msg = email.message_from_bytes(raw, policy=email.policy.default)
defects, structure, parts = [], [], []
for part in msg.walk():
    defects += [type(d).__name__ for d in part.defects]
    structure.append(part.get_content_type())
    if part.is_multipart():
        continue
    parts.append({
        'type': part.get_content_type(),
        'filename': part.get_filename(),
        'charset': part.get_content_charset(),
        'disposition': part.get_content_disposition(),
        'payload': base64.b64encode(part.get_payload(decode=True)).decode('ascii'),
        'text': part.get_content() if part.get_content_maintype() == 'text' else None,
    })
def addresses(name):
    header = msg[name]
    if header is None:
        return []
    defects.extend(name + ': ' + type(d).__name__ for d in header.defects)
    return [{'name': a.display_name, 'addr': a.addr_spec} for a in header.addresses]
def text(name):
    return None if msg[name] is None else str(msg[name])
date = msg['Date']
print(json.dumps({
    'defects': defects, 'headerNames': list(msg.keys()),
    'from': addresses('From'), 'to': addresses('To'), 'subject': text('Subject'),
    'date': None if date is None or date.datetime is None else date.datetime.timestamp(),
    'messageID': text('Message-ID'), 'mimeVersion': text('MIME-Version'),
    'structure': structure, 'parts': parts,
}))
"""#

    /// `python3` from PATH.
    static func python() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "python3 is not on PATH (\(path)); the digest e-mail tests need it")
    }

    /// Parses `message` and returns what Python saw.
    static func read(_ message: [UInt8]) throws -> Message {
        let process = Process()
        process.executableURL = try python()
        process.arguments = ["-c", script]
        let captured = try process.runCapturingOutput(input: message)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed (\(process.terminationStatus)): \(String(decoding: captured.stderr, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Message.self, from: captured.stdout)
    }
}
