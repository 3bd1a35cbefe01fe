import Foundation
import IDFingerprints
import ParPairModel

/// Tells whether a log's id was already read for its kind, as `DuplicateIDCheck` says.
struct DuplicateTracker {
    /// Per kind (in `LogKind.allCases` order): fingerprints of the ids read, for `.fingerprints`.
    /// Kept apart so a table's set can be dropped once the table is read (`finish(_:)`).
    private var fingerprints: [IDFingerprintSet]?
    /// Per kind: the ids known to repeat, and those of them already read.
    private var known: [Set<UUID>]
    private var seen: [Set<UUID>]
    /// Kinds whose table has been read completely.
    private var finished: [Bool]
    /// Logs found to repeat an earlier log's id so far.
    private(set) var repeats = 0

    init(_ check: DuplicateIDCheck) {
        let kinds = LogKind.allCases.count
        switch check {
        case .fingerprints:
            fingerprints = Array(repeating: IDFingerprintSet(), count: kinds)
            known = Array(repeating: [], count: kinds)
        case .known(let ids):
            fingerprints = nil
            known = LogKind.allCases.map { ids[$0] ?? [] }
        case .countedByCaller:
            fingerprints = nil
            known = Array(repeating: [], count: kinds)  // no id is known to repeat: nothing is checked
        }
        seen = Array(repeating: [], count: kinds)
        finished = Array(repeating: false, count: kinds)
    }

    /// Records the id; true when an earlier log of the same kind had it.
    mutating func isRepeat(_ id: UUID, kind: LogKind) -> Bool {
        let slot = kind.index
        precondition(!finished[slot], "a \(kind) log was added after its table was finished")
        let repeated: Bool
        if fingerprints != nil {
            repeated = !fingerprints![slot].insert(IDFingerprintSet.fingerprint(of: id, kind: kind))
        } else {
            guard !known[slot].isEmpty, known[slot].contains(id) else { return false }
            repeated = !seen[slot].insert(id).inserted
        }
        if repeated { repeats += 1 }
        return repeated
    }

    /// Sizes the fingerprints of a kind for `count` ids before the first is read, so the set is
    /// allocated once instead of doubling (which briefly holds both sizes) on the way.
    mutating func expect(_ count: Int, of kind: LogKind) {
        let slot = kind.index
        guard !finished[slot] else { return }
        guard fingerprints != nil, fingerprints![slot].isEmpty else { return }
        fingerprints![slot] = IDFingerprintSet(capacity: IDFingerprintSet.capacity(for: count))
    }

    /// Forgets the ids of a kind whose logs have all been added; adding another is a programming error.
    mutating func finish(_ kind: LogKind) {
        let slot = kind.index
        guard !finished[slot] else { return }
        finished[slot] = true
        fingerprints?[slot] = IDFingerprintSet(capacity: 0)
        seen[slot] = []
    }
}
