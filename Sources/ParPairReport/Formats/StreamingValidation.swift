import Concurrency
import XHTML

/// Validates an HTML report while it is written: the bytes the sink writes also go, through a bounded
/// channel (`ByteChannel`), to libxml2 on a thread of its own, so validation overlaps rendering instead of
/// rereading the finished file afterwards. The file still replaces nothing until the verdict says it is valid.
enum StreamingValidation {
    /// Runs `write` on this thread, with the channel its bytes go to, while the validator reads them on a
    /// second thread (`Concurrently`); returns once both are done, with the verdict on everything sent and,
    /// with `allowList`, what ``DocumentAllowList`` found in the same parse (a user's template), and what `write`
    /// returned. The channel is finished when `write` returns or throws, so the validator never outlives the call.
    ///
    /// With `shipping`, the validator's thread writes into that open file the document it parsed, as an HTML parser
    /// reads it back as the same tree (`XHTMLValidator.validate(channel:name:visitor:writingHTML:)`): the file then
    /// holds the tree that was checked, not the bytes `write` sent, and is to be kept only if the verdict passed.
    /// - Throws: what `write` throws (the verdict is then dropped); a failure to write the file.
    static func validating<Written>(
        name: String, allowList: Bool = false, shipping file: (descriptor: Int32, name: String)? = nil,
        _ write: (ByteChannel) throws -> Written
    ) throws -> (verdict: (XMLCheckResult, [PolicyViolation]), written: Written) {
        let channel = ByteChannel()
        let (written, verdict) = try Concurrently.run({ _ in
            defer { channel.finish() }
            return try write(channel)
        }, { _ in
            guard allowList else { return (XHTMLValidator().validate(channel: channel, name: name), [PolicyViolation]()) }
            var walk = DocumentAllowList(templateName: name)
            guard let file else { return (XHTMLValidator().validate(channel: channel, name: name, visitor: &walk), walk.violations) }
            var shipped = DescriptorSink(descriptor: file.descriptor, name: file.name)
            let result = XHTMLValidator().validate(channel: channel, name: name, visitor: &walk) { shipped.write($0) }
            try shipped.finish()  // on its way to disk while the verdict is read
            return (result, walk.violations)
        })
        return (verdict, written)
    }
}
