extension Template {
    /// Renders the template with `data` into `output`.
    ///
    /// - Parameters:
    ///   - data: The bottom of the context stack.
    ///   - output: Where the text goes, piece by piece (a `String`, or your own `TextOutputStream`).
    ///   - options: Escaping, partials, strictness; see ``RenderOptions``.
    /// - Throws: ``TemplateError`` for a missing partial (when strict), an unusable partial name or file, a
    ///   partial or lambda result that does not parse, or nesting past ``RenderOptions/maximumDepth``.
    ///   Output written before the error stays in `output`.
    public func render<Output: TextOutputStream>(
        _ data: MustacheValue, into output: inout Output, options: RenderOptions = RenderOptions()
    ) throws {
        var session = RenderSession(data: data, format: options.format ?? format, options: options)
        try session.render(self, into: &output)
    }

    /// Renders the template with `data` (any ``MustacheValueConvertible``) into `output`.
    public func render<Output: TextOutputStream>(
        _ data: some MustacheValueConvertible, into output: inout Output, options: RenderOptions = RenderOptions()
    ) throws {
        try render(data.mustacheValue, into: &output, options: options)
    }

    /// Renders the template with `data` and returns the text.
    public func render(_ data: MustacheValue = [:], options: RenderOptions = RenderOptions()) throws -> String {
        var output = ""
        try render(data, into: &output, options: options)
        return output
    }

    /// Renders the template with `data` (any ``MustacheValueConvertible``) and returns the text.
    public func render(_ data: some MustacheValueConvertible, options: RenderOptions = RenderOptions()) throws -> String {
        try render(data.mustacheValue, options: options)
    }
}
