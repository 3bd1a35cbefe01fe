import Foundation
import Platform
import XHTML

/// The HTML report, validated as it is written: its bytes go to the file and, as they come, to libxml2 on a thread
/// of its own (`StreamingValidation`); the file replaces nothing before the verdict. A user's template may put store
/// text in unescaped, so its document is also walked by the allow-list, and the file gets not the rendered bytes but
/// the tree libxml2 parsed and the allow-list walked, written as a browser reads it back (`HTMLWriter`): what is
/// checked is what is shipped. The built-in ones cannot, and their (large) reports are written as rendered.
///
/// The document's first text (the XML declaration and DOCTYPE, on any paper) reads no data: it is sent before the
/// render begins (before the store is opened), so the validator opens libxml2 and reads the DTD on the core the
/// store's copy and opening leave idle. The render writes it again; `SentAheadSink` checks it is the same.
struct ValidatedHTMLDelivery: ReportDelivery {
    let output: OutputFile
    let template: ReportTemplate

    var rendersOnBothCores: Bool { true }

    func deliver<Result: RenderOutcome>(_ render: (inout SentAheadSink) throws -> Result) throws -> Result {
        let name = template.template.name
        return try output.stream { sink in
            let userTemplate = !template.isBuiltIn
            let shipping = userTemplate ? (sink.descriptor, sink.name) : nil
            let (verdict, result) = try StreamingValidation.validating(name: name, allowList: userTemplate, shipping: shipping) { channel in
                sink.tap = { channel.send($0) }
                sink.writesToFile = !userTemplate
                defer { (sink.tap, sink.writesToFile) = (nil, true) }
                let ahead = template.leadingText ?? ""
                if !ahead.isEmpty {
                    sink.write(ahead)
                    try sink.flush()
                }
                var pages = SentAheadSink(sink, ahead: ahead, name: name)
                defer { sink = pages.sink }
                let result = try render(&pages)
                // While the validator reads the last pages, the file goes on its way to disk.
                try pages.sink.waitUntilOnDisk()
                return result
            }
            try ReportRendering.check(verdict.0, name: name)
            if !verdict.1.isEmpty { throw ReportError.unsafeDocument(verdict.1) }
            return result
        }
    }
}

/// The report printed to PDF: its XHTML made and validated in a private folder (`ValidatedHTMLDelivery`), printed
/// there by the engine on the paper the render settled, and only the PDF delivered.
struct PDFDelivery: ReportDelivery {
    let renderer: PDFRenderer
    let output: OutputFile
    let template: ReportTemplate

    var rendersOnBothCores: Bool { true }

    func deliver<Result: RenderOutcome>(_ render: (inout SentAheadSink) throws -> Result) throws -> Result {
        let scratch = try ScratchFolder(in: FileManager.default.temporaryDirectory.path, purpose: "output")
        defer { scratch.remove() }
        let html = scratch.path + "/report.html"
        let result = try ValidatedHTMLDelivery(output: OutputFile(path: html), template: template).deliver(render)
        var renderer = renderer
        renderer.paper = result.paper ?? renderer.paper
        try PDFRenderer.deliver(renderer.render(html: html, in: scratch.path), to: output)
        return result
    }
}
