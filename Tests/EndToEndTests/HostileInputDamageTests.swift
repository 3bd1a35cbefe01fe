import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level damage to a valid store: every command ends in a report or one clear error with the
/// right exit code, and leaves the damaged files as they were (see `HostileInputContract`).
@Suite struct HostileInputDamageTests {
    typealias Damage = HostileInputDamage

    /// Truncation of the store at 19 places (inside the magic, inside the header, on and beside page
    /// boundaries, spread over the file) with its `-wal`, at 4 places without one, and of the `-wal`
    /// at 9 places (inside its header, inside and after the first frame, spread over it).
    static let truncations: [Damage] = [
        .truncateStore(at: .byte(0), expected: .error(65, containing: "empty file")),
        .truncateStore(at: .byte(1), expected: .error(65, containing: "not an SQLite database")),
        .truncateStore(at: .byte(15), expected: .error(65, containing: "not an SQLite database")),
        .truncateStore(at: .byte(16), expected: .error(65, containing: "truncated store")),
        .truncateStore(at: .byte(99), expected: .error(65, containing: "truncated store")),
        .truncateStore(at: .byte(100)),
        .truncateStore(at: .byte(101)),
        .truncateStore(at: .byte(1024)),
        .truncateStore(at: .byte(4095)),
        .truncateStore(at: .byte(4096)),
        .truncateStore(at: .byte(4097)),
        .truncateStore(at: .byte(8192)),
        .truncateStore(at: .fraction(1, 5)),
        .truncateStore(at: .fraction(1, 3)),
        .truncateStore(at: .fraction(1, 2)),
        .truncateStore(at: .fraction(2, 3)),
        .truncateStore(at: .fraction(4, 5)),
        .truncateStore(at: .fromEnd(4096)),
        .truncateStore(at: .fromEnd(1)),
        .truncateStore(at: .byte(100), base: .checkpointed, expected: .error(65, containing: "truncated store")),
        .truncateStore(at: .byte(4096), base: .checkpointed, expected: .error(65, containing: "truncated store")),
        .truncateStore(at: .fraction(1, 2), base: .checkpointed, expected: .error(65, containing: "truncated store")),
        .truncateStore(at: .fromEnd(1), base: .checkpointed, expected: .error(65, containing: "truncated store")),
        .truncateWAL(at: .byte(0)),
        .truncateWAL(at: .byte(16)),
        .truncateWAL(at: .byte(31)),
        .truncateWAL(at: .byte(32)),
        .truncateWAL(at: .byte(33)),
        .truncateWAL(at: .byte(32 + Damage.walFrame - 1)),
        .truncateWAL(at: .byte(32 + Damage.walFrame)),
        .truncateWAL(at: .fraction(1, 2)),
        .truncateWAL(at: .fromEnd(1)),
    ]

    /// Seeded noise over whole pages, WAL frames, and bursts sprinkled over the files.
    static let noise: [Damage] = [
        .noisePage(.byte(0), seed: 1),
        .noisePage(.byte(4096), seed: 2),
        .noisePage(.byte(8192), seed: 3),
        .noisePage(.fraction(1, 2), seed: 4),
        .noisePage(.fromEnd(1), seed: 5),
        .noisePage(.byte(0), base: .checkpointed, seed: 6),
        .noisePage(.fraction(1, 2), base: .checkpointed, seed: 7),
        .noiseWALFrame(0, pageOnly: true, seed: 8),
        .noiseWALFrame(0, pageOnly: false, seed: 9),
        .noiseWALFrame(-1, pageOnly: true, seed: 10),
        .sprinkle(bursts: 32, seed: 11),
        .sprinkle(bursts: 32, seed: 12),
        .sprinkle(bursts: 32, seed: 13),
        .sprinkle(bursts: 32, seed: 14),
        .sprinkle(bursts: 8, seed: 15, alsoWAL: true),
        .sprinkle(bursts: 64, seed: 16, alsoWAL: true),
    ]

    /// The 100-byte database header and the 32-byte WAL header, field by field.
    static let headers: [Damage] = [
        .header("magic reads 'SQLite format 4'", at: 0, Array("SQLite format 4".utf8) + [0],
                expected: .error(65, containing: "not an SQLite database")),
        .header("header zeroed", at: 0, Array(repeating: 0, count: 100),
                expected: .error(65, containing: "not an SQLite database")),
        .header("page size 0", at: 16, [0x00, 0x00], expected: .error(65, containing: "impossible page size")),
        .header("page size 1000", at: 16, [0x03, 0xE8], expected: .error(65, containing: "impossible page size")),
        .header("page size 8192 instead of 4096", at: 16, [0x20, 0x00]),
        .header("page size 512 instead of 4096", at: 16, [0x02, 0x00]),
        .header("page size 65536 instead of 4096", at: 16, [0x00, 0x01]),
        .header("file format versions 3", at: 18, [3, 3]),
        .header("rollback-journal versions beside a -wal", at: 18, [1, 1]),
        .header("255 reserved bytes per page", at: 20, [255]),
        .header("payload fractions 0", at: 21, [0, 0, 0]),
        .header("page count 2^31-1 without -wal", at: 28, Damage.bigEndian(0x7FFF_FFFF), base: .checkpointed,
                expected: .error(65, containing: "truncated store")),
        .header("page count 2^31-1 with -wal", at: 28, Damage.bigEndian(0x7FFF_FFFF)),
        .header("first freelist page 999999", at: 32, Damage.bigEndian(999_999)),
        .header("schema cookie changed", at: 40, Damage.bigEndian(0xDEAD_BEEF)),
        .header("schema format 9", at: 44, Damage.bigEndian(9)),
        .header("largest root page 2^32-1", at: 52, Damage.bigEndian(0xFFFF_FFFF)),
        .header("text encoding UTF-16le", at: 56, Damage.bigEndian(2)),
        .header("text encoding 7", at: 56, Damage.bigEndian(7)),
        .header("-wal magic damaged", at: 0, [0, 0, 0, 0], wal: true),
        .header("-wal page size 1000", at: 8, Damage.bigEndian(1000), wal: true),
        .header("-wal salts changed", at: 16, Damage.bigEndian(0x0BAD_5A17), wal: true),
        .header("-wal header checksum damaged", at: 24, Array(repeating: 0xFF, count: 8), wal: true),
    ]

    /// Not a store at all, or the files around it are not what they should be.
    static let replacements: [Damage] = [
        .other("the store is a text file", expected: .error(65, containing: "not an SQLite database")) { store in
            try Data("hello, this is not a database\n".utf8).write(to: URL(fileURLWithPath: store))
            return store
        },
        .other("the store is a PNG image", expected: .error(65, containing: "not an SQLite database")) { store in
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 4088))
                .write(to: URL(fileURLWithPath: store))
            return store
        },
        .other("the store deleted, its -wal left", expected: .error(66, containing: "no such file")) { store in
            try FileManager.default.removeItem(atPath: store)
            return store
        },
        .other("a folder holding only a -wal", expected: .error(66, containing: "holds no default.store")) { store in
            try FileManager.default.removeItem(atPath: store)
            return URL(fileURLWithPath: store).deletingLastPathComponent().path
        },
        .other("-wal of another store") { store in
            let other = URL(fileURLWithPath: store).deletingLastPathComponent().deletingLastPathComponent().path + "/other"
            let run = try await HostileInputTool.run(
                ["sample", other + "/default.store", "--seed", "8", "--days", "14", "--wal"], folder: other)
            guard run.status == 0 else { throw HostileInputSetupError("the second sample failed: \(run)") }
            try FileManager.default.removeItem(atPath: store + "-wal")
            try FileManager.default.copyItem(atPath: other + "/default.store-wal", toPath: store + "-wal")
            return store
        },
        .other("-wal is a folder", expected: .error(66, containing: "-wal: a folder, not a store file")) { store in
            try FileManager.default.removeItem(atPath: store + "-wal")
            try FileManager.default.createDirectory(atPath: store + "-wal", withIntermediateDirectories: false)
            return store
        },
        .other("-wal is a named pipe with no writer", expected: .error(66, containing: "-wal: a named pipe (FIFO), not a store file")) { store in
            try FileManager.default.removeItem(atPath: store + "-wal")
            guard mkfifo(store + "-wal", 0o644) == 0 else { throw HostileInputSetupError("mkfifo failed: errno \(errno)") }
            return store
        },
        // Copied, such a -wal fills the disk at hundreds of MB a second: a short deadline bounds the damage.
        .other("-wal is a link to /dev/zero", expected: .error(66, containing: "-wal: a character device, not a store file"),
               deadline: .seconds(10)) { store in
            try FileManager.default.removeItem(atPath: store + "-wal")
            try FileManager.default.createSymbolicLink(atPath: store + "-wal", withDestinationPath: "/dev/zero")
            return store
        },
        .other("the store is a link to /dev/zero", expected: .error(66, containing: "a character device, not a store file")) { store in
            try FileManager.default.removeItem(atPath: store)
            try FileManager.default.createSymbolicLink(atPath: store, withDestinationPath: "/dev/zero")
            return store
        },
    ]

    @Test(arguments: truncations) func truncated(_ damage: Damage) async throws {
        try await Self.check(damage)
    }

    @Test(arguments: noise) func noisy(_ damage: Damage) async throws {
        try await Self.check(damage)
    }

    @Test(arguments: headers) func badHeader(_ damage: Damage) async throws {
        try await Self.check(damage)
    }

    @Test(arguments: replacements) func replaced(_ damage: Damage) async throws {
        try await Self.check(damage)
    }

    /// Writes the base sample, damages it, and runs every command on it.
    static func check(_ damage: Damage, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let files = try HostileInputFiles(damage.name)
        let input = try files.folder("input")
        let store = input + "/default.store"
        var sample = ["sample", store, "--seed", "7", "--days", "14"]
        if damage.base == .withWAL { sample.append("--wal") }
        let written = try await HostileInputTool.run(sample, folder: try files.folder("sample"))
        try #require(written.status == 0, "\(written)", sourceLocation: sourceLocation)

        let target = try await damage.apply(store)
        let outcome = try await HostileInputContract.check(
            store: target, inputFolder: input, work: try files.folder("work"), deadline: damage.deadline,
            sourceLocation: sourceLocation)
        HostileInputSummary.note(damage.name, outcome)
        if case .error(let code, let text) = damage.expected {
            for command in HostileInputCommand.allCases {
                #expect(outcome.runs[command]?.status == code, "\(command): \(outcome.runs[command]?.description ?? "not run")",
                        sourceLocation: sourceLocation)
                #expect(outcome.error(command)?.contains(text) == true,
                        "\(command): expected '\(text)' in \(outcome.error(command) ?? "no error")", sourceLocation: sourceLocation)
            }
        }
    }
}
