import Foundation
import ParPairAggregation

/// What a report's text is written into: a text stream that is told when the last of it has been written.
protocol ReportSink: TextOutputStream, SendableMetatype {
    /// The whole report has been written: the last bytes go on their way (to the file, to a validator).
    mutating func finishReport() throws
}

/// How a report reaches its destination: one value per kind of output. A job renders the report into the sink
/// `deliver` hands it; what happens around that (a check before anything is replaced, a validator on a thread of
/// its own, a private copy printed to PDF) belongs to the delivery. A new kind of output is a new delivery.
protocol ReportDelivery {
    associatedtype Sink: ReportSink

    /// Whether rendering keeps both cores busy (the HTML report and its validator), so that the store is let go of
    /// after the pages are written, not beside them.
    var rendersOnBothCores: Bool { get }

    /// Runs `render` with the sink the report goes into, and commits the output only once it and every check
    /// after it succeeded; a failure leaves nothing behind.
    /// - Returns: what `render` returns.
    func deliver<Result: RenderOutcome>(_ render: (inout Sink) throws -> Result) throws -> Result
}

/// What a render settles that a delivery may need: the paper a PDF is printed on (the phone's, when it decides).
protocol RenderOutcome {
    var paper: PDFRenderer.Paper? { get }
}

extension PhoneDefaults.Resolved: RenderOutcome {}

extension ReportDelivery {
    var rendersOnBothCores: Bool { false }
}

extension String: ReportSink {
    mutating func finishReport() {}
}

extension DescriptorSink: ReportSink {
    mutating func finishReport() throws { try finish() }  // on its way to disk while the store is closed
}

/// A report held whole and written at once (standard output cannot be replaced atomically: it gets a report only
/// once all of it is rendered and checked). `check` is given the whole text before anything is written and returns
/// the text to write (a user's HTML template's: the tree that was checked); `transform`, if given, turns it into the
/// bytes written.
struct BufferedDelivery: ReportDelivery {
    let output: OutputFile
    let check: (String) throws -> String
    var transform: ((String) -> [UInt8])?

    func deliver<Result: RenderOutcome>(_ render: (inout String) throws -> Result) throws -> Result {
        var rendered = ""
        let result = try render(&rendered)
        let text = try check(rendered)
        if let transform { try output.write(transform(text)) } else { try output.write(text) }
        return result
    }
}

/// A report streamed into its file as it is rendered, checked there (`check` is given the file's path), and put in
/// place only then.
struct StreamedDelivery: ReportDelivery {
    let output: OutputFile
    var check: ((String) throws -> Void)?

    func deliver<Result: RenderOutcome>(_ render: (inout DescriptorSink) throws -> Result) throws -> Result {
        try output.stream(check: check) { sink in try render(&sink) }
    }
}

/// A CSV streamed into its file in another dialect (`--csv-dialect`), converted record by record as it is rendered:
/// separators and decimal commas need only each record's cells.
struct CSVDialectDelivery: ReportDelivery {
    let output: OutputFile
    let dialect: CSVDialect

    func deliver<Result: RenderOutcome>(_ render: (inout CSVDialectStream<DescriptorSink>) throws -> Result) throws -> Result {
        try output.stream { sink in
            var stream = CSVDialectStream(dialect, into: sink)
            defer { sink = stream.target }
            return try render(&stream)
        }
    }
}

extension CSVDialectStream: ReportSink where Target == DescriptorSink {
    mutating func finishReport() throws {
        finish()
        try target.finish()  // on its way to disk while the store is closed
    }
}
