import Foundation
import Platform
import Testing

@Suite struct SupervisedProcessTests {
    private func run(_ script: String, in base: Fixture, timeLimit: Double = 30, watch: () -> String? = { nil }) -> SupervisedProcess.Outcome {
        SupervisedProcess(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                          log: base.path + "/log", timeLimit: timeLimit).run(watch: watch)
    }

    @Test func theExitStatusAndTheOutputAreKept() throws {
        let base = try Fixture()
        let outcome = run("echo made; echo warned >&2; exit 3", in: base)
        #expect(outcome.startFailure == nil)
        #expect(outcome.status == 3)
        #expect(!outcome.timedOut)
        #expect(try String(contentsOfFile: base.path + "/log", encoding: .utf8) == "made\nwarned\n")
    }

    @Test func aChildKilledByASignalReports128PlusTheSignal() throws {
        let base = try Fixture()
        let outcome = run("kill -9 $$", in: base)
        #expect(outcome.status == 128 + 9)
    }

    @Test func watchStopsTheChildWithItsReason() throws {
        let base = try Fixture()
        let outcome = run("sleep 30", in: base, watch: { "the output grew too large" })
        #expect(outcome.stopped == "the output grew too large")
        #expect(outcome.status == 128 + 9)
    }

    @Test func aChildPastItsLimitIsTerminated() throws {
        let base = try Fixture()
        let outcome = run("sleep 30", in: base, timeLimit: 0.2)
        #expect(outcome.timedOut)
        #expect(outcome.status == 128 + 15)
    }

    @Test func aMissingProgramIsAStartFailureOrExit127() throws {
        let base = try Fixture()
        let outcome = SupervisedProcess(executable: base.path + "/no-such-engine", arguments: [], environment: [:],
                                        log: base.path + "/log", timeLimit: 5).run()
        #expect(outcome.startFailure != nil || outcome.status == 127)
    }

    @Test func exitStatusDecodesWaitStatuses() {
        // Hand-made wait(2) statuses: exit code in bits 8-15, signal in bits 0-6.
        #expect(SupervisedProcess.exitStatus(0x0200) == 2)
        #expect(SupervisedProcess.exitStatus(0x0000) == 0)
        #expect(SupervisedProcess.exitStatus(0x000f) == 143)
    }
}
