/// A Mustache lambda: a Swift closure whose result is rendered as template text.
///
/// - In an interpolation `{{name}}` (or `{{{name}}}`), the closure is called with no section text; its
///   result is parsed with the default delimiters `{{ }}`, rendered against the current context without
///   escaping, and the whole result is then escaped once for `{{name}}` (not for `{{{name}}}`).
/// - In a section `{{#name}}…{{/name}}`, the closure receives the section's unprocessed text; its result is
///   parsed with the delimiters in effect at the section and rendered in place of the section.
/// - In an inverted section `{{^name}}`, a lambda counts as truthy, so the inverted section is skipped.
///
/// The closure is called every time the tag is rendered; results are never cached.
///
/// ```swift
/// let bold = MustacheLambda(section: { text in "<b>" + text + "</b>" })
/// ```
public struct MustacheLambda: Sendable {
    let body: @Sendable (String?) -> String

    /// A lambda for interpolation tags. Used as a section, it ignores the section text.
    public init(_ body: @escaping @Sendable () -> String) {
        self.body = { _ in body() }
    }

    /// A lambda for section tags: receives the raw section text. Used in an interpolation, it receives "".
    public init(section body: @escaping @Sendable (String) -> String) {
        self.body = { text in body(text ?? "") }
    }
}

extension MustacheLambda: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .lambda(self) }
}
