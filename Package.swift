// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "aasalint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "aasalint", targets: ["aasalint"]),
        .library(name: "AASALintCore", targets: ["AASALintCore"]),
        .library(name: "AASALintRules", targets: ["AASALintRules"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYaml",
            path: "Sources/CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // libcurl's easy interface, loaded on the first download: on Linux, URLSession would link
        // libcurl and its libraries into every run (Apple platforms use URLSession).
        .target(name: "CCurl", path: "Sources/CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "AASALintCore",
            dependencies: ["CYaml", "CZlib", .target(name: "CCurl", condition: .when(platforms: [.linux]))]
        ),
        .target(name: "AASALintRules", dependencies: ["AASALintCore"], path: "Rules"),
        .executableTarget(name: "aasalint", dependencies: ["AASALintCore", "AASALintRules"]),
        .executableTarget(name: "aasalint-bench", dependencies: ["AASALintCore"], path: "bench/aasalint-bench"),
        // Helpers shared by the test targets (golden files, a local HTTP server for the remote checks).
        .target(name: "AASALintTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AASALintCoreTests", dependencies: ["AASALintCore", "AASALintTestSupport"]),
        .testTarget(
            name: "AASALintRulesTests",
            dependencies: ["AASALintCore", "AASALintRules", "AASALintTestSupport"]
        ),
        .testTarget(name: "aasalintTests", dependencies: ["aasalint", "AASALintCore", "AASALintRules", "AASALintTestSupport"]),
    ]
)
