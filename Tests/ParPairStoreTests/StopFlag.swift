import Foundation

/// A flag and a counter shared with the writer thread.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var committed = 0

    var isSet: Bool { locked { stopped } }
    var commits: Int { locked { committed } }
    func set() { locked { stopped = true } }
    func count() { locked { committed += 1 } }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
