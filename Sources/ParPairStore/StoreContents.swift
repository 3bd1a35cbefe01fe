import ParPairModel

/// Everything in a store, in memory: for small stores, tests and tools. Reports stream instead.
public struct StoreContents: Sendable, Hashable {
    public var babies: [Baby]
    public var foodLogs: [FoodLog]
    public var sleepLogs: [SleepLog]
    public var diaperLogs: [DiaperLog]
    public var activityLogs: [ActivityLog]

    public init(
        babies: [Baby] = [], foodLogs: [FoodLog] = [], sleepLogs: [SleepLog] = [], diaperLogs: [DiaperLog] = [],
        activityLogs: [ActivityLog] = []
    ) {
        self.babies = babies
        self.foodLogs = foodLogs
        self.sleepLogs = sleepLogs
        self.diaperLogs = diaperLogs
        self.activityLogs = activityLogs
    }

    /// Logs of all kinds.
    public var logCount: Int { foodLogs.count + sleepLogs.count + diaperLogs.count + activityLogs.count }
}
