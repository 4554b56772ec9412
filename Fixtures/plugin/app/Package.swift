// swift-tools-version:6.0
// An app package that applies aasalint's build-tool plugin, as a user's package does, with
// this repository as a path dependency (scripts/check-plugins.sh builds a copy of it).
import PackageDescription

let package = Package(
    name: "PluginShop",
    dependencies: [.package(name: "aasalint", path: "../../..")],
    targets: [
        .executableTarget(name: "Shop", plugins: [.plugin(name: "AASALintBuildToolPlugin", package: "aasalint")]),
        // A program on aasalint's public library API: another package sees nothing `package`.
        .executableTarget(name: "LibraryClient", dependencies: [
            .product(name: "AASALintCore", package: "aasalint"), .product(name: "AASALintRules", package: "aasalint"),
        ]),
    ]
)
