import Foundation
import PackagePlugin

/// Compiles files into the target as Swift source, so they travel inside the binary: the package's
/// `Templates/` folder as `EmbeddedTemplates` (ParPairReport), or, for a target with a `DTD/` folder of
/// its own (XHTML, which excludes it from its sources), that folder as `EmbeddedDTDFiles`.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        var (folder, name) = (context.package.directoryURL.appendingPathComponent("Templates"), "EmbeddedTemplates")
        if let own = (target as? SwiftSourceModuleTarget)?.directoryURL.appendingPathComponent("DTD"),
           FileManager.default.fileExists(atPath: own.path) {
            (folder, name) = (own, "EmbeddedDTDFiles")
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(name).swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker {
                let values = try? url.resourceValues(forKeys: [.isRegularFileKey])
                if values?.isRegularFile == true, !url.lastPathComponent.hasPrefix(".") { inputs.append(url) }
            }
        }
        inputs.sort { $0.path < $1.path }
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) files of \(folder.lastPathComponent)/ as \(name)",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [name, folder.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
