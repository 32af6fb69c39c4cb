/// How samples are coded: the one description the header readers produce, the writers and codecs
/// take, `-d` names, and reports print.
public enum SampleCoding: Sendable, Hashable, CustomStringConvertible {
    /// Linear PCM of any width, signedness and byte order.
    case pcm(PCMFormat)
    /// G.711 µ-law.
    case ulaw
    /// G.711 A-law.
    case alaw
    /// Apple's IMA 4:1 ADPCM: 64 frames in 34 bytes per channel.
    case ima4
    /// WAV format tag 0x11: the Microsoft/DVI block layout, not Apple's `ima4`. Read, never written.
    case imaAdpcm
    /// Any other codec, named in lower case (`aac`, `gsm`, `ms-adpcm`, `mp3` …). Recognised only.
    case other(String)

    /// The stable name used in JSON and messages (`lpcm` for every PCM layout).
    public var code: String {
        switch self {
        case .pcm: return Self.pcmCode
        case .ima4: return "ima4"
        case .ulaw: return "ulaw"
        case .alaw: return "alaw"
        case .imaAdpcm: return "ima-adpcm"
        case .other(let name): return name
        }
    }

    public var description: String { code }

    /// Linear PCM's code, also CAF's format ID for it.
    package static let pcmCode = "lpcm"

    /// The codings whose name says all there is to know (not `lpcm`, whose layout needs more), by
    /// ``code``: the one list CAF's format IDs, the reports' `format` and their readers share.
    package static let named: [String: SampleCoding] = Dictionary(
        uniqueKeysWithValues: [SampleCoding.ima4, .ulaw, .alaw, .imaAdpcm].map { ($0.code, $0) })

    /// Codings iOS documents for notification sounds.
    public var isAppleAlertFormat: Bool {
        switch self {
        case .pcm, .ima4, .ulaw, .alaw: return true
        case .imaAdpcm, .other: return false
        }
    }

    /// The PCM layout, when this is linear PCM.
    public var pcm: PCMFormat? {
        if case .pcm(let format) = self { return format }
        return nil
    }

    /// Packet size for `channels` channels, for the codings whose length follows from the data size.
    public func packet(channels: Int) -> PacketGeometry? {
        switch self {
        case .pcm(let format): return PacketGeometry(bytes: format.bytesPerSample * channels, frames: 1)
        case .ulaw, .alaw: return PacketGeometry(bytes: channels, frames: 1)
        case .ima4: return PacketGeometry(bytes: IMA4.bytesPerChannelPacket * channels, frames: IMA4.framesPerPacket)
        case .imaAdpcm, .other: return nil
        }
    }

    /// Whether the encoder takes 16-bit samples as they are (G.711, IMA4, 16-bit PCM): 16-bit input
    /// then needs no conversion at all.
    var takesInt16: Bool {
        switch self {
        case .ulaw, .alaw, .ima4: return true
        case .pcm(let p): return p.isInt16
        case .imaAdpcm, .other: return false
        }
    }

    /// Whether alertsound can write this coding (``WritableCoding``).
    public var isWritable: Bool { WritableCoding(self) != nil }
}

/// Bytes and frames in one packet: one frame for PCM and G.711, 64 for IMA4.
public struct PacketGeometry: Sendable, Hashable {
    /// Bytes in a packet, all channels together.
    public var bytes: Int
    /// Frames a packet holds.
    public var frames: Int
}

/// A linear PCM layout.
public struct PCMFormat: Sendable, Hashable {
    /// How a sample's bits are read.
    public enum Kind: Sendable, Hashable {
        /// Two's-complement integers.
        case signed
        /// Offset-binary: WAV's 8-bit samples and AIFF-C `raw `.
        case unsigned
        /// IEEE floating point, 32 or 64 bits.
        case float
    }

    /// Signed, unsigned or float.
    public var kind: Kind
    /// Significant bits.
    public var bits: Int
    /// Bytes each sample occupies in the file (may exceed bits/8, e.g. 24 bits in 4 bytes).
    public var bytesPerSample: Int
    /// The samples' byte order.
    public var order: ByteOrder
    /// Most significant byte first.
    @available(*, deprecated, message: "use order == .bigEndian")
    public var isBigEndian: Bool {
        get { order == .bigEndian }
        set { order = newValue ? .bigEndian : .littleEndian }
    }

    /// A layout as a `Bool` said its byte order.
    @available(*, deprecated, renamed: "init(_:bits:bytesPerSample:order:)")
    public init(_ kind: Kind, bits: Int, bytesPerSample: Int? = nil, bigEndian: Bool) {
        self.init(kind, bits: bits, bytesPerSample: bytesPerSample, order: bigEndian ? .bigEndian : .littleEndian)
    }

    /// A layout; `bytesPerSample` defaults to the bits rounded up to whole bytes.
    public init(_ kind: Kind, bits: Int, bytesPerSample: Int? = nil, order: ByteOrder) {
        self.kind = kind
        self.bits = bits
        self.bytesPerSample = bytesPerSample ?? (bits + 7) / 8
        self.order = order
    }

    /// Floating-point samples.
    public var isFloat: Bool { kind == .float }
    /// Signed (integer or float) rather than offset-binary.
    public var isSigned: Bool { kind != .unsigned }

    /// Signed 16-bit in two bytes: what the direct path and the codecs take without converting.
    var isInt16: Bool { kind == .signed && bits == 16 && bytesPerSample == 2 }

    /// `16-bit big-endian signed integer`, as afconvert's `-v` words it.
    public var wording: String {
        "\(bits)-bit \(order.name)-endian " + (isFloat ? "float" : isSigned ? "signed integer" : "unsigned integer")
    }
}

extension SampleCoding {
    /// Signed integers of `bits` in whole bytes.
    public static func integer(_ bits: Int, order: ByteOrder) -> SampleCoding {
        .pcm(PCMFormat(.signed, bits: bits, order: order))
    }
    /// IEEE floats of 32 or 64 bits.
    public static func float(_ bits: Int, order: ByteOrder) -> SampleCoding {
        .pcm(PCMFormat(.float, bits: bits, order: order))
    }
    /// Signed integers, their byte order as a `Bool`.
    @available(*, deprecated, renamed: "integer(_:order:)")
    public static func integer(_ bits: Int, bigEndian: Bool) -> SampleCoding {
        integer(bits, order: bigEndian ? .bigEndian : .littleEndian)
    }
    /// IEEE floats, their byte order as a `Bool`.
    @available(*, deprecated, renamed: "float(_:order:)")
    public static func float(_ bits: Int, bigEndian: Bool) -> SampleCoding {
        float(bits, order: bigEndian ? .bigEndian : .littleEndian)
    }
    /// WAV's offset-binary 8-bit samples.
    public static let unsigned8 = SampleCoding.pcm(PCMFormat(.unsigned, bits: 8, order: .littleEndian))
}

extension SampleCoding {
    /// A codec from the one list of names (``OtherCodec``), carried as ``other(_:)``.
    public static func codec(_ codec: OtherCodec) -> SampleCoding { .other(codec.rawValue) }

    /// The codec, when this is one of the list's.
    public var codec: OtherCodec? {
        if case .other(let name) = self { return OtherCodec(rawValue: name) }
        return nil
    }
}
