import Foundation
import Mustache
import ParPairAggregation
import ParPairModel

/// Draws the babies' charts on this thread, in baby order, while the report renders on a second one:
/// drawing them is most of the time the HTML report spends between reading the store and writing the
/// first page (a tenth of a second at a million logs), and the rendering needs baby n's charts only
/// when it reaches baby n's pages.
///
/// Each baby's `charts` key is a ``Slot``: it answers keys once that baby's charts are drawn, waiting
/// for them if need be, exactly as the dictionary drawn beforehand would. The charts are drawn on the
/// thread that drew them before, one baby at a time, so memory stays as it was (drawn on the second
/// thread, in a malloc arena of its own, they raised the 1M report's peak by 8 MB). ``render(_:)``
/// throws what drawing threw (a chart that is not well-formed) once the render is done, so a failure
/// never goes unnoticed although the render saw no charts for that baby.
final class ChartsAhead: @unchecked Sendable {
    private let units: VolumeUnits
    private let localizer: Localizer
    private let condition = NSCondition()
    private var babies: [BabyAggregate] = []
    private var drawn: [MustacheValue] = []
    /// Set when drawing failed or stopped: slots not drawn answer nothing.
    private var ended = false
    /// Set once the render is done: no more charts are needed.
    private var rendered = false

    init(units: VolumeUnits, localizer: Localizer) {
        self.units = units
        self.localizer = localizer
    }

    /// The `charts` value of the next baby.
    func charts(of aggregate: BabyAggregate) -> MustacheValue {
        babies.append(aggregate)
        return .object(Slot(charts: self, index: babies.count - 1))
    }

    /// Runs `render` on a second thread while this one draws the charts (`Concurrently`), and returns once
    /// both are done. Drawing stops once the render is done (a template may not read every baby's charts).
    /// - Throws: what drawing threw, else what `render` threw.
    func render(_ render: @escaping () throws -> Void) throws {
        _ = try Concurrently.run([
            { [self] in
                defer { end() }
                for aggregate in babies where !isRenderDone {
                    publish(try ReportCharts.make(aggregate, units: units, localizer: localizer))
                }
            },
            { [self] in
                defer { renderDone() }
                try render()
            },
        ])
    }

    private func publish(_ charts: MustacheValue) {
        condition.lock()
        drawn.append(charts)
        condition.broadcast()
        condition.unlock()
    }

    private func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    private func renderDone() { condition.withLock { rendered = true } }

    private var isRenderDone: Bool { condition.withLock { rendered } }

    /// Baby `index`'s charts once drawn; nil when drawing failed or stopped before them.
    private func value(at index: Int) -> MustacheValue? {
        condition.lock()
        defer { condition.unlock() }
        while index >= drawn.count, !ended { condition.wait() }
        return index < drawn.count ? drawn[index] : nil
    }

    /// One baby's `charts`, as the template reads it.
    struct Slot: MustacheObject {
        let charts: ChartsAhead
        let index: Int

        func mustacheValue(forKey key: String) -> MustacheValue? {
            charts.value(at: index)?.value(forKey: key)
        }
    }
}
