/// A value a template can read: the data side of rendering.
///
/// Build it from Swift values through ``MustacheValueConvertible`` (`String`, `Int`, `Double`, `Bool`,
/// optionals, arrays, `[String: X]` dictionaries), with literals, or lazily from your own types through
/// ``MustacheObject`` (and long lists of them through ``MustacheList``).
///
/// ```swift
/// let data: MustacheValue = ["name": "Ada", "weeks": [["count": 3], ["count": 4]]]
/// ```
///
/// How each case behaves:
///
/// | Case | Truthy in `{{#x}}` | `{{x}}` prints | `{{#x}}…{{/x}}` renders the section |
/// | --- | --- | --- | --- |
/// | `null` | no | nothing | never |
/// | `bool` | its value | `true` / `false` | once, when true |
/// | `int` | yes | the decimal number | once, with the number on top of the stack |
/// | `double` | yes | see ``MustacheValue/text`` | once |
/// | `string` | when not empty | the string | once, with the string on top of the stack |
/// | `array`, `list` | when not empty | nothing | once per element |
/// | `dictionary`, `object` | yes | nothing | once, with the value on top of the stack |
/// | `lambda` | yes | the lambda's result, rendered | the lambda's result, rendered |
public enum MustacheValue: Sendable {
    /// No value (`nil`, JSON `null`): falsey, prints nothing.
    case null
    /// A boolean.
    case bool(Bool)
    /// An integer, printed without a decimal point.
    case int(Int)
    /// A floating-point number, printed shortest round-trip with a `.` (see ``text``).
    case double(Double)
    /// A string. The empty string is falsey.
    case string(String)
    /// A list: a section renders once per element.
    case array([MustacheValue])
    /// Keys to values.
    case dictionary([String: MustacheValue])
    /// A value of your own type, asked for keys only when a tag needs them.
    /// (Boxed, so the other cases stay small and cheap to copy.)
    indirect case object(any MustacheObject)
    /// A list whose elements are made as a section reaches them, one pass at a time; otherwise an `array`.
    indirect case list(any MustacheList)
    /// A closure that produces template text (Mustache lambdas).
    case lambda(MustacheLambda)
}

extension MustacheValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// Later duplicates of a key replace earlier ones.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
