import ParPairStore

/// What a store holds (`info`): opened like every job, from a private snapshot.
public struct InfoJob: Sendable {
    public var store: StoreRequest

    public init(store: StoreRequest) { self.store = store }

    public func run() throws -> StoreInfo {
        try StoreReader.withReader(store) { try $0.info() }
    }

    /// What each of several phones' stores holds, in the order given, each store opened and closed in turn.
    public static func run(_ stores: [StoreRequest]) throws -> [StoreInfo] {
        try stores.map { try InfoJob(store: $0).run() }
    }
}
