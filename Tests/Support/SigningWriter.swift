import Foundation

/// Builds the signed files an app carries, in code, so no binary fixture is committed: a Mach-O
/// executable whose entitlements sit in its code signature (device builds) or in a
/// `__TEXT,__entitlements` section (Simulator builds), universal binaries of such slices, and
/// provisioning-profile-shaped files (a DER SEQUENCE around an XML plist and stand-in signature
/// bytes; nothing reads the signature, so none is computed).
public enum SigningWriter {
    public enum Placement { case signature, section, none }

    /// An entitlements plist; `criticalAlerts` nil leaves the key out.
    public static func entitlementsPlist(criticalAlerts: Bool?) -> String {
        let critical =
            criticalAlerts.map {
                "\t<key>com.apple.developer.usernotifications.critical-alerts</key>\n\t<\($0 ? "true" : "false")/>\n"
            } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>application-identifier</key>
            \t<string>ABCDE12345.com.example.shop</string>
            \(critical)\t<key>aps-environment</key>
            \t<string>production</string>
            </dict>
            </plist>

            """
    }

    /// A 64-bit little-endian (arm64) executable: header, a `__TEXT` segment (with an
    /// `__entitlements` section for `.section`), `LC_CODE_SIGNATURE` for `.signature`, then the data.
    public static func machO(entitlements plist: String?, placement: Placement) -> [UInt8] {
        let body = Array((plist ?? "").utf8)
        let hasSection = placement == .section && plist != nil
        let segmentSize = 72 + (hasSection ? 80 : 0)
        let signatureCommandSize = placement == .signature ? 16 : 0
        let commandsSize = segmentSize + signatureCommandSize
        let dataOffset = 32 + commandsSize + 64
        var out = LE()
        out.u32(0xFEED_FACF)
        out.u32(0x0100_000C)
        out.u32(0)
        out.u32(2)
        out.u32(placement == .signature ? 2 : 1)
        out.u32(UInt32(commandsSize))
        out.u32(0)
        out.u32(0)
        // LC_SEGMENT_64 __TEXT
        out.u32(0x19)
        out.u32(UInt32(segmentSize))
        out.name("__TEXT")
        out.u64(0x1_0000_0000)
        out.u64(0x4000)
        out.u64(0)
        out.u64(UInt64(dataOffset + body.count + 64))
        out.u32(5)
        out.u32(5)
        out.u32(hasSection ? 1 : 0)
        out.u32(0)
        if hasSection {
            out.name("__entitlements")
            out.name("__TEXT")
            out.u64(0x1_0000_0000 + UInt64(dataOffset))
            out.u64(UInt64(body.count))
            out.u32(UInt32(dataOffset))
            out.u32(0)
            out.u32(0)
            out.u32(0)
            out.u32(0)
            out.u32(0)
            out.u32(0)
            out.u32(0)
        }
        var signature: [UInt8] = []
        if placement == .signature {
            signature = superBlob(entitlements: plist.map { Array($0.utf8) })
            out.u32(0x1D)
            out.u32(16)
            out.u32(UInt32(dataOffset))
            out.u32(UInt32(signature.count))
        }
        out.bytes += [UInt8](repeating: 0, count: dataOffset - out.bytes.count)
        out.bytes += placement == .signature ? signature : hasSection ? body : []
        out.bytes += [UInt8](repeating: 0xD5, count: 64)  // stand-in for code
        return out.bytes
    }

    /// A universal binary of `slices` (each aligned to 4 KiB, as lipo does).
    public static func universal(_ slices: [[UInt8]]) -> [UInt8] {
        var header = BE()
        header.u32(0xCAFE_BABE)
        header.u32(UInt32(slices.count))
        var offset = 4096
        var placed: [(Int, [UInt8])] = []
        for slice in slices {
            header.u32(0x0100_000C)
            header.u32(0)
            header.u32(UInt32(offset))
            header.u32(UInt32(slice.count))
            header.u32(12)
            placed.append((offset, slice))
            offset += (slice.count + 4095) / 4096 * 4096
        }
        var out = header.bytes
        for (at, slice) in placed {
            out += [UInt8](repeating: 0, count: at - out.count)
            out += slice
        }
        return out
    }

    /// A code-signature super-blob (big-endian): a stand-in code directory, and the entitlements
    /// blob in slot 5 when given.
    static func superBlob(entitlements: [UInt8]?) -> [UInt8] {
        var blobs: [(UInt32, [UInt8])] = []
        var directory = BE()
        directory.u32(0xFADE_0C02)
        directory.u32(16)
        directory.u32(0x20400)
        directory.u32(0)
        blobs.append((0, directory.bytes))
        if let entitlements {
            var blob = BE()
            blob.u32(0xFADE_7171)
            blob.u32(UInt32(8 + entitlements.count))
            blobs.append((5, blob.bytes + entitlements))
        }
        var out = BE()
        let indexEnd = 12 + 8 * blobs.count
        let total = indexEnd + blobs.reduce(0) { $0 + $1.1.count }
        out.u32(0xFADE_0CC0)
        out.u32(UInt32(total))
        out.u32(UInt32(blobs.count))
        var at = indexEnd
        for (slot, blob) in blobs {
            out.u32(slot)
            out.u32(UInt32(at))
            at += blob.count
        }
        for (_, blob) in blobs { out.bytes += blob }
        return out.bytes
    }

    /// A provisioning profile's shape: DER SEQUENCE { OID signedData, [0] { … plist … } } and
    /// stand-in certificate bytes after it.
    public static func provisioningProfile(entitlements plist: String) -> [UInt8] {
        let inner = plist.replacingFirst(
            "<dict>\n",
            with: "<dict>\n\t<key>Name</key>\n\t<string>Shop App Store</string>\n\t<key>Entitlements</key>\n\t<dict>\n"
        )
        .replacingFirst("</dict>\n</plist>", with: "\t</dict>\n</dict>\n</plist>")
        let content = Array(inner.utf8)
        let oid: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let octets = [0x04] + derLength(content.count) + content
        let certificates = [UInt8](repeating: 0x5A, count: 300)
        let explicit = [0xA0] + derLength(octets.count + certificates.count) + octets + certificates
        let body = oid + explicit
        return [0x30] + derLength(body.count) + body
    }

    private static func derLength(_ n: Int) -> [UInt8] {
        n < 0x80 ? [UInt8(n)] : n < 0x100 ? [0x81, UInt8(n)] : [0x82, UInt8(n >> 8), UInt8(n & 0xFF)]
    }

    struct LE {
        var bytes: [UInt8] = []
        mutating func u32(_ v: UInt32) { for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
        mutating func u64(_ v: UInt64) { for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
        mutating func name(_ s: String) { bytes += Array(s.utf8) + [UInt8](repeating: 0, count: 16 - s.utf8.count) }
    }

    struct BE {
        var bytes: [UInt8] = []
        mutating func u32(_ v: UInt32) {
            for i in (0..<4).reversed() { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * i))) }
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
