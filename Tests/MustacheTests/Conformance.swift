import Foundation
import Mustache

/// The shared conformance data, `../shared/conformance` next to the package root.
enum Conformance {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MustacheTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("../shared/conformance")
        .standardizedFileURL

    struct MissingData: Error, CustomStringConvertible {
        let path: String
        let underlying: String
        var description: String { "conformance data missing or unreadable at \(path): \(underlying)" }
    }

    /// The contents of a conformance file; throws (so the test fails) when it is missing.
    static func data(_ relativePath: String) throws -> Data {
        let url = root.appendingPathComponent(relativePath)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw MissingData(path: url.path, underlying: "\(error)")
        }
    }

    static func json(_ relativePath: String) throws -> Any {
        try JSONSerialization.jsonObject(with: data(relativePath), options: [.fragmentsAllowed])
    }

    /// A JSON value from `JSONSerialization` as template data. Booleans are told from numbers by their
    /// Objective-C type code (`c`), which Linux and Darwin Foundation both use.
    static func mustacheValue(_ json: Any) -> MustacheValue {
        switch json {
        case is NSNull:
            return .null
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default: return .int(number.intValue)
            }
        case let array as [Any]:
            return .array(array.map(mustacheValue))
        case let dictionary as [String: Any]:
            return .dictionary(dictionary.mapValues(mustacheValue))
        default:
            return .string("\(json)")
        }
    }
}
