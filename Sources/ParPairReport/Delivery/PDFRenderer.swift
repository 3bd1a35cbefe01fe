import Foundation
import ParPairStore

/// Turns a validated XHTML report into PDF with an engine found on the machine: WeasyPrint (the best CSS
/// paged-media support) or headless Chromium. The engine runs with a private profile in our private
/// folder, cannot resolve any host name (Chromium) or fetch anything (the report is self-contained), and
/// is stopped after `timeLimit`.
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
    public var timeLimit: Double = 120
    /// Where engines are looked for (`PATH`, with the usual folders added for cron's empty environment).
    public var searchPath: [String]

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
                if let path = searchPath.map({ $0 + "/" + name }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
                    return (kind, path)
                }
            }
        }
        throw .unavailable(engine)
    }

    /// Prints `html` (a complete XHTML file) to a PDF file in `folder` and returns its path.
    func render(html: String, in folder: String) throws(PDFError) -> String {
        let (kind, executable) = try resolve()
        let pdf = folder + "/report.pdf"
        let arguments: [String]
        switch kind {
        case .weasyprint:
            arguments = ["--quiet", "--base-url", folder, html, pdf]
        default:
            arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
                         "--host-resolver-rules=MAP * ~NOTFOUND", "--user-data-dir=\(folder)/profile", "--no-pdf-header-footer",
                         "--print-to-pdf=\(pdf)", "file://\(html)"]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ["HOME": folder, "PATH": "/usr/bin:/bin", "TMPDIR": folder, "XDG_CONFIG_HOME": folder, "XDG_CACHE_HOME": folder]
        process.standardInput = FileHandle.nullDevice
        let log = folder + "/engine.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = FileHandle(forWritingAtPath: log)
        process.standardOutput = handle
        process.standardError = handle
        // Started, watched and waited for on a thread of its own: Foundation's Process keeps per-thread state
        // that is released only that way (LeakSanitizer reports it otherwise).
        let outcome = EngineRun.run(process, timeLimit: timeLimit)
        if let problem = outcome.startFailure { throw .failed(kind, "it could not be started: \(problem)") }
        if outcome.timedOut { throw .failed(kind, "it ran longer than \(Int(timeLimit)) s and was stopped") }
        try? handle?.close()
        let size = (try? FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int) ?? 0
        guard outcome.status == 0, size > 0 else {
            let tail = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").last.map(String.init) ?? ""
            throw .failed(kind, "it exited \(outcome.status) without a PDF\(tail.isEmpty ? "" : ": \(tail.prefix(160))")")
        }
        return pdf
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

/// Runs a child process to its end (or its time limit) on a dedicated thread and waits for that thread.
enum EngineRun {
    struct Outcome: @unchecked Sendable {
        var startFailure: String?
        var timedOut = false
        var status: Int32 = -1
    }

    final class Box: @unchecked Sendable {
        var outcome = Outcome()
    }

    static func run(_ process: Process, timeLimit: Double) -> Outcome {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let child = process
        let thread = Thread {
            defer { done.signal() }
            do { try child.run() } catch {
                box.outcome.startFailure = error.localizedDescription
                return
            }
            let started = Date()
            while child.isRunning {
                if Date().timeIntervalSince(started) > timeLimit {
                    child.terminate()
                    box.outcome.timedOut = true
                    break
                }
                usleep(20_000)
            }
            child.waitUntilExit()
            box.outcome.status = child.terminationStatus
        }
        thread.start()
        done.wait()
        return box.outcome
    }
}
