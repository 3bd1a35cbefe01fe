import PropertyList

/// Harness `property-list`: the bytes as a property list (binary when they start with `bplist00`, else
/// XML), read with small limits. Properties: it returns or throws a `PropertyListError`, never crashes or
/// hangs; a value it returns nests no deeper than the limit and holds no more values than the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let limits = PropertyListLimits(maximumBytes: 1 << 16, maximumDepth: 8, maximumValues: 2_000)
    guard let value = try? PropertyList.read(input.bytes, limits: limits) else { return 0 }
    var count = 0
    func walk(_ value: PropertyListValue, depth: Int) {
        count += 1
        if depth > limits.maximumDepth + 1 { input.violated("nested \(depth) deep, over the limit \(limits.maximumDepth)") }
        switch value {
        case .array(let items): for item in items { walk(item, depth: depth + 1) }
        case .dictionary(let entries): for (_, item) in entries { walk(item, depth: depth + 1) }
        default: break
        }
    }
    walk(value, depth: 0)
    if count > limits.maximumValues { input.violated("\(count) values, over the limit \(limits.maximumValues)") }
    return 0
}
