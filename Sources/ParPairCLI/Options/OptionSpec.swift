import ParPairAggregation

/// The commands of `parpair-report`, by the word that names them on the command line.
enum CommandName: String, Sendable, CaseIterable, Hashable {
    case report, export, info, stores, columns, templates, validate, sample, digest, completions, manual
}

/// What a shell should offer for an option's value or a positional argument.
enum CompletionKind: Sendable, Equatable {
    /// Nothing to offer: free text (a number, a date, an address).
    case none
    /// A path to a file (or a folder that holds one, such as a store).
    case file
    /// A path to a folder.
    case directory
    /// One of these words.
    case choices([String])
}

/// One option of the command line, declared once: the parser, every `--help`, the man page and the
/// shell completions are all made from these declarations, so they cannot drift apart.
struct OptionSpec: Sendable {
    /// `--tz`.
    var name: String
    /// `ZONE`; nil for a flag, which takes no value.
    var valueName: String?
    /// One line for `--help` and the man page.
    var help: String
    /// The commands that take it.
    var commands: Set<CommandName>
    var completion: CompletionKind

    var takesValue: Bool { valueName != nil }

    /// `--tz ZONE`, as help and the man page show it.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

/// An option whose value parses into `Value`; a bad value becomes a usage error naming the option.
struct TypedOption<Value>: Sendable {
    var spec: OptionSpec
    var parse: @Sendable (String) throws(OptionValueError) -> Value

    init(
        _ name: String, _ valueName: String, _ help: String, for commands: Set<CommandName>,
        completion: CompletionKind = .none, parse: @escaping @Sendable (String) throws(OptionValueError) -> Value
    ) {
        spec = OptionSpec(name: name, valueName: valueName, help: help, commands: commands, completion: completion)
        self.parse = parse
    }
}

extension TypedOption where Value == String {
    /// An option whose value is taken as given (a path, a name).
    init(_ name: String, _ valueName: String, _ help: String, for commands: Set<CommandName>, completion: CompletionKind = .none) {
        self.init(name, valueName, help, for: commands, completion: completion) { $0 }
    }
}

/// A closed set of words for an option's value, such as `--table weekly|daily|events`.
protocol ArgumentChoice: CaseIterable, Sendable {
    /// The word on the command line.
    var argument: String { get }
    /// Parses the word (aliases allowed); nil when it is none of them.
    init?(argument: String)
}

extension TypedOption where Value: ArgumentChoice {
    /// An option whose value is one of `Value`'s words; help, man page and completions list them.
    init(_ name: String, _ help: String, for commands: Set<CommandName>) {
        let words = Value.allCases.map(\.argument)
        self.init(name, words.joined(separator: "|"), help, for: commands, completion: .choices(words)) { text throws(OptionValueError) in
            guard let value = Value(argument: text) else {
                throw OptionValueError(value: text, expected: Self.wordList(words))
            }
            return value
        }
    }

    /// `html, csv or md`.
    static func wordList(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }
}

/// A flag: an option without a value.
struct Flag: Sendable {
    var spec: OptionSpec

    init(_ name: String, _ help: String, for commands: Set<CommandName>) {
        spec = OptionSpec(name: name, valueName: nil, help: help, commands: commands, completion: .none)
    }
}
