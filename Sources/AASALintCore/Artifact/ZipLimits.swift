/// How much of a zip aasalint reads at most. An app's archive holds tens of thousands of entries
/// and executables of a few hundred megabytes; anything beyond these is refused, not read.
struct ZipLimits: Sendable {
    var maximumEntryCount = 500_000
    var maximumNameLength = 4096
    var maximumCentralDirectorySize = 128 * 1024 * 1024
    /// The most one entry may expand to.
    var maximumEntrySize = 512 * 1024 * 1024
    /// A deflated entry that expands more than this many times, to more than
    /// `ratioCheckedAbove` bytes, is a zip bomb: real executables and plists compress 2-10:1.
    var maximumCompressionRatio = 1000
    var ratioCheckedAbove = 1024 * 1024
    /// The most all the entries read from one archive may expand to together: entries under
    /// the ratio check, many of them, must not add up to gigabytes.
    var maximumInflatedSize = 1024 * 1024 * 1024

    init() {}
}
