import Concurrency
import Mustache
import ParPairAggregation
import ParPairModel

/// Draws the babies' charts on this thread, in baby order, while the report renders on a second one:
/// drawing them is most of the time the HTML report spends between reading the store and writing the
/// first page, and the rendering needs baby n's charts only when it reaches baby n's pages.
///
/// Each baby's `charts` key is a ``Slot``: a write-once slot (`WriteOnce`) that answers keys once that
/// baby's charts are drawn, waiting for them if need be, exactly as the dictionary drawn beforehand would.
/// The charts are drawn one baby at a time on the thread that made the report data, so memory is what
/// drawing them beforehand would take. ``render(into:_:)`` throws what drawing threw (a chart that is not
/// well-formed) once the render is done, so a failure never goes unnoticed although the render saw no
/// charts for that baby.
final class ChartsAhead {
    private let units: VolumeUnits
    private let localizer: Localizer
    /// Each baby's aggregate and the slot its charts go to, in baby order; only this thread touches it.
    private var babies: [(aggregate: BabyAggregate, charts: WriteOnce<MustacheValue?>)] = []

    init(units: VolumeUnits, localizer: Localizer) {
        self.units = units
        self.localizer = localizer
    }

    /// The `charts` value of the next baby.
    func charts(of aggregate: BabyAggregate) -> MustacheValue {
        let slot = WriteOnce<MustacheValue?>()
        babies.append((aggregate, slot))
        return .object(Slot(charts: slot))
    }

    /// Runs `render` on a second thread, on `output` lent to it, while this one draws the charts
    /// (`Concurrently`), and returns once both are done. Drawing stops once the render is done (a template
    /// may not read every baby's charts); slots left undrawn then answer nothing.
    /// - Throws: what drawing threw, else what `render` threw.
    func render<Output>(into output: inout Output, _ render: sending @escaping (inout Output) throws -> Void) throws {
        let rendered = WriteOnce<Void>()
        // Each chart is checked and encoded by the rendering thread as it reaches it, not as it is drawn: this thread
        // draws the charts after reading the store, while the render goes on. Once every chart is drawn, this thread
        // checks the charts the render has not reached, from the last one back, rather than wait for it.
        let checks = ChartChecks()
        try Concurrently.run({ _ in
            defer { for baby in babies { baby.charts.set(nil) } }  // undrawn: the render must not wait for them
            for baby in babies where rendered.valueIfSet == nil {
                baby.charts.set(try ReportCharts.make(baby.aggregate, units: units, localizer: localizer, checks: checks))
            }
            checks.prepareFromTheEnd(until: { rendered.valueIfSet != nil })
        }, lending: &output, to: { output, _ in
            defer { rendered.set(()) }
            try render(&output)
        })
        try checks.throwIfFailed()
    }

    /// One baby's `charts`, as the template reads it: nothing when drawing failed or stopped before them.
    struct Slot: MustacheObject {
        let charts: WriteOnce<MustacheValue?>

        func mustacheValue(forKey key: String) -> MustacheValue? {
            charts.value?.value(forKey: key)
        }
    }
}
