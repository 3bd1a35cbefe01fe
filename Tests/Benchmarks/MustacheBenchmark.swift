import Foundation
import Mustache

/// Renders a section over many rows and prints time per row count, to show rendering is linear.
///
///     swift run -c release parpair-bench mustache [ROWS...]
///
/// Each row is a dictionary of five values (text that needs escaping, integers, a double, an optional
/// note) rendered through an HTML table row and a CSV line. Data is built before timing; each figure is
/// the best of three renders into one `String`.
enum MustacheBenchmark {
    static let htmlSource = """
        <table>
        {{#rows}}
          <tr><td>{{day}}</td><td>{{label}}</td><td>{{ml}}</td><td>{{kg}}</td><td>{{#note}}{{note}}{{/note}}{{^note}}-{{/note}}</td></tr>
        {{/rows}}
        </table>

        """
    static let csvSource = "day,label,ml,kg,note\n{{#rows}}{{day}},{{label}},{{ml}},{{kg}},{{note}}\n{{/rows}}"

    static func run(_ arguments: [String]) {
        if arguments.contains("--help") {
            print("usage: parpair-bench mustache [ROWS...]   (default: 10000 100000 200000)")
            return
        }
        let counts = arguments.compactMap { Int($0) }.filter { $0 > 0 }
        let rowCounts = counts.isEmpty ? [10_000, 100_000, 200_000] : counts
        do {
            let html = try Template(source: htmlSource, name: "bench.html.mustache")
            let csv = try Template(source: csvSource, name: "bench.csv.mustache")
            _ = try render(html, rows: 1_000)  // warm up
            print("format  rows       best ms   ns/row   output bytes")
            for (name, template) in [("html", html), ("csv", csv)] {
                for count in rowCounts {
                    let data = rows(count)
                    var best = Duration.seconds(3600)
                    var bytes = 0
                    for _ in 0..<3 {
                        var output = ""
                        let elapsed = try ContinuousClock().measure {
                            try template.render(data, into: &output)
                        }
                        best = min(best, elapsed)
                        bytes = output.utf8.count
                    }
                    let nanoseconds = Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
                    let line = [
                        name.padding(toLength: 8, withPad: " ", startingAt: 0),
                        String(count).padding(toLength: 11, withPad: " ", startingAt: 0),
                        String(format: "%7.1f", nanoseconds / 1e6).padding(toLength: 10, withPad: " ", startingAt: 0),
                        String(format: "%6.0f", nanoseconds / Double(count)).padding(toLength: 9, withPad: " ", startingAt: 0),
                        String(bytes),
                    ]
                    print(line.joined())
                }
            }
        } catch {
            print("parpair-bench: error: \(error)")
            exit(70)
        }
    }

    static func rows(_ count: Int) -> MustacheValue {
        .dictionary(["rows": .array((0..<count).map { index in
            [
                "day": .int(index),
                "label": .string(index % 7 == 0 ? "Feed & <nap> \"\(index)\"" : "Feed \(index)"),
                "ml": .int(60 + index % 120),
                "kg": .double(3.5 + Double(index % 400) / 100),
                "note": index % 3 == 0 ? .string("note, with comma") : .null,
            ]
        })])
    }

    static func render(_ template: Template, rows count: Int) throws -> String {
        try template.render(rows(count))
    }
}
