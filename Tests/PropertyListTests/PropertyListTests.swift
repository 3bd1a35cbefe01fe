import Foundation
import PropertyList
import Testing
import TestSupport

/// Property lists written by Python's plistlib (an independent writer) read back as the same values;
/// hostile ones are refused within the limits, never by a crash.
@Suite struct PropertyListTests {
    /// What plistlib writes for one dictionary of every type, as `fmt` (`FMT_XML` or `FMT_BINARY`).
    static func written(_ format: String) throws -> [UInt8] {
        let script = """
            import plistlib, sys, datetime
            value = {"name": "Léo & <Mia>", "count": 42, "negative": -7, "big": 2**40, "ratio": 0.25, "yes": True, "no": False,
                     "blob": bytes(range(10)), "when": datetime.datetime(2026, 11, 20, 6, 30, 0),
                     "list": [1, "two", [3], {}], "empty": [], "nested": {"a": {"b": "c"}}}
            sys.stdout.buffer.write(plistlib.dumps(value, fmt=plistlib.\(format)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try PythonEmailParser.pythonPath())
        process.arguments = ["-c", script]
        let output = try process.runCapturingOutput()
        return Array(output.stdout)
    }

    /// Made anew for each use (not a static stored value, which LeakSanitizer counts as leaked boxes).
    static var expected: PropertyListValue { .dictionary([
        "name": .string("Léo & <Mia>"), "count": .integer(42), "negative": .integer(-7), "big": .integer(1 << 40),
        "ratio": .real(0.25), "yes": .bool(true), "no": .bool(false), "blob": .data(Array(0..<10)),
        // 2026-11-20 06:30 UTC: 25 years of 365 days and 6 leap days from 2001-01-01, plus 323 days and 6.5 hours.
        "when": .date(Double((25 * 365 + 6 + 323) * 86_400 + 6 * 3_600 + 30 * 60)),
        "list": .array([.integer(1), .string("two"), .array([.integer(3)]), .dictionary([:])]), "empty": .array([]),
        "nested": .dictionary(["a": .dictionary(["b": .string("c")])]),
    ]) }

    @Test(arguments: ["FMT_XML", "FMT_BINARY"])
    func readsWhatPlistlibWrites(_ format: String) throws {
        #expect(try PropertyList.read(try Self.written(format)) == Self.expected)
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let depth = 10_000
        let xml = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
        #expect(throws: PropertyListError.tooDeep(limit: 64)) { try PropertyList.read(Array(xml.utf8)) }
    }

    /// A binary list whose arrays each hold the next one twice: 2^40 values reached from 40 objects.
    @Test func sharedReferencesCannotMultiplyWork() {
        let levels = 40
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for level in 0..<levels {
            offsets.append(bytes.count)
            let next = UInt8(min(level + 1, levels))
            bytes += [0xA2, next, next]
        }
        offsets.append(bytes.count)
        bytes += [0x09]  // true, the leaf
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [UInt8](repeating: 0, count: 7) + [UInt8(levels + 1)]
            + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0, count: 7) + [UInt8(table)]
        let limits = PropertyListLimits(maximumDepth: 64, maximumValues: 10_000)
        #expect(throws: PropertyListError.tooManyValues(limit: 10_000)) { try PropertyList.read(bytes, limits: limits) }
    }

    @Test(arguments: [
        "<!DOCTYPE plist [<!ENTITY x \"boom\">]><plist><string>&x;</string></plist>",
        "<plist><string>&unknown;</string></plist>",
        "<plist><dict><string>no key</string></dict></plist>",
        "<plist><array></dict></plist>",
        "<plist><integer>12abc</integer></plist>",
        "<plist><string>a</string><string>b</string></plist>",
        "<plist><array>",
        "bplist00",
    ])
    func malformedIsAnError(_ text: String) {
        #expect(throws: PropertyListError.self) { try PropertyList.read(Array(text.utf8)) }
    }

    @Test func entitiesAndCommentsInXML() throws {
        let xml = "<?xml version=\"1.0\"?><!-- a comment --><plist version=\"1.0\"><dict><key>k</key><string>&#x4C;&#233;o &amp; &lt;x&gt;</string>"
            + "<key>d</key><data>\n  AAEC\n</data><key>e</key><string/></dict></plist>"
        #expect(try PropertyList.read(Array(xml.utf8)) == .dictionary(["k": .string("Léo & <x>"), "d": .data([0, 1, 2]), "e": .string("")]))
    }
}
