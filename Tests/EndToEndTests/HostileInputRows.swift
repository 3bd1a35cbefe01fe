import Foundation
import ParPairStore
import ParPairSample
import Testing

/// One data-level corpus case: hostile rows, values or schema in an otherwise valid store.
struct HostileInputRows: Sendable, CustomTestStringConvertible {
    /// A finding the report must list: `rule kind row`, e.g. `bad_amount food 100`.
    struct Finding: Sendable, Hashable, CustomStringConvertible {
        let rule: String
        let kind: String
        let row: Int64
        var description: String { "\(rule) \(kind) \(row)" }
    }

    /// What the case must end in: `.report(findings)` or `.error(code, containing: texts)`.
    ///
    /// A struct, not an enum with two payloads: Swift keeps such an enum's case in spare high bits of
    /// a payload's array pointer, which LeakSanitizer does not take for a pointer, so it reported the
    /// arrays of the case tables (static, alive for the whole run) as leaked.
    struct Expected: Sendable {
        /// The exit code of `report` and `export`, or nil when every command succeeds.
        let errorCode: Int32?
        /// What the error line holds, each text somewhere in it.
        let errorTexts: [String]
        /// The findings the report lists.
        let findings: [Finding]

        /// Every command succeeds and the report lists these findings (the hostile id, when one of
        /// them is about a hostile row, Z_PK 100 and up, also appears in the XHTML and Markdown findings).
        static func report(_ findings: [Finding]) -> Expected {
            Expected(errorCode: nil, errorTexts: [], findings: findings)
        }

        /// `report` and `export` end with this code and an error line holding each text; `info`
        /// (which reads aggregates, not rows) may succeed.
        static func error(_ code: Int32, containing texts: [String]) -> Expected {
            Expected(errorCode: code, errorTexts: texts, findings: [])
        }
    }

    let name: String
    let style: StoreLayoutSQL.EnumStyle
    let expected: Expected
    /// Adds the hostile content to the base store (`HostileInputStore.write`).
    let write: @Sendable (StoreWriter) throws -> Void
    /// Edits the finished store's bytes, for what SQL cannot write.
    let patch: (@Sendable (String) throws -> Void)?

    init(
        _ name: String, style: StoreLayoutSQL.EnumStyle = .rawValue, expected: Expected,
        patch: (@Sendable (String) throws -> Void)? = nil, write: @escaping @Sendable (StoreWriter) throws -> Void
    ) {
        self.name = name
        self.style = style
        self.expected = expected
        self.write = write
        self.patch = patch
    }

    var testDescription: String { name }

    /// `rule kind 100`: a finding about the hostile row.
    static func hostile(_ rule: String, _ kind: String = "food") -> Finding {
        Finding(rule: rule, kind: kind, row: HostileInputStore.hostileRow)
    }

    /// A value of the hostile row of `table` in `column` that does not decode: a log row is left out and
    /// listed as unreadable (the report goes on); a baby that does not decode is still an error.
    static func badValue(_ table: String, _ column: String, _ problem: String) -> Expected {
        let kinds = ["ZFOODLOG": "food", "ZSLEEPLOG": "sleep", "ZDIAPERLOG": "diaper", "ZACTIVITYLOG": "activity"]
        guard let kind = kinds[table] else {
            return .error(65, containing: ["table \(table), column \(column), row Z_PK \(HostileInputStore.hostileRow)", problem])
        }
        return .report([hostile("unreadable_row", kind)])
    }
}
