extension MustacheValue {
    /// Whether a section `{{#x}}` renders (and an inverted section `{{^x}}` does not).
    ///
    /// `null`, `false`, the empty string and the empty array are falsey; everything else, including `0`
    /// and lambdas, is truthy.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .string(let value): !value.isEmpty
        case .array(let elements): !elements.isEmpty
        case .list(let list): list.count > 0
        case .int, .double, .dictionary, .object, .lambda: true
        }
    }

    /// The text `{{x}}` prints before escaping, or `nil` for values that print nothing
    /// (`null`, arrays, lists, dictionaries, objects, lambdas).
    ///
    /// Numbers never depend on the locale:
    /// - `int`: decimal digits, e.g. `85`, `-3`.
    /// - `double`: a whole number below 10^16 in magnitude prints like an integer (`3.0` → `3`, `-0.0` → `0`);
    ///   any other value prints as Swift's shortest round-trip form with a `.`: `2.5`, `0.1`, `1.21`,
    ///   `1e-05`, `1e+16`; non-finite values print `nan`, `inf`, `-inf`.
    public var text: String? {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): MustacheValue.text(of: value)
        case .bool(let value): value ? "true" : "false"
        case .null, .array, .list, .dictionary, .object, .lambda: nil
        }
    }

    /// The value stored under `key`, or `nil` when this value has no such key
    /// (then the lookup goes on down the context stack).
    public func value(forKey key: String) -> MustacheValue? {
        switch self {
        case .dictionary(let dictionary): dictionary[key]
        case .object(let object): object.mustacheValue(forKey: key)
        case .null, .bool, .int, .double, .string, .array, .list, .lambda: nil
        }
    }

    static func text(of number: Double) -> String {
        // Below 10^16 Swift's `description` would add ".0" to whole numbers; from there on it uses an exponent.
        if number == number.rounded(.towardZero), abs(number) < 1e16 {
            return String(Int64(number))
        }
        return number.description
    }
}
