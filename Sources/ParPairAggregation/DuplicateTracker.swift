import Foundation
import ParPairModel

/// Tells whether a log's id was already read for its kind, as `DuplicateIDCheck` says.
struct DuplicateTracker {
    private var fingerprints: IDFingerprintSet?
    /// Per kind (in `LogKind.allCases` order): the ids known to repeat, and those of them already read.
    private var known: [Set<UUID>]
    private var seen: [Set<UUID>]
    /// Logs found to repeat an earlier log's id so far.
    private(set) var repeats = 0

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
        let repeated: Bool
        if fingerprints != nil {
            repeated = !fingerprints!.insert(IDFingerprintSet.fingerprint(of: id, kind: kind))
        } else {
            let slot = DuplicateTracker.slot(kind)
            guard !known[slot].isEmpty, known[slot].contains(id) else { return false }
            repeated = !seen[slot].insert(id).inserted
        }
        if repeated { repeats += 1 }
        return repeated
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
