@testable import IDFingerprints
import Testing

/// `IDFingerprintSet.repeatedValues(in:)`: the count of values equal to an earlier one, and
/// `valuesThatRepeat(in:)`: the count of distinct values found more than once, with the array left
/// sorted. Expected counts are those the inputs were built with.
@Suite struct FingerprintRepeatsTests {
    @Test func smallInputs() {
        var none: [UInt64] = []
        #expect(IDFingerprintSet.repeatedValues(in: &none) == 0)
        var one: [UInt64] = [42]
        #expect(IDFingerprintSet.repeatedValues(in: &one) == 0)
        var values: [UInt64] = [5, 3, 5, 5, 1 << 60, 1 << 60 | 1, 1 << 60, 0, 0]
        // 5 twice more, 1 << 60 once more, 0 once more.
        #expect(IDFingerprintSet.repeatedValues(in: &values) == 4)
        #expect(values == [0, 0, 3, 5, 5, 5, 1 << 60, 1 << 60, 1 << 60 | 1])
    }

    /// Above 1024 values the radix sort runs: distinct values (an odd multiplier is a bijection modulo
    /// 2⁶⁴, so `i · m` never repeats) spread over all 64 bits, with repeats added at known places.
    @Test(arguments: [1_024, 5_000, 70_001])
    func largeInputs(_ count: Int) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var values = (0..<UInt64(count)).map { $0 &* multiplier }
        let distinct = values
        values.append(distinct[0])
        values.append(distinct[count / 2])
        values.append(distinct[count / 2])
        values.append(distinct[count - 1])
        values.append(UInt64.max)  // new, not a repeat
        values.swapAt(3, values.count - 2)
        #expect(IDFingerprintSet.repeatedValues(in: &values) == 4)
        #expect(values == (distinct + [distinct[0], distinct[count / 2], distinct[count / 2], distinct[count - 1], .max]).sorted())
    }

    /// `info`'s count: a value three times is one repeated id.
    @Test(arguments: [9, 5_000])
    func distinctValuesThatRepeat(_ count: Int) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var values = (0..<UInt64(count)).map { $0 &* multiplier }
        let distinct = values
        values += [distinct[0], distinct[count / 2], distinct[count / 2], distinct[count - 1], distinct[count - 1], distinct[count - 1]]
        var none: [UInt64] = []
        #expect(IDFingerprintSet.valuesThatRepeat(in: &none) == 0)
        var single: [UInt64] = [7]
        #expect(IDFingerprintSet.valuesThatRepeat(in: &single) == 0)
        // distinct[0] twice, distinct[count / 2] three times, distinct[count - 1] four times.
        #expect(IDFingerprintSet.valuesThatRepeat(in: &values) == 3)
        #expect(values == values.sorted())
        var pairs: [UInt64] = [4, 4, 4, 4, 2, 2]
        #expect(IDFingerprintSet.valuesThatRepeat(in: &pairs) == 2)
    }

    /// Values that differ only in their highest bits, which the last radix pass sorts.
    @Test func highBitsAlone() {
        var values = (0..<2_000).map { UInt64($0 % 512) << 55 }
        #expect(IDFingerprintSet.repeatedValues(in: &values) == 2_000 - 512)
        #expect(values == values.sorted())
    }
}

/// The page-mapped words `RepeatedIDCounter` keeps its fingerprints in: zero-filled scratch, words kept
/// in order across growth, and usable again after being given back early.
@Suite struct PagedWordsTests {
    @Test func growsKeepingWhatItHolds() {
        var words = PagedWords(capacity: 3)
        #expect(words.capacity >= 3)
        let initial = words.capacity
        for index in 0..<(initial + 1) { words.append(UInt64(index + 7)) }
        #expect(words.capacity >= 2 * initial)
        #expect(words.count == initial + 1)
        #expect(words.withWords { Array($0) } == (0..<(initial + 1)).map { UInt64($0 + 7) })
    }

    @Test func zerosAreZeroAndChangeInPlace() {
        var scratch = PagedWords(zeros: 5)
        #expect(scratch.withWords { Array($0) } == [0, 0, 0, 0, 0])
        scratch.withWords { $0[4] = 9 }
        #expect(scratch.withWords { $0[4] } == 9)
        var none = PagedWords(zeros: 0)
        #expect(none.capacity == 0)
        #expect(none.withWords { $0.isEmpty })
    }

    @Test func givenBackEarlyHoldsNothingAndGrowsAgain() {
        var words = PagedWords(capacity: 10)
        words.append(1)
        words.removeAll()
        #expect(words.capacity == 0)
        #expect(words.withWords { $0.isEmpty })
        words.removeAll()  // twice is harmless
        words.append(5)
        #expect(words.withWords { Array($0) } == [5])
    }
}
