/// Several partial sources asked in order; the first that has the name wins.
///
/// A user's template folder first, then the built-in defaults, lets a user template with nothing beside it
/// extend the built-in report and replace one block:
///
/// ```swift
/// let partials = ChainedPartialSource([
///     DirectoryPartialSource(directory: userTemplate.deletingLastPathComponent()),
///     DictionaryPartialSource(DefaultTemplates.all),
/// ])
/// // user template: {{<report.html}}{{$title}}Our baby{{/title}}{{/report.html}}
/// ```
///
/// An error from a source (an unsafe name, a file too large) stops the lookup; it does not fall through.
public struct ChainedPartialSource: PartialSource {
    /// The sources, in the order they are asked.
    public let sources: [any PartialSource]

    /// A chain asking `sources` in order.
    public init(_ sources: [any PartialSource]) {
        self.sources = sources
    }

    public func partial(named name: String, format: OutputFormat) throws -> PartialText? {
        for source in sources {
            if let found = try source.partial(named: name, format: format) {
                return found
            }
        }
        return nil
    }
}
