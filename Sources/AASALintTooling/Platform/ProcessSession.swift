#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child started as the leader of a session of its own, so that whatever it starts can be
/// ended with it: the processes of its group, and those it moved to another group of the
/// session (a shell's `set -m`, a job started with `setpgid`), which a signal to the group
/// misses. A process that starts a session of its own (`setsid`) has left on purpose and is
/// out of reach.
enum ProcessSession {
    /// The `posix_spawnattr_setflags` flag that makes the child a session leader, which
    /// `setsid` makes the leader of a new process group too. glibc's POSIX_SPAWN_SETSID (2.26
    /// and later) is a GNU extension that Swift does not import; Darwin's (macOS 10.15 and
    /// later) is 0x400 in <spawn.h>.
    #if os(Linux)
    static let spawnFlag = 0x80
    #else
    static let spawnFlag = 0x400
    #endif

    /// Ends every process of the session that `leader` leads, its group first. The leader must
    /// have ended but not been reaped, so that no other process can have its ID.
    static func end(ledBy leader: pid_t) {
        kill(-leader, SIGKILL)
        // A process may start another while the ones seen are ended: a few rounds catch those.
        for _ in 0..<3 {
            let members = processIDs().filter { $0 != leader && getsid($0) == leader }
            if members.isEmpty { return }
            for member in members { kill(member, SIGKILL) }
        }
    }

    #if os(Linux)
    /// Every process's ID, from the numbered folders of /proc.
    private static func processIDs() -> [pid_t] {
        guard let folder = opendir("/proc") else { return [] }
        defer { closedir(folder) }
        var ids: [pid_t] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let id = pid_t(name) { ids.append(id) }
        }
        return ids
    }
    #else
    /// Every process's ID, from libproc: `proc_listallpids` answers how many there are for no
    /// buffer, and how many it wrote for one (a count of IDs, not of bytes).
    private static func processIDs() -> [pid_t] {
        let count = proc_listallpids(nil, 0)
        guard count > 0 else { return [] }
        var ids = [pid_t](repeating: 0, count: Int(count) + 64)
        let written = ids.withUnsafeMutableBytes { proc_listallpids($0.baseAddress, Int32($0.count)) }
        return Array(ids.prefix(Int(max(0, written))))
    }
    #endif
}
