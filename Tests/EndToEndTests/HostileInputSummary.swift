import Foundation

/// With `HOSTILE_INPUT_SUMMARY=1` in the environment, prints one line per corpus case: the exit
/// codes of html, csv, md, info and events, the slowest run, and the first error line.
enum HostileInputSummary {
    static let enabled = ProcessInfo.processInfo.environment["HOSTILE_INPUT_SUMMARY"] == "1"

    static func note(_ name: String, _ outcome: HostileInputContract.Outcome) {
        guard enabled else { return }
        let codes = outcome.codes.map(String.init).joined(separator: " ")
        let slowest = outcome.runs.values.map(\.seconds).max() ?? 0
        let error = HostileInputCommand.allCases.lazy.compactMap { outcome.error($0) }.first ?? ""
        print("HOSTILE | \(name) | \(codes) | \(String(format: "%.2f", slowest)) s | \(error.prefix(160))")
    }
}
