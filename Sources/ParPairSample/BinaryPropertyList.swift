/// A minimal, deterministic writer of Apple's binary property lists (`bplist00`).
///
/// Foundation's writer orders dictionary keys by hash, which changes from run to run; this one
/// keeps keys in the order given, so the same metadata gives the same bytes. It writes only what
/// `Z_METADATA.Z_PLIST` needs: strings, integers, data, arrays and dictionaries.
enum BinaryPropertyList {
    indirect enum Value {
        case string(String)
        case integer(Int64)
        case data([UInt8])
        case array([Value])
        case dictionary([(key: String, value: Value)])
    }

    /// Encodes a value as `bplist00` bytes.
    static func encode(_ root: Value) -> [UInt8] {
        var table = ObjectTable()
        table.add(root)
        let objects = table.objects.map { $0.bytes(referenceSize: table.referenceSize) }
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(output.count)
            output += object
        }
        let offsetTableStart = output.count
        let offsetSize = offsetTableStart < 256 ? 1 : (offsetTableStart < 65_536 ? 2 : 4)
        for offset in offsets { output += bigEndian(offset, size: offsetSize) }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(table.referenceSize)]
        output += bigEndian(objects.count, size: 8) + bigEndian(0, size: 8) + bigEndian(offsetTableStart, size: 8)
        return output
    }

    /// Objects in the order they are numbered; containers refer to others by number.
    private struct ObjectTable {
        enum Object {
            case leaf([UInt8])
            case array([Int])
            case dictionary(keys: [Int], values: [Int])

            func bytes(referenceSize: Int) -> [UInt8] {
                switch self {
                case .leaf(let bytes):
                    return bytes
                case .array(let references):
                    return marker(0xA0, count: references.count)
                        + references.flatMap { bigEndian($0, size: referenceSize) }
                case .dictionary(let keys, let values):
                    return marker(0xD0, count: keys.count) + keys.flatMap { bigEndian($0, size: referenceSize) }
                        + values.flatMap { bigEndian($0, size: referenceSize) }
                }
            }
        }

        var objects: [Object] = []

        var referenceSize: Int { objects.count < 256 ? 1 : (objects.count < 65_536 ? 2 : 4) }

        @discardableResult
        mutating func add(_ value: Value) -> Int {
            let index = objects.count
            objects.append(.leaf([]))
            switch value {
            case .string(let text):
                objects[index] = .leaf(encodeString(text))
            case .integer(let number):
                objects[index] = .leaf(encodeInteger(number))
            case .data(let bytes):
                objects[index] = .leaf(marker(0x40, count: bytes.count) + bytes)
            case .array(let items):
                var references: [Int] = []
                for item in items { references.append(add(item)) }
                objects[index] = .array(references)
            case .dictionary(let pairs):
                var keys: [Int] = []
                var values: [Int] = []
                for pair in pairs { keys.append(add(.string(pair.key))) }
                for pair in pairs { values.append(add(pair.value)) }
                objects[index] = .dictionary(keys: keys, values: values)
            }
            return index
        }
    }

    fileprivate static func encodeString(_ text: String) -> [UInt8] {
        if text.unicodeScalars.allSatisfy({ $0.isASCII }) {
            return marker(0x50, count: text.utf8.count) + Array(text.utf8)
        }
        let units = Array(text.utf16)
        return marker(0x60, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    fileprivate static func encodeInteger(_ number: Int64) -> [UInt8] {
        if number >= 0 && number < 256 { return [0x10, UInt8(number)] }
        if number >= 0 && number < 65_536 { return [0x11] + bigEndian(Int(number), size: 2) }
        if number >= 0 && number < 4_294_967_296 { return [0x12] + bigEndian(Int(number), size: 4) }
        return [0x13] + bigEndian(Int(truncatingIfNeeded: number), size: 8)
    }

    /// A type marker with its length in the low nibble, or 0x0F followed by an integer object.
    fileprivate static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [type | UInt8(count)] : [type | 0x0F] + encodeInteger(Int64(count))
    }

    fileprivate static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: UInt64(bitPattern: Int64(value)) >> (8 * UInt64($0))) }
    }
}
