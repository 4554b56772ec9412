// What differs between Linux and Darwin, and where it is handled. Every call whose meaning
// depends on the operating system goes through this folder, so that the Darwin side can be
// read in one place:
//
// - HTTPTransport (this file): libcurl, loaded on first use, on Linux; URLSession elsewhere.
//   Chosen by platform, as Package.swift links CCurl only on Linux. libcurl checks the address
//   of every connection it opens (`CurlExchange`); URLSession cannot, so `URLSessionExchange`
//   checks what HostResolution resolves before each request.
// - HostResolution: `getaddrinfo`; SOCK_STREAM is an enum in Glibc and an Int32 in Darwin.
// - DiskFlush: `fsync` only regular files. For a pipe or a terminal (`--output /dev/stdout`)
//   Linux answers EINVAL and Darwin ENOTSUP.
// - DeviceNumber: `st_dev` as bits. `dev_t` is unsigned and 64 bits wide on Linux, a signed
//   Int32 on Darwin, where a device number with its top bit set would trap `UInt64(_:)`.
// - CanonicalPath: one spelling per file for comparing paths. On macOS `/tmp`, `/var` and
//   `/etc` are links into `/private`, and APFS is case-insensitive by default; `realpath`
//   resolves links on both systems and, on Darwin, also spells each component as on disk.
// - ChildResourceUsage: a finished child's processor time and peak memory from `wait4`;
//   Darwin's `ru_maxrss` counts the child's bytes, Linux's starts from the parent's memory.
// - ProcessSession: plugins start in a session of their own, which is ended once they have
//   answered. The spawn flag is a GNU extension Swift does not import on Linux (0x80), and
//   0x400 in Darwin's <spawn.h>; the processes of the session are listed from /proc on Linux
//   and with libproc's `proc_listallpids` on Darwin.
// - CanonicalComposition: NFC. The code imports FoundationEssentials where it exists (Linux;
//   Foundation there would link ICU's 30 MB) and Foundation elsewhere, and uses only what both
//   have, but for this.
// - Package.swift: on Linux the module maps of CYaml and CZlib link Debian's static archives;
//   on macOS zlib is the system's and libyaml Homebrew's.

/// The HTTP client of `RemoteFetcher`.
#if os(Linux)
typealias HTTPTransport = CurlExchange
#else
typealias HTTPTransport = URLSessionExchange
#endif
