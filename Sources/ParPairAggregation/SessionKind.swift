/// The timed sessions whose end is checked alike (`BabyAccumulator.sessionDuration`) and whose newest open
/// session may be in progress when the report is made.
enum SessionKind: Int, CaseIterable {
    case sleep
    case breastfeed
    case activity

    /// The rule for a session without an end.
    var openRule: FindingRule {
        switch self {
        case .sleep: .openSleep
        case .breastfeed: .openBreastfeed
        case .activity: .openActivity
        }
    }

    /// The session in a finding's words.
    var name: FindingMessage.Value {
        switch self {
        case .sleep: .term("kind_sleep")
        case .breastfeed: .term("what_breastfeed")
        case .activity: .term("kind_activity")
        }
    }

    /// The total that a session without a usable end stays out of.
    var total: FindingMessage.Value {
        switch self {
        case .sleep: .term("total_sleep")
        case .breastfeed: .term("total_breastfeeding")
        case .activity: .term("total_activity")
        }
    }
}
