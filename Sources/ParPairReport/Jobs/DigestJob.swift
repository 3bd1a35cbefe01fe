import Foundation
import Mail
import ParPairAggregation
import ParPairStore

/// One digest run: every selected baby's latest complete week (or week N), as files under a folder
/// and/or one e-mail, all written or none. Nothing may be written over the store's own files or
/// inside the backup it is read from.
public struct DigestJob: Sendable {
    /// Where and to whom the e-mail goes.
    public struct Mail: Sendable {
        public var destination: OutputFile
        public var from: MailAddress
        public var to: [MailAddress]

        public init(destination: OutputFile, from: MailAddress, to: [MailAddress]) {
            self.destination = destination
            self.from = from
            self.to = to
        }
    }

    /// What a run wrote.
    public struct Outcome: Sendable {
        /// The files written (or left as they were because they already held the same bytes), in order.
        public var written: [String]
        /// A line per baby without a digest (younger than a week).
        public var skips: [String]
        /// The message, when it goes to standard output (already written there).
        public var messageToStandardOutput: Bool
    }

    public var store: StoreRequest
    public var options: AggregationOptions
    public var baby: String?
    public var week: DigestWeekChoice
    public var redact: Bool
    public var folder: String?
    public var formats: [ReportFormat]
    public var mail: Mail?
    public var csvDialect: CSVDialect = .rfc4180
    public var toolVersion: String

    public init(
        store: StoreRequest, options: AggregationOptions, baby: String?, week: DigestWeekChoice, redact: Bool,
        folder: String?, formats: [ReportFormat], mail: Mail?, toolVersion: String
    ) {
        self.store = store
        self.options = options
        self.baby = baby
        self.week = week
        self.redact = redact
        self.folder = folder
        self.formats = formats
        self.mail = mail
        self.toolVersion = toolVersion
    }

    public func run() throws -> Outcome {
        if let mail { try mail.destination.refuseProtectedFiles(of: store.path, label: "--eml") }
        var rendering = try DigestRendering()
        rendering.csvDialect = csvDialect
        let run = try StoreReader.withReader(store) { reader in
            try DigestRun.make(reader: reader, options: options, baby: baby, choice: week,
                               settings: ReportSettings(reader: reader, redact: redact, toolVersion: toolVersion))
        }
        var files = DigestFileSet()
        var written: [String] = []
        if let folder {
            for file in try rendering.files(run, formats: formats) {
                let path = folder.hasSuffix("/") ? folder + file.relativePath : folder + "/" + file.relativePath
                try OutputFile(path: path).refuseProtectedFiles(of: store.path, label: "--out")
                files.add(relativePath: file.relativePath, inside: folder, bytes: file.bytes)
                written.append(path)
            }
        }
        var message: [UInt8]?
        if let mail {
            let bytes = try DigestMessage.make(run, rendering: rendering, from: mail.from, to: mail.to).serialized()
            if mail.destination.isStandardOutput {
                message = bytes
            } else {
                files.add(path: mail.destination.path, bytes: bytes)
                written.append(mail.destination.path)
            }
        }
        try files.write()
        if let message { try OutputFile(path: "-").write(message) }
        return Outcome(written: written, skips: run.skips.map(\.message), messageToStandardOutput: message != nil)
    }
}
