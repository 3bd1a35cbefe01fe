// swift-tools-version:6.0
// ParPair Report: reads the ParPair app's SwiftData store and writes pediatric reports.
//
// Layers, from the edge inwards:
//   C system libraries   CSQLite, CLibXML2, CNettle, CCmark, CPlatform, CConcurrency   (one importer each: SQLite,
//                        XHTML, AESCrypto, CommonMark, Platform, Concurrency; Mail takes its SHA-256 from AESCrypto)
//   C of our own         CFatal: how a run ends on a fatal signal (imported by Platform)
//   generic libraries    Concurrency (every hand-off between threads), Platform (the operating system: files, links,
//                        scratch folders, signals, child processes), IDFingerprints, InPlace, SQLite, XHTML,
//                        Mustache, CommonMark, TextBytes, PrintableText, Base64Coding, Mail, AESCrypto, PropertyList, DeviceBackup (know nothing about babies)
//   domain               ParPairModel -> ParPairStore -> ParPairAggregation -> ParPairReport
//   command line         ParPairCLI (arguments, commands, exit codes) and the thin `parpair-report`
import PackageDescription

let package = Package(
    name: "parpair-report",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "parpair-report", targets: ["parpair-report"]),
    ],
    targets: [
        // C libraries, through pkg-config. Shim headers live beside the module maps.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),

        // Nettle (runtime libnettle8) for encrypted backups: PBKDF2, AES key unwrap and AES-256-CBC.
        .systemLibrary(
            name: "CNettle",
            path: "Sources/CNettle",
            pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"]), .brew(["nettle"])]
        ),

        // libcmark, the CommonMark reference implementation: Markdown is checked as CommonMark reads it.
        .systemLibrary(
            name: "CCmark",
            path: "Sources/CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),

        // What Swift cannot do for Platform: Linux's variadic prctl and a child's supervised start, which must run
        // no Swift code; no library to link.
        .systemLibrary(name: "CPlatform", path: "Sources/CPlatform"),
        // The fatal-signal handler: one line, the engines' groups killed and, on Linux, the run's private files
        // removed; compiled C, as it must run no Swift code and allocate nothing. The C library's allocator is
        // not replaced.
        .target(name: "CFatal", path: "Sources/CFatal"),
        // What Swift cannot see for Concurrency: glibc's CPU-affinity calls, declared only with _GNU_SOURCE, to start
        // a thread on another CPU than its creator's; no library to link.
        .systemLibrary(name: "CConcurrency", path: "Sources/CConcurrency"),

        // Generic pieces.
        // The bounded channel, `Concurrently` and the write-once slot every hand-off between threads goes through.
        .target(name: "Concurrency", dependencies: ["CConcurrency"]),
        // Everything that talks to the operating system and is not the domain: files opened and written without
        // following links it must not, where a write lands, atomic outputs' scratch folders and their sweep,
        // what happens on a signal (Signals.swift), child processes in groups of their own, the password file.
        .target(name: "Platform", dependencies: ["CPlatform", "CFatal", "Concurrency"]),
        // Fingerprints of 128-bit ids: a set of them, a counter of repeats, and the page-mapped words it keeps them in.
        .target(name: "IDFingerprints"),
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // The XHTML 1.0 Strict DTD and its entity sets (Sources/XHTML/DTD, W3C licence beside them) are compiled in.
        .target(name: "XHTML", dependencies: ["CLibXML2", "Concurrency"], exclude: ["DTD"], plugins: ["EmbedTemplates"]),
        .target(name: "Mustache"),
        // Markdown parsed by libcmark into plain node values (type, destination, raw text, line and column).
        .target(name: "CommonMark", dependencies: ["CCmark"]),
        // A value changed in place without the runtime's per-access exclusivity check (its own counter instead).
        .target(name: "InPlace"),
        // Text written as bytes: short ASCII strings (numbers, dates, ids) straight into a string's storage, and UTF-8
        // pieces gathered on the stack and appended to an array in one piece; every write checked.
        .target(name: "TextBytes"),
        // Outside text shown on a terminal, in a log or an e-mail part: controls, line separators and bidi controls as escapes.
        .target(name: "PrintableText"),
        // Base64 (RFC 4648): Mail's and the report's encoder, PropertyList's strict decoder.
        .target(name: "Base64Coding"),
        .target(name: "Mail", dependencies: ["AESCrypto", "Base64Coding", "PrintableText"]),
        .target(name: "AESCrypto", dependencies: ["CNettle"]),
        .target(name: "PropertyList", dependencies: ["Base64Coding"]),
        // iOS device backups (Finder, iTunes, idevicebackup2), plain and encrypted: knows nothing about babies.
        .target(name: "DeviceBackup", dependencies: ["AESCrypto", "PropertyList", "SQLite", "Platform"]),

        // The domain, in the order data flows through it.
        .target(name: "ParPairModel", dependencies: ["IDFingerprints", "TextBytes"]),
        .target(name: "ParPairStore", dependencies: ["ParPairModel", "Platform", "Concurrency", "IDFingerprints", "SQLite", "PropertyList", "DeviceBackup", "PrintableText"]),
        // Writes stores in the app's layout: the sample store, test fixtures and benchmark stores.
        .target(name: "ParPairSample", dependencies: ["ParPairStore", "ParPairModel", "Platform", "SQLite"]),
        .target(name: "ParPairAggregation", dependencies: ["ParPairModel", "IDFingerprints", "InPlace", "TextBytes"]),
        .target(
            name: "ParPairReport",
            dependencies: [
                "ParPairModel", "ParPairStore", "ParPairAggregation", "Platform", "Concurrency", "Mustache", "XHTML", "Mail",
                "Base64Coding", "TextBytes", "DeviceBackup", "CommonMark", "PrintableText",
            ],
            plugins: ["EmbedTemplates"]
        ),

        // The command line: everything testable lives in ParPairCLI, the executable only calls it.
        .target(
            name: "ParPairCLI",
            dependencies: [
                "ParPairReport", "ParPairStore", "ParPairSample", "ParPairAggregation", "ParPairModel", "Concurrency", "Mustache", "XHTML",
                "Mail", "DeviceBackup", "Platform", "PrintableText",
            ],
            plugins: ["StampVersion"]
        ),
        .executableTarget(name: "parpair-report", dependencies: ["ParPairCLI"]),
        // `--version` names the commit: the plugin writes it into ParPairCLI before every build.
        .plugin(name: "StampVersion", capability: .buildTool(), path: "Sources/StampVersion"),

        // Templates/ is compiled into the binary, so a copied executable works on its own.
        .executableTarget(name: "TemplateEmbedder"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["TemplateEmbedder"],
            path: "Sources/EmbedTemplates"
        ),
        // `swift package --allow-writing-to-package-directory build-deb` writes .build/deb/parpair-report_<version>_<arch>.deb.
        .plugin(
            name: "BuildDeb",
            capability: .command(
                intent: .custom(verb: "build-deb", description: "Build the Debian package of parpair-report into .build/deb"),
                permissions: [.writeToPackageDirectory(reason: "The package is written to .build/deb")]
            ),
            path: "Sources/BuildDeb"
        ),

        // Benchmarks print figures (`swift run -c release parpair-bench --help`); they are not timed tests.
        .executableTarget(
            name: "parpair-bench",
            dependencies: ["Mustache", "ParPairModel", "ParPairStore", "ParPairAggregation", "ParPairReport", "AESCrypto"],
            path: "Tests/Benchmarks"
        ),

        // Helpers more than one test target needs (test targets cannot import each other).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ConcurrencyTests", dependencies: ["Concurrency"]),
        .testTarget(name: "IDFingerprintsTests", dependencies: ["IDFingerprints"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite"]),
        .testTarget(name: "InPlaceTests", dependencies: ["InPlace"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "XHTMLTests", dependencies: ["XHTML", "TestSupport"]),
        .testTarget(name: "CommonMarkTests", dependencies: ["CommonMark"]),
        .testTarget(name: "PrintableTextTests", dependencies: ["PrintableText"]),
        .testTarget(name: "Base64CodingTests", dependencies: ["Base64Coding"]),
        .testTarget(name: "TextBytesTests", dependencies: ["TextBytes"]),
        .testTarget(name: "MailTests", dependencies: ["Mail", "AESCrypto", "TestSupport"]),
        .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "TestSupport"]),
        .testTarget(name: "DeviceBackupTests", dependencies: ["DeviceBackup", "AESCrypto"]),
        .testTarget(name: "ParPairModelTests", dependencies: ["ParPairModel", "TestSupport"]),
        .testTarget(name: "ParPairStoreTests", dependencies: ["ParPairStore", "ParPairSample", "ParPairModel", "SQLite"]),
        .testTarget(name: "ParPairAggregationTests", dependencies: ["ParPairAggregation", "ParPairModel", "IDFingerprints", "TestSupport"]),
        .testTarget(
            name: "ParPairReportTests",
            dependencies: [
                "ParPairReport", "ParPairStore", "ParPairSample", "ParPairAggregation", "ParPairModel", "Mustache", "XHTML", "Mail",
                "TestSupport",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "ParPairCLITests",
            dependencies: [
                "ParPairCLI", "TestSupport", "DeviceBackup", "ParPairAggregation", "ParPairModel", "ParPairReport", "ParPairStore", "Platform",
            ]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["parpair-report", "SQLite", "ParPairStore", "ParPairSample", "ParPairModel", "TestSupport"]),
    ]
)


// A generic type our code uses (a dictionary keyed by UUID, an array of a domain struct) is named in the binary by
// its mangled name by default, and the runtime builds its metadata the first time from that name, looking up
// every conformance the type needs (UUID: Hashable) by scanning all of the binary's conformance records, once per
// such type on a report's main thread. With this flag the compiler calls each type's metadata accessor instead,
// which is handed the conformances it already knows. The flag is the compiler's own
// (swift-frontend) and changes no behaviour; `unsafeFlags` only keeps this package from being someone else's
// dependency, which it is not.
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
    ]
}
