import Foundation
import ParPairAggregation
import ParPairModel
import ParPairReport
import ParPairStore

/// Renders a store's report again and again from one aggregation, and prints the time per rendering:
/// what the report adds once the logs are folded in (the report data, and the template).
///
///     swift run -c release parpair-bench render --store STORE [--format csv|md|html] [--runs N]
///
/// HTML is rendered with its charts but not validated (the report validates it as it is written).
/// Zone and today are UTC and 2026-11-20, as in `compare.sh`.
enum RenderBenchmark {
    static func run(_ arguments: [String]) {
        var store: String?
        var format = ReportFormat.csv
        var runs = 20
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch arguments[index] {
            case "--store": store = value
            case "--format": format = value.flatMap(ReportFormat.init(argument:)) ?? format
            case "--runs": runs = value.flatMap(Int.init) ?? runs
            default:
                print("usage: parpair-bench render --store STORE [--format csv|md|html] [--runs N]")
                exit(arguments[index] == "--help" ? 0 : 64)
            }
            index += 2
        }
        guard let store, runs >= 1 else {
            print("parpair-bench render: --store STORE is required, and --runs must be at least 1")
            exit(64)
        }
        do {
            try FamilySource.withSource(path: store) { reader in
                var options = AggregationOptions(timeZone: TimeZone(identifier: "UTC")!, today: CivilDate(year: 2026, month: 11, day: 20))
                let template = try ReportTemplate(builtIn: "report.\(format.rawValue).mustache")
                options.days = template.aggregationDays
                let result = try StoreAggregation.run(source: reader, options: options)
                let settings = ReportSettings(source: reader, redact: false, toolVersion: "bench", zone: options.timeZone)
                var times: [Double] = []
                var bytes = 0
                for _ in 0..<runs {
                    var text = ""
                    let start = DispatchTime.now().uptimeNanoseconds
                    try ReportRendering.render(result, format: format, template: template, settings: settings, into: &text)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                    bytes = text.utf8.count
                }
                times.sort()
                print(String(format: "%@: %d runs, best %.1f ms, median %.1f ms, %d bytes", format.rawValue, runs, times[0],
                             times[times.count / 2], bytes))
            }
        } catch {
            print("parpair-bench render: \(error)")
            exit(1)
        }
    }
}
