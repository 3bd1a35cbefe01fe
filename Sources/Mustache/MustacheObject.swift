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

/// A list a section renders once per element, like an array, whose elements are made only as each pass
/// starts and dropped when it ends.
///
/// For long lists of small objects: an array holds every element at once, each object in a box of its own
/// (a weekly CSV row's cells are 43 of them, thousands of rows long).
public protocol MustacheList: Sendable {
    /// How many elements there are; the list is falsey when there are none.
    var count: Int { get }
    /// Element `index` (`0 ..< count`).
    func element(at index: Int) -> MustacheValue
}

/// A list that answers for its elements' keys itself: a section pass over it makes no element unless a tag needs the
/// element as a whole (`{{.}}`), where a ``MustacheList`` makes each element as its pass starts.
///
/// For long lists of elements that are a position in something the list holds (a CSV row's cells are its columns).
public protocol MustacheKeyedList: MustacheList {
    /// What element `index` (`0 ..< count`) holds under `key`, or `nil` when it has no such key (then the lookup goes
    /// on down the context stack): the same as `element(at: index)` would answer.
    func value(forKey key: String, at index: Int) -> MustacheValue?
}
