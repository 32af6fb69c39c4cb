import CZlib

/// Writes zip archives for the tests: stored or deflated entries, directories, symbolic links,
/// and deliberately broken ones (any name bytes, a cut or unterminated deflate stream, lying
/// sizes). Made in code so no binary fixture is committed.
public struct ZipWriter {
    public enum Method { case stored, deflated }

    public private(set) var bytes: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0

    public init() {}

    /// Adds an entry. `declaredSize` overrides the uncompressed size written in the headers;
    /// `dropTail` cuts that many bytes off the compressed data; `unixMode` sets the file type bits.
    public mutating func add(
        _ name: String, _ data: [UInt8] = [], method: Method = .deflated, declaredSize: Int? = nil,
        dropTail: Int = 0, unixMode: UInt32? = nil
    ) {
        add(
            raw: Array(name.utf8), data, method: method, declaredSize: declaredSize, dropTail: dropTail,
            unixMode: unixMode)
    }

    public mutating func add(
        raw name: [UInt8], _ data: [UInt8], method: Method = .deflated, declaredSize: Int? = nil,
        dropTail: Int = 0, unixMode: UInt32? = nil
    ) {
        var payload = method == .deflated ? Self.deflate(data) : data
        payload.removeLast(min(dropTail, payload.count))
        let crc = UInt32(data.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        let size = UInt32(declaredSize ?? data.count)
        let offset = UInt32(bytes.count)
        let methodCode: UInt16 = method == .deflated ? 8 : 0
        func common(_ out: inout [UInt8]) {
            Self.le16(&out, 20)
            Self.le16(&out, 0x0800)
            Self.le16(&out, methodCode)
            Self.le16(&out, 0)
            Self.le16(&out, 0x21)
            Self.le32(&out, crc)
            Self.le32(&out, UInt32(payload.count))
            Self.le32(&out, size)
            Self.le16(&out, UInt16(name.count))
        }
        Self.le32(&bytes, 0x0403_4B50)
        common(&bytes)
        Self.le16(&bytes, 0)
        bytes += name + payload

        Self.le32(&directory, 0x0201_4B50)
        Self.le16(&directory, unixMode == nil ? 20 : 0x0314)
        common(&directory)
        Self.le16(&directory, 0)
        Self.le16(&directory, 0)
        Self.le16(&directory, 0)
        Self.le16(&directory, 0)
        Self.le32(&directory, (unixMode ?? 0) << 16)
        Self.le32(&directory, offset)
        directory += name
        count += 1
    }

    /// The finished archive.
    public func archive() -> [UInt8] {
        var out = bytes + directory
        Self.le32(&out, 0x0605_4B50)
        Self.le16(&out, 0)
        Self.le16(&out, 0)
        Self.le16(&out, UInt16(count))
        Self.le16(&out, UInt16(count))
        Self.le32(&out, UInt32(directory.count))
        Self.le32(&out, UInt32(bytes.count))
        Self.le16(&out, 0)
        return out
    }

    /// Raw deflate (no zlib header), as zip method 8 stores it.
    public static func deflate(_ data: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        deflateInit2_(
            &stream, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)
        )
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 16)
        var input = data
        let produced = input.withUnsafeMutableBufferPointer { inBuf in
            out.withUnsafeMutableBufferPointer { outBuf -> Int in
                stream.next_in = inBuf.baseAddress
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = uInt(outBuf.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
                return outBuf.count - Int(stream.avail_out)
            }
        }
        return Array(out.prefix(produced))
    }

    private static func le16(_ out: inout [UInt8], _ v: UInt16) { out += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private static func le32(_ out: inout [UInt8], _ v: UInt32) {
        out += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
    }
}
