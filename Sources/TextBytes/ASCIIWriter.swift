/// Writes a short ASCII string byte by byte straight into the new string's storage: numbers, dates and ids that are
/// written for every row or every log, where building them from smaller strings would make several strings each.
///
/// The one place the domain's digit writing touches unchecked memory. Its invariant: the writer only exists inside
/// ``string(capacity:_:)``, cannot be copied out of it (`~Copyable`), and checks every write against the capacity it
/// was given (`precondition`), so a miscounted capacity traps instead of writing past the storage. Bytes are ASCII
/// (checked too), so the string is valid UTF-8 as written. Inlinable, as the loop a caller wrote itself would be.
///
///     ASCIIWriter.string(capacity: 10) { $0.append(decimal: 7, minimumDigits: 3) }  // "007"
public struct ASCIIWriter: ~Copyable {
    @usableFromInline let storage: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline var written = 0
    /// The bytes written so far.
    public var count: Int { written }

    @usableFromInline init(storage: UnsafeMutableBufferPointer<UInt8>) {
        self.storage = storage
    }

    /// A string of at most `capacity` ASCII bytes, written front to back by `body`.
    @inlinable public static func string(capacity: Int, _ body: (inout ASCIIWriter) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { storage in
            var writer = ASCIIWriter(storage: storage)
            body(&writer)
            return writer.written
        }
    }

    /// Appends one ASCII byte.
    @inlinable public mutating func append(_ byte: UInt8) {
        precondition(byte < 0x80, "ASCIIWriter: not ASCII")
        precondition(written < storage.count, "ASCIIWriter: more bytes than the capacity")
        storage[written] = byte
        written += 1
    }

    /// Appends `value` in decimal, with leading zeros up to `minimumDigits` digits: `append(decimal: 5, minimumDigits: 2)`
    /// writes `05`.
    @inlinable public mutating func append(decimal value: UInt64, minimumDigits: Int = 1) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        digits = max(digits, minimumDigits)
        precondition(written + digits <= storage.count, "ASCIIWriter: more bytes than the capacity")
        rest = value
        for position in stride(from: written + digits - 1, through: written, by: -1) {
            storage[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        written += digits
    }

    /// Appends `byte` as two hexadecimal digits, lowercase unless `uppercase`.
    @inlinable public mutating func append(hex byte: UInt8, uppercase: Bool = false) {
        let letters = uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")
        func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : letters + nibble - 10 }
        append(digit(byte >> 4))
        append(digit(byte & 0x0F))
    }
}
