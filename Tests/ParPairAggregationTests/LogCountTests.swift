@testable import ParPairAggregation
import Testing

/// Day counts are 32-bit to keep a store of years small in memory; they must never trap.
@Suite struct LogCountTests {
    @Test func countsUpAndStopsAtTheLimitInsteadOfTrapping() {
        var count: LogCount = 0
        count += 1
        count += 1
        #expect(count.value == 2)
        var nearLimit: LogCount = 4_294_967_294
        nearLimit += 1
        #expect(nearLimit.value == 4_294_967_295)
        nearLimit += 1
        nearLimit += Int.max
        #expect(nearLimit.value == 4_294_967_295)
        var negative: LogCount = 5
        negative += -3  // clamped to 0: counts only grow
        #expect(negative.value == 5)
    }
}
