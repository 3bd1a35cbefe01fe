/// Command-line arguments of one subcommand, parsed against the options it declares.
///
/// Follows the usual conventions by hand (no package dependency): `--name value` and `--name=value`,
/// flags without values, `--` ends options, and `-` alone is a positional (standard output/input).
struct Arguments {
    /// One option a subcommand accepts.
    struct Option {
        var name: String
        var takesValue: Bool
    }

    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private let command: String

    /// - Throws: `UsageError` for an unknown option or a missing value.
    init(_ arguments: [String], command: String, options: [Option]) throws {
        self.command = command
        let known = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = known[name] else {
                throw UsageError("unknown option '\(name)'", command: command)
            }
            if option.takesValue {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value", command: command)
                }
            } else {
                guard inlineValue == nil else {
                    throw UsageError("option '\(name)' takes no value", command: command)
                }
                values[name, default: []].append("")
            }
        }
    }

    /// True when a flag was given.
    func flag(_ name: String) -> Bool { values[name] != nil }

    /// The value of an option given at most once.
    func value(_ name: String) throws -> String? {
        guard let given = values[name] else { return nil }
        guard given.count == 1 else { throw UsageError("option '\(name)' given more than once", command: command) }
        return given[0]
    }

    /// A value parsed by `transform`, which returns nil for a bad value.
    func value<T>(_ name: String, expected: String, _ transform: (String) -> T?) throws -> T? {
        guard let text = try value(name) else { return nil }
        guard let parsed = transform(text) else {
            throw UsageError("option '\(name)': '\(text)' is not \(expected)", command: command)
        }
        return parsed
    }

    /// Exactly `count` positional arguments, named for the error message.
    func positionals(_ names: String...) throws -> [String] {
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw UsageError("missing \(names[positionals.count])", command: command)
            }
            throw UsageError("unexpected argument '\(positionals[names.count])'", command: command)
        }
        return positionals
    }
}
