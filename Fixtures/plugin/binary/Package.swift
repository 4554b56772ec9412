// swift-tools-version:6.0
// The build-tool plugin running the release's binary instead of building aasalint: the shape of
// a plugins-only package that vends the artifact bundle (as SwiftLintPlugins does for SwiftLint).
// scripts/check-plugins.sh assembles a copy: this manifest, the plugin's sources from Plugins/,
// the app target of Fixtures/plugin/app, and the aasalint.artifactbundle.zip of scripts/make-release.
import PackageDescription

let package = Package(
    name: "BinaryPluginShop",
    targets: [
        .binaryTarget(name: "AASALintBinary", path: "aasalint.artifactbundle.zip"),
        .plugin(name: "AASALintBuildToolPlugin", capability: .buildTool(), dependencies: ["AASALintBinary"]),
        .executableTarget(name: "Shop", plugins: ["AASALintBuildToolPlugin"]),
    ]
)
