/// Aggregates a store and prints time and peak memory.
enum AggregationBenchmark {
    static func run(_ arguments: [String]) {
        print("aggregation benchmark: not written yet")
    }
}
