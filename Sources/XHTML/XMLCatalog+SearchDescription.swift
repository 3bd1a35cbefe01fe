import Foundation

extension XMLCatalog {
    /// Where the catalog looked, for a message about a DTD it could not find.
    var searchDescription: String {
        switch self {
        case .builtIn:
            return "only the DTDs built into this program were searched (XHTML 1.0 Strict)"
        case .system:
            let environment = ProcessInfo.processInfo.environment
            if let files = environment["XML_CATALOG_FILES"] {
                if files.trimmingCharacters(in: .whitespaces).isEmpty {
                    return "XML_CATALOG_FILES is set but empty, which turns libxml2's XML catalog off"
                }
                return "libxml2 looked in XML_CATALOG_FILES=\"\(files)\""
            }
            return "libxml2 looked in the system XML catalog /etc/xml/catalog; if yours is elsewhere "
                + "(Homebrew on macOS keeps it under $(brew --prefix)/etc/xml), set XML_CATALOG_FILES to it"
        case .files(let paths):
            if paths.isEmpty {
                return "no XML catalog was given"
            }
            let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
            var text = "looked in the XML catalog" + (paths.count == 1 ? " " : "s ") + paths.joined(separator: ", ")
            if !missing.isEmpty {
                text += " (not found: \(missing.joined(separator: ", ")))"
            }
            return text
        }
    }
}
