/// A command-line value that does not parse, such as `--day-start 25:00`.
public struct OptionValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public var value: String
    /// What was expected instead, in words.
    public var expected: String

    public init(value: String, expected: String) {
        self.value = value
        self.expected = expected
    }

    /// `"25:00" is not valid: expected a clock time HH:MM from 00:00 to 23:59`.
    public var description: String { "\"\(value)\" is not valid: expected \(expected)" }
}
