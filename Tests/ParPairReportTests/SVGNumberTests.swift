import Testing
@testable import ParPairReport

/// Chart coordinates are written with at most two decimals, in the shortest form, never trapping.
@Suite struct SVGNumberTests {
    @Test func coordinates() {
        #expect(SVGWriter.number(12.5) == "12.5")
        #expect(SVGWriter.number(0.05) == "0.05")
        #expect(SVGWriter.number(-0.5) == "-0.5")
        #expect(SVGWriter.number(-0.004) == "0")
        #expect(SVGWriter.number(3.999) == "4")
        #expect(SVGWriter.number(7.125) == "7.13")  // 712.5 hundredths round away from zero
        #expect(SVGWriter.number(640) == "640")
        #expect(SVGWriter.number(.nan) == "0")
        #expect(SVGWriter.number(1e300) == "1e+300")  // no coordinate is that large, but it used to trap
    }
}
