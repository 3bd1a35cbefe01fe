/// A sink whose first bytes were written before the render began (sent ahead, so that the validator reads the
/// document's prologue and its DTD while the report data is made): the render writes them again, first, and
/// here they are compared with what was sent and dropped; everything after goes to the sink as it comes.
struct SentAheadSink: ReportSink {
    var sink: DescriptorSink
    private let ahead: [UInt8]
    /// The template's name, for the message.
    private let name: String
    private var matched = 0
    private var diverged = false

    init(_ sink: DescriptorSink, ahead: String, name: String) {
        self.sink = sink
        self.ahead = Array(ahead.utf8)
        self.name = name
    }

    mutating func write(_ string: String) {
        guard matched < ahead.count, !diverged else {
            sink.write(string)
            return
        }
        var string = string
        string.withUTF8 { bytes in
            let count = min(bytes.count, ahead.count - matched)
            guard bytes.prefix(count).elementsEqual(ahead[matched..<(matched + count)]) else {
                diverged = true
                return
            }
            matched += count
            if count < bytes.count { sink.write(bytes[count...]) }
        }
    }

    /// Checks that the render wrote exactly what was sent ahead, then sends the last bytes on (to the validator too).
    mutating func finishReport() throws {
        try checkSentAheadWasWritten()
        try sink.finish()
    }

    /// Throws unless the render wrote exactly what was sent ahead before anything else: the document would
    /// not be what the render made (never seen; the text sent is the template's own first text).
    private func checkSentAheadWasWritten() throws {
        guard diverged || matched < ahead.count else { return }
        throw ReportError.invalidHTML(template: name, problems: "1:1: the text sent ahead of the render is not the text the "
            + "render began with (a defect of parpair-report: report it)")
    }
}
