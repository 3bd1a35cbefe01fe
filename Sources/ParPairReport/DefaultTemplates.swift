import Foundation

/// The default templates from `Templates/`, compiled into the binary by the EmbedTemplates plugin.
public enum DefaultTemplates {
    /// Every embedded template: path relative to `Templates/` -> its text.
    public static let all: [String: String] = {
        var result: [String: String] = [:]
        for entry in EmbeddedTemplates.base64 {
            if let data = Data(base64Encoded: entry.data) {
                result[entry.path] = String(decoding: data, as: UTF8.self)
            }
        }
        return result
    }()
}
