/// RFC 4180 text in, a `CSVDialect` out, a record at a time: what is held is one record, whatever the length of
/// the export. Records are read as `CSVDialect.records(_:)` reads a whole text, so both give the same bytes.
struct CSVDialectConverter {
    let dialect: CSVDialect
    private var started = false
    private var fields: [CSVDialect.Field] = []
    private var value: [UInt8] = []
    private var quoted = false
    private var inQuotes = false
    /// A `"` inside quotes whose meaning the next byte decides: `""` is a quote, anything else ends the quotes.
    private var quoteSeen = false
    /// A CR outside quotes whose meaning the next byte decides: CRLF ends the record, anything else keeps the CR.
    private var carriageReturn = false

    init(_ dialect: CSVDialect) { self.dialect = dialect }

    /// Converts `bytes`, handing `emit` each finished record (and the byte-order mark first).
    mutating func feed(_ bytes: some Sequence<UInt8>, emit: ([UInt8]) -> Void) {
        if !started {
            started = true
            if dialect != .rfc4180 { emit(CSVDialect.byteOrderMark) }
        }
        guard dialect == .excelSemicolon else {
            let chunk = Array(bytes)
            if !chunk.isEmpty { emit(chunk) }
            return
        }
        for byte in bytes { take(byte, emit: emit) }
    }

    /// The last record, when the text did not end with a line break.
    mutating func finish(emit: ([UInt8]) -> Void) {
        if !started { feed([], emit: emit) }
        guard dialect == .excelSemicolon else { return }
        if quoteSeen { (quoteSeen, inQuotes) = (false, false) }
        if carriageReturn { (carriageReturn, value) = (false, value + [0x0D]) }
        if !value.isEmpty || quoted || !fields.isEmpty { endRecord([], emit: emit) }
    }

    private mutating func take(_ byte: UInt8, emit: ([UInt8]) -> Void) {
        if quoteSeen {
            quoteSeen = false
            if byte == UInt8(ascii: "\"") {
                value.append(byte)
                return
            }
            inQuotes = false
        } else if inQuotes {
            if byte == UInt8(ascii: "\"") { quoteSeen = true } else { value.append(byte) }
            return
        }
        if carriageReturn {
            carriageReturn = false
            if byte == 0x0A {
                endRecord([0x0D, 0x0A], emit: emit)
                return
            }
            value.append(0x0D)
        }
        switch byte {
        case UInt8(ascii: "\""):
            inQuotes = true
            quoted = true
        case UInt8(ascii: ","):
            endField()
        case 0x0D:
            carriageReturn = true
        case 0x0A:
            endRecord([0x0A], emit: emit)
        default:
            value.append(byte)
        }
    }

    private mutating func endField() {
        fields.append(CSVDialect.Field(value: value, quoted: quoted))
        value = []
        quoted = false
    }

    private mutating func endRecord(_ terminator: [UInt8], emit: ([UInt8]) -> Void) {
        endField()
        var output: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ";")) }
            output += CSVDialect.semicolonField(field.value, wasQuoted: field.quoted)
        }
        emit(output + terminator)
        fields.removeAll(keepingCapacity: true)
    }
}

/// A `TextOutputStream` that writes RFC 4180 text to `target` in a dialect, record by record, optionally with its
/// first line replaced (machine headers by the headings people read).
struct CSVDialectStream<Target: TextOutputStream>: TextOutputStream {
    var target: Target
    private var converter: CSVDialectConverter
    /// The first line to replace and its replacement, each with its CRLF; nil once the first line is past.
    private var header: (machine: String, replacement: String)?
    private var firstLine = ""

    init(_ dialect: CSVDialect, into target: Target, replacingHeader header: (machine: String, replacement: String)? = nil) {
        self.target = target
        converter = CSVDialectConverter(dialect)
        self.header = header
    }

    mutating func write(_ string: String) {
        guard let header else { return convert(string) }
        firstLine += string
        guard firstLine.utf8.count >= header.machine.utf8.count || firstLine.contains("\n") else { return }
        self.header = nil
        let text = firstLine.hasPrefix(header.machine) ? header.replacement + firstLine.dropFirst(header.machine.count) : firstLine
        firstLine = ""
        convert(text)
    }

    /// Writes what is still held: a first line shorter than the header, and the last record.
    mutating func finish() {
        if header != nil {
            header = nil
            convert(firstLine)
        }
        var converted: [UInt8] = []
        converter.finish { converted += $0 }
        write(converted)
    }

    /// Text the dialect keeps as it is (RFC 4180, Excel's comma) goes straight to `target`, after the
    /// byte-order mark; the converted bytes are gathered first and written once, never through a copy of
    /// `target` (whose buffer the copy would share, so every append would copy it).
    private mutating func convert(_ text: String) {
        var converted: [UInt8] = []
        if converter.dialect == .excelSemicolon {
            converter.feed(text.utf8) { converted += $0 }
            return write(converted)
        }
        converter.feed([]) { converted += $0 }  // the byte-order mark, the first time
        write(converted)
        if !text.isEmpty { target.write(text) }
    }

    private mutating func write(_ bytes: [UInt8]) {
        if !bytes.isEmpty { target.write(String(decoding: bytes, as: UTF8.self)) }
    }
}
