import Concurrency
import ParPairModel

/// Tables either of two threads may read: the first to ask for one reads it, the other goes on to the
/// next. The aggregating thread, done with its own table, takes the next one the reading thread has not
/// reached, instead of waiting idle while that thread reads on alone.
struct TableClaims: Sendable {
    private let taken = Locked(Set<LogKind>())

    /// True for the first thread to ask for `kind`: that thread reads it.
    func take(_ kind: LogKind) -> Bool {
        taken.withLock { $0.insert(kind).inserted }
    }
}
