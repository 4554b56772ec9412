import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Starts each plugin as a child process (`ChildProcess`) in the configuration's folder: the
/// launcher the command line gives a run when the user allows plugins (`--allow-plugins`).
package final class ProcessPluginLauncher: PluginLauncher {
    package init() {}

    package func answer(of plugin: PluginDefinition, in directory: String, to request: Data) throws(UsageError) -> Data {
        let process = ChildProcess(command: plugin.command, directory: directory, timeout: plugin.timeout, outputLimit: Self.outputLimit)
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.StartFailure) {
            outcome = try process.run(input: request)
        } catch {
            throw UsageError("plugin '\(plugin.id)': cannot start \(plugin.command.joined(separator: " ")) (\(error.reason))")
        }
        if outcome.ending == .timedOut {
            throw UsageError("plugin '\(plugin.id)' did not answer within \(Self.seconds(plugin.timeout)) and was stopped; raise its 'timeout' or make it faster")
        }
        guard let answer = outcome.output, let complaintData = outcome.errors else {
            throw UsageError("plugin '\(plugin.id)' exited but something it started kept its output open past its timeout")
        }
        let complaint = String(decoding: complaintData.data.prefix(4096), as: UTF8.self).trimmed()
        guard outcome.ending == .exited(0) else {
            let how = switch outcome.ending {
            case .exited(let status): "exited with status \(status)"
            case .killed(let signal): "was killed by signal \(signal)"
            case .timedOut: "was stopped"
            }
            throw UsageError("plugin '\(plugin.id)' \(how)" + (complaint.isEmpty ? "" : ": \(complaint.prefix(500))"))
        }
        guard !answer.overflowed else {
            throw UsageError("plugin '\(plugin.id)' answered more than \(Self.outputLimit / (1024 * 1024)) MB, more than aasalint reads "
                + "from a plugin; report fewer or shorter diagnostics (see docs/plugins.md)")
        }
        return answer.data
    }

    /// What aasalint keeps of a plugin's output (and of its standard error): an answer of a
    /// hundred thousand diagnostics fits.
    static let outputLimit = 16 * 1024 * 1024

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) seconds" : "\(value) seconds"
    }
}
