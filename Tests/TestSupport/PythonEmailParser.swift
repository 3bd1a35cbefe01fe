import Foundation

/// Parses messages with Python's standard `email` package (policy.default), an independent reader
/// that tells us whether real mail software gets back what we put in.
///
/// Python is required: when it cannot be found the calling test fails (it is not skipped).
public enum PythonEmailParser {
    /// What Python's parser saw in a message.
    public struct Parsed: Decodable, Sendable {
        public struct Address: Decodable, Equatable, Sendable {
            public var name: String
            public var addr: String

            public init(name: String, addr: String) {
                self.name = name
                self.addr = addr
            }
        }

        public struct Part: Decodable, Sendable {
            public var type: String
            public var filename: String?
            public var charset: String?
            public var disposition: String?
            public var transferEncoding: String?
            public var payloadBase64: String
            public var content: String?

            /// The decoded body bytes.
            public var payload: [UInt8] { Array(Data(base64Encoded: payloadBase64) ?? Data()) }
        }

        public struct EncodedWord: Decodable, Sendable {
            public var word: String
            public var validUTF8: Bool
        }

        public var defects: [String]
        public var headerNames: [String]
        public var from: [Address]
        public var to: [Address]
        public var subject: String?
        public var dateTimestamp: Double?
        public var messageID: String?
        public var mimeVersion: String?
        public var structure: [String]
        public var parts: [Part]
        public var encodedWords: [EncodedWord]
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private static let script = #"""
import base64, email, email.policy, email.header, json, re, sys
raw = open(sys.argv[1], 'rb').read()
msg = email.message_from_bytes(raw, policy=email.policy.default)
defects = []
structure = []
parts = []
for part in msg.walk():
    defects += [type(d).__name__ + ': ' + str(d) for d in part.defects]
    structure.append(part.get_content_type())
    if part.is_multipart():
        continue
    payload = part.get_payload(decode=True)
    content = part.get_content() if part.get_content_maintype() == 'text' else None
    parts.append({
        'type': part.get_content_type(),
        'filename': part.get_filename(),
        'charset': part.get_content_charset(),
        'disposition': part.get_content_disposition(),
        'transferEncoding': part.get('Content-Transfer-Encoding'),
        'payloadBase64': base64.b64encode(payload).decode('ascii'),
        'content': content,
    })
def addresses(name):
    header = msg[name]
    if header is None:
        return []
    for d in header.defects:
        defects.append(name + ': ' + type(d).__name__ + ': ' + str(d))
    return [{'name': a.display_name, 'addr': a.addr_spec} for a in header.addresses]
head = raw.split(b'\r\n\r\n', 1)[0].decode('ascii')
words = []
for word in re.findall(r'=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=', head):
    try:
        [(data, charset)] = email.header.decode_header(word)
        data.decode(charset, 'strict')
        valid = True
    except Exception:
        valid = False
    words.append({'word': word, 'validUTF8': valid})
date = msg['Date']
print(json.dumps({
    'defects': defects,
    'headerNames': list(msg.keys()),
    'from': addresses('From'),
    'to': addresses('To'),
    'subject': None if msg['Subject'] is None else str(msg['Subject']),
    'dateTimestamp': None if date is None or date.datetime is None else date.datetime.timestamp(),
    'messageID': None if msg['Message-ID'] is None else str(msg['Message-ID']),
    'mimeVersion': None if msg['MIME-Version'] is None else str(msg['MIME-Version']),
    'structure': structure,
    'parts': parts,
    'encodedWords': words,
}))
"""#

    /// Where python3 lives: common absolute paths first, then every folder on PATH.
    public static func pythonPath() throws -> String {
        var candidates = ["/usr/bin/python3", "/root/.pyenv/shims/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        candidates += path.split(separator: ":").map { "\($0)/python3" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "python3 not found (tried \(candidates.joined(separator: ", "))); these tests need it")
        }
        return found
    }

    /// Runs Python's parser over `message` and returns what it saw.
    public static func parse(_ message: [UInt8]) throws -> Parsed {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("mailtests-\(UUID().uuidString).eml")
        try Data(message).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try pythonPath())
        process.arguments = ["-c", script, file.path]
        let captured = try process.runCapturingOutput()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 exited with \(process.terminationStatus): \(String(decoding: captured.stderr, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Parsed.self, from: captured.stdout)
    }
}
