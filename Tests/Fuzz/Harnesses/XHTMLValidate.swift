#if canImport(Glibc)
import Glibc
#endif
import XHTML

/// Harness `xhtml-validate`: any bytes, as a whole document, through ``XHTMLValidator`` (XHTML 1.0
/// Strict, DTD from the system catalog), from memory and from a file.
///
/// The validator frees each element once libxml2 has checked it, keeping only elements whose ID or
/// IDREF attributes libxml2's tables point at, and feeds libxml2 through a read callback; under
/// AddressSanitizer any mistake there is a crash. Properties: validating the same bytes twice gives
/// the same result, and so does validating them from a file (read a chunk at a time). A valid document written as
/// HTML reads it back (`writingHTMLInto:`, as a user's report is shipped) is valid too, and, without a `<pre>`,
/// `<textarea>` or `<listing>` (whose leading newline the writer doubles for HTML), written again the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let validator = XHTMLValidator()
    let first = validator.validate(bytes, name: "fuzz.html")
    let second = validator.validate(bytes, name: "fuzz.html")
    if first.diagnostics != second.diagnostics || first.outcome != second.outcome {
        input.violated("two validations differ:\n\(first)\n---\n\(second)")
    }
    let path = "/tmp/xhtml-validate-\(getpid()).html"
    guard let file = fopen(path, "wb") else { return 0 }
    _ = fwrite(data, 1, size, file)
    fclose(file)
    defer { unlink(path) }
    guard let fromFile = try? validator.validate(fileAt: path, name: "fuzz.html") else {
        input.violated("the file \(path) could not be read back")
    }
    if fromFile.diagnostics != first.diagnostics || fromFile.outcome != first.outcome {
        input.violated("memory and file differ:\n\(first)\n---\n\(fromFile)")
    }
    checkWrittenAsHTML(String(decoding: bytes, as: UTF8.self), input)
    return 0
}

/// Keeps whether the writer found something it could not write.
private struct Unwritable: XMLVisitor {
    var found = false
    mutating func visit(_ event: XMLEvent) {
        if case .unwritable = event { found = true }
    }
}

private func checkWrittenAsHTML(_ text: String, _ input: FuzzInput) {
    var visitor = Unwritable()
    var written = ""
    guard XHTMLValidator().validate(text, name: "fuzz.html", visitor: &visitor, writingHTMLInto: &written).passed,
          !visitor.found else { return }
    var again = ""
    let second = XHTMLValidator().validate(written, name: "written.html", visitor: &visitor, writingHTMLInto: &again)
    if !second.passed { input.violated("a valid document written as HTML is not valid:\n\(second)\n---\n\(written)") }
    let leadingNewlines = ["<pre", "<textarea", "<listing"].contains { written.contains($0) }
    if !leadingNewlines, again != written { input.violated("written twice differs:\n\(written)\n---\n\(again)") }
}
