import Foundation
import Mustache
import ParPairReport
import PrintableText

/// `parpair-report templates list|dump DIR|check FILE`: the built-in templates, for users who write their own.
enum TemplatesCommand: Subcommand {
    static let spec = CommandSpec(
        name: .templates, summary: "list, copy out or check report templates",
        usage: ["list", "dump DIR", "check FILE"], positional: .choices(["list", "dump", "check"]),
        description: """
          list         the built-in templates (compiled into the binary)
          dump DIR     copy the built-in templates into DIR (an existing file is never replaced), to start your own
          check FILE   parse FILE and name every tag whose data the report does not provide, with line:column

        A template of your own is used with 'report --template FILE'. Partials are looked up beside it, then
        among the built-ins, so a file holding {{<report.html}}{{$header}}...{{/header}}{{/report.html}}
        replaces just the header of the default report. The data keys are documented in Templates/README.md
        (also written by 'dump').
        """)

    static func run(_ parsed: Arguments, console: Console) throws {
        guard let action = parsed.positionals.first else {
            throw UsageError("missing action: list, dump DIR or check FILE", command: name)
        }
        switch action {
        case "list":
            _ = try parsed.positionals("list")
            for path in DefaultTemplates.paths {
                let text = DefaultTemplates.text(path) ?? ""
                console.out("\(path.padding(toLength: 30, withPad: " ", startingAt: 0)) \(text.utf8.count) bytes\n")
            }
        case "dump":
            let folder = try parsed.positionals("dump", "DIR")[1]
            try dump(to: folder, console: console)
        case "check":
            let file = try parsed.positionals("check", "FILE")[1]
            try check(file, console: console)
        default:
            throw UsageError("unknown action '\(action)': use list, dump DIR or check FILE", command: name)
        }
    }

    static func dump(to folder: String, console: Console) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw GeneralError("cannot create \(folder): \(error.localizedDescription)", exitCode: .cantCreate)
        }
        for (path, text) in DefaultTemplates.all.sorted(by: { $0.key < $1.key }) {
            let target = URL(fileURLWithPath: folder).appendingPathComponent(path).path
            if FileManager.default.fileExists(atPath: target) {
                console.err("parpair-report: warning: \(PrintableText.escaped(target)) exists; left as it is\n")
                continue
            }
            try OutputFile(path: target).write(text)
            console.out("wrote \(PrintableText.escaped(target))\n")
        }
    }

    static func check(_ file: String, console: Console) throws {
        let url = URL(fileURLWithPath: file)
        let template: ReportTemplate
        do {
            template = try ReportTemplate(file: file, format: OutputFormat(templateName: url.lastPathComponent) ?? .html)
        } catch let error as ReportError {
            throw GeneralError(error.description, exitCode: .dataError)
        }
        let problems = TemplateCheck.unknownTags(in: template)
        if problems.isEmpty {
            console.out("\(PrintableText.escaped(file)): every tag names report data\n")
            return
        }
        let lines = problems.map { "\(file):\($0.line):\($0.column): \($0.message)" }
        throw GeneralError("\(file): \(problems.count) tags name data the report does not provide:\n" + lines.joined(separator: "\n"),
                           exitCode: .dataError)
    }
}
