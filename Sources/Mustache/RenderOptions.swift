/// How a ``Template`` renders: escaping, where partials come from, and how strict to be.
public struct RenderOptions: Sendable {
    /// The escaping for `{{name}}`; nil uses the template's own ``Template/format``. Also picks the file
    /// extension tried when looking up partials (see ``PartialNaming``).
    public var format: OutputFormat?
    /// The escaping for `{{name}}` when it is not `format`'s: `.text` renders a Markdown template and its Markdown
    /// partials as plain text (an e-mail's `text/plain` part), with no backslashes before `_` or `=`. Nil: `format`'s.
    public var escaping: OutputFormat?
    /// Where `{{>name}}` partials and `{{<name}}` parents come from.
    public var partials: any PartialSource
    /// What a partial or parent that no source has does. (A partial name a source refuses, such as
    /// `../x` in a ``DirectoryPartialSource``, is an error either way.)
    public var missingPartials: MissingPartialBehavior
    /// How deep partials, parents, blocks, sections and lambdas may nest while rendering before
    /// ``TemplateError/Reason/renderingTooDeep(tag:limit:)`` stops a runaway recursion.
    public var maximumDepth: Int
    /// The most bytes a render may write before ``TemplateError/Reason/outputTooLarge(limit:)`` stops it, so
    /// sections nested over lists (whose output multiplies) cannot run for minutes or exhaust memory. Each tag
    /// or text run rendered also counts 16 bytes, so loops that write nothing are bounded too.
    public var maximumOutputSize: Int
    /// The most work a render may do before ``TemplateError/Reason/tooMuchWork(section:limit:)`` stops it at
    /// the section that is looping: one unit per section pass and per context frame a lookup searches, so
    /// sections that write nothing and look up little (a CPU-only bomb) stop within seconds too. Every byte
    /// written earns 8 more units, so large real reports (which write what they look up) are never stopped.
    public var maximumWork: Int

    /// - Parameters:
    ///   - format: Escaping for `{{name}}`; nil for the template's own format.
    ///   - partials: Partial templates; none by default.
    ///   - missingPartials: ``MissingPartialBehavior/throwError`` by default (strict); the Mustache spec's
    ///     behaviour is ``MissingPartialBehavior/renderEmpty``.
    ///   - maximumDepth: 100 by default.
    ///   - maximumOutputSize: 256 MiB by default.
    ///   - maximumWork: 20 million units by default (a 1M-log report needs a few million).
    public init(
        format: OutputFormat? = nil,
        partials: any PartialSource = DictionaryPartialSource([:]),
        missingPartials: MissingPartialBehavior = .throwError,
        maximumDepth: Int = 100,
        maximumOutputSize: Int = 256 * 1_048_576,
        maximumWork: Int = 20_000_000
    ) {
        self.maximumWork = maximumWork
        self.format = format
        self.partials = partials
        self.missingPartials = missingPartials
        self.maximumDepth = maximumDepth
        self.maximumOutputSize = maximumOutputSize
    }
}

/// What rendering does with a partial or parent that no ``PartialSource`` provides.
public enum MissingPartialBehavior: Sendable, Hashable {
    /// Stop with ``TemplateError/Reason/missingPartial(name:tried:)`` at the tag (strict).
    case throwError
    /// Render nothing in its place, as the Mustache specification says (lenient).
    case renderEmpty
}
