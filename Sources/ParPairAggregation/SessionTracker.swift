/// Tracks one kind of timed session (sleeps, breastfeeds, activities) of a baby to decide which open
/// session is "in progress": the newest open one, when no session of the kind starts after it.
struct SessionTracker {
    /// The latest start of any counted session of the kind.
    var latestStart = -Double.infinity
    /// The newest open session by (start, row), and its listed finding if it was listed.
    var newestOpen: (start: Double, rowID: Int64, finding: Int?)?

    mutating func noteSession(start: Double) {
        if start > latestStart { latestStart = start }
    }

    mutating func noteOpen(start: Double, rowID: Int64, finding: Int?) {
        if let newest = newestOpen, (newest.start, newest.rowID) > (start, rowID) { return }
        newestOpen = (start, rowID, finding)
    }

    /// The listed finding to mark as in progress, if any.
    var inProgressFinding: Int? {
        guard let newest = newestOpen, newest.start >= latestStart else { return nil }
        return newest.finding
    }
}
