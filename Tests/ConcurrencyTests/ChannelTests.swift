import Concurrency
import Testing

/// The bounded channel: order, the bound on how far a sender gets ahead, and both ways to end it.
@Suite struct ChannelTests {
    private struct Failure: Error, Equatable { let code: Int }

    /// Sends `count` numbers on a second thread, counting the sends that returned, while this thread
    /// receives them and records how far ahead of it the sender ever was.
    private static func relay(_ count: Int, capacity: Int) throws -> (received: [Int], mostAhead: Int) {
        let channel = Channel<Int>(capacity: capacity)
        let sent = Locked(0)
        let (received, mostAhead) = try Concurrently.run({ _ in
            var received: [Int] = []
            var mostAhead = 0
            while true {
                mostAhead = max(mostAhead, sent.withLock { $0 } - received.count)
                guard let number = try channel.receive() else { break }
                received.append(number)
            }
            return (received, mostAhead)
        }, { _ in
            for number in 0..<count {
                try channel.send(number)
                sent.withLock { $0 += 1 }
            }
            channel.finish()
        }).0
        return (received, mostAhead)
    }

    @Test(arguments: [1, 3, 64])
    func everyElementArrivesInOrderAndTheSenderStaysWithinTheBound(_ capacity: Int) throws {
        let (received, mostAhead) = try Self.relay(5_000, capacity: capacity)
        #expect(received == Array(0..<5_000))
        #expect(mostAhead <= capacity)
    }

    /// With no room at all, a send returns only once its element was received.
    @Test func aRendezvousSendWaitsUntilReceived() throws {
        let (received, mostAhead) = try Self.relay(2_000, capacity: 0)
        #expect(received == Array(0..<2_000))
        #expect(mostAhead <= 0)
    }

    /// The sender's error comes after everything it sent, and `poll` never waits nor throws.
    @Test func aFinishWithAnErrorComesAfterTheElements() throws {
        let channel = Channel<Int>(capacity: 4)
        #expect(channel.poll() == nil)
        try channel.send(1)
        try channel.send(2)
        channel.finish(throwing: Failure(code: 7))
        channel.finish()  // a second finish changes nothing
        #expect(channel.poll() == 1)
        #expect(try channel.receive() == 2)
        #expect(channel.poll() == nil)
        #expect(throws: Failure(code: 7)) { try channel.receive() }
    }

    /// A receiver that closes wakes a sender blocked on the full channel, which then gets `ChannelClosed`;
    /// what was waiting is dropped.
    @Test func closingStopsABlockedSender() throws {
        let channel = Channel<Int>(capacity: 1)
        let (_, stoppedAt) = try Concurrently.run({ (_: Cancellation) throws in
            #expect(try channel.receive() == 0)
            channel.close()
            #expect(channel.isClosed)
            #expect(try channel.receive() == nil)
        }, { _ in
            var number = 0
            do throws(ChannelClosed) {
                while true {
                    try channel.send(number)
                    number += 1
                }
            } catch {
                #expect(error == ChannelClosed())
            }
            return number
        })
        #expect(stoppedAt >= 1)
        #expect(throws: ChannelClosed()) { try channel.send(99) }
    }
}
