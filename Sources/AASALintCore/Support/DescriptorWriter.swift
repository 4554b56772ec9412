#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of some bytes to a file descriptor, retrying short and interrupted writes, and
/// says why it could not: where FileHandle would trap on a full disk or a closed pipe.
package enum DescriptorWriter {
    /// The `errno` of the write that failed; nil when everything was written.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    package static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// "no space left on device": the system's words, to follow a colon.
    package static func sentence(for error: Int32) -> String {
        let words = String(cString: strerror(error))
        return words.prefix(1).lowercased() + words.dropFirst()
    }

    #if canImport(Glibc)
    private static let systemWrite = Glibc.write
    #elseif canImport(Darwin)
    private static let systemWrite = Darwin.write
    #endif
}
