#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A pipe whose reader went away (a plugin that exits without reading its request, a report
// piped into `head`) must be an error aasalint reports, not a signal that ends it silently.
signal(SIGPIPE, SIG_IGN)
exit(CommandLineTool().run(Array(CommandLine.arguments.dropFirst())))
