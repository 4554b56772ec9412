import AASALintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(CAllocator)
import CAllocator

aasalint_tune_allocator()
#endif

// A pipe whose reader went away (a plugin that exits without reading its request, a report
// piped into `head`) must be an error aasalint reports, not a signal that ends it silently.
signal(SIGPIPE, SIG_IGN)
// What the run read and found is freed by the exit, at once, rather than object by object.
let keptUntilExit = KeptUntilExit()
exit(CommandLineTool(keptUntilExit: keptUntilExit).run(Array(CommandLine.arguments.dropFirst())))
