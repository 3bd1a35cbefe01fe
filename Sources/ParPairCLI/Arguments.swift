/// Command-line arguments of one command, parsed against the options `OptionTable` declares for it.
///
/// Follows the usual conventions by hand (no package dependency): `--name value` and `--name=value`,
/// flags without values, `--` ends options, and `-` alone is a positional (standard output/input).
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    let command: CommandName
    /// The family file `--family` named (`FamilyArguments`): where the stores come from when no STORE is given.
    var family: FamilyFile?

    /// - Throws: `UsageError` for an unknown option (with the nearest known one), an option given
    ///   without its value (also when the next word is another option), or a value given to a flag.
    init(_ arguments: [String], command: CommandName) throws {
        self.command = command
        let options = OptionTable.options(for: command)
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
                throw Self.unknown(name, command: command, known: options.map(\.name))
            }
            guard let valueName = option.valueName else {
                guard inlineValue == nil else {
                    throw UsageError("option '\(name)' is a flag and takes no value", command: command.rawValue)
                }
                values[name, default: []].append("")
                continue
            }
            if let inlineValue {
                values[name, default: []].append(inlineValue)
                continue
            }
            // `--tz --today 2026-11-20`: the word after is an option, not the zone; say so.
            guard index < arguments.count, !Self.looksLikeOption(arguments[index]) else {
                throw UsageError("option '\(name)' needs a value (\(valueName))", command: command.rawValue)
            }
            values[name, default: []].append(arguments[index])
            index += 1
        }
    }

    /// `--x` or `-x`; `-` alone (standard output) and negative-looking values are not options. A value that
    /// really starts with `--` is given as `--name=--value`.
    private static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("--") || (word.count == 2 && word.hasPrefix("-") && word != "--" && word.last?.isLetter == true)
    }

    private static func unknown(_ name: String, command: CommandName, known: [String]) -> UsageError {
        var message = "unknown option '\(name)'"
        if let near = Suggestion.nearest(to: name, among: known) {
            message += " (did you mean '\(near)'?)"
        } else if let other = OptionTable.all.first(where: { $0.name == name }) {
            let takers = CommandName.allCases.filter { other.commands.contains($0) }.map(\.rawValue)
            message = "option '\(name)' does not apply to \(command.rawValue) (it is for \(takers.joined(separator: ", ")))"
        }
        return UsageError(message, command: command.rawValue)
    }

    /// True when the flag was given.
    func flag(_ flag: Flag) -> Bool { values[flag.spec.name] != nil }

    /// The text of an option given at most once.
    func text(_ spec: OptionSpec) throws -> String? {
        guard let given = values[spec.name] else { return nil }
        guard given.count == 1 else {
            throw UsageError("option '\(spec.name)' given more than once", command: command.rawValue)
        }
        return given[0]
    }

    /// The option's value, parsed; a value that does not parse is a usage error naming the option.
    func value<Value>(_ option: TypedOption<Value>) throws -> Value? {
        guard let text = try text(option.spec) else { return nil }
        do {
            return try option.parse(text)
        } catch {
            throw UsageError("option '\(option.spec.name)': \(error)", command: command.rawValue)
        }
    }

    /// Every value of an option that may be given more than once, parsed, in the order given.
    func values<Value>(_ option: TypedOption<Value>) throws -> [Value] {
        try (values[option.spec.name] ?? []).map { text in
            do {
                return try option.parse(text)
            } catch {
                throw UsageError("option '\(option.spec.name)': \(error)", command: command.rawValue)
            }
        }
    }

    /// One or more positional arguments, named for the error message.
    /// Without any, the stores of the family file, when one was named.
    func positionals(atLeastOne name: String) throws -> [String] {
        if positionals.isEmpty, let family { return try family.targets().map(\.path) }
        guard !positionals.isEmpty else { throw UsageError("missing \(name)", command: command.rawValue) }
        return positionals
    }

    /// Whether the option was given at all.
    func has(_ spec: OptionSpec) -> Bool { values[spec.name] != nil }

    /// Exactly `count` positional arguments, named for the error message.
    func positionals(_ names: String...) throws -> [String] {
        guard positionals.count == names.count else {
            if positionals.count < names.count {
                throw UsageError("missing \(names[positionals.count])", command: command.rawValue)
            }
            throw UsageError("unexpected argument '\(positionals[names.count])'", command: command.rawValue)
        }
        return positionals
    }
}
