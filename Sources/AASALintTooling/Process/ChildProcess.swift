import AASALintCore
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one program to its end (a plugin, git for `--changed-since`): in a session of its own
/// (`ProcessSession`), so that the timeout stops whatever the program started too (`sh -c
/// "sleep 1000"` holds the pipes as long as the sleep lives), and so that what it leaves
/// behind once it has answered ends with it; with its request on standard input and at most
/// `outputLimit` bytes kept of each of its outputs.
///
/// A program that exits without reading its request makes the write fail with EPIPE, which is
/// harmless here because aasalint ignores SIGPIPE (main.swift); the program itself starts
/// with SIGPIPE at its default, as any program expects.
struct ChildProcess {
    let command: [String]
    let directory: String
    let timeout: Double
    let outputLimit: Int

    enum Ending: Equatable {
        case exited(Int32)
        case killed(signal: Int32)
        /// Still running at the timeout: the group was stopped.
        case timedOut
    }

    struct Outcome {
        let ending: Ending
        /// Nil when something the program started kept the pipe open past the timeout
        /// (it left the process group, so it could not be stopped with it).
        let output: PipeDrain.Collected?
        let errors: PipeDrain.Collected?
    }

    struct StartFailure: Error {
        let reason: String
    }

    func run(input: Data = Data()) throws(StartFailure) -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        let (inputRead, inputWrite) = try Self.makePipe()
        let (outputRead, outputWrite) = try Self.makePipe()
        let (errorRead, errorWrite) = try Self.makePipe()
        let pid: pid_t
        do throws(StartFailure) {
            pid = try spawn(standardInput: inputRead, standardOutput: outputWrite, standardError: errorWrite)
        } catch {
            for descriptor in [inputRead, inputWrite, outputRead, outputWrite, errorRead, errorWrite] { close(descriptor) }
            throw error
        }
        for descriptor in [inputRead, outputWrite, errorWrite] { close(descriptor) }
        let output = PipeDrain(outputRead, limit: outputLimit), errors = PipeDrain(errorRead, limit: outputLimit)
        DispatchQueue.global().async {
            _ = input.withUnsafeBytes { DescriptorWriter.write($0, to: inputWrite) }
            close(inputWrite)
        }
        let exit = ExitWatch(pid)
        var timedOut = false
        if !exit.wait(until: deadline) {
            timedOut = true
            kill(-pid, SIGTERM)
            if !exit.wait(until: Date().addingTimeInterval(0.2)) { kill(-pid, SIGKILL) }
            exit.waitForever()
        }
        // The program has ended but is not reaped yet, so its session and group IDs cannot have
        // been reused: whatever it left behind in them goes with it, and releases the pipes.
        ProcessSession.end(ledBy: pid)
        let status = exit.reap()
        let drainDeadline = max(deadline, Date().addingTimeInterval(0.05))
        let ending: Ending = if timedOut {
            .timedOut
        } else if status & 0x7F == 0 {
            .exited((status >> 8) & 0xFF)
        } else {
            .killed(signal: status & 0x7F)
        }
        return Outcome(ending: ending, output: output.collected(before: drainDeadline), errors: errors.collected(before: drainDeadline))
    }

    /// `/bin/sh` changes to the folder and then becomes `/usr/bin/env`, which finds the
    /// program on the PATH: posix_spawn has no portable way to set the working directory.
    private func spawn(standardInput: Int32, standardOutput: Int32, standardError: Int32) throws(StartFailure) -> pid_t {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, standardError, STDERR_FILENO)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let signalFlags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        // A session leader leads its own group. A C library that does not know the session flag
        // refuses it: a group of its own is then what the child gets.
        if posix_spawnattr_setflags(&attributes, Int16(Int(signalFlags) | ProcessSession.spawnFlag)) != 0 {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | signalFlags))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)

        let arguments = ["/bin/sh", "-c", "cd -- \"$0\" && exec /usr/bin/env -- \"$@\"", directory] + command
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else {
            throw StartFailure(reason: String(cString: strerror(result)))
        }
        return pid
    }

    /// A pipe whose two ends are not passed on to the plugin (or to another plugin) by
    /// accident; the file actions put the plugin's ends in place.
    private static func makePipe() throws(StartFailure) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw StartFailure(reason: String(cString: strerror(errno)))
        }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }
}

/// Waits for a child to end without reaping it, so that its process group can still be
/// signalled safely, and then reaps it.
private final class ExitWatch: @unchecked Sendable {
    private let pid: pid_t
    private let ended = DispatchSemaphore(value: 0)
    private var hasEnded = false

    init(_ pid: pid_t) {
        self.pid = pid
        // A thread of its own: the wait blocks until the child ends.
        DispatchQueue.global().async {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
            self.ended.signal()
        }
    }

    /// True when the child ended before `deadline`.
    func wait(until deadline: Date) -> Bool {
        if hasEnded { return true }
        hasEnded = ended.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success
        return hasEnded
    }

    func waitForever() {
        if !hasEnded { ended.wait() }
        hasEnded = true
    }

    /// The raw wait status.
    func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
