#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Mach-O executable, thin or fat (`0xcafebabe`, fat64 `0xcafebabf`), 32 or 64 bit, in either
/// byte order: for each slice, its code signature. Only the headers, the load commands and the
/// signature are read, whatever the size of the code.
enum MachOFile {
    static let maximumSliceCount = 32
    static let maximumLoadCommandsSize = 16 * 1024 * 1024
    static let maximumLoadCommandCount = 100_000
    static let maximumSignatureSize = 64 * 1024 * 1024

    private static let fatMagic = 0xCAFE_BABE
    private static let fat64Magic = 0xCAFE_BABF
    private static let magic32 = 0xFEED_FACE
    private static let magic64 = 0xFEED_FACF
    private static let codeSignatureCommand = 0x1D

    static func slices(of source: any ArtifactReaderSource) throws(ArtifactReaderError) -> [MachOSlice] {
        let head = MachOFields(bytes: try source.bytes(at: 0, length: 8, what: "the Mach-O header"), bigEndian: true)
        switch head.uint32(0) {
        case fatMagic, fat64Magic:
            let is64 = head.uint32(0) == fat64Magic
            let count = head.uint32(4)
            guard (1...maximumSliceCount).contains(count) else {
                throw ArtifactReaderError("a fat binary that declares \(count) architectures (a real one has 1 to \(maximumSliceCount))")
            }
            let recordLength = is64 ? 32 : 20
            let table = MachOFields(bytes: try source.bytes(at: 8, length: count * recordLength, what: "the fat architecture table"), bigEndian: true)
            let ranges = try (0..<count).map { (index) throws(ArtifactReaderError) -> Range<Int> in
                let record = index * recordLength
                let offset = is64 ? table.uint64(record + 8) : table.uint32(record + 8)
                let size = is64 ? table.uint64(record + 16) : table.uint32(record + 12)
                guard offset <= source.count, size <= source.count - offset else {
                    throw ArtifactReaderError("fat architecture \(index + 1) (\(size) bytes at offset \(offset)) lies past the end of the file (\(source.count) bytes)")
                }
                return offset..<(offset + size)
            }
            // Slices that share bytes would each be read, and their signatures kept, again and again.
            let ordered = ranges.indices.sorted { ranges[$0].lowerBound < ranges[$1].lowerBound }
            for (first, second) in zip(ordered, ordered.dropFirst())
            where ranges[first].overlaps(ranges[second]) || ranges[first].lowerBound == ranges[second].lowerBound {
                throw ArtifactReaderError("fat architectures \(min(first, second) + 1) and \(max(first, second) + 1) overlap "
                    + "(bytes \(ranges[first]) and \(ranges[second])), which no linker writes")
            }
            return try ranges.map { (range) throws(ArtifactReaderError) -> MachOSlice in
                try thinSlice(ArtifactReaderSubrange(source, offset: range.lowerBound, count: range.count))
            }
        default:
            return [try thinSlice(source)]
        }
    }

    private static func thinSlice(_ source: any ArtifactReaderSource) throws(ArtifactReaderError) -> MachOSlice {
        let magicBytes = try source.bytes(at: 0, length: 4, what: "the Mach-O header")
        let bigEndian: Bool
        let is64: Bool
        switch (MachOFields(bytes: magicBytes, bigEndian: true).uint32(0), MachOFields(bytes: magicBytes, bigEndian: false).uint32(0)) {
        case (magic32, _): (bigEndian, is64) = (true, false)
        case (magic64, _): (bigEndian, is64) = (true, true)
        case (_, magic32): (bigEndian, is64) = (false, false)
        case (_, magic64): (bigEndian, is64) = (false, true)
        default: throw ArtifactReaderError("not a Mach-O executable (it starts with \(magicBytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()))")
        }
        let headerLength = is64 ? 32 : 28
        let header = MachOFields(bytes: try source.bytes(at: 0, length: headerLength, what: "the Mach-O header"), bigEndian: bigEndian)
        let architecture = architectureName(cpuType: header.uint32(4))
        let commandCount = header.uint32(16)
        let commandsSize = header.uint32(20)
        guard commandsSize <= maximumLoadCommandsSize, commandCount <= maximumLoadCommandCount, commandCount * 8 <= commandsSize else {
            throw ArtifactReaderError("\(architecture): declares \(commandCount) load commands in \(commandsSize) bytes, which cannot be real")
        }
        let commands = MachOFields(bytes: try source.bytes(at: headerLength, length: commandsSize, what: "the load commands"), bigEndian: bigEndian)
        var offset = 0
        var signatureRange: (offset: Int, size: Int)?
        for index in 0..<commandCount {
            guard offset + 8 <= commandsSize else { throw ArtifactReaderError("\(architecture): load command \(index + 1) of \(commandCount) is truncated") }
            let command = commands.uint32(offset)
            let size = commands.uint32(offset + 4)
            guard size >= 8, size <= commandsSize - offset else {
                throw ArtifactReaderError("\(architecture): load command \(index + 1) declares \(size) bytes, past the end of the load commands")
            }
            if command == codeSignatureCommand {
                guard size >= 16 else { throw ArtifactReaderError("\(architecture): LC_CODE_SIGNATURE is truncated") }
                signatureRange = (commands.uint32(offset + 8), commands.uint32(offset + 12))
            }
            offset += size
        }
        guard let signatureRange else { return MachOSlice(architecture: architecture, signature: nil) }
        guard signatureRange.size <= maximumSignatureSize else {
            throw ArtifactReaderError("\(architecture): the code signature declares \(signatureRange.size) bytes, more than the \(maximumSignatureSize) aasalint reads")
        }
        let bytes = try source.bytes(at: signatureRange.offset, length: signatureRange.size, what: "\(architecture): the code signature")
        do throws(ArtifactReaderError) {
            return MachOSlice(architecture: architecture, signature: try CodeSignature(bytes))
        } catch {
            throw ArtifactReaderError("\(architecture): \(error.message)")
        }
    }

    private static let cpuArchABI64 = 0x0100_0000
    private static let cpuArchABI64_32 = 0x0200_0000

    static func architectureName(cpuType: Int) -> String {
        switch cpuType {
        case 7: "i386"
        case 7 | cpuArchABI64: "x86_64"
        case 12: "armv7"
        case 12 | cpuArchABI64: "arm64"
        case 12 | cpuArchABI64_32: "arm64_32"
        default: "CPU type \(cpuType)"
        }
    }
}
