import InPlace
import Testing

@Suite struct InPlaceBoxTests {
    @Test func modifyChangesTheValueInPlaceAndReturnsTheBodysResult() {
        let box = InPlaceBox([1, 2, 3])
        let count = box.modify { values -> Int in
            values.append(4)
            values[0] = 10
            return values.count
        }
        #expect(count == 4)
        #expect(box.read { $0 } == [10, 2, 3, 4])
    }

    @Test func readsMayNest() {
        let box = InPlaceBox("outer")
        let both = box.read { outer in box.read { inner in outer + "/" + inner } }
        #expect(both == "outer/outer")
        box.modify { $0 = "changed after the reads" }
        #expect(box.read { $0 } == "changed after the reads")
    }

    @Test func anErrorFromTheBodyLeavesTheBoxUsable() {
        struct Refused: Error {}
        let box = InPlaceBox(0)
        #expect(throws: Refused.self) {
            try box.modify { value in
                value = 1
                throw Refused()
            }
        }
        box.modify { $0 += 1 }
        #expect(box.read { $0 } == 2)
    }

    @Test func theValueIsReleasedWithTheBox() {
        final class Tracked {}
        weak var tracked: Tracked?
        do {
            let value = Tracked()
            tracked = value
            let box = InPlaceBox([value])
            box.modify { $0.append(Tracked()) }
            #expect(box.read { $0.count } == 2)
        }
        #expect(tracked == nil)
    }

    @Test func changingTheValueFromInsideItsOwnChangeTraps() async {
        await #expect(processExitsWith: .failure) {
            let box = InPlaceBox(0)
            box.modify { _ in box.modify { $0 += 1 } }
        }
    }

    @Test func changingTheValueWhileItIsReadTraps() async {
        await #expect(processExitsWith: .failure) {
            let box = InPlaceBox(0)
            box.read { _ in box.modify { $0 += 1 } }
        }
    }

    @Test func readingTheValueWhileItIsChangedTraps() async {
        await #expect(processExitsWith: .failure) {
            let box = InPlaceBox(0)
            box.modify { _ in _ = box.read { $0 } }
        }
    }
}
