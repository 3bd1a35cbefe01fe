import Foundation
import Mustache
import Testing

/// One test of the Mustache spec, named "Name: description" in test output.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let index: Int
    let name: String
    let desc: String
    let data: MustacheValue
    let template: String
    let partials: [String: String]
    let expected: String
    /// Set instead of the fields above when the spec file could not be loaded, so the test fails loudly.
    let loadError: String?

    var testDescription: String { "\(name): \(desc)" }
    var identifier: String { "\(file) #\(index) \(name)" }

    /// Every case of `mustache-spec/FILE.json`, with `lambdas` substituted for values tagged as code.
    /// If the file cannot be read, one failing case carrying the error.
    static func load(_ file: String, lambdas: (String) -> MustacheValue? = { _ in nil }) -> [SpecCase] {
        do {
            guard let root = try Conformance.json("mustache-spec/\(file).json") as? [String: Any],
                  let tests = root["tests"] as? [[String: Any]] else {
                return [failed(file, "no 'tests' array")]
            }
            return try tests.enumerated().map { index, test in
                guard let name = test["name"] as? String, let desc = test["desc"] as? String,
                      let template = test["template"] as? String, let expected = test["expected"] as? String else {
                    throw Conformance.MissingData(path: file, underlying: "test \(index) lacks a field")
                }
                return SpecCase(
                    file: file, index: index, name: name, desc: desc,
                    data: value(test["data"] ?? NSNull(), lambda: lambdas(name)),
                    template: template, partials: test["partials"] as? [String: String] ?? [:],
                    expected: expected, loadError: nil)
            }
        } catch {
            return [failed(file, "\(error)")]
        }
    }

    private static func failed(_ file: String, _ message: String) -> SpecCase {
        SpecCase(file: file, index: -1, name: "\(file).json not loaded", desc: message, data: .null,
                 template: "", partials: [:], expected: "", loadError: message)
    }

    /// JSON data as template data; an object tagged `"__tag__": "code"` becomes `lambda`.
    private static func value(_ json: Any, lambda: MustacheValue?) -> MustacheValue {
        if let object = json as? [String: Any], object["__tag__"] as? String == "code" {
            return lambda ?? .string("missing Swift lambda")
        }
        switch json {
        case let array as [Any]: return .array(array.map { value($0, lambda: lambda) })
        case let dictionary as [String: Any]: return .dictionary(dictionary.mapValues { value($0, lambda: lambda) })
        default: return Conformance.mustacheValue(json)
        }
    }

    /// Renders the case as the spec says: HTML escaping, its partials, missing partials render as nothing.
    func render() throws -> String {
        let template = try Template(source: template, name: name, format: .html)
        let options = RenderOptions(
            format: .html, partials: DictionaryPartialSource(partials), missingPartials: .renderEmpty)
        return try template.render(data, options: options)
    }
}
