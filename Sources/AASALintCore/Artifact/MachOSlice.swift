/// One architecture of a Mach-O executable and what its code signature says it may do.
struct MachOSlice: Sendable, Equatable {
    /// `arm64`, `x86_64`, ... or the CPU type number when aasalint does not know its name.
    let architecture: String
    /// Nil when the slice has no `LC_CODE_SIGNATURE`.
    let signature: CodeSignature?
}
