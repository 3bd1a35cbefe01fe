/// A corpus case could not be built (a failed sample, a byte pattern not found): the test's own problem.
struct HostileInputSetupError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
