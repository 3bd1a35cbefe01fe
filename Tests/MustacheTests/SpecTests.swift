import Mustache
import Testing

/// The Mustache specification (`../shared/conformance/mustache-spec`), one parameterized test per file.
///
/// Skipped cases: none. Every case of the required files (comments, delimiters, interpolation, inverted,
/// partials, sections) and of the optional `~inheritance` and `~dynamic-names` runs from the JSON.
/// `~lambdas.json` runs in `LambdaSpecTests` with Swift closures in place of its code strings, which are
/// source code in other languages a Swift program cannot evaluate.
@Suite("Mustache spec")
struct SpecTests {
    /// Spec cases not run, by "file #index name", with the reason. Kept empty on purpose: a case added here
    /// must say why, and `skipListIsExplained` prints them.
    static let skipped: [String: String] = [:]

    @Test("comments.json", arguments: SpecCase.load("comments"))
    func comments(_ spec: SpecCase) throws { try check(spec) }

    @Test("delimiters.json", arguments: SpecCase.load("delimiters"))
    func delimiters(_ spec: SpecCase) throws { try check(spec) }

    @Test("interpolation.json", arguments: SpecCase.load("interpolation"))
    func interpolation(_ spec: SpecCase) throws { try check(spec) }

    @Test("inverted.json", arguments: SpecCase.load("inverted"))
    func inverted(_ spec: SpecCase) throws { try check(spec) }

    @Test("partials.json", arguments: SpecCase.load("partials"))
    func partials(_ spec: SpecCase) throws { try check(spec) }

    @Test("sections.json", arguments: SpecCase.load("sections"))
    func sections(_ spec: SpecCase) throws { try check(spec) }

    @Test("~inheritance.json", arguments: SpecCase.load("~inheritance"))
    func inheritance(_ spec: SpecCase) throws { try check(spec) }

    @Test("~dynamic-names.json", arguments: SpecCase.load("~dynamic-names"))
    func dynamicNames(_ spec: SpecCase) throws { try check(spec) }

    @Test("Case counts match the spec's README table")
    func caseCounts() {
        let expected = ["comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22, "partials": 12,
                        "sections": 34, "~inheritance": 27, "~dynamic-names": 21, "~lambdas": 10]
        for (file, count) in expected {
            let cases = SpecCase.load(file)
            #expect(cases.allSatisfy { $0.loadError == nil }, "\(file).json did not load")
            #expect(cases.count == count, "\(file).json")
        }
    }

    @Test("Skip list: every skipped case names a reason")
    func skipListIsExplained() {
        for (identifier, reason) in SpecTests.skipped.sorted(by: { $0.key < $1.key }) {
            print("skipped \(identifier): \(reason)")
            #expect(!reason.isEmpty, "\(identifier)")
        }
        #expect(SpecTests.skipped.isEmpty, "cases are skipped; update the note in SpecTests if that is intended")
    }

    func check(_ spec: SpecCase) throws {
        if let loadError = spec.loadError {
            Issue.record("spec file not loaded: \(loadError)")
            return
        }
        if let reason = SpecTests.skipped[spec.identifier] {
            print("skipped \(spec.identifier): \(reason)")
            return
        }
        let rendered = try spec.render()
        #expect(rendered == spec.expected, "\(spec.identifier)\ntemplate: \(spec.template.debugDescription)")
    }
}
