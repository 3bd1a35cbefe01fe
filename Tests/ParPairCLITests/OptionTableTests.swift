import Foundation
import Testing
import TestSupport
@testable import ParPairCLI

/// Help, the man page and the completions are made from the option table; these tests fail when
/// any of them misses an option the parser takes, or offers one it refuses.
@Suite struct OptionTableTests {
    static let commands = ParPairCommand.specs

    /// The parser's truth: does `command` accept `name`?
    static func parserAccepts(_ name: String, _ command: CommandName) -> Bool {
        do {
            _ = try Arguments([name + "=x"], command: command)
            return true
        } catch let error as UsageError {
            // A flag given a value is still a known option.
            return error.message.contains("is a flag")
        } catch {
            return false
        }
    }

    /// Every `--word` in a text.
    static func optionWords(in text: String) -> Set<String> {
        let pattern = /--[a-z][a-z-]*/
        return Set(text.matches(of: pattern).map { String($0.output) })
    }

    @Test(arguments: commands.map(\.name))
    func helpListsExactlyWhatTheParserTakes(_ name: CommandName) throws {
        let help = InProcessRun.run([name.rawValue, "--help"]).stdout
        let section = help.components(separatedBy: "\nOptions:\n").dropFirst().first?.components(separatedBy: "\nExamples:\n")[0] ?? ""
        let listed = Self.optionWords(in: section.split(separator: "\n").map { $0.split(separator: " ").first ?? "" }.joined(separator: " "))
        for option in listed {
            #expect(Self.parserAccepts(option, name), "help of \(name) lists \(option), which the parser refuses")
        }
        for option in OptionTable.all.map(\.name) where Self.parserAccepts(option, name) {
            #expect(listed.contains(option), "the parser of \(name) takes \(option), which its help does not list")
        }
        #expect(!Self.parserAccepts("--colour", name))
    }

    @Test func manualHasEveryCommandAndOption() {
        let page = InProcessRun.run(["manual"]).stdout
        #expect(page.hasPrefix(".\\\" Made by"))
        #expect(page.contains(".TH PARPAIR-REPORT 1 "))
        let sections = page.components(separatedBy: "\n.SS ").dropFirst()
        for spec in Self.commands {
            let section = sections.first { $0.hasPrefix(spec.name.rawValue + "\n") } ?? ""
            #expect(!section.isEmpty, "no section for \(spec.name)")
            for option in OptionTable.all where Self.parserAccepts(option.name, spec.name) {
                #expect(section.contains(".B " + option.name.replacingOccurrences(of: "-", with: "\\-")), "\(spec.name): \(option.name)")
            }
        }
        for code in [0, 64, 65, 66, 70, 72, 73, 74] {
            #expect(page.contains(".TP\n.B \(code)\n"))
        }
    }

    @Test func zshAndFishOfferEveryOption() {
        let zsh = InProcessRun.run(["completions", "zsh"]).stdout
        let fish = InProcessRun.run(["completions", "fish"]).stdout
        #expect(zsh.hasPrefix("#compdef parpair-report\n"))
        for spec in Self.commands {
            // The case of this command: from `    report)` to its `;;`.
            let section = zsh.components(separatedBy: "\n    \(spec.name.rawValue))\n").dropFirst().first?
                .components(separatedBy: ";;")[0] ?? ""
            #expect(!section.isEmpty, "zsh: no case for \(spec.name)")
            for option in OptionTable.all where Self.parserAccepts(option.name, spec.name) {
                #expect(section.contains("'\(option.name)["), "zsh \(spec.name): \(option.name)")
                #expect(fish.contains("-n '__fish_seen_subcommand_from \(spec.name.rawValue)' -l \(option.name.dropFirst(2))"),
                        "fish \(spec.name): \(option.name)")
            }
        }
    }

    /// Runs the bash script for real: what does bash offer after these words?
    static func bashOffers(_ words: [String]) throws -> [String] {
        let script = InProcessRun.run(["completions", "bash"]).stdout
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parpair-completion-\(UUID().uuidString).bash")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "-c", """
            complete() { :; }
            source '\(file.path)'
            COMP_WORDS=(parpair-report \(quoted)); COMP_CWORD=\(words.count)
            _parpair_report; printf '%s\\n' "${COMPREPLY[@]}"
            """]
        let output = try process.runCapturingOutput()
        return String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesCommandsOptionsAndChoices() throws {
        #expect(try Self.bashOffers(["rep"]) == ["report"])
        #expect(try Self.bashOffers(["report", "--u"]) == ["--units"])
        #expect(try Self.bashOffers(["report", "--format", ""]) == ["csv", "html", "md", "pdf"])
        #expect(try Self.bashOffers(["export", "--table", "d"]) == ["daily"])
        let digest = try Self.bashOffers(["digest", "--"])
        for option in OptionTable.options(for: .digest) { #expect(digest.contains(option.name), "\(option.name)") }
        #expect(!digest.contains("--weeks"))
    }
}
