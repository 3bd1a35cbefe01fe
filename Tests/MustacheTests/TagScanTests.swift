import Mustache
import Testing

/// `TagScan` finds, without parsing, every name the parser's tags read: checked on hand-made templates and on
/// every template and partial of the official Mustache spec suite, against `Template.tags`.
@Suite struct TagScanTests {
    @Test func everyKindOfTagCountsByItsFirstName() throws {
        let scan = try #require(TagScan(
            "{{a}} {{#b.c}}x{{/b.c}} {{{ d }}} {{& e.f }} {{^g}}{{/g}} {{! h i }} {{> p}} {{<q}}{{$blk}}y{{/blk}}{{/q}} {{.}}"))
        #expect(scan.names.isSuperset(of: ["a", "b", "d", "e", "g"]))
        #expect(!scan.names.contains("h"))
        #expect(!scan.names.contains("c"))
        #expect(!scan.names.contains("p"))
        #expect(scan.partials == ["p", "q"])
    }

    @Test func aTextMayHoldTagsOnlyWithTwoOpeningBraces() {
        #expect(TagScan.mayHoldTags("Week {{week}}"))
        #expect(TagScan.mayHoldTags("{{"))
        #expect(!TagScan.mayHoldTags("a { b } {c}"))
        #expect(!TagScan.mayHoldTags("{"))
        #expect(!TagScan.mayHoldTags(""))
    }

    @Test(arguments: ["{{=<% %>=}}<%a%>", "{{>*dynamic}}", "{{<*dynamic}}{{/*dynamic}}", "text {{a"])
    func whatAScanCannotFollowReadsAnything(_ source: String) {
        #expect(TagScan(source) == nil)
    }

    @Test(arguments: ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance", "~dynamic-names"])
    func findsWhatTheParserFindsInTheSpecSuite(_ file: String) throws {
        var compared = 0
        for specCase in SpecCase.load(file) {
            #expect(specCase.loadError == nil)
            for (name, source) in [("template", specCase.template)] + specCase.partials.sorted(by: { $0.key < $1.key }) {
                guard let parsed = try? Template(source: source, name: name) else { continue }
                guard let scan = TagScan(source) else {
                    // Only what the scan cannot follow makes it give up.
                    #expect(source.contains("{{=") || source.contains("*"), "\(specCase.identifier) \(name)")
                    continue
                }
                let read = Set(parsed.tags.filter(\.readsData).map { String($0.name.prefix { $0 != "." }) })
                let included = Set(parsed.tags.filter { $0.kind == .partial || $0.kind == .parent }.map(\.name))
                #expect(scan.names.isSuperset(of: read), "\(specCase.identifier) \(name)")
                #expect(Set(scan.partials).isSuperset(of: included), "\(specCase.identifier) \(name)")
                compared += 1
            }
        }
        #expect(compared > 0)
    }
}
