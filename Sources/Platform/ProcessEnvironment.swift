import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables.
package enum ProcessEnvironment {
    /// Every variable, as `ProcessInfo.processInfo.environment` gives them: an entry is split at its first `=`
    /// (one without is left out), a later entry of a name replaces an earlier one, and bytes that are not
    /// UTF-8 are repaired. On Linux read from `environ` directly, with the same result as Foundation's copy and
    /// without its generic string code on every start.
    package static func variables() -> [String: String] {
        #if canImport(Glibc)
        variables(from: environ)  // never null: only clearenv() empties it so, and nothing here calls that
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }

    /// The variables of a list of `NAME=value` C strings that ends with a null pointer, as `variables()`.
    package static func variables(from list: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var variables: [String: String] = [:]
        var entry = list
        while let text = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)] =
                    String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
            }
            entry += 1
        }
        return variables
    }
}
