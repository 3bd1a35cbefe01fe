import Foundation
import Mustache
import ParPairAggregation
import XHTML

/// Turns an aggregation into report text in one format, proving HTML valid before it is returned.
public enum ReportRendering {
    /// Renders a report.
    /// - Throws: `ReportError.template` for a template that fails, `.invalidHTML` listing every problem as
    ///   `line:column: message`, `.dtdUnavailable` when the built-in XHTML DTD cannot be read.
    public static func render(
        _ result: AggregationResult, format: ReportFormat, template: ReportTemplate, settings: ReportSettings
    ) throws -> String {
        var text = ""
        try render(result, format: format, template: template, settings: settings, into: &text)
        return try checkRendered(text, format: format, template: template)
    }

    /// Checks a whole rendered report and returns the text to ship: HTML is validated (a user's template's also walked
    /// by the allow-list, and shipped as the tree that was checked, ``validateXHTML(_:name:allowList:)``), a user's
    /// template's Markdown checked.
    static func checkRendered(_ text: String, format: ReportFormat, template: ReportTemplate) throws -> String {
        if format == .html { return try validateXHTML(text, name: template.template.name, allowList: !template.isBuiltIn) }
        if format == .markdown, !template.isBuiltIn { try MarkdownPolicy.check(text, templateName: template.template.name) }
        return text
    }

    /// Renders a report into `output` as it is made, so a large report is never held whole. HTML is
    /// not validated here: `ReportJob` validates it as it is written (`StreamingValidation`), before it
    /// replaces anything.
    /// - Throws: `ReportError.template` for a template that fails.
    public static func render(
        _ result: AggregationResult, format: ReportFormat, template: ReportTemplate, settings: ReportSettings,
        into output: inout some TextOutputStream & SendableMetatype
    ) throws {
        // CSV keeps `.` and ISO dates in every language: the machine contract.
        var settings = settings
        if format == .csv { settings.localizer = settings.localizer.withMachineFigures }
        guard format == .html else {
            try template.render(ReportData.make(result: result, settings: settings, charts: false, reads: template.reads), into: &output)
            return
        }
        // Each baby's charts are drawn here while a second thread writes the pages before them.
        let charts = ChartsAhead(units: result.options.units, localizer: settings.localizer)
        let data = try ReportData.make(result: result, settings: settings, charts: true, chartsAhead: charts, reads: template.reads)
        // The output is lent to the rendering thread: this thread draws charts and does not touch it.
        try charts.render(into: &output) { output in try template.render(data, into: &output) }
    }

    /// Validates a document as XHTML 1.0 Strict against the built-in DTD, offline, and returns the text to ship: with
    /// `allowList`, walks it with ``DocumentAllowList`` in the same parse and returns the tree libxml2 parsed, written
    /// as a browser reads it back (`XHTMLValidator.validate(_:name:visitor:writingHTMLInto:)`), else `text`.
    /// - Throws: `ReportError.invalidHTML`, `.dtdUnavailable`, `.tooLarge`; `.unsafeDocument` from the allow-list.
    @discardableResult
    public static func validateXHTML(_ text: String, name: String, allowList: Bool = false) throws -> String {
        guard allowList else {
            try check(XHTMLValidator().validate(text, name: name), name: name)
            return text
        }
        var walk = DocumentAllowList(templateName: name)
        var shipped = ""
        try check(XHTMLValidator().validate(text, name: name, visitor: &walk, writingHTMLInto: &shipped), name: name)
        try walk.throwIfViolated()
        return shipped
    }

    static func check(_ result: XMLCheckResult, name: String) throws {
        switch result.outcome {
        case .passed:
            return
        case .dtdUnavailable(let missing):
            throw ReportError.dtdUnavailable(missing.description)
        case .inputTooLarge(let size, let limit):
            throw ReportError.tooLarge(bytes: size, limit: limit)
        default:
            throw ReportError.invalidHTML(template: name, problems: result.errors.map(\.description).joined(separator: "\n"))
        }
    }
}
