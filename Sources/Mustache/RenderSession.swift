import Foundation

/// The mutable state of one render: context stack, indentation, block overrides, loaded partials.
///
/// Rendering walks the parsed nodes once; each node costs time proportional to its own output, so a render
/// is linear in template size plus data size.
///
/// Indentation: a standalone partial or parent tag indents every line its template text starts. Lines are
/// indented lazily, just before something is written on them, so empty lines get no trailing whitespace,
/// and line breaks inside interpolated values start no indentation (as the spec requires).
struct RenderSession {
    /// The format being rendered: picks partial file names.
    let documentFormat: OutputFormat
    private(set) var options: RenderOptions
    /// The escaping in effect (plain text while rendering a lambda's interpolation result).
    private var escaping: OutputFormat
    private var stack: [Frame]
    private var indentation = ""
    private var atLineStart = true
    private var overrides: [String: Override] = [:]
    private var depth = 0
    /// Work done so far: bytes written (before escaping) plus ``nodeCost`` per node rendered, checked against
    /// ``RenderOptions/maximumOutputSize``, so sections nested over lists stop even when they write nothing.
    private var written = 0
    private static let nodeCost = 16
    /// Section passes and context frames searched so far, checked against ``RenderOptions/maximumWork``
    /// plus `workPerByte` for every byte of output.
    private var work = 0
    private static let workPerByte = 8
    /// Bytes of output so far (`written` without the per-node cost).
    private var produced = 0
    /// Templates a lambda returned, by everything their parse depends on: a lambda usually returns the same
    /// text each time (a report's words come through one, thousands of times).
    private var lambdaTemplates: [LambdaKey: Template] = [:]
    /// Partials by name (dynamic names resolved), parsed on first use; nil when no source has them.
    private var partials: [String: Template?] = [:]

    /// Replacement content for a block, and the template it was written in.
    private struct Override {
        let block: BlockNode
        let template: Template
    }

    init(data: MustacheValue, format: OutputFormat, options: RenderOptions) {
        self.documentFormat = format
        self.escaping = options.escaping ?? format
        self.options = options
        self.stack = [.value(data)]
    }

    /// One level of the context stack: a value, or a pass of a section over a ``MustacheKeyedList``, which answers
    /// for its element (so the pass does not make the element unless a tag needs it whole, as `{{.}}` does).
    private enum Frame {
        case value(MustacheValue)
        case element(ListPass, Int)

        func value(forKey key: String) -> MustacheValue? {
            switch self {
            case .value(let value): value.value(forKey: key)
            case .element(let pass, let index): pass.list.value(forKey: key, at: index)
            }
        }

        /// The frame's value whole, as `{{.}}` reads it: a list pass's element is made here.
        var whole: MustacheValue {
            switch self {
            case .value(let value): value
            case .element(let pass, let index): pass.list.element(at: index)
            }
        }
    }

    /// The list a section goes through, in a reference of its own: a frame holding the list itself copied it
    /// through its type's value witnesses at every step, a frame holding this only retains it.
    private final class ListPass {
        let list: any MustacheKeyedList
        init(_ list: any MustacheKeyedList) { self.list = list }
    }

    mutating func render<Output: TextOutputStream>(_ template: Template, into output: inout Output) throws {
        try render(template.nodes, of: template, into: &output)
    }

    /// Renders a list of nodes, each in its own function.
    private mutating func render<Output: TextOutputStream>(
        _ nodes: [TemplateNode], of template: Template, into output: inout Output
    ) throws {
        // By index: the array's iterator hands out each node retained, and a section's children are gone through
        // once per element of its list.
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text): write(text, into: &output)
            case .variable(let variable): try renderVariable(variable, of: template, into: &output)
            case .section(let section): try renderSection(section, of: template, into: &output)
            case .partial(let partial): try renderPartial(partial, of: template, into: &output)
            case .parent(let parent): try renderParent(parent, of: template, into: &output)
            case .block(let block): try renderBlock(block, of: template, into: &output)
            }
            written += Self.nodeCost
            if written > options.maximumOutputSize {
                throw TemplateError(.outputTooLarge(limit: options.maximumOutputSize), templateName: template.name)
            }
        }
    }

    // Each kind of node renders in its own function, kept out of line so the frame of the node loop above
    // stays small: nesting depth costs little stack.

    @inline(never)
    private mutating func renderVariable<Output: TextOutputStream>(
        _ variable: VariableNode, of template: Template, into output: inout Output
    ) throws {
        guard let value = lookup(variable.name) else { return }
        if case .lambda(let lambda) = value {
            let rendered = try renderInterpolationLambda(lambda, variable, of: template)
            writeValue(rendered, escaped: variable.escaped, into: &output)
            return
        }
        guard let text = value.text else { return }
        writeValue(text, escaped: variable.escaped, into: &output)
    }

    /// A lambda's result for `{{name}}`: parsed with the default delimiters and rendered without escaping.
    private mutating func renderInterpolationLambda(
        _ lambda: MustacheLambda, _ variable: VariableNode, of template: Template
    ) throws -> String {
        let lambdaTemplate = try parsedLambda(
            source: lambda.body(nil), name: "lambda '\(variable.name.text)' in \(template.name)",
            format: .text, delimiters: .standard)
        try enter(variable.name.text, of: template, at: variable.offset)
        let saved = (escaping, indentation, atLineStart)
        defer {
            (escaping, indentation, atLineStart) = saved
            depth -= 1
        }
        escaping = .text
        indentation = ""
        var rendered = ""
        try render(lambdaTemplate.nodes, of: lambdaTemplate, into: &rendered)
        return rendered
    }

    private struct LambdaKey: Hashable {
        let source: String
        let name: String
        let format: OutputFormat
        let delimiters: Delimiters
    }

    /// A lambda's result parsed as a template, once per distinct result (at most 1024 kept, each at most
    /// 4 KiB, so the cache stays small whatever a lambda returns).
    private mutating func parsedLambda(source: String, name: String, format: OutputFormat, delimiters: Delimiters) throws -> Template {
        let key = LambdaKey(source: source, name: name, format: format, delimiters: delimiters)
        if let parsed = lambdaTemplates[key] { return parsed }
        let parsed = try Template(source: source, name: name, format: format, delimiters: delimiters)
        // A report's words are short; a long or ever-changing result is parsed each time instead of kept.
        if lambdaTemplates.count < 1024, source.utf8.count <= 4096 { lambdaTemplates[key] = parsed }
        return parsed
    }

    @inline(never)
    private mutating func renderSection<Output: TextOutputStream>(
        _ section: SectionNode, of template: Template, into output: inout Output
    ) throws {
        let value = lookup(section.name)
        if section.inverted {
            guard !(value?.isTruthy ?? false) else { return }
            try enter(section.name.text, of: template, at: section.offset)
            defer { depth -= 1 }
            try render(section.children, of: template, into: &output)
            return
        }
        guard let value, value.isTruthy else { return }
        try enter(section.name.text, of: template, at: section.offset)
        defer { depth -= 1 }
        switch value {
        case .array(let elements):
            for element in elements {
                try renderElement(.value(element), section, of: template, into: &output)
            }
        case .list(let list):
            if let keyed = list as? any MustacheKeyedList {
                let pass = ListPass(keyed)
                for index in 0..<list.count {
                    try renderElement(.element(pass, index), section, of: template, into: &output)
                }
            } else {
                for index in 0..<list.count {
                    try renderElement(.value(list.element(at: index)), section, of: template, into: &output)
                }
            }
        case .lambda(let lambda):
            let lambdaTemplate = try parsedLambda(
                source: lambda.body(template.sourceText(section.rawRange)),
                name: "lambda '\(section.name.text)' in \(template.name)",
                format: escaping, delimiters: section.delimiters)
            try render(lambdaTemplate.nodes, of: lambdaTemplate, into: &output)
        default:
            stack.append(.value(value))
            defer { stack.removeLast() }
            try render(section.children, of: template, into: &output)
        }
    }

    /// One pass of a list section.
    private mutating func renderElement<Output: TextOutputStream>(
        _ element: Frame, _ section: SectionNode, of template: Template, into output: inout Output
    ) throws {
        work += 1
        // Work that produces output is paid for by it (up to the output budget); work that writes
        // nothing gets `maximumWork` in all.
        try checkWork(section, of: template)
        stack.append(element)
        defer { stack.removeLast() }
        try render(section.children, of: template, into: &output)
    }

    private func checkWork(_ section: SectionNode, of template: Template) throws {
        if work > options.maximumWork + Self.workPerByte * produced {
            throw TemplateError(.tooMuchWork(section: section.name.text, limit: options.maximumWork), in: template, at: section.offset)
        }
    }

    @inline(never)
    private mutating func renderPartial<Output: TextOutputStream>(
        _ partial: PartialNode, of template: Template, into output: inout Output
    ) throws {
        guard let loaded = try load(partial.name, of: template, at: partial.offset) else { return }
        try enter(partial.name.tagText, of: template, at: partial.offset)
        let saved = indentation
        defer {
            indentation = saved
            depth -= 1
        }
        indentation += partial.indentation
        try render(loaded.nodes, of: loaded, into: &output)
    }

    @inline(never)
    private mutating func renderParent<Output: TextOutputStream>(
        _ parent: ParentNode, of template: Template, into output: inout Output
    ) throws {
        guard let loaded = try load(parent.name, of: template, at: parent.offset) else { return }
        try enter(parent.name.tagText, of: template, at: parent.offset)
        let savedIndentation = indentation
        let savedOverrides = overrides
        defer {
            indentation = savedIndentation
            overrides = savedOverrides
            depth -= 1
        }
        indentation += parent.indentation
        // Blocks given further out win over these: top-level substitutions take precedence.
        for (name, block) in parent.overrides where overrides[name] == nil {
            overrides[name] = Override(block: block, template: template)
        }
        try render(loaded.nodes, of: loaded, into: &output)
    }

    @inline(never)
    private mutating func renderBlock<Output: TextOutputStream>(
        _ block: BlockNode, of template: Template, into output: inout Output
    ) throws {
        guard let override = overrides[block.name] else {
            try render(block.children, of: template, into: &output)
            return
        }
        try enter("$" + block.name, of: template, at: block.offset)
        let saved = indentation
        defer {
            indentation = saved
            depth -= 1
        }
        indentation += block.indentation
        try render(override.block.children, of: override.template, into: &output)
    }

    /// Resolves a dotted name: the first key on the context stack, top down, then each further key in the
    /// value found (no fallback down the stack for later keys).
    private mutating func lookup(_ name: DataName) -> MustacheValue? {
        let keys = name.keys
        guard !keys.isEmpty else { return stack.last?.whole }
        var index = stack.count
        while index > 0 {
            index -= 1
            work += 1
            guard var value = stack[index].value(forKey: keys[0]) else { continue }
            // By index: a slice of the keys (`dropFirst()`) retained the array for every lookup, dotted or not.
            var position = 1
            while position < keys.count {
                guard let next = value.value(forKey: keys[position]) else { return nil }
                value = next
                position += 1
            }
            return value
        }
        return nil
    }

    // MARK: - Partials

    /// The template for a partial or parent tag, parsed once per render; nil when missing and lenient.
    private mutating func load(_ name: PartialName, of template: Template, at offset: Int) throws -> Template? {
        let partialName: String
        switch name {
        case .literal(let literal):
            partialName = literal
        case .dynamic(let dataName):
            guard let resolved = lookup(dataName)?.text, !resolved.isEmpty else { return nil }
            partialName = resolved
        }
        if let cached = partials[partialName] {
            return try cached ?? missing(partialName, of: template, at: offset)
        }
        let found: PartialText?
        do {
            found = try options.partials.partial(named: partialName, format: documentFormat)
        } catch let error as TemplateError where error.location == nil {
            throw TemplateError(error.reason, in: template, at: offset)
        }
        let parsed = try found.map { try Template(source: $0.source, name: $0.name, format: documentFormat) }
        partials[partialName] = .some(parsed)
        return try parsed ?? missing(partialName, of: template, at: offset)
    }

    private func missing(_ name: String, of template: Template, at offset: Int) throws -> Template? {
        guard options.missingPartials == .throwError else { return nil }
        let tried = PartialNaming.candidates(for: name, format: documentFormat)
        throw TemplateError(.missingPartial(name: name, tried: tried), in: template, at: offset)
    }

    /// Goes one level deeper, refusing to go past the depth limit. The caller steps back with `depth -= 1`.
    private mutating func enter(_ tag: String, of template: Template, at offset: Int) throws {
        guard depth < options.maximumDepth else {
            throw TemplateError(.renderingTooDeep(tag: tag, limit: options.maximumDepth), in: template, at: offset)
        }
        depth += 1
    }

    // MARK: - Output

    private mutating func write<Output: TextOutputStream>(_ text: TextNode, into output: inout Output) {
        written += text.text.utf8.count
        produced += text.text.utf8.count
        if indentation.isEmpty {
            output.write(text.text)
            atLineStart = text.endsWithNewline
            return
        }
        for line in text.lines {
            if atLineStart && line != "\n" && line != "\r\n" {
                output.write(indentation)
            }
            output.write(line)
            atLineStart = line.utf8.last == 0x0A  // "\r\n" is one Character, so not hasSuffix("\n")
        }
    }

    private mutating func writeValue<Output: TextOutputStream>(_ text: String, escaped: Bool, into output: inout Output) {
        guard !text.isEmpty else { return }
        written += text.utf8.count
        produced += text.utf8.count
        if atLineStart && !indentation.isEmpty {
            output.write(indentation)
        }
        if escaped {
            escaping.write(escaping: text, to: &output)
        } else {
            output.write(text)
        }
        atLineStart = false
    }
}
