import Foundation
import PackagePlugin

/// Embeds the bundled scenes (`Traces/scenes/*.json`) in the target it is applied to, so a
/// `keytrace` binary copied anywhere still knows `pdf-viewer` and the others.
///
/// The plugin runs `embed-scenes`, which writes one Swift file holding every scene's JSON text
/// as a string literal (`BundledScenes.files`). The scenes are the command's inputs, so editing
/// one rebuilds the target; adding or removing one is seen the next time the plugin runs.
@main
struct EmbedScenes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = context.package.directoryURL.appending(path: "Traces/scenes")
        let scenes = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "BundledScenes+Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(scenes.count) bundled scenes in \(target.name)",
                executable: try context.tool(named: "embed-scenes").url,
                arguments: [output.path] + scenes.map(\.path),
                inputFiles: scenes,
                outputFiles: [output]
            )
        ]
    }
}
