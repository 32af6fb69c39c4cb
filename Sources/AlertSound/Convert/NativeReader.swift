/// Decodes the data our own header readers located: linear PCM of any width, µ/A-law, and
/// Apple IMA4 (with Apple's decoder, not libsndfile's, which resets state every packet).
final class NativeReader: FrameReader {
    let sampleRate: Double
    let channels: Int
    let frameCount: Int64?
    let formatDescription: String
    let sourceInfo: [InfoEntry]
    private let source: ByteSource
    private let info: SoundInfo
    private let frameBytes: Int
    private let framesPerUnit: Int
    private var position: Int64
    private var framesLeft: Int64
    private var ima: IMA4Decoder?

    /// `nil` when the data is not something this reader decodes.
    init?(source: ByteSource, info: SoundInfo) {
        guard info.container.isAppleAlertContainer || info.container == .rf64 || info.container == .rifx,
              let format = info.format, let channels = info.channels, let rate = info.sampleRate,
              let frames = info.frames, let offset = info.dataOffset else { return nil }
        switch format {
        case .lpcm:
            guard let pcm = info.pcm, [1, 2, 3, 4, 8].contains(pcm.bytesPerSample), !pcm.isFloat || [4, 8].contains(pcm.bytesPerSample) else { return nil }
            frameBytes = pcm.bytesPerSample * channels
            framesPerUnit = 1
        case .ulaw, .alaw:
            frameBytes = channels
            framesPerUnit = 1
        case .ima4:
            frameBytes = IMA4.bytesPerChannelPacket * channels
            framesPerUnit = IMA4.framesPerPacket
            ima = IMA4Decoder(channels: channels)
        default:
            return nil
        }
        self.source = source
        self.info = info
        self.channels = channels
        sampleRate = rate
        frameCount = frames
        framesLeft = frames
        position = offset
        formatDescription = NativeReader.describe(info)
        sourceInfo = NativeReader.sourceInfo(info)
    }

    func read(maxFrames: Int) throws -> [Float] {
        guard framesLeft > 0 else { return [] }
        let units = max(1, min(maxFrames, Int(min(framesLeft, Int64(Int32.max)))) / framesPerUnit)
        let bytes: [UInt8]
        do {
            bytes = try source.read(at: position, count: units * frameBytes)
        } catch {
            throw ConversionError(.input, "cannot read audio at byte \(position): \(error)")
        }
        // The header was read moments ago from the same file: fewer bytes now means it shrank.
        guard bytes.count == units * frameBytes || Int64(bytes.count / frameBytes * framesPerUnit) >= framesLeft else {
            throw ConversionError(.input, "the input shrank while it was read: \(bytes.count) bytes at byte \(position) where the header promised \(units * frameBytes)")
        }
        let whole = bytes.count / frameBytes
        guard whole > 0 else {
            framesLeft = 0
            return []
        }
        position += Int64(whole * frameBytes)
        var samples = decode(bytes[0..<whole * frameBytes])
        let frames = min(Int64(samples.count / channels), framesLeft)
        if frames * Int64(channels) < samples.count { samples.removeLast(samples.count - Int(frames) * channels) }
        framesLeft -= frames
        return samples
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> [Float] {
        switch info.format {
        case .ima4?:
            return ima!.decode(bytes).map { Float($0) / 32768 }
        case .ulaw?:
            return bytes.map { Float(G711.decodeULaw($0)) / 32768 }
        case .alaw?:
            return bytes.map { Float(G711.decodeALaw($0)) / 32768 }
        default:
            return NativeReader.decodePCM(bytes, layout: info.pcm!)
        }
    }

    static func decodePCM(_ bytes: ArraySlice<UInt8>, layout: PCMLayout) -> [Float] {
        let width = layout.bytesPerSample
        if width == 2, layout.isSigned, !layout.isFloat {
            // The common case, without the general loop's byte assembly.
            let count = bytes.count / 2
            return bytes.withUnsafeBytes { raw in
                [Float](unsafeUninitializedCapacity: count) { out, n in
                    for i in 0..<count {
                        let v = raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self)
                        out[i] = Float(Int16(bitPattern: layout.isBigEndian ? UInt16(bigEndian: v) : UInt16(littleEndian: v))) * (1.0 / 32768)
                    }
                    n = count
                }
            }
        }
        let count = bytes.count / width
        var out = [Float](repeating: 0, count: count)
        let base = bytes.startIndex
        for i in 0..<count {
            var raw: UInt64 = 0
            let at = base + i * width
            if layout.isBigEndian {
                for b in 0..<width { raw = raw << 8 | UInt64(bytes[at + b]) }
            } else {
                for b in stride(from: width - 1, through: 0, by: -1) { raw = raw << 8 | UInt64(bytes[at + b]) }
            }
            if layout.isFloat {
                out[i] = width == 4 ? Float(bitPattern: UInt32(truncatingIfNeeded: raw)) : Float(Double(bitPattern: raw))
            } else {
                let bits = UInt64(width * 8)
                // Sign-extend (or re-centre offset-binary), then scale so the top bit is ±1.0.
                let signed = layout.isSigned ? Int64(bitPattern: raw << (64 - bits)) >> (64 - bits) : Int64(raw) - (1 << (bits - 1))
                out[i] = Float(Double(signed) / Double(UInt64(1) << (bits - 1)))
            }
        }
        return out
    }

    /// afconvert copies the input file's info dictionary: a CAF's own `info` chunk, and for a WAV
    /// the two entries Apple's WAV reader supplies (seen in every current-afconvert CAF known to
    /// come from a WAV). AIFF supplies none. `F32`/`F64` for float WAVs is inferred.
    static func sourceInfo(_ info: SoundInfo) -> [InfoEntry] {
        switch info.container {
        case .caf:
            return info.infoEntries
        case .wav where info.format == .lpcm:
            guard let frames = info.frames, let rate = info.sampleRate, let bits = info.bitsPerSample, let pcm = info.pcm else { return [] }
            return [InfoEntry("approximate duration in seconds", Formatting.trimmedSeconds(Double(frames) / rate)),
                    InfoEntry("source bit depth", (pcm.isFloat ? "F" : "I") + String(bits))]
        default:
            return []
        }
    }

    static func describe(_ info: SoundInfo) -> String {
        let rate = info.sampleRate.map(Formatting.number) ?? "?"
        let ch = info.channels ?? 0
        switch info.format {
        case .lpcm?:
            let pcm = info.pcm!
            return "\(ch) ch, \(rate) Hz, 'lpcm' \(info.bitsPerSample ?? pcm.bytesPerSample * 8)-bit \(pcm.isBigEndian ? "big" : "little")-endian "
                + (pcm.isFloat ? "float" : pcm.isSigned ? "signed integer" : "unsigned integer")
        case let format?:
            return "\(ch) ch, \(rate) Hz, '\(format.code)'"
        case nil:
            return "\(ch) ch, \(rate) Hz"
        }
    }
}
