/// A property list value as read from a file: what Apple's binary and XML property lists can hold.
public indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    /// Seconds since 2001-01-01 00:00:00 UTC (Core Foundation's reference date).
    case date(Double)
    case data([UInt8])
    /// A keyed archive's reference to another object (binary property lists only).
    case uid(UInt64)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    public subscript(key: String) -> PropertyListValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var data: [UInt8]? { if case .data(let value) = self { value } else { nil } }
    public var uid: UInt64? { if case .uid(let value) = self { value } else { nil } }
    public var array: [PropertyListValue]? { if case .array(let value) = self { value } else { nil } }
    public var date: Double? { if case .date(let value) = self { value } else { nil } }
}

/// Limits that keep a hostile property list from exhausting the stack, memory or time.
public struct PropertyListLimits: Sendable {
    /// The largest input accepted, in bytes.
    public var maximumBytes: Int
    /// The deepest nesting of arrays and dictionaries.
    public var maximumDepth: Int
    /// The most values decoded in all (shared objects count each time they are reached).
    public var maximumValues: Int

    public init(maximumBytes: Int = 32 << 20, maximumDepth: Int = 64, maximumValues: Int = 1_000_000) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
    }
}

/// Why bytes are not a property list this reader accepts.
public enum PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAPropertyList
    case tooLarge(bytes: Int, limit: Int)
    case tooDeep(limit: Int)
    case tooManyValues(limit: Int)
    case malformed(String)

    public var description: String {
        switch self {
        case .notAPropertyList: "not a property list"
        case .tooLarge(let bytes, let limit): "a property list of \(bytes) bytes, over the limit of \(limit)"
        case .tooDeep(let limit): "a property list nested more than \(limit) levels deep"
        case .tooManyValues(let limit): "a property list of more than \(limit) values"
        case .malformed(let detail): "a damaged property list (\(detail))"
        }
    }
}

public enum PropertyList {
    /// Reads a binary (`bplist00`) or XML property list within `limits`.
    public static func read(_ bytes: [UInt8], limits: PropertyListLimits = PropertyListLimits()) throws(PropertyListError) -> PropertyListValue {
        guard bytes.count <= limits.maximumBytes else { throw .tooLarge(bytes: bytes.count, limit: limits.maximumBytes) }
        if bytes.starts(with: Array("bplist00".utf8)) {
            var reader = try BinaryPropertyListReader(bytes, limits: limits)
            return try reader.top()
        }
        let start = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        guard start.first == UInt8(ascii: "<") else { throw .notAPropertyList }
        return try XMLPropertyListReader.read(bytes, limits: limits)
    }
}
