// What differs between Linux and Darwin, and where it is handled. Every call whose meaning
// depends on the operating system goes through this folder, or through
// Sources/AASALintTooling/Platform for what only the tooling does (downloading, starting
// processes), so that the Darwin side can be read in two places:
//
// - DiskFlush: `fsync` only regular files. For a pipe or a terminal (`--output /dev/stdout`)
//   Linux answers EINVAL and Darwin ENOTSUP.
// - DeviceNumber: `st_dev` as bits. `dev_t` is unsigned and 64 bits wide on Linux, a signed
//   Int32 on Darwin, where a device number with its top bit set would trap `UInt64(_:)`.
// - CanonicalPath: one spelling per file for comparing paths. On macOS `/tmp`, `/var` and
//   `/etc` are links into `/private`, and APFS is case-insensitive by default; `realpath`
//   resolves links on both systems and, on Darwin, also spells each component as on disk.
// - ChildResourceUsage: a finished child's processor time and peak memory from `wait4`;
//   Darwin's `ru_maxrss` counts the child's bytes, Linux's starts from the parent's memory.
// - CanonicalComposition: NFC. The code imports FoundationEssentials where it exists (Linux;
//   Foundation there would link ICU's 30 MB) and Foundation elsewhere, and uses only what both
//   have, but for this.
// - Package.swift: on Linux the module maps of CYaml and CZlib link Debian's static archives;
//   on macOS zlib is the system's and libyaml Homebrew's.
