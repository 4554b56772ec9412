import AASALintCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes the files aasalint produces or fixes (`--output`, `--write-baseline`, `--fix`) so that
/// the path keeps naming what it named, and a reader never sees half a file.
///
/// - A regular file with one link is replaced: the new contents go to a temporary file in the
///   same folder, which takes the original's mode and owner, is flushed to disk (`fsync`), and is
///   renamed over it; the folder is flushed too. For a report or baseline, when the owner cannot
///   be kept (aasalint is not root and the file is someone else's), or the folder cannot take a
///   new file, the file is rewritten in place instead; `--fix` refuses then (`rewrite`).
/// - A symbolic link is kept and written through, in place: what it leads to keeps its mode,
///   owner and links, and `/dev/stdout` reaches standard output even when that is a file. A
///   link inside the repository (or the working folder, outside one) that leads out of it is
///   refused: a repository can commit a link to `~/.bashrc` named like a report.
/// - A regular file with several hard links is rewritten in place, so every link still names it.
/// - A device, FIFO or socket (`/dev/null`) is opened and written, never replaced.
/// - A new file is created with the default permissions (0666 less the umask).
package enum FileReplacement {
    /// Writes the pieces `produce` hands to the writer it is given, as UTF-8, to `path`.
    package static func write(to path: String, _ produce: ((String) -> Void) -> Void) throws(UsageError) {
        try refuseEscapingLink(path)
        try write(to: path) { sink in
            produce { piece in
                var piece = piece
                piece.withUTF8 { sink.write(UnsafeRawBufferPointer($0)) }
            }
        }
    }

    /// Rewrites a file `--fix` read, whose contents were `original`, so that a run stopped at any
    /// moment leaves the old file or the new one. Through a symbolic link the file it leads to is
    /// replaced, so the link stays. Refused, with the reason: a FIFO, device or socket, whose
    /// contents were never a file to fix; a file the user may not write, as editors refuse it; a
    /// file with several hard links, which a rename would split and a rewrite in place could
    /// leave half-written in every link; a file whose copy cannot keep its owner, or whose folder
    /// takes no new file; and a file that changed since it was read (an editor saved it), whose
    /// new contents the fix of the old would lose.
    package static func rewrite(_ bytes: [UInt8], at path: String, original: [UInt8]) throws(UsageError) {
        try refuseEscapingLink(path)
        guard let target = CanonicalPath.resolved(path) else { throw failure(path, errno) }
        var info = stat()
        guard stat(target, &info) == 0 else { throw failure(path, errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw UsageError("\(path) is not a regular file; --fix rewrites only regular files")
        }
        // As vim does: root may write anything, so a file with no write bit at all counts as read-only too.
        guard access(target, W_OK) == 0, info.st_mode & 0o222 != 0 else {
            throw UsageError("\(path) is read-only; --fix rewrites only files you may write (make it writable first, e.g. chmod u+w)")
        }
        guard info.st_nlink == 1 else {
            throw UsageError("\(path) has \(info.st_nlink) hard links; --fix replaces a file by renaming a fixed copy over it, "
                + "which would leave the other links with the old contents: give it a file of its own first "
                + "(cp FILE FILE.new && mv FILE.new FILE) or fix one of the links by hand")
        }
        try replace(target, keeping: info, unlessChangedFrom: original, shownAs: path) { sink in
            bytes.withUnsafeBytes { sink.write($0) }
        }
    }

    /// Whether `path` names a regular file, through symbolic links.
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private static func write(to path: String, _ produce: (Sink) -> Void) throws(UsageError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw failure(path, errno) }
            return try replace(path, keeping: nil, produce)
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            // `/dev/stdout` leads through /proc to whatever standard output is, perhaps a file
            // the shell holds open: only writing through the link reaches what it names.
            var target = stat()
            if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR {
                throw UsageError("\(path) is a folder; give the name of a file to write")
            }
            try writeInPlace(path, truncating: true, creating: true, produce)
        case S_IFDIR:
            throw UsageError("\(path) is a folder; give the name of a file to write")
        case S_IFREG where info.st_nlink > 1:
            try writeInPlace(path, truncating: true, creating: false, produce)
        case S_IFREG:
            try replace(path, keeping: info, produce)
        default:
            try writeInPlace(path, truncating: false, creating: false, produce)
        }
    }

    /// Refuses `path` when a symbolic link inside the repository of the working folder (or the
    /// working folder, outside a repository) would take the write out of it.
    private static func refuseEscapingLink(_ path: String) throws(UsageError) {
        let root = SourceRoot.repository(containing: FileManager.default.currentDirectoryPath).path
        guard let escape = LinkResolution.escape(of: path, from: root) else { return }
        throw UsageError("\(path): the symbolic link \(escape.link) leads out of \(root), to \(escape.destination); "
            + "aasalint does not write through a link in the repository to a file outside it (a committed link can name "
            + "~/.bashrc): remove the link, or name the destination itself")
    }

    /// Writes a temporary file beside `target` and renames it over `target`. With `original`
    /// (`--fix`), nothing is ever written in place, and the rename is made only if `target`
    /// still holds `original`; `shownAs` is the path the user gave.
    private static func replace(_ target: String, keeping existing: stat?, unlessChangedFrom original: [UInt8]? = nil,
                                shownAs shown: String? = nil, _ produce: (Sink) -> Void) throws(UsageError) {
        let shown = shown ?? target
        let parent = PathNames.folder(of: target)
        let folder = parent.isEmpty ? "." : parent
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw UsageError("\(target): the folder \(folder) does not exist")
        }
        let temporary = folder + "/." + PathNames.lastComponent(of: target) + ".aasalint-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let reason = errno
            if original != nil {
                throw UsageError("\(shown): --fix writes a fixed copy beside the file and renames it over the file, "
                    + "and the folder \(folder) takes no new file (\(DescriptorWriter.sentence(for: reason)))")
            }
            // A file one may write in a folder one may not: rewriting it in place still works.
            if existing != nil, reason == EACCES || reason == EROFS {
                return try writeInPlace(target, truncating: true, creating: false, produce)
            }
            throw failure(target, reason)
        }
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        if let existing {
            guard keepOwner(of: existing, on: descriptor) else {
                close(descriptor)
                if original != nil {
                    throw UsageError("\(shown) belongs to another user, and the fixed copy that --fix renames over it "
                        + "cannot keep its owner: fix it as that user, or as root")
                }
                return try writeInPlace(target, truncating: true, creating: false, produce)
            }
            fchmod(descriptor, existing.st_mode & 0o7777)
        }
        let sink = Sink(descriptor)
        produce(sink)
        let flushFailure = sink.failure == nil ? DiskFlush.flush(descriptor) : nil
        let closed = close(descriptor) == 0
        guard let reason = sink.failure ?? flushFailure ?? (closed ? nil : errno) else {
            stopForTestsBeforeRename()
            if let original, !holds(target, original) {
                throw UsageError("\(shown) changed while aasalint was fixing it (saved by an editor?); "
                    + "it is left as it is now, and its fixes were not made: run --fix again")
            }
            guard rename(temporary, target) == 0 else { throw failure(target, errno) }
            renamed = true
            flushFolder(folder)
            return
        }
        throw failure(target, reason)
    }

    /// The tests of "the old file or the new one" kill a run in the window a crash can hit,
    /// between the flushed copy and the rename, by naming a file in
    /// AASALINT_TEST_STOP_BEFORE_RENAME: the run creates it, then stops itself until killed or
    /// continued. It stops before the check that the file is unchanged, so that a test can save
    /// the file meanwhile, as an editor would.
    private static func stopForTestsBeforeRename() {
        guard let marker = EnvironmentVariable.value(of: "AASALINT_TEST_STOP_BEFORE_RENAME") else { return }
        close(open(marker, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600))
        raise(SIGSTOP)
    }

    /// Gives the temporary file the original's owner and group; false when that is not allowed.
    private static func keepOwner(of existing: stat, on descriptor: Int32) -> Bool {
        guard existing.st_uid != geteuid() || existing.st_gid != getegid() else { return true }
        return fchown(descriptor, existing.st_uid, existing.st_gid) == 0
    }

    /// Whether the file at `path` holds exactly `bytes`, read just before the rename.
    private static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard case .bytes(let now)? = try? FileReader(readLimit: bytes.count).contents(ofFile: path) else { return false }
        return now == bytes
    }

    private static func writeInPlace(_ target: String, truncating: Bool, creating: Bool, _ produce: (Sink) -> Void) throws(UsageError) {
        let flags = O_WRONLY | O_CLOEXEC | (truncating ? O_TRUNC : 0) | (creating ? O_CREAT : 0)
        let descriptor = open(target, flags, 0o666)
        guard descriptor >= 0 else { throw failure(target, errno) }
        let sink = Sink(descriptor)
        produce(sink)
        let flushFailure = sink.failure == nil ? DiskFlush.flush(descriptor) : nil
        let closed = close(descriptor) == 0
        if let reason = sink.failure ?? flushFailure ?? (closed ? nil : errno) { throw failure(target, reason) }
    }

    private static func flushFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ path: String, _ error: Int32) -> UsageError {
        error == ENOSPC || error == EDQUOT
            ? UsageError("\(path): writing this file failed part way (\(DescriptorWriter.sentence(for: error)))")
            : UsageError("\(path): cannot write this file (\(DescriptorWriter.sentence(for: error)))")
    }

    /// Writes to a descriptor and keeps the first failure; later pieces are dropped.
    private final class Sink {
        let descriptor: Int32
        private(set) var failure: Int32?

        init(_ descriptor: Int32) {
            self.descriptor = descriptor
        }

        func write(_ bytes: UnsafeRawBufferPointer) {
            guard failure == nil else { return }
            failure = DescriptorWriter.write(bytes, to: descriptor)
        }
    }
}
