/// A Swift type that can be turned into a ``MustacheValue`` for rendering.
///
/// `String`, `Substring`, the integer types, `Double`, `Float`, `Bool`, `Optional`, `Array` and
/// `Dictionary` with `String` keys conform when their elements do. Conform your own types by returning a
/// `.dictionary(...)`, or adopt ``MustacheObject`` to answer keys lazily.
public protocol MustacheValueConvertible {
    /// This value as template data.
    var mustacheValue: MustacheValue { get }
}

extension MustacheValue: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { self }
}

extension String: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .string(self) }
}

extension Substring: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .string(String(self)) }
}

extension Bool: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .bool(self) }
}

extension Int: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .int(self) }
}

extension Int64: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .int(Int(clamping: self)) }
}

extension Int32: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .int(Int(self)) }
}

extension Double: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .double(self) }
}

extension Float: MustacheValueConvertible {
    /// Converted through its shortest decimal form, so `Float(0.1)` prints `0.1`, not `0.10000000149011612`.
    public var mustacheValue: MustacheValue { .double(Double(description) ?? Double(self)) }
}

extension Optional: MustacheValueConvertible where Wrapped: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { self?.mustacheValue ?? .null }
}

extension Array: MustacheValueConvertible where Element: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .array(map(\.mustacheValue)) }
}

extension Dictionary: MustacheValueConvertible where Key == String, Value: MustacheValueConvertible {
    public var mustacheValue: MustacheValue { .dictionary(mapValues(\.mustacheValue)) }
}
