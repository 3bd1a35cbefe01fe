/// Renders large sections and prints time per row count.
enum MustacheBenchmark {
    static func run(_ arguments: [String]) {
        print("mustache benchmark: not written yet")
    }
}
