import Mustache

/// Harness `mustache-parse-render`: any bytes, read as UTF-8 (lossy), parsed as a template; when it parses,
/// rendered in every output format against a small fixed context and a few partials, one of them recursive.
///
/// Property: parsing and rendering never crash or hang. Errors are fine (they are values), and each must
/// describe itself with the template's name.

/// Data covering every kind of value: strings with characters each format escapes, numbers, falsey values,
/// a list, nested keys, a name for dynamic partials, and lambdas (one that recurses through itself).
private let context: MustacheValue = [
    "name": "Ada & \"Bob\" <x>|=1,2",
    "n": 3,
    "x": -1.5,
    "big": .double(1e300),
    "yes": true,
    "no": false,
    "none": nil,
    "empty": "",
    "lines": "one\ntwo\r\nthree",
    "list": [["name": "a", "n": 1], ["name": "#b"], "c"],
    "none_list": [],
    "a": ["b": ["c": "deep", "d": ["e": 1]]],
    "partial": "rec",
    "item_partial": "item",
    "wrap": .lambda(MustacheLambda(section: { text in "<" + text + ">" })),
    "hello": .lambda(MustacheLambda({ "{{name}} {{n}}" })),
    "again": .lambda(MustacheLambda({ "{{again}}" })),
    "broken": .lambda(MustacheLambda({ "{{#oops}}" })),
]

private let partials = DictionaryPartialSource([
    "item": "- {{name}}\n",
    "rec": "{{#list}}{{name}}\n  {{>rec}}{{/list}}",
    "self": "{{>self}}",
    "layout.html.mustache": "<h1>{{$title}}Default{{/title}}</h1>\n{{$body}}{{/body}}\n",
    "layout": "{{$title}}T{{/title}}{{$body}}B{{/body}}",
    "child": "{{<layout}}{{$title}}Child {{name}}{{/title}}{{/layout}}",
    "loop": "{{<loop}}{{/loop}}",
    "bad": "{{/nothing}}",
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let template: Template
    do {
        template = try Template(source: input.text, name: "fuzz.mustache")
    } catch {
        check(error, input: input)
        return 0
    }
    _ = template.tags.count
    for format in OutputFormat.allCases {
        let options = RenderOptions(
            format: format, partials: partials,
            missingPartials: format == .html || format == .markdown ? .renderEmpty : .throwError,
            maximumOutputSize: 1 << 20)  // 1 MiB: nested sections over the list stop quickly instead of timing out
        do {
            _ = try template.render(context, options: options)
        } catch {
            check(error, input: input)
        }
    }
    return 0
}

/// Every error is a ``TemplateError`` with a description naming a template.
private func check(_ error: any Error, input: FuzzInput) {
    guard let templateError = error as? TemplateError else {
        input.violated("an error that is not a TemplateError: \(error)")
    }
    let description = templateError.description
    guard !description.isEmpty, !templateError.message.isEmpty else {
        input.violated("a TemplateError with an empty description")
    }
}
