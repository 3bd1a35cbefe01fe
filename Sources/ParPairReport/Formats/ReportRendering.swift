import Foundation
import Mustache
import ParPairAggregation
import XHTML

/// Turns an aggregation into report text in one format, proving HTML valid before it is returned.
public enum ReportRendering {
    /// Renders a report.
    /// - Throws: `ReportError.template` for a template that fails, `.invalidHTML` listing every problem as
    ///   `line:column: message`, `.dtdUnavailable` when the XHTML DTD is not installed.
    public static func render(
        _ result: AggregationResult, format: ReportFormat, template: ReportTemplate, settings: ReportSettings
    ) throws -> String {
        // The report data (charts included) is released before validation, which is the peak.
        let text = try template.render(ReportData.make(result: result, settings: settings, charts: format == .html))
        if format == .html { try validateXHTML(text, name: template.template.name) }
        return text
    }

    /// Validates a document as XHTML 1.0 Strict against the DTD from the system catalog, offline.
    public static func validateXHTML(_ text: String, name: String) throws {
        let result = XHTMLValidator().validate(text, name: name)
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
