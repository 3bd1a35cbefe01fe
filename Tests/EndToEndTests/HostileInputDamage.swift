import Foundation
import TestSupport
import Testing

/// One way of damaging a valid sample store at the byte level: truncation, noise, a broken header.
struct HostileInputDamage: Sendable, CustomTestStringConvertible {
    /// The valid store the damage starts from (`parpair-report sample --seed 7 --days 14`).
    enum Base: String, Sendable {
        /// The last day's rows only in an uncheckpointed `-wal`, as while the app runs.
        case withWAL
        /// Everything checkpointed into the main file, no `-wal`.
        case checkpointed
    }

    /// What the damage must end in.
    enum Expected: Sendable {
        /// A report or one clear error, whichever (SQLite decides how far damage reaches).
        case reportOrError
        /// This exit code from every command, with this text in the error line.
        case error(Int32, containing: String)
    }

    /// A position in a file.
    enum Spot: Sendable, CustomStringConvertible {
        case byte(Int)
        case fraction(Int, Int)
        case fromEnd(Int)

        func offset(in size: Int) -> Int {
            switch self {
            case .byte(let offset): min(offset, size)
            case .fraction(let numerator, let denominator): size * numerator / denominator
            case .fromEnd(let back): max(0, size - back)
            }
        }

        var description: String {
            switch self {
            case .byte(let offset): "byte \(offset)"
            case .fraction(let numerator, let denominator): "\(numerator)/\(denominator) of its size"
            case .fromEnd(let back): "\(back) bytes before its end"
            }
        }
    }

    let name: String
    let base: Base
    let expected: Expected
    /// How long one run may take before it counts as a hang.
    var deadline: Duration = HostileInputTool.deadline
    /// Damages the files; gets the store file's path and returns the path to give the tool.
    let apply: @Sendable (_ store: String) async throws -> String

    var testDescription: String { name }

    static let pageSize = 4096
    /// The first frame of a WAL: 32-byte file header, 24-byte frame header, one page.
    static let walFrame = 24 + pageSize

    // MARK: - Kinds of damage

    static func truncateStore(at spot: Spot, base: Base = .withWAL, expected: Expected = .reportOrError) -> Self {
        Self(name: "store cut at \(spot)\(base == .checkpointed ? ", no -wal" : "")", base: base, expected: expected) { store in
            try HostileInputFiles.truncate(store, to: spot.offset(in: try HostileInputFiles.size(store)))
            return store
        }
    }

    static func truncateWAL(at spot: Spot) -> Self {
        Self(name: "-wal cut at \(spot)", base: .withWAL, expected: .reportOrError) { store in
            let wal = store + "-wal"
            try HostileInputFiles.truncate(wal, to: spot.offset(in: try HostileInputFiles.size(wal)))
            return store
        }
    }

    /// Seeded noise over one whole page of the store (page 1 keeps its 100-byte header).
    static func noisePage(_ page: Spot, base: Base = .withWAL, seed: UInt64) -> Self {
        Self(name: "store page at \(page) overwritten with noise (seed \(seed))", base: base, expected: .reportOrError) { store in
            let size = try HostileInputFiles.size(store)
            let start = page.offset(in: size) / pageSize * pageSize
            let offset = start == 0 ? 100 : start
            var noise = SeededGenerator(seed: seed)
            try HostileInputFiles.overwrite(store, at: offset, with: noise.bytes(start + pageSize - offset))
            return store
        }
    }

    /// Noise over frame `frame` (0-based) of the WAL: its header and page, or the page only.
    static func noiseWALFrame(_ frame: Int, pageOnly: Bool, seed: UInt64) -> Self {
        let what = pageOnly ? "page image" : "header and page"
        return Self(name: "-wal frame \(frame) \(what) overwritten with noise (seed \(seed))", base: .withWAL,
                    expected: .reportOrError) { store in
            let wal = store + "-wal"
            let frames = (try HostileInputFiles.size(wal) - 32) / walFrame
            let index = frame < 0 ? frames + frame : frame
            let offset = 32 + index * walFrame + (pageOnly ? 24 : 0)
            var noise = SeededGenerator(seed: seed)
            try HostileInputFiles.overwrite(wal, at: offset, with: noise.bytes(pageOnly ? pageSize : walFrame))
            return store
        }
    }

    /// `bursts` runs of 8 noise bytes at seeded places after the store's header (and in the WAL).
    static func sprinkle(bursts: Int, seed: UInt64, alsoWAL: Bool = false) -> Self {
        Self(name: "\(bursts) 8-byte noise bursts over the store\(alsoWAL ? " and -wal" : "") (seed \(seed))",
             base: .withWAL, expected: .reportOrError) { store in
            var noise = SeededGenerator(seed: seed)
            for file in alsoWAL ? [store, store + "-wal"] : [store] {
                let size = try HostileInputFiles.size(file)
                for _ in 0..<bursts {
                    let offset = Int.random(in: (file == store ? 100 : 32)..<(size - 8), using: &noise)
                    try HostileInputFiles.overwrite(file, at: offset, with: noise.bytes(8))
                }
            }
            return store
        }
    }

    /// Bytes written over the store's 100-byte header (or the WAL's 32-byte one).
    static func header(
        _ name: String, at offset: Int, _ bytes: [UInt8], wal: Bool = false, base: Base = .withWAL,
        expected: Expected = .reportOrError
    ) -> Self {
        Self(name: name, base: base, expected: expected) { store in
            try HostileInputFiles.overwrite(wal ? store + "-wal" : store, at: offset, with: bytes)
            return store
        }
    }

    /// Anything else.
    static func other(_ name: String, base: Base = .withWAL, expected: Expected = .reportOrError,
                      deadline: Duration = HostileInputTool.deadline,
                      _ apply: @escaping @Sendable (String) async throws -> String) -> Self {
        Self(name: name, base: base, expected: expected, deadline: deadline, apply: apply)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
