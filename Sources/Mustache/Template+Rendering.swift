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

extension Template {
    /// The text every render of this template writes first, before it reads any data: the template's first
    /// text, when it starts with text, or else the first text of the parent it starts with (`{{<parent}}`, not
    /// indented) when that starts with text. A caller can send it ahead (a validator can start reading a
    /// document's prologue while the data is made); the render still writes it, first and in one piece.
    ///
    /// Nil when the template starts with anything else (a tag that reads data, a partial, a block, a parent that
    /// is indented, dynamic, missing or unreadable, or nested deeper than a render goes) or with empty text: the
    /// render then says what is wrong, as it would have.
    ///
    /// - Parameter options: The partials, format and nesting limit the render will use.
    public func leadingText(options: RenderOptions = RenderOptions()) -> String? {
        var template = self
        // A parent within a parent is followed as deep as a render goes (it enters at most `maximumDepth`).
        for _ in 0...max(0, options.maximumDepth) {
            switch template.nodes.first {
            case .text(let text):
                return text.text.isEmpty ? nil : text.text
            case .parent(let parent):
                guard parent.indentation.isEmpty, case .literal(let name) = parent.name,
                      let found = try? options.partials.partial(named: name, format: options.format ?? format),
                      let parsed = try? Template(source: found.source, name: found.name, format: options.format ?? format)
                else { return nil }
                template = parsed
            default:
                return nil
            }
        }
        return nil
    }
}
