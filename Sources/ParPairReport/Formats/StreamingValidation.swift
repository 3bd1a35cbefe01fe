import Foundation
import XHTML

/// Validates an HTML report while it is written: the bytes the sink writes also go, through a bounded
/// channel, to libxml2 on a thread of its own, so validation overlaps rendering instead of rereading the
/// finished file afterwards. The file still replaces nothing until `verdict()` says it is valid.
///
/// The validator starts with the first bytes (the report data, charts included, is complete by then)
/// and `stop()` ends it on every path, so no thread outlives the job.
final class StreamingValidation: @unchecked Sendable {
    private let channel = ByteChannel()
    private let name: String
    private let condition = NSCondition()
    private var started = false
    private var result: XMLCheckResult?

    init(name: String) {
        self.name = name
    }

    /// Hands bytes just written to the validator.
    func send(_ bytes: UnsafeRawBufferPointer) {
        startIfNeeded()
        channel.send(bytes)
    }

    /// The verdict on everything sent, once it is all read.
    /// - Throws: `ReportError.invalidHTML`, `.dtdUnavailable`, `.tooLarge`, as ``ReportRendering/validateXHTML(_:name:)``.
    func verdict() throws {
        startIfNeeded()
        channel.finish()
        try ReportRendering.check(waitForResult(), name: name)
    }

    /// Ends the validator whatever happened (a failed render included); waits for its thread.
    func stop() {
        condition.lock()
        let running = started
        condition.unlock()
        guard running else { return }
        channel.finish()
        _ = waitForResult()
    }

    private func startIfNeeded() {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return }
        started = true
        let thread = Thread { [self] in
            let outcome = XHTMLValidator().validate(channel: channel, name: name)
            condition.lock()
            result = outcome
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func waitForResult() -> XMLCheckResult {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}
