import Foundation
import PackagePlugin

/// Writes `ParPairCommand.build`, the commit the binary is built from (`+git<commits>.<hash>`, then `.dirty`
/// with uncommitted changes; empty outside a git checkout), before every build, so `--version` names the
/// same `0.2.0+git<commits>.<hash>` as the Debian package `build-deb` makes of that commit.
///
/// A prebuild command, since no input file says when HEAD moved: it runs git each build and replaces the
/// generated file only when its text changes, so an unchanged checkout rebuilds nothing.
@main
struct StampVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let scratch = context.pluginWorkDirectoryURL.appendingPathComponent("PackageBuild.swift.new")
        // The same count and hash as BuildDeb.packageVersion; git's errors (no git, not a checkout) mean "no commit".
        let script = #"""
            package="$1" output="$2" scratch="$3" build=""
            if count=$(git -C "$package" rev-list --count HEAD 2>/dev/null) && hash=$(git -C "$package" rev-parse --short=10 HEAD 2>/dev/null); then
                build="+git$count.$hash"
                [ -z "$(git -C "$package" status --porcelain --untracked-files=no 2>/dev/null)" ] || build="$build.dirty"
            fi
            mkdir -p "$output"
            printf '// Made by the StampVersion plugin before each build; not in the repository.\nextension ParPairCommand {\n    /// The commit this binary was built from, as `--version` prints it after the release.\n    static let build = "%s"\n}\n' "$build" > "$scratch"
            if cmp -s "$scratch" "$output/PackageBuild.swift"; then rm -f "$scratch"; else mv "$scratch" "$output/PackageBuild.swift"; fi
            """#
        return [
            .prebuildCommand(
                displayName: "Stamping the commit into \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "stamp-version", context.package.directoryURL.path, output.path, scratch.path],
                outputFilesDirectory: output
            ),
        ]
    }
}
