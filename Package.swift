// swift-tools-version:6.0
import PackageDescription

/// libyaml (the configuration) and zlib (zip archives, gzip). On Linux each module map links
/// Debian's static archive by file name, so that the binary runs where neither is installed;
/// libyaml-dev and zlib1g-dev are needed to build only. On macOS zlib comes with the system and
/// libyaml from Homebrew (`scripts/make-release` links its static archive into release binaries).
#if os(Linux)
let yamlLibrary = Target.systemLibrary(name: "CYaml", path: "Sources/CYaml/Linux", providers: [.apt(["libyaml-dev"])])
let zlibLibrary = Target.systemLibrary(name: "CZlib", path: "Sources/CZlib/Linux", providers: [.apt(["zlib1g-dev"])])
#else
let yamlLibrary = Target.systemLibrary(name: "CYaml", path: "Sources/CYaml/Darwin", pkgConfig: "yaml-0.1", providers: [.brew(["libyaml"])])
let zlibLibrary = Target.systemLibrary(name: "CZlib", path: "Sources/CZlib/Darwin")
#endif

let package = Package(
    name: "aasalint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "aasalint", targets: ["aasalint"]),
        .library(name: "AASALintCore", targets: ["AASALintCore"]),
        .library(name: "AASALintRules", targets: ["AASALintRules"]),
        .plugin(name: "AASALintBuildToolPlugin", targets: ["AASALintBuildToolPlugin"]),
        .plugin(name: "AASALintCommandPlugin", targets: ["AASALintCommandPlugin"]),
    ],
    targets: [
        yamlLibrary,
        zlibLibrary,
        // libcurl's easy interface, loaded on the first download: on Linux, URLSession would link
        // libcurl and its libraries into every run (Apple platforms use URLSession).
        .target(name: "CCurl", path: "Sources/CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // glibc's allocator set for a short run, and its heap's pages made present ahead of use
        // (CAllocator.c); Apple platforms keep theirs.
        .target(name: "CAllocator", path: "Sources/CAllocator"),
        // Threads for work shared out across processors, started where they can run at once (CThreads.c).
        .target(name: "CThreads", path: "Sources/CThreads"),
        .target(name: "AASALintCore", dependencies: ["CYaml", "CZlib", "CThreads",
                                                     .target(name: "CAllocator", condition: .when(platforms: [.linux]))]),
        .target(name: "AASALintRules", dependencies: ["AASALintCore"], path: "Rules"),
        // What the command line needs beyond the engine: the language and MCP servers, replacing
        // files on disk (fixes, reports, baselines), downloading (`fetch`, `lint --remote`) and
        // starting processes (plugins, git for `--changed-since`).
        .target(name: "AASALintTooling", dependencies: ["AASALintCore", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        .executableTarget(name: "aasalint", dependencies: ["AASALintCore", "AASALintRules", "AASALintTooling",
                                                           .target(name: "CAllocator", condition: .when(platforms: [.linux]))]),
        // The plugins run the aasalint built from these sources (Fixtures/plugin/binary shows the same
        // plugin running the release's artifact bundle instead).
        .plugin(name: "AASALintBuildToolPlugin", capability: .buildTool(), dependencies: ["aasalint"]),
        .plugin(
            name: "AASALintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "aasalint", description: "Lint the package's entitlements and AASA files with aasalint"),
                permissions: [.writeToPackageDirectory(reason: "aasalint --fix rewrites the entitlements and AASA files it fixes")]
            ),
            dependencies: ["aasalint"]
        ),
        .executableTarget(name: "aasalint-bench", dependencies: ["AASALintCore"], path: "bench/aasalint-bench"),
        // Helpers shared by the test targets (golden files, a local HTTP server for the remote checks).
        .target(name: "AASALintTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AASALintCoreTests", dependencies: ["AASALintCore", "AASALintTooling", "AASALintTestSupport"]),
        .testTarget(
            name: "AASALintRulesTests",
            dependencies: ["AASALintCore", "AASALintRules", "AASALintTestSupport"]
        ),
        .testTarget(name: "aasalintTests", dependencies: ["aasalint", "AASALintCore", "AASALintRules", "AASALintTooling", "AASALintTestSupport"]),
    ]
)
