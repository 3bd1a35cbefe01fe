import Foundation

/// One input from libFuzzer, and how a harness reports a broken property.
///
/// A harness turns the raw bytes into whatever it tests; when a property does not hold it calls
/// ``violated(_:)``, which prints what was expected and aborts, so libFuzzer saves the input as a crasher
/// (`crash-<sha1>`) and stops.
struct FuzzInput {
    /// The bytes exactly as libFuzzer produced them.
    let bytes: [UInt8]

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The bytes as UTF-8, with invalid sequences replaced by U+FFFD.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Reports a broken property with the input and aborts the process.
    func violated(_ message: String) -> Never {
        let escaped = bytes.map { String(format: "\\x%02X", $0) }.joined()
        let report = "PROPERTY VIOLATED: \(message)\ninput (\(bytes.count) bytes): \"\(escaped)\"\n"
        FileHandle.standardError.write(Data(report.utf8))
        abort()
    }
}
