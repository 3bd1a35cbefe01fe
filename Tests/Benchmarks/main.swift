import Foundation

// parpair-bench: micro-benchmarks that print figures. Run in release mode:
//   swift run -c release parpair-bench mustache
//   swift run -c release parpair-bench aggregate [--store STORE]
//   swift run -c release parpair-bench render --store STORE [--format csv|md|html]
//   swift run -c release parpair-bench pbkdf2 [--dpic N] [--iter N] [--runs N]
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "mustache":
    MustacheBenchmark.run(Array(arguments.dropFirst()))
case "aggregate":
    AggregationBenchmark.run(Array(arguments.dropFirst()))
case "render":
    RenderBenchmark.run(Array(arguments.dropFirst()))
case "pbkdf2":
    KeyDerivationBenchmark.run(Array(arguments.dropFirst()))
default:
    print("usage: parpair-bench mustache | aggregate [--store STORE] | render --store STORE [--format csv|md|html] | pbkdf2 [--dpic N] [--iter N] [--runs N]")
    exit(arguments.first == "--help" ? 0 : 64)
}
