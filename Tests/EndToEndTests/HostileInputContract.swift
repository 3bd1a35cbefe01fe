import Foundation
import Testing

/// The promise every hostile store is held to: each command ends in its output (exit 0) or in one
/// clear error with a sysexits code for bad data, missing input or I/O (65, 66, 74); never a
/// signal, a hang, an internal error (70), a changed or new file beside the store, a half-written
/// output or a private snapshot left behind.
enum HostileInputContract {
    /// Exit codes a hostile input may end with besides 0.
    static let errorCodes: Set<Int32> = [65, 66, 74]

    /// What the commands did with one store.
    struct Outcome: Sendable {
        var runs: [HostileInputCommand: HostileInputRun] = [:]
        /// The output of each successful command: its file, or standard output for `info`.
        var outputs: [HostileInputCommand: String] = [:]

        /// The exit codes, in command order, e.g. `[0, 0, 0, 0, 0]`.
        var codes: [Int32] { HostileInputCommand.allCases.compactMap { runs[$0]?.status } }

        /// The single error line of a failed command (without the `parpair-report: error: ` prefix).
        func error(_ command: HostileInputCommand) -> String? {
            runs[command]?.errorLines.first.map { String($0.dropFirst("parpair-report: error: ".count)) }
        }
    }

    /// Runs `commands` on `store` and checks the contract for each.
    ///
    /// - Parameters:
    ///   - store: the path given to the tool (a file or a folder).
    ///   - inputFolder: the folder whose files must stay byte for byte as they are (holds `store`).
    ///   - work: a scratch folder for outputs and the runs' `TMPDIR`.
    ///   - deadline: how long one run may take before it counts as a hang and is killed.
    static func check(
        store: String, inputFolder: String, work: String,
        commands: [HostileInputCommand] = HostileInputCommand.allCases, deadline: Duration = HostileInputTool.deadline,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Outcome {
        let before = try HostileInputFiles.contents(of: inputFolder)
        var outcome = Outcome()
        for command in commands {
            let folder = work + "/" + command.rawValue
            let outputFolder = folder + "/out"
            try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
            let output = command.outputName.map { outputFolder + "/" + $0 }
            let run = try await HostileInputTool.run(command.arguments(store: store, output: output), folder: folder,
                                                     deadline: deadline)
            outcome.runs[command] = run
            let produced = try FileManager.default.contentsOfDirectory(atPath: outputFolder).sorted()

            #expect(!run.timedOut, "a hang: \(run)", sourceLocation: sourceLocation)
            #expect(!run.signalled, "a crash: \(run)", sourceLocation: sourceLocation)
            #expect(run.leftInTemporary.isEmpty, "left \(run.leftInTemporary) in TMPDIR: \(run)", sourceLocation: sourceLocation)
            guard !run.timedOut, !run.signalled else { continue }

            if run.status == 0 {
                #expect(run.errorLines.isEmpty, "success with an error line: \(run)", sourceLocation: sourceLocation)
                let text: String?
                if let output {
                    #expect(produced == [command.outputName!], "output folder holds \(produced): \(run)", sourceLocation: sourceLocation)
                    let data = Data((try? FileContents.bytes(atPath: output)) ?? [])
                    text = String(data: data, encoding: .utf8)
                } else {
                    text = String(data: run.stdout, encoding: .utf8)
                }
                #expect(text != nil, "output is not UTF-8: \(run)", sourceLocation: sourceLocation)
                if let text {
                    #expect(command.looksRight(text), "unexpected output \(text.prefix(200)): \(run)", sourceLocation: sourceLocation)
                    outcome.outputs[command] = text
                }
            } else {
                #expect(errorCodes.contains(run.status), "exit \(run.status) is not 65, 66 or 74: \(run)",
                        sourceLocation: sourceLocation)
                #expect(run.errorLines.count == 1, "expected one error line: \(run)", sourceLocation: sourceLocation)
                #expect(run.errorLines.first?.contains(inputFolder) == true, "the error does not name the store: \(run)",
                        sourceLocation: sourceLocation)
                #expect(produced.isEmpty, "a failed run left \(produced): \(run)", sourceLocation: sourceLocation)
                #expect(run.stdout.isEmpty, "a failed run printed to stdout: \(run)", sourceLocation: sourceLocation)
            }
        }
        let after = try HostileInputFiles.contents(of: inputFolder)
        #expect(after.keys.sorted() == before.keys.sorted(), "files beside the store changed: \(before.keys.sorted()) → \(after.keys.sorted())",
                sourceLocation: sourceLocation)
        for (name, bytes) in before where after[name] != bytes {
            Issue.record("\(name) changed while being read", sourceLocation: sourceLocation)
        }
        return outcome
    }
}
