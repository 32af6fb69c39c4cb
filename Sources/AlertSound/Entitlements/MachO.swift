import AlertSoundCore

/// Finds the entitlements a Mach-O executable was signed with, reading only its load commands and
/// the blobs they point at. Device builds carry them in the code signature's super-blob
/// (`LC_CODE_SIGNATURE`, slot 5); Simulator builds are signed ad hoc and carry them in a
/// `__TEXT,__entitlements` section instead. Every offset and size comes from the file, so each is
/// checked against the slice it belongs to before anything is read.
enum MachO {
    struct Found {
        var plist: [UInt8]
        var inSignature: Bool
    }

    static let codeSignatureCommand: UInt32 = 0x1D
    static let segment32Command: UInt32 = 0x1
    static let segment64Command: UInt32 = 0x19
    static let entitlementsSlot: UInt32 = 5
    static let superBlobMagic: UInt32 = 0xFADE_0CC0
    static let entitlementsBlobMagic: UInt32 = 0xFADE_7171

    /// Whether the first bytes are a Mach-O or a universal (fat) binary.
    static func recognises(_ head: [UInt8]) -> Bool {
        guard head.count >= 4 else { return false }
        let magic = Array(head.prefix(4))
        return [
            [0xCA, 0xFE, 0xBA, 0xBE], [0xCA, 0xFE, 0xBA, 0xBF], [0xFE, 0xED, 0xFA, 0xCE], [0xFE, 0xED, 0xFA, 0xCF],
            [0xCE, 0xFA, 0xED, 0xFE], [0xCF, 0xFA, 0xED, 0xFE]
        ].contains(magic)
    }

    /// The first slice's entitlements: those in a code signature win over a Simulator section, and
    /// every slice of one app is signed with the same ones. `nil` when no slice has any.
    static func entitlements(in source: ByteSource) throws -> Found? {
        var sectionFind: Found?
        for slice in try slices(of: source) {
            let found = try entitlements(source: source, slice: slice)
            if let found, found.inSignature { return found }
            sectionFind = sectionFind ?? found
        }
        return sectionFind
    }

    struct Slice {
        var offset: Int64
        var size: Int64
    }

    static func slices(of source: ByteSource) throws -> [Slice] {
        let head = try source.read(at: 0, count: 8)
        guard head.count >= 8 else {
            throw AlertSoundError(.malformed, "\(head.count) bytes: too short for a Mach-O header")
        }
        guard head[0] == 0xCA, head[1] == 0xFE, head[2] == 0xBA, head[3] & 0xFE == 0xBE else {
            return [Slice(offset: 0, size: source.size)]
        }
        let wide = head[3] == 0xBF
        var reader = ByteReader(head, order: .bigEndian)
        _ = try reader.u32()
        let count = Int(try reader.u32())
        guard count >= 1, count <= Limits.maximumArchitectures else {
            throw AlertSoundError(
                .tooLarge,
                "a universal binary with \(count) architectures (at most \(Limits.maximumArchitectures) are read)")
        }
        let entrySize = wide ? 32 : 20
        let table = try source.read(at: 8, count: count * entrySize)
        var entries = ByteReader(table, base: 8, order: .bigEndian)
        var slices: [Slice] = []
        for _ in 0..<count {
            let position = entries.absolutePosition
            _ = try entries.u32()
            _ = try entries.u32()
            let offset: Int64, size: Int64
            if wide {
                offset = Int64(bitPattern: try entries.u64())
                size = Int64(bitPattern: try entries.u64())
                _ = try entries.take(8)
            } else {
                offset = Int64(try entries.u32())
                size = Int64(try entries.u32())
                _ = try entries.u32()
            }
            guard offset >= 0, size >= 0, let end = offset.adding(size), end <= source.size else {
                throw AlertSoundError(
                    .malformed,
                    "the architecture at byte \(position) claims bytes \(offset) to \(offset &+ size), past the end of the \(source.size)-byte file"
                )
            }
            slices.append(Slice(offset: offset, size: size))
        }
        return slices
    }

    private static func entitlements(source: ByteSource, slice: Slice) throws -> Found? {
        let head = try source.read(at: slice.offset, count: 32)
        guard head.count >= 28 else {
            throw AlertSoundError(.malformed, "the Mach-O header at byte \(slice.offset) is cut short")
        }
        let order: ByteOrder
        let is64: Bool
        switch (head[0], head[1], head[2], head[3]) {
        case (0xCF, 0xFA, 0xED, 0xFE): (order, is64) = (.littleEndian, true)
        case (0xCE, 0xFA, 0xED, 0xFE): (order, is64) = (.littleEndian, false)
        case (0xFE, 0xED, 0xFA, 0xCF): (order, is64) = (.bigEndian, true)
        case (0xFE, 0xED, 0xFA, 0xCE): (order, is64) = (.bigEndian, false)
        default:
            throw AlertSoundError(
                .malformed, "no Mach-O header at byte \(slice.offset) (it starts with \(Sniffer.preview(head)))")
        }
        var header = ByteReader(head, base: slice.offset, order: order)
        _ = try header.take(16)
        let commandCount = Int(try header.u32())
        let commandBytes = Int(try header.u32())
        let headerSize: Int64 = is64 ? 32 : 28
        guard commandBytes <= Limits.maximumLoadCommandBytes, Int64(commandBytes) <= slice.size - headerSize else {
            throw AlertSoundError(
                .malformed,
                "the Mach-O header at byte \(slice.offset) declares \(commandBytes) bytes of load commands in a \(slice.size)-byte slice"
            )
        }
        let commands = try source.read(at: slice.offset + headerSize, count: commandBytes)
        guard commands.count == commandBytes else {
            throw AlertSoundError(.malformed, "the load commands at byte \(slice.offset + headerSize) are cut short")
        }
        var reader = ByteReader(commands, base: slice.offset + headerSize, order: order)
        var signature: (offset: Int64, size: Int64)?
        var section: (offset: Int64, size: Int64)?
        for index in 0..<commandCount {
            guard reader.remaining >= 8 else {
                throw AlertSoundError(
                    .malformed,
                    "load command \(index + 1) of \(commandCount) starts past the \(commandBytes) bytes the header declares"
                )
            }
            let position = reader.absolutePosition
            let command = try reader.u32()
            let size = Int(try reader.u32())
            guard size >= 8, size <= reader.remaining + 8 else {
                throw AlertSoundError(
                    .malformed,
                    "load command \(index + 1) at byte \(position) has size \(size), which does not fit the load commands"
                )
            }
            var body = ByteReader(Array(try reader.take(size - 8)), base: position + 8, order: order)
            switch command {
            case codeSignatureCommand:
                let offset = Int64(try body.u32())
                let length = Int64(try body.u32())
                signature = (offset, length)
            case segment64Command, segment32Command:
                section = try entitlementsSection(&body, wide: command == segment64Command) ?? section
            default:
                break
            }
        }
        if let signature,
            let plist = try signatureEntitlements(
                source: source, slice: slice, at: signature.offset, size: signature.size)
        {
            return Found(plist: plist, inSignature: true)
        }
        if let section {
            // Sizes and offsets of 2^63 and more arrive here negative: refused as what they are.
            guard section.size >= 0, section.offset >= 0, section.size <= Int64(Limits.maximumPlistBytes),
                let end = section.offset.adding(section.size), end <= slice.size
            else {
                throw AlertSoundError(
                    .malformed,
                    "the __entitlements section claims \(UInt64(bitPattern: section.size)) bytes at "
                        + "\(UInt64(bitPattern: section.offset)) in a \(slice.size)-byte slice")
            }
            return Found(
                plist: try source.read(at: slice.offset + section.offset, count: Int(section.size)), inSignature: false)
        }
        return nil
    }

    /// The file offset and size of `__TEXT,__entitlements` when this segment command has it.
    private static func entitlementsSection(
        _ body: inout ByteReader, wide: Bool
    ) throws -> (offset: Int64, size: Int64)? {
        let segmentName = name(try body.take(16))
        _ = try body.take(wide ? 32 : 16)
        _ = try body.take(8)
        let sectionCount = Int(try body.u32())
        _ = try body.u32()
        guard segmentName == "__TEXT" else { return nil }
        for _ in 0..<sectionCount {
            let sectionName = name(try body.take(16))
            _ = try body.take(16)
            let size: Int64
            if wide {
                _ = try body.u64()
                size = Int64(bitPattern: try body.u64())
            } else {
                _ = try body.u32()
                size = Int64(try body.u32())
            }
            let offset = Int64(try body.u32())
            _ = try body.take(wide ? 28 : 24)
            if sectionName == "__entitlements" { return (offset, size) }
        }
        return nil
    }

    private static func signatureEntitlements(
        source: ByteSource, slice: Slice, at offset: Int64, size: Int64
    ) throws -> [UInt8]? {
        guard offset >= 0, size >= 12, let end = offset.adding(size), end <= slice.size else {
            throw AlertSoundError(
                .malformed,
                "the code signature claims bytes \(offset) to \(offset &+ size) of a \(slice.size)-byte slice")
        }
        let base = slice.offset + offset
        // The super-blob and its index are big-endian whatever the Mach-O's own byte order.
        var header = ByteReader(try source.read(at: base, count: 12), base: base, order: .bigEndian)
        let magic = try header.u32()
        guard magic == superBlobMagic else {
            throw AlertSoundError(
                .malformed,
                "the code signature at byte \(base) is not a signature super-blob (magic 0x\(String(magic, radix: 16)))"
            )
        }
        let length = Int64(try header.u32())
        let count = Int(try header.u32())
        guard length >= 12, length <= size else {
            throw AlertSoundError(
                .malformed, "the code signature at byte \(base) declares \(length) bytes in a \(size)-byte space")
        }
        guard count <= Limits.maximumSignatureBlobs, Int64(12 + count * 8) <= length else {
            throw AlertSoundError(
                .malformed,
                "the code signature at byte \(base) declares \(count) blobs, which do not fit its \(length) bytes")
        }
        var index = ByteReader(try source.read(at: base + 12, count: count * 8), base: base + 12, order: .bigEndian)
        for _ in 0..<count {
            let slot = try index.u32()
            let blobOffset = Int64(try index.u32())
            guard slot == entitlementsSlot else { continue }
            guard blobOffset >= 12, blobOffset + 8 <= length else {
                throw AlertSoundError(
                    .malformed,
                    "the entitlements blob's offset \(blobOffset) lies outside the \(length)-byte code signature at byte \(base)"
                )
            }
            var blob = ByteReader(
                try source.read(at: base + blobOffset, count: 8), base: base + blobOffset, order: .bigEndian)
            let blobMagic = try blob.u32()
            let blobLength = Int64(try blob.u32())
            guard blobMagic == entitlementsBlobMagic else {
                throw AlertSoundError(
                    .malformed,
                    "the blob in the entitlements slot at byte \(base + blobOffset) has magic 0x\(String(blobMagic, radix: 16)), not an entitlements plist"
                )
            }
            guard blobLength >= 8, blobOffset + blobLength <= length, blobLength - 8 <= Int64(Limits.maximumPlistBytes)
            else {
                throw AlertSoundError(
                    .malformed,
                    "the entitlements blob at byte \(base + blobOffset) declares \(blobLength) bytes; it must fit the \(length)-byte signature and hold at most \(Limits.maximumPlistBytes)"
                )
            }
            return try source.read(at: base + blobOffset + 8, count: Int(blobLength - 8))
        }
        return nil
    }

    /// A fixed 16-byte Mach-O name, up to its first NUL.
    private static func name(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}
