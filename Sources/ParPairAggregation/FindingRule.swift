/// Why a log is listed as a finding. The raw values are stable identifiers for CSV files and templates.
public enum FindingRule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A sleep without an end (the newest may be in progress).
    case openSleep = "open_sleep"
    /// A breastfeed without an end (the newest may be in progress).
    case openBreastfeed = "open_breastfeed"
    /// An activity without an end (the newest may be in progress).
    case openActivity = "open_activity"
    /// The end lies before the start.
    case endBeforeStart = "end_before_start"
    /// A sleep longer than 24 hours.
    case sleepOver24h = "sleep_over_24h"
    /// A breastfeed longer than 4 hours.
    case breastfeedOver4h = "breastfeed_over_4h"
    /// A negative, NaN or infinite amount.
    case badAmount = "bad_amount"
    /// A formula or pumped-milk feed without an amount.
    case missingAmount = "missing_amount"
    /// A formula or pumped-milk amount without a unit.
    case liquidWithoutUnit = "liquid_without_unit"
    /// A formula or pumped-milk amount in grams.
    case liquidInGrams = "liquid_in_grams"
    /// A solids amount in ml, oz or no unit, which cannot be added to grams.
    case solidsNotInGrams = "solids_not_in_grams"
    /// More than 1,000 ml in one feed.
    case amountOver1000ml = "amount_over_1000ml"
    /// A start or end that is not a real instant (NaN or infinite).
    case badTime = "bad_time"
    /// The log starts before the baby's day of birth.
    case beforeBirthday = "before_birthday"
    /// The log starts after the report's today.
    case afterToday = "after_today"
    /// The log is dated before 1970 or more than 20 years after the birth.
    case implausibleDate = "implausible_date"
    /// A sleep that overlaps an earlier one; the shared time is counted once.
    case overlappingSleep = "overlapping_sleep"
    /// A second log of the same kind with the same id; left out.
    case duplicateID = "duplicate_id"
    /// A log of the same kind, type, start minute, amount, unit and end as another, under a different id
    /// (a double tap); counted once.
    case loggedTwice = "logged_twice"
    /// A type or unit this tool does not know; listed once per value.
    case unknownValue = "unknown_value"
    /// A log that belongs to no baby in the store.
    case orphan
    /// A log row with a value that does not decode (a NULL or wrong-typed required value).
    case unreadableRow = "unreadable_row"

    public var description: String { rawValue }
}
