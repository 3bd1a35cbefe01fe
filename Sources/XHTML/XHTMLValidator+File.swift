#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension XHTMLValidator {
    /// Validates a document another thread writes through `channel`, chunk by chunk as it comes: call
    /// it on a thread of its own; it returns once the writer called `finish()` and every byte was read.
    public func validate(channel: ByteChannel, name: String) -> XMLCheckResult {
        parse(name: name).run(channel: channel)
    }

    /// Validates a document another thread writes through `channel`, showing it to `visitor` in the same pass
    /// (on the calling thread).
    public func validate<Visitor: XMLVisitor>(channel: ByteChannel, name: String, visitor: inout Visitor) -> XMLCheckResult {
        VisitHooks.with(&visitor) { parse(name: name).run(channel: channel, hooks: $0) }
    }

    /// Validates a document another thread writes through `channel`, showing it to `visitor`, and hands `html` the
    /// document libxml2 parsed, a chunk at a time as it is parsed, written as an HTML parser reads it back as the same
    /// tree (comments left out, text re-escaped, `<br />`; a tree that cannot be so written fails the check). What
    /// `html` is given is to be shipped only once the check passed.
    public func validate<Visitor: XMLVisitor>(
        channel: ByteChannel, name: String, visitor: inout Visitor, writingHTML html: @escaping ([UInt8]) -> Void
    ) -> XMLCheckResult {
        VisitHooks.with(&visitor, html: html) { parse(name: name).run(channel: channel, hooks: $0) }
    }

    /// Validates a file, showing it to `visitor` in the same pass (see ``validate(fileAt:name:)``).
    /// - Throws: ``XMLFileError`` when the file cannot be opened or read.
    public func validate<Visitor: XMLVisitor>(fileAt path: String, name: String, visitor: inout Visitor) throws(XMLFileError) -> XMLCheckResult {
        var copy = visitor
        defer { visitor = copy }
        return try validate(fileAt: path, name: name, hooks: VisitHooks(
            elementsWithText: copy.elementsWithText, wantsStartTags: copy.wantsStartTags) { copy.visit($0) })
    }

    /// Validates a file, read a chunk at a time (a large report is never held in memory whole);
    /// libxml2 detects the encoding from the byte order mark and the XML declaration.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - name: The name used in every diagnostic, such as `report.html`.
    /// - Returns: Every problem found and the verdict.
    /// - Throws: ``XMLFileError`` when the file cannot be opened or read.
    public func validate(fileAt path: String, name: String) throws(XMLFileError) -> XMLCheckResult {
        try validate(fileAt: path, name: name, hooks: nil)
    }

    private func validate(fileAt path: String, name: String, hooks: VisitHooks?) throws(XMLFileError) -> XMLCheckResult {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw XMLFileError(path: path, errorNumber: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw XMLFileError(path: path, errorNumber: errno)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw XMLFileError(path: path, errorNumber: EISDIR, reason: "not a regular file")
        }
        let (result, readError) = parse(name: name).run(descriptor: descriptor, byteCount: Int(status.st_size), hooks: hooks)
        if let readError {
            throw XMLFileError(path: path, errorNumber: readError)
        }
        return result
    }
}
