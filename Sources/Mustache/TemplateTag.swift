/// A tag of a parsed template, as listed by ``Template/tags``: enough to check a template against data
/// (for example, to report every name the data does not provide, with its line and column).
public struct TemplateTag: Sendable, Hashable {
    /// What the tag does.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `{{name}}`: an escaped value.
        case variable
        /// `{{{name}}}` or `{{&name}}`: a raw value.
        case unescapedVariable
        /// `{{#name}}`: a section.
        case section
        /// `{{^name}}`: an inverted section.
        case invertedSection
        /// `{{>name}}`: a partial; ``name`` is the partial's name.
        case partial
        /// `{{<name}}`: a parent template; ``name`` is the parent's name.
        case parent
        /// `{{$name}}`: a block; ``name`` is the block's name (not a data name).
        case block
    }

    /// What the tag does.
    public let kind: Kind
    /// The name as written, trimmed: a dotted data name (`baby.name`, `.`), or a partial, parent or block
    /// name. For a dynamic name (`{{>*name}}`), the data name without the `*`.
    public let name: String
    /// Whether the name is dynamic (`{{>*name}}`, `{{<*name}}`): a data name whose value names the partial.
    public let isDynamic: Bool
    /// 1-based line of the tag's opening delimiter.
    public let line: Int
    /// 1-based column of the tag's opening delimiter, in Unicode scalars.
    public let column: Int
    /// Names of the (non-inverted) sections around the tag, outermost first: the data names whose values
    /// are on the context stack when the tag is looked up.
    public let sectionPath: [String]

    /// A tag record (the parser makes these; tests and tools may compare against them).
    public init(kind: Kind, name: String, isDynamic: Bool = false, line: Int, column: Int, sectionPath: [String] = []) {
        self.kind = kind
        self.name = name
        self.isDynamic = isDynamic
        self.line = line
        self.column = column
        self.sectionPath = sectionPath
    }

    /// Whether ``name`` is looked up in the data: true for variables, sections and dynamic names.
    public var readsData: Bool {
        switch kind {
        case .variable, .unescapedVariable, .section, .invertedSection: true
        case .partial, .parent: isDynamic
        case .block: false
        }
    }
}
