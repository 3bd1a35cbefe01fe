import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory build-deb`: builds `parpair-report` in release
/// with the Swift runtime linked statically, and packs it with its man page, shell completions, README
/// and sample store into `.build/deb/parpair-report_<version>_<arch>.deb`. `Depends:` lists the Debian
/// package of every shared library the binary links (found with `ldd` and `dpkg -S`); the XHTML
/// DTD is built in.
/// The package's version names the commit (`0.2.0+git<commits>.<hash>`), so the package of a later commit
/// is newer to dpkg and `apt-get install ./….deb` replaces the installed one.
@main
struct BuildDeb: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        print("build-deb: building parpair-report in release with the Swift runtime linked statically")
        var parameters = PackageManager.BuildParameters(configuration: .release, logging: .concise)
        parameters.otherSwiftcFlags = ["-static-stdlib"]
        parameters.otherLinkerFlags = []
        let result = try packageManager.build(.product("parpair-report"), parameters: parameters)
        guard result.succeeded, let built = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw Failure(description: "build-deb: the release build failed:\n\(result.logText)")
        }
        let binary = built.url
        let package = context.package.directoryURL
        let output = package.appendingPathComponent(".build/deb")
        let root = output.appendingPathComponent("root")
        try? FileManager.default.removeItem(at: root)

        // `--version` prints `0.2.0+git<commits>.<hash>`: the release is what comes before the commit.
        let release = try run(binary.path, ["--version"]).split(separator: " ").last.map {
            String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != "+" })
        } ?? "0"
        let version = packageVersion(release: release, checkout: package)
        let architecture = try run("/usr/bin/dpkg", ["--print-architecture"]).trimmingCharacters(in: .whitespacesAndNewlines)

        // The file tree, as Debian lays it out.
        func place(_ relative: String, _ contents: Data, mode: Int = 0o644) throws {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
        try place("usr/bin/parpair-report", try Data(contentsOf: binary), mode: 0o755)
        _ = try run("/usr/bin/strip", ["--strip-unneeded", root.appendingPathComponent("usr/bin/parpair-report").path])
        try place("usr/share/man/man1/parpair-report.1", Data(try run(binary.path, ["manual"]).utf8))
        _ = try run("/bin/gzip", ["-9n", root.appendingPathComponent("usr/share/man/man1/parpair-report.1").path])
        try place("usr/share/bash-completion/completions/parpair-report", Data(try run(binary.path, ["completions", "bash"]).utf8))
        try place("usr/share/zsh/vendor-completions/_parpair-report", Data(try run(binary.path, ["completions", "zsh"]).utf8))
        try place("usr/share/fish/vendor_completions.d/parpair-report.fish", Data(try run(binary.path, ["completions", "fish"]).utf8))
        let doc = "usr/share/doc/parpair-report/"
        try place(doc + "README.md", try Data(contentsOf: package.appendingPathComponent("README.md")))
        // The pages the README links to, where its links lead.
        let pages = package.appendingPathComponent("docs")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: pages.path))?.sorted() ?? [] where name.hasSuffix(".md") {
            try place(doc + "docs/" + name, try Data(contentsOf: pages.appendingPathComponent(name)))
        }
        // The sample store, and the pictures the README and docs/ show.
        for name in ["default.store", "default.store-wal", "README.md", "report-page1.png", "report-pdf-de-page2.png"] {
            let sample = package.appendingPathComponent("samples/" + name)
            if FileManager.default.fileExists(atPath: sample.path) { try place(doc + "samples/" + name, try Data(contentsOf: sample)) }
        }
        try place(doc + "copyright", Data("""
            Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
            Upstream-Name: parpair-report

            Files: *
            Copyright: The ParPair Report authors
            License: see README.md

            """.utf8))

        let depends = try dependencies(of: root.appendingPathComponent("usr/bin/parpair-report").path)
        let installedSize = try run("/usr/bin/du", ["-sk", root.path]).split(separator: "\t").first.map(String.init) ?? "0"
        try place("DEBIAN/control", Data("""
            Package: parpair-report
            Version: \(version)
            Architecture: \(architecture)
            Maintainer: ParPair Report <parpair-report@example.org>
            Installed-Size: \(installedSize)
            Depends: \(depends.joined(separator: ", "))
            Recommends: weasyprint | chromium
            Suggests: msmtp
            Section: science
            Priority: optional
            Description: pediatric reports from the ParPair baby tracker's SwiftData store
             Reads the ParPair iPhone app's store (or an iPhone backup holding it, plain or
             encrypted) and writes printable XHTML reports, CSV, Markdown and weekly digests
             by e-mail, aggregated over age-in-weeks windows.

            """.utf8))
        let deb = output.appendingPathComponent("parpair-report_\(version)_\(architecture).deb")
        // Only this build's package is left in .build/deb, so `apt-get install ./.build/deb/parpair-report_*.deb` installs it.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        where name.hasPrefix("parpair-report_") && name.hasSuffix(".deb") {
            try? FileManager.default.removeItem(at: output.appendingPathComponent(name))
        }
        _ = try run("/usr/bin/dpkg-deb", ["--root-owner-group", "-Zxz", "--build", root.path, deb.path])
        print("build-deb: wrote \(deb.path)")
        print("build-deb: version \(version); Depends: \(depends.joined(separator: ", "))")
    }

    /// `0.2.0+git<count>.<hash>`: the release the binary reports, then the number of commits up to HEAD and
    /// HEAD's abbreviated hash, so each commit's package sorts after its parent's (dpkg compares the count as a
    /// number). A checkout with uncommitted changes adds `.dirty<UTC time>`, so every rebuild of it upgrades too.
    /// Outside a git checkout the version is the release alone.
    func packageVersion(release: String, checkout: URL) -> String {
        let git = ["-C", checkout.path]
        func ask(_ arguments: [String]) -> String? {
            (try? run("/usr/bin/env", ["git"] + git + arguments)).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        guard let count = ask(["rev-list", "--count", "HEAD"]), !count.isEmpty, count.allSatisfy(\.isNumber),
              let hash = ask(["rev-parse", "--short=10", "HEAD"]), !hash.isEmpty, hash.allSatisfy(\.isHexDigit)
        else {
            print("build-deb: not a git checkout (or no git): the package's version is \(release) alone")
            return release
        }
        var version = "\(release)+git\(count).\(hash)"
        if let changes = ask(["status", "--porcelain", "--untracked-files=no"]), !changes.isEmpty {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMddHHmmss"
            version += ".dirty" + formatter.string(from: Date())
        }
        return version
    }

    /// The Debian packages of the shared libraries `binary` links (as `ldd` lists them: libsqlite3, libxml2, libnettle,
    /// …), with the version installed here as a floor.
    func dependencies(of binary: String) throws -> [String] {
        var paths: [String] = []
        for line in try run("/usr/bin/ldd", [binary]).split(separator: "\n") {
            // "\tlibsqlite3.so.0 => /lib/x86_64-linux-gnu/libsqlite3.so.0 (0x…)", or the loader on its own.
            let parts = line.split(separator: " ")
            guard let arrow = parts.firstIndex(of: "=>"), arrow + 1 < parts.count else { continue }
            let path = String(parts[arrow + 1])
            if path.hasPrefix("/") { paths.append(path) }
        }
        var packages: [String] = []
        for path in paths {
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard let owner = (try? run("/usr/bin/dpkg", ["-S", real])) ?? (try? run("/usr/bin/dpkg", ["-S", path])),
                  let name = owner.split(separator: ":").first.map(String.init) else {
                throw Failure(description: "build-deb: \(path), which the binary uses, belongs to no Debian package")
            }
            guard !packages.contains(where: { $0.hasPrefix(name + " ") }) else { continue }
            let version = try run("/usr/bin/dpkg-query", ["-W", "-f=${Version}", name])
            let upstream = version.split(separator: "-").first.map(String.init) ?? version
            packages.append("\(name) (>= \(upstream))")
        }
        return packages.sorted()
    }

    /// Runs a program and returns its standard output; a non-zero exit is an error with its standard error.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "build-deb: \(executable) \(arguments.joined(separator: " ")) failed: "
                + String(decoding: problem, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
