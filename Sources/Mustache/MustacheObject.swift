/// A value of your own type that templates read key by key, without converting it up front.
///
/// On the context stack, a lookup of `name` asks each object in turn; returning `nil` means "no such key
/// here" and the lookup continues further down the stack, while returning `.null` means "the key exists and
/// is empty" and stops it. An object is truthy and prints nothing by itself.
///
/// ```swift
/// struct Week: MustacheObject {
///     var number: Int
///     var feeds: [Feed]
///     func mustacheValue(forKey key: String) -> MustacheValue? {
///         switch key {
///         case "number": .int(number)
///         case "feeds": feeds.mustacheValue
///         default: nil
///         }
///     }
/// }
/// ```
public protocol MustacheObject: MustacheValueConvertible, Sendable {
    /// The value for `key`, or `nil` when this object has no such key.
    func mustacheValue(forKey key: String) -> MustacheValue?
}

extension MustacheObject {
    /// The object itself, read lazily.
    public var mustacheValue: MustacheValue { .object(self) }
}
