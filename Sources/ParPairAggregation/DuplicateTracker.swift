import Foundation
import ParPairModel

/// Tells whether a log's id was already read for its kind, as `DuplicateIDCheck` says.
struct DuplicateTracker {
    private var fingerprints: IDFingerprintSet?
    /// Per kind (in `LogKind.allCases` order): the ids known to repeat, and those of them already read.
    private var known: [Set<UUID>]
    private var seen: [Set<UUID>]

    init(_ check: DuplicateIDCheck) {
        switch check {
        case .fingerprints:
            fingerprints = IDFingerprintSet()
            known = Array(repeating: [], count: LogKind.allCases.count)
        case .known(let ids):
            fingerprints = nil
            known = LogKind.allCases.map { ids[$0] ?? [] }
        }
        seen = Array(repeating: [], count: LogKind.allCases.count)
    }

    /// Records the id; true when an earlier log of the same kind had it.
    mutating func isRepeat(_ id: UUID, kind: LogKind) -> Bool {
        if fingerprints != nil {
            return !fingerprints!.insert(IDFingerprintSet.fingerprint(of: id, kind: kind))
        }
        let slot = DuplicateTracker.slot(kind)
        guard !known[slot].isEmpty, known[slot].contains(id) else { return false }
        return !seen[slot].insert(id).inserted
    }

    private static func slot(_ kind: LogKind) -> Int {
        switch kind {
        case .food: 0
        case .sleep: 1
        case .diaper: 2
        case .activity: 3
        }
    }
}
