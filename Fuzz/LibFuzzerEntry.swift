import Foundation

/// libFuzzer's entry point for one `FuzzTarget`, chosen by `AASALINT_FUZZ_TARGET` (set by
/// `scripts/fuzz.sh`), so that one instrumented build serves every target.
private let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["AASALINT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("set AASALINT_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = target.run(input)
    // A broken invariant has to end the process for libFuzzer to save the input.
    if !violations.isEmpty {
        FileHandle.standardError.write(Data(("broken invariant:\n" + violations.joined(separator: "\n") + "\n").utf8))
        abort()
    }
    return 0
}
