import AASALintCore
import Foundation

/// Runs the `aasalint` binary as `BinaryRunner` does, but spawns and reaps it itself, because
/// reaping with `wait4` is what reports a child's processor time and peak memory on Linux and
/// Darwin alike (Foundation's Process reaps its child out of reach). `watch` runs on a thread
/// of its own until the child has ended, and may kill it. `launcher` replaces the binary's path
/// with a command that runs it (another user, another copy).
enum MeasuredRunner {
    struct Failure: Error {
        let reason: String
    }

    static func run(
        _ arguments: [String], standardInputFile: URL?, environment: [String: String], standardOutput: FileHandle?,
        workingDirectory: URL, launcher: [String]? = nil, watch: @escaping @Sendable (pid_t, _ ended: @Sendable () -> Bool) -> Void
    ) throws -> (run: BinaryRun, usage: ChildResourceUsage) {
        let command = try launcher ?? [BinaryRunner.executable().path]
        let outputPipe = standardOutput == nil ? Pipe() : nil
        let errorPipe = Pipe()
        let input = try standardInputFile.map(FileHandle.init(forReadingFrom:)) ?? FileHandle(forReadingAtPath: "/dev/null")
        let inputDescriptor = input?.fileDescriptor ?? -1
        let outputDescriptor = standardOutput?.fileDescriptor ?? outputPipe!.fileHandleForWriting.fileDescriptor

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputDescriptor, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, outputDescriptor, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe.fileHandleForWriting.fileDescriptor, STDERR_FILENO)
        // The shell changes folder and becomes aasalint (same process, so wait4 measures it).
        let shell = ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", workingDirectory.path] + command + arguments
        let merged = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let cArguments = shell.map { strdup($0) } + [nil]
        let cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, cArguments, cEnvironment)
        try input?.close()
        try outputPipe?.fileHandleForWriting.close()
        try errorPipe.fileHandleForWriting.close()
        guard spawned == 0 else { throw Failure(reason: String(cString: strerror(spawned))) }

        let ended = Flag()
        let child = pid
        Thread.detachNewThread { watch(child) { ended.isSet } }
        let output = outputPipe.map(PipeReader.init)
        let errors = PipeReader(errorPipe)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
        ended.set()
        let run = BinaryRun(standardOutput: String(decoding: output?.waitForEnd() ?? Data(), as: UTF8.self),
                            standardError: String(decoding: errors.waitForEnd(), as: UTF8.self),
                            status: status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F,
                            endedBySignal: status & 0x7F != 0)
        return (run, ChildResourceUsage(usage))
    }

    /// Set once, read from another thread.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}
