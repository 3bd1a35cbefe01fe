/// Apple's binary property list (`bplist00`), read with bounds on every offset, count and depth.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let limits: PropertyListLimits
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let offsetTable: Int
    private var decoded = 0

    init(_ bytes: [UInt8], limits: PropertyListLimits) throws(PropertyListError) {
        self.bytes = bytes
        self.limits = limits
        guard bytes.count >= 8 + 32 else { throw .malformed("shorter than its header and trailer") }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else { throw .malformed("bad trailer sizes") }
        let count = Self.unsigned(bytes, at: trailer + 8, size: 8)
        let top = Self.unsigned(bytes, at: trailer + 16, size: 8)
        let table = Self.unsigned(bytes, at: trailer + 24, size: 8)
        guard count > 0, count <= UInt64(bytes.count), top < count, table >= 8, table < UInt64(trailer),
              UInt64(trailer) - table >= count * UInt64(offsetSize) else {
            throw .malformed("the offset table lies outside the file")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTable = Int(table)
    }

    mutating func top() throws(PropertyListError) -> PropertyListValue {
        try object(topObject, depth: 0)
    }

    private static func unsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private func read(_ offset: Int, size: Int) throws(PropertyListError) -> UInt64 {
        guard offset >= 0, size <= 8, offset <= offsetTable - size else { throw .malformed("a value runs past the objects") }
        return Self.unsigned(bytes, at: offset, size: size)
    }

    private func slice(_ offset: Int, count: Int) throws(PropertyListError) -> ArraySlice<UInt8> {
        guard offset >= 0, count >= 0, count <= offsetTable - offset else { throw .malformed("a value runs past the objects") }
        return bytes[offset..<(offset + count)]
    }

    private func reference(_ offset: Int) throws(PropertyListError) -> Int {
        let number = try read(offset, size: referenceSize)
        guard number < UInt64(objectCount) else { throw .malformed("a reference to object \(number) of \(objectCount)") }
        return Int(number)
    }

    /// The marker's count: in its low nibble, or in the integer that follows when the nibble is 15.
    private func count(at offset: Int, marker: UInt8) throws(PropertyListError) -> (count: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        let intMarker = try read(offset + 1, size: 1)
        guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 3 else { throw .malformed("a bad count") }
        let size = 1 << Int(intMarker & 0x0F)
        let value = try read(offset + 2, size: size)
        guard value <= UInt64(bytes.count) else { throw .malformed("a count of \(value)") }
        return (Int(value), offset + 2 + size)
    }

    private mutating func object(_ number: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        decoded += 1
        guard decoded <= limits.maximumValues else { throw .tooManyValues(limit: limits.maximumValues) }
        guard depth <= limits.maximumDepth else { throw .tooDeep(limit: limits.maximumDepth) }
        // The offset table's bounds were checked against the object count when the file was opened.
        let raw = Self.unsigned(bytes, at: offsetTable + number * offsetSize, size: offsetSize)
        guard raw >= 8, raw < UInt64(offsetTable) else { throw .malformed("object \(number) lies outside the objects") }
        let offset = Int(raw)
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw .malformed("marker \(marker)")
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16 else { throw .malformed("an integer of \(size) bytes") }
            let raw = try read(offset + 1 + max(0, size - 8), size: min(size, 8))
            return .integer(size >= 8 ? Int64(bitPattern: raw) : Int64(raw))
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            let raw = try read(offset + 1, size: size)
            switch size {
            case 4: return .real(Double(Float(bitPattern: UInt32(raw))))
            case 8: return .real(Double(bitPattern: raw))
            default: throw .malformed("a real of \(size) bytes")
            }
        case 0x3:
            guard marker == 0x33 else { throw .malformed("marker \(marker)") }
            return .date(Double(bitPattern: try read(offset + 1, size: 8)))
        case 0x4:
            let (count, start) = try count(at: offset, marker: marker)
            return .data(Array(try slice(start, count: count)))
        case 0x5:
            let (count, start) = try count(at: offset, marker: marker)
            return .string(String(decoding: try slice(start, count: count), as: UTF8.self))
        case 0x6:
            let (count, start) = try count(at: offset, marker: marker)
            guard count <= Int.max / 2 else { throw .malformed("a string too long") }
            let raw = try slice(start, count: count * 2)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            var index = raw.startIndex
            while index < raw.endIndex {
                units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
                index += 2
            }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            return .uid(try read(offset + 1, size: Int(marker & 0x0F) + 1))
        case 0xA, 0xC:
            let (count, start) = try count(at: offset, marker: marker)
            _ = try slice(start, count: count * referenceSize)
            var values: [PropertyListValue] = []
            for index in 0..<count {
                values.append(try object(try reference(start + index * referenceSize), depth: depth + 1))
            }
            return .array(values)
        case 0xD:
            let (count, start) = try count(at: offset, marker: marker)
            _ = try slice(start, count: count * 2 * referenceSize)
            var entries: [String: PropertyListValue] = [:]
            for index in 0..<count {
                guard case .string(let key) = try object(try reference(start + index * referenceSize), depth: depth + 1) else {
                    throw .malformed("a dictionary key that is not a string")
                }
                entries[key] = try object(try reference(start + (count + index) * referenceSize), depth: depth + 1)
            }
            return .dictionary(entries)
        default:
            throw .malformed("marker \(marker)")
        }
    }
}
