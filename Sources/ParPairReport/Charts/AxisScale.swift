import ParPairAggregation

/// A value axis from zero to a round number, with four to six round ticks.
struct AxisScale {
    let top: Double
    let ticks: [Double]

    init(maximum: Double) {
        let maximum = maximum.isFinite && maximum > 0 ? maximum : 1
        let rough = maximum / 5
        let magnitude = pow10(floor(log10(rough)))
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? magnitude * 10
        let top = (maximum / step).rounded(.up) * step
        self.top = top
        self.ticks = stride(from: 0.0, through: top + step / 2, by: step).map { $0 }
    }

    static func label(_ value: Double, decimalSeparator: Character = ".") -> String {
        let text = value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
        return FixedDecimal.withDecimalSeparator(text, decimalSeparator)
    }
}

private func pow10(_ exponent: Double) -> Double {
    var result = 1.0
    if exponent >= 0 {
        for _ in 0..<Int(exponent) { result *= 10 }
    } else {
        for _ in 0..<Int(-exponent) { result /= 10 }
    }
    return result
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
