import Foundation

/// What one run of the `aasalint` binary printed, and how it ended.
struct BinaryRun: Sendable {
    let standardOutput: String
    let standardError: String
    let status: Int32
    /// True when a signal ended the process rather than `exit`: a crash, or a kill.
    let endedBySignal: Bool
}

struct BinaryNotFound: Error, CustomStringConvertible {
    let searched: [String]

    var description: String {
        "the aasalint binary is not next to the test bundle (looked in \(searched.joined(separator: ", "))); build with --build-tests"
    }
}

/// Runs the `aasalint` binary that SwiftPM builds beside the test bundle, because the test
/// target depends on the executable target.
enum BinaryRunner {
    static func run(
        _ arguments: [String],
        standardInput: Data? = nil,
        standardInputFile: URL? = nil,
        environment: [String: String] = [:],
        standardOutput: FileHandle? = nil,
        workingDirectory: URL,
        whileRunning watch: (@Sendable (Process) -> Void)? = nil
    ) throws -> BinaryRun {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = workingDirectory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }

        // Given a destination (a full disk, a closed pipe), the output is not collected.
        let outputPipe = standardOutput == nil ? Pipe() : nil
        let errorPipe = Pipe()
        process.standardOutput = standardOutput ?? outputPipe
        process.standardError = errorPipe
        // Without a pipe of its own, `aasalint -` would wait on the test runner's standard input.
        let inputPipe = standardInput.map { _ in Pipe() }
        process.standardInput = try inputPipe ?? standardInputFile.map(FileHandle.init(forReadingFrom:)) ?? FileHandle.nullDevice

        try process.run()
        // A thread of its own: a watch blocks until the process ends.
        if let watch { Thread.detachNewThread { watch(process) } }
        let output = outputPipe.map(PipeReader.init)
        let errors = PipeReader(errorPipe)
        if let inputPipe, let standardInput {
            inputPipe.fileHandleForWriting.write(standardInput)
            try inputPipe.fileHandleForWriting.close()
        }
        let outputData = output?.waitForEnd() ?? Data()
        let errorData = errors.waitForEnd()
        process.waitUntilExit()
        return BinaryRun(
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self),
            status: process.terminationStatus,
            endedBySignal: process.terminationReason == .uncaughtSignal
        )
    }

    static func executable() throws -> URL {
        var folders = [
            Bundle.main.bundleURL,
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        #if os(macOS)
        if let testBundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            folders.append(testBundle.bundleURL.deletingLastPathComponent())
        }
        #endif
        let candidates = folders.map { $0.appendingPathComponent("aasalint") }
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BinaryNotFound(searched: candidates.map(\.path))
        }
        return binary
    }
}

/// Reads a pipe to its end on a thread of its own: reading standard output and standard
/// error one after the other deadlocks once the child fills the pipe we are not reading.
private final class PipeReader: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    // Written once before `finished` is signalled and read only after waiting for it.
    private var data = Data()

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.finished.signal()
        }
    }

    func waitForEnd() -> Data {
        finished.wait()
        return data
    }
}
