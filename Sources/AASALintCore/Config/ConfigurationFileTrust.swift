#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a configuration found by looking upward may be read: it decides which rules run
/// and which plugins a run may start, so only its owner (or root) may be able to change it,
/// as OpenSSH asks of `~/.ssh/config`. A file someone names with `--config` is not asked.
package enum ConfigurationFileTrust {
    /// The sentence that refuses the file at `path`, for the command line and the language
    /// server alike; nil when it may be read.
    package static func refusal(at path: String) -> String? {
        problem(at: path).map { problem in
            "not reading this configuration: \(problem), and it decides what aasalint checks and which plugins it runs; "
                + "make it yours and not writable by others (chmod go-w)"
        }
    }

    /// Why the file at `path` must not be read; nil when it may be.
    package static func problem(at path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let caller = geteuid()
        if status.st_uid != caller && status.st_uid != 0 {
            return "it belongs to another user (\(userName(status.st_uid)))"
        }
        let mode = status.st_mode & 0o777
        if mode & 0o002 != 0 {
            return "anyone may change it (mode \(String(mode, radix: 8)))"
        }
        if mode & 0o020 != 0 && !isPrivateGroup(status.st_gid, of: status.st_uid) {
            return "the group \(groupName(status.st_gid)) may change it (mode \(String(mode, radix: 8)))"
        }
        return nil
    }

    /// A group that is the owner's own and nobody else's, as with the umask 002 of Debian's
    /// user private groups: its write permission lets no one else in.
    private static func isPrivateGroup(_ group: gid_t, of owner: uid_t) -> Bool {
        guard let user = getpwuid(owner), user.pointee.pw_gid == group, let entry = getgrgid(group) else { return false }
        return entry.pointee.gr_mem == nil || entry.pointee.gr_mem.pointee == nil
    }

    private static func userName(_ id: uid_t) -> String {
        getpwuid(id).map { String(cString: $0.pointee.pw_name) } ?? "user ID \(id)"
    }

    private static func groupName(_ id: gid_t) -> String {
        getgrgid(id).map { String(cString: $0.pointee.gr_name) } ?? "group ID \(id)"
    }
}
