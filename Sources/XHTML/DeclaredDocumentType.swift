/// The `<!DOCTYPE>` declaration a parsed document actually has, and where it is.
struct DeclaredDocumentType: Equatable {
    /// The root element name the declaration gives.
    var name: String
    /// The public identifier, if any.
    var publicID: String?
    /// The system identifier, if any.
    var systemID: String?
    /// Where the parser was when it had read the declaration's identifiers.
    var line: Int
    var column: Int

    /// The declaration for people: a known type by name, otherwise its identifiers.
    var summary: String {
        if let publicID {
            if let known = XHTMLDocumentType.named(publicID: publicID) {
                return "\(known.name) (\"\(publicID)\")"
            }
            return "\"\(publicID)\""
        }
        if let systemID {
            return "SYSTEM \"\(systemID)\" without a public identifier"
        }
        return "<!DOCTYPE \(name)> without a public identifier"
    }
}
