/// Partials held in memory, by name: the default templates compiled into the binary, or test fixtures.
///
/// Keys are matched with ``PartialNaming``, so a key `report.html.mustache` answers `{{<report.html}}`.
public struct DictionaryPartialSource: PartialSource {
    /// Name to template text.
    public let templates: [String: String]

    /// A source holding `templates`, name to text.
    public init(_ templates: [String: String]) {
        self.templates = templates
    }

    public func partial(named name: String, format: OutputFormat) -> PartialText? {
        for candidate in PartialNaming.candidates(for: name, format: format) {
            if let source = templates[candidate] {
                return PartialText(name: candidate, source: source)
            }
        }
        return nil
    }
}
