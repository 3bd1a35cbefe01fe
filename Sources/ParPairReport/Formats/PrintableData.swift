import Mustache
import PrintableText

/// Report data for a plain-text rendering (the digest e-mail's `text/plain` part), where `{{name}}` writes a value
/// as it is: every text in it, however deep, lazy objects and lists included, is escaped by ``PrintableText``, so
/// a name cannot add a line, a NUL or a line separator to the part. Catalog texts with tags stay lambdas: the
/// values their tags read come from this same data.
enum PrintableData {
    static func escaping(_ value: MustacheValue) -> MustacheValue {
        switch value {
        case .string(let text): .string(PrintableText.escaped(text))
        case .array(let items): .array(items.map(escaping))
        case .dictionary(let entries): .dictionary(entries.mapValues(escaping))
        case .object(let object): .object(EscapedObject(base: object))
        case .list(let list): .list(EscapedList(base: list))
        case .null, .bool, .int, .double, .lambda: value
        }
    }

    struct EscapedObject: MustacheObject {
        let base: any MustacheObject
        func mustacheValue(forKey key: String) -> MustacheValue? { base.mustacheValue(forKey: key).map(escaping) }
    }

    struct EscapedList: MustacheList {
        let base: any MustacheList
        var count: Int { base.count }
        func element(at index: Int) -> MustacheValue { escaping(base.element(at: index)) }
    }
}
