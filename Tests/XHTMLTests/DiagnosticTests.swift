import Testing
import XHTML

@Suite struct DiagnosticTests {
    @Test func describesPositionThenMessage() {
        let diagnostic = Diagnostic(
            file: "report.html", line: 12, column: 7, severity: .error,
            message: "Element div is not declared in p list of possible children"
        )
        #expect(diagnostic.description == "report.html:12:7: Element div is not declared in p list of possible children")
    }

    @Test func marksWarningsAndLeavesOutUnknownPositions() {
        #expect(Diagnostic(file: "a.svg", line: 3, column: 0, severity: .warning, message: "m").description
            == "a.svg:3: warning: m")
        #expect(Diagnostic(file: "a.svg", line: 0, column: 0, severity: .error, message: "m").description
            == "a.svg: m")
    }
}
