import CLibXML2

/// Conversions between Swift strings and libxml2's `xmlChar` strings.
enum XMLString {
    /// Calls `body` with `text` as a NUL-terminated `const xmlChar *`, or with nil.
    static func with<Result>(_ text: String?, _ body: (UnsafePointer<xmlChar>?) -> Result) -> Result {
        guard let text else {
            return body(nil)
        }
        return text.withCString { pointer in
            pointer.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1) { body($0) }
        }
    }

    /// A copy of a libxml2-allocated string, which is then freed with libxml2's deallocator;
    /// nil for NULL.
    ///
    /// The deallocator is read with `xmlMemGet` because Swift 6 refuses to read the mutable C
    /// global `xmlFree` directly.
    static func take(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
        guard let pointer else {
            return nil
        }
        let text = String(cString: pointer)
        free(pointer)
        return text
    }

    /// Frees a libxml2-allocated string with libxml2's deallocator.
    static func free(_ pointer: UnsafeMutablePointer<xmlChar>?) {
        guard let pointer else { return }
        var deallocate: xmlFreeFunc?
        _ = xmlMemGet(&deallocate, nil, nil, nil)
        deallocate?(pointer)
    }

    /// `prefix:name`, or `name` without a prefix.
    static func qualifiedName(_ name: UnsafePointer<xmlChar>?, _ namespace: xmlNsPtr?) -> String {
        let local = copy(name) ?? ""
        guard let prefix = copy(namespace?.pointee.prefix) else { return local }
        return prefix + ":" + local
    }

    /// A copy of a string libxml2 keeps owning; nil for NULL.
    static func copy(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
