import Foundation
import ParPairStore
import Platform
import XHTML
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a validated XHTML report into PDF with an engine found on the machine: WeasyPrint (the best CSS
/// paged-media support) or headless Chromium.
///
/// Only the report reaches the engine: the XHTML was checked to load nothing from outside itself
/// (``DocumentAllowList``, ``TemplateSourcePolicy``), and the engines are run so that they could not anyway. WeasyPrint runs through its
/// Python API with a URL fetcher that gives it the document and `data:` URLs and refuses everything else
/// (files, `http:`, attachments). Chromium prints a copy of the document whose `<head>` opens with a
/// Content-Security-Policy that allows `data:` images and fonts and inline style only (no script, no
/// object, no file or network URL: file access is the document itself), with every host name
/// unresolvable and every connection sent to a proxy that does not exist (loopback included), in a
/// private profile. (Its `scriptEnabled=false` setting also stops `--print-to-pdf` itself, so the policy
/// is what disables script.)
///
/// The engine is a child under control (``SupervisedProcess`` (Platform)): its own process group, stopped after
/// `timeLimit` (SIGTERM, then SIGKILL), and its PDF must be a PDF (`%PDF-` … `%%EOF`) of at most
/// ``maximumBytes``, watched while it is written.
public struct PDFRenderer: Sendable {
    public enum Engine: String, Sendable, CaseIterable {
        case auto, weasyprint, chromium
    }

    public enum Paper: String, Sendable, CaseIterable {
        case a4, letter

        /// The countries that print on US Letter: the United States, Canada, Mexico, the Philippines, and
        /// Chile, Colombia, Costa Rica, the Dominican Republic, El Salvador, Guatemala, Nicaragua, Panama,
        /// Puerto Rico and Venezuela; the rest of the world uses A4.
        public static let letterRegions: Set<String> = ["US", "CA", "MX", "PH", "CL", "CO", "CR", "DO", "SV", "GT", "NI", "PA", "PR", "VE"]

        /// The paper of a country (an ISO 3166 code, `US`).
        public init(region: String) {
            self = Self.letterRegions.contains(region.uppercased()) ? .letter : .a4
        }

        /// The paper of the locale's region (`LC_ALL`, `LC_PAPER`, `LANG`: `en_US.UTF-8` → Letter), A4 without one.
        public static func fromLocale(_ environment: [String: String]) -> Paper {
            Paper(region: localeRegion(environment, variables: ["LC_ALL", "LC_PAPER", "LANG"]) ?? "")
        }

        /// The region of the first of `variables` that is set (`de_DE.UTF-8@euro` → `DE`); nil when that one names none.
        public static func localeRegion(_ environment: [String: String], variables: [String]) -> String? {
            guard let locale = variables.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
            let base = locale.split(separator: ".").first.map { $0.split(separator: "@").first ?? "" } ?? ""
            let region = base.split(separator: "_").dropFirst().first.map(String.init)
            return region?.isEmpty == false ? region : nil
        }

        /// The CSS `@page` size.
        public var css: String { self == .a4 ? "A4" : "letter" }
    }

    public var engine: Engine
    public var paper: Paper
    /// Seconds before the engine gets SIGTERM (`--pdf-timeout`); SIGKILL follows 5 s later.
    public var timeLimit: Double = 120
    /// Where engines are looked for (`PATH`, with the usual folders added for cron's empty environment).
    public var searchPath: [String]

    /// The largest PDF taken from an engine: 256 MiB. The sample store's report is under 1 MB and a
    /// million-log store's a few MB (the charts are per week, the tables per week): anything near this is
    /// an engine gone wrong, and it is refused before it fills the temporary folder.
    public static let maximumBytes: Int64 = 256 << 20

    public init(engine: Engine, paper: Paper, environment: [String: String]) {
        self.engine = engine
        self.paper = paper
        // Cron's empty environment has no PATH: then the usual folders.
        let path = environment["PATH"] ?? ""
        searchPath = path.isEmpty ? ["/usr/local/bin", "/usr/bin", "/bin"] : path.split(separator: ":").map(String.init)
    }

    /// The engine to run and its executable.
    func resolve() throws(PDFError) -> (Engine, String) {
        let candidates: [(Engine, [String])] = [(.weasyprint, ["weasyprint"]), (.chromium, ["chromium", "chromium-browser", "google-chrome"])]
        for (kind, names) in candidates where engine == .auto || engine == kind {
            for name in names {
                if let path = find(name) { return (kind, path) }
            }
        }
        throw .unavailable(engine)
    }

    private func find(_ name: String) -> String? {
        if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        return searchPath.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Prints `html` (a complete, checked XHTML file) to a PDF file in `folder` and returns its path,
    /// the PDF checked.
    func render(html: String, in folder: String) throws(PDFError) -> String {
        let (kind, executable) = try resolve()
        let pdf = folder + "/report.pdf"
        let program: String
        let arguments: [String]
        switch kind {
        case .weasyprint:
            (program, arguments) = try weasyPrintDriver(executable, document: Self.fileURL(html), html: html, pdf: pdf)
        default:
            let printed = folder + "/print.html"
            try Self.copyWithPolicy(html, to: printed)
            program = executable
            arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
                         "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=socks5://0.0.0.0:9", "--proxy-bypass-list=<-loopback>",
                         "--disable-remote-fonts", "--user-data-dir=\(folder)/profile", "--no-pdf-header-footer",
                         "--print-to-pdf=\(pdf)", Self.fileURL(printed)]
        }
        let log = folder + "/engine.log"
        // Chromium makes its singleton socket under TMPDIR, and aborts when that path passes the 108 bytes
        // of a socket address: a long TMPDIR gets a short private folder in /tmp for the engine's own
        // files (the document stays where it is). Registered and locked like every run folder.
        let short = kind == .chromium && folder.utf8.count > 40 ? try? ScratchFolder(in: "/tmp", purpose: "engine") : nil
        defer { short?.remove() }
        let scratch = short?.path ?? folder
        let process = SupervisedProcess(
            executable: program, arguments: arguments,
            environment: ["HOME": folder, "PATH": "/usr/bin:/bin", "TMPDIR": scratch, "XDG_CONFIG_HOME": folder, "XDG_CACHE_HOME": folder],
            log: log, timeLimit: timeLimit)
        let limit = Self.maximumBytes
        let outcome = process.run {
            var info = stat()
            guard stat(pdf, &info) == 0, Int64(info.st_size) > limit else { return nil }
            return "its PDF grew past \(limit >> 20) MB and it was stopped"
        }
        if let problem = outcome.startFailure { throw .failed(kind, "it could not be started: \(problem)") }
        if let reason = outcome.stopped { throw .failed(kind, reason) }
        if outcome.timedOut { throw .failed(kind, "it ran longer than \(Self.seconds(timeLimit)) s and was stopped") }
        var info = stat()
        let size = stat(pdf, &info) == 0 ? Int64(info.st_size) : 0
        guard outcome.status == 0, size > 0 else {
            let tail = Self.lastLine(of: log)
            throw .failed(kind, "it exited \(outcome.status) without a PDF\(tail.isEmpty ? "" : ": \(tail.prefix(160))")")
        }
        try Self.check(pdf: pdf, size: size, engine: kind)
        return pdf
    }

    /// WeasyPrint through its Python API: the interpreter its `weasyprint` script names (`#!/usr/bin/python3`,
    /// or `#!/usr/bin/env python3` looked up in the search path), isolated (`-I`: no user site, no
    /// environment variables, no current folder on the module path), running ``weasyPrintScript``.
    private func weasyPrintDriver(_ executable: String, document: String, html: String, pdf: String) throws(PDFError) -> (String, [String]) {
        let head = (try? ReadOnlyFile.prefix(of: executable, count: 256)) ?? []
        guard head.starts(with: Array("#!".utf8)) else {
            throw .failed(.weasyprint, "\(executable) is not the weasyprint script of a Python installation")
        }
        let line = String(decoding: head.dropFirst(2).prefix { $0 != 10 }, as: UTF8.self)
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { throw .failed(.weasyprint, "\(executable) names no interpreter") }
        if (words[0] as NSString).lastPathComponent == "env", words.count > 1 {
            words.removeFirst()
            guard let found = find(words[0]) else { throw .failed(.weasyprint, "\(words[0]), which \(executable) runs, is not installed") }
            words[0] = found
        }
        return (words[0], Array(words.dropFirst()) + ["-I", "-c", Self.weasyPrintScript, document, html, pdf])
    }

    /// Renders argv[1] (the document's URL, read from argv[2]) into argv[3]. The fetcher answers the
    /// document and `data:` URLs (the report's charts) and refuses every other URL, so stylesheets,
    /// images, `rel="attachment"` files and network addresses are never read, whatever the document says.
    static let weasyPrintScript = """
        import sys
        from weasyprint import HTML, default_url_fetcher
        document, source, target = sys.argv[1:4]
        def fetch(url, *args, **kwargs):
            if url == document:
                return dict(file_obj=open(source, 'rb'), mime_type='text/html', redirected_url=document)
            if url.startswith('data:'):
                return default_url_fetcher(url, *args, **kwargs)
            raise ValueError('refused: the report loads nothing from outside itself')
        HTML(url=document, url_fetcher=fetch).write_pdf(target)
        """

    /// What Chromium may load for the document: `data:` images and fonts and the document's own style.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'none'"

    /// Copies the XHTML at `source` to `destination` with a `<meta>` giving ``contentSecurityPolicy`` right
    /// after the `<head>` start tag (before anything the policy must cover), in 64 KiB chunks. Where that tag
    /// ends is what libxml2 says when it parses the document (``HeadTag``), never a search for bytes: a
    /// `<head>` in a comment, or a tag written `<head` + newline + `>`, is read as the parser reads it.
    static func copyWithPolicy(_ source: String, to destination: String) throws(PDFError) {
        var head = HeadTag()
        guard let result = try? XHTMLValidator().validate(fileAt: source, name: "report", visitor: &head), result.passed,
              let end = head.endOffset else {
            throw .failed(.chromium, "the report has no <head> element the XHTML parser can place")
        }
        guard let input = FileHandle(forReadingAtPath: source) else { throw .failed(.chromium, "the report cannot be read back") }
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: destination, contents: nil, attributes: [.posixPermissions: 0o600]),
              let output = FileHandle(forWritingAtPath: destination) else { throw .failed(.chromium, "the page to print cannot be written") }
        defer { try? output.close() }
        let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\" />"
        do {
            var before = end + 1
            while before > 0 {
                let chunk = input.readData(ofLength: min(before, 1 << 16))
                if chunk.isEmpty { break }
                before -= chunk.count
                try output.write(contentsOf: chunk)
                if before == 0, chunk.last != UInt8(ascii: ">") {
                    throw PDFError.failed(.chromium, "the parser placed the end of <head> where no '>' is")
                }
            }
            guard before == 0 else { throw PDFError.failed(.chromium, "the report is shorter than its <head> tag") }
            try output.write(contentsOf: Array(meta.utf8))
            while true {
                let chunk = input.readData(ofLength: 1 << 16)
                if chunk.isEmpty { break }
                try output.write(contentsOf: chunk)
            }
        } catch let error as PDFError {
            throw error
        } catch {
            throw .failed(.chromium, "the page to print cannot be written: \(error.localizedDescription)")
        }
    }

    /// Where the document's `<head>` start tag ends: the byte offset of its `>`, as the parser reports it.
    struct HeadTag: XMLVisitor {
        private(set) var endOffset: Int?
        var wantsStartTags: Bool { true }

        mutating func visit(_ event: XMLEvent) {
            if endOffset == nil, case .startTag("head", _, let offset, _) = event { endOffset = offset }
        }
    }

    /// A `file://` URL for a path, every byte outside the unreserved set and `/` percent-encoded (a TMPDIR
    /// holding `#`, `?`, `%`, spaces or non-ASCII letters still names the file).
    static func fileURL(_ path: String) -> String {
        var url = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                url.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                url += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return url
    }

    /// A PDF starts with `%PDF-` and has `%%EOF` in its last 1024 bytes (ISO 32000-1, 7.5.2 and 7.5.5);
    /// anything else an engine leaves is not delivered.
    static func check(pdf: String, size: Int64, engine: Engine) throws(PDFError) {
        guard size <= maximumBytes else { throw .failed(engine, "its PDF is larger than \(maximumBytes >> 20) MB") }
        let descriptor: FileDescriptor
        do { descriptor = try FileDescriptor.open(pdf, O_RDONLY | O_NOFOLLOW) } catch { throw .failed(engine, "its PDF cannot be read") }
        defer { descriptor.closeQuietly() }
        let tailCount = Int(min(size, 1024))
        let head = (try? descriptor.read(upTo: 5, at: 0)) ?? []
        let tail = (try? descriptor.read(upTo: tailCount, at: size - Int64(tailCount))) ?? []
        let eof = Array("%%EOF".utf8)
        let endsRight = tail.count == tailCount && tail.count >= eof.count
            && (0...(tail.count - eof.count)).contains { Array(tail[$0..<($0 + eof.count)]) == eof }
        guard head == Array("%PDF-".utf8), endsRight else {
            throw .failed(engine, "what it wrote is not a PDF (no %PDF- header or no %%EOF at the end)")
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func lastLine(of path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "" }
        guard let descriptor = try? FileDescriptor.open(path, O_RDONLY) else { return "" }
        defer { descriptor.closeQuietly() }
        let count = Int(min(Int64(info.st_size), 4096))
        let bytes = (try? descriptor.read(upTo: count, at: Int64(info.st_size) - Int64(count))) ?? []
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Copies a checked PDF to `output` in 64 KiB chunks (never held whole).
    static func deliver(_ pdf: String, to output: OutputFile) throws {
        let descriptor: FileDescriptor
        do { descriptor = try FileDescriptor.open(pdf, O_RDONLY) } catch {
            throw DeliveryError.writeFailed("cannot read back the PDF: \(error.reason)")
        }
        defer { descriptor.closeQuietly() }
        try output.stream { sink in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count: Int
                do {
                    count = try descriptor.read(into: &buffer)
                } catch let error as FileError {
                    throw DeliveryError.writeFailed("cannot read back the PDF: \(error.reason)")
                }
                if count == 0 { break }
                sink.write(buffer[..<count])
            }
        }
    }
}

/// Why no PDF could be made (sysexits 69, EX_UNAVAILABLE).
public enum PDFError: Error, Sendable, Equatable, CustomStringConvertible {
    case unavailable(PDFRenderer.Engine)
    case failed(PDFRenderer.Engine, String)

    public var description: String {
        switch self {
        case .unavailable(let engine):
            switch engine {
            case .weasyprint: "no PDF engine: weasyprint is not installed (Debian: apt-get install weasyprint)"
            case .chromium: "no PDF engine: chromium is not installed (Debian: apt-get install chromium)"
            case .auto: "no PDF engine: install weasyprint or chromium (Debian: apt-get install weasyprint)"
            }
        case .failed(let engine, let detail):
            "the PDF engine \(engine.rawValue) failed: \(detail); nothing was written"
        }
    }
}

