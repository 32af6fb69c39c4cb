/// Decodes the data our own header readers located: linear PCM of any width, µ/A-law, and
/// Apple IMA4 (with Apple's decoder, not libsndfile's, which resets state every packet).
package final class NativeReader: FrameReader {
    package let sampleRate: Double
    package let channels: Int
    package let frameCount: Int64?
    package let formatDescription: String
    package let sourceFacts: SourceFacts
    private let source: ByteSource
    private let info: SoundInfo
    private let frameBytes: Int
    private let framesPerUnit: Int
    private var position: Int64
    private var framesLeft: Int64
    private var decoder: any SampleDecoder

    /// `nil` when the data is not something this reader decodes.
    package init?(source: ByteSource, info: SoundInfo) {
        guard info.container.isAppleAlertContainer || info.container == .rf64 || info.container == .rifx,
            let coding = info.coding, let channels = info.channels, let rate = info.sampleRate,
            let frames = info.frames, let offset = info.dataOffset, let packet = coding.packet(channels: channels)
        else { return nil }
        switch coding {
        case .pcm(let pcm):
            guard [1, 2, 3, 4, 8].contains(pcm.bytesPerSample), !pcm.isFloat || [4, 8].contains(pcm.bytesPerSample)
            else { return nil }
            decoder = PCMDecoder(layout: pcm)
        case .ulaw, .alaw:
            decoder = G711Decoder(isULaw: coding == .ulaw)
        case .ima4:
            decoder = IMA4Decoder(channels: channels)
        case .imaAdpcm, .other:
            return nil
        }
        frameBytes = packet.bytes
        framesPerUnit = packet.frames
        self.source = source
        self.info = info
        self.channels = channels
        sampleRate = rate
        frameCount = frames
        framesLeft = frames
        position = offset
        formatDescription = NativeReader.describe(info)
        sourceFacts = SourceFacts(
            info: NativeReader.sourceInfo(info), channelLayout: info.container == .caf ? info.channelLayout : nil,
            littleEndian: info.coding?.pcm.map { $0.order == .littleEndian } ?? (info.container == .wav))
    }

    package var directCoding: SampleCoding? {
        switch info.coding {
        case .ulaw?, .alaw?: return info.coding
        case .pcm(let pcm)? where pcm.isInt16: return info.coding
        default: return nil
        }
    }

    package func read(maxFrames: Int) throws -> [Double] {
        guard let (bytes, frames) = try readUnits(maxFrames: maxFrames) else { return [] }
        var samples = decoder.decodeSamples(bytes)
        // IMA4 decodes whole packets; the last one's padding is not audio.
        if samples.count > frames * channels { samples.removeLast(samples.count - frames * channels) }
        return samples
    }

    package func readInt16(maxFrames: Int) throws -> [Int16] {
        guard let (bytes, frames) = try readUnits(maxFrames: maxFrames) else { return [] }
        let bigEndian = info.coding?.pcm?.order == .bigEndian
        return bytes.withUnsafeBytes { raw in
            [Int16](unsafeUninitializedCapacity: frames * channels) { out, n in
                for i in 0..<frames * channels {
                    let v = raw.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self)
                    out[i] = Int16(bitPattern: bigEndian ? UInt16(bigEndian: v) : UInt16(littleEndian: v))
                }
                n = frames * channels
            }
        }
    }

    package func readCodes(maxFrames: Int) throws -> [UInt8] {
        guard let (bytes, frames) = try readUnits(maxFrames: maxFrames) else { return [] }
        return Array(bytes.prefix(frames * channels))
    }

    /// The next whole units (frames, or IMA4 packets) and how many frames of audio they hold;
    /// `nil` at the end.
    private func readUnits(maxFrames: Int) throws -> (ArraySlice<UInt8>, Int)? {
        guard framesLeft > 0 else { return nil }
        let units = max(1, min(maxFrames, Int(min(framesLeft, Int64(Int32.max)))) / framesPerUnit)
        let bytes: [UInt8]
        do {
            bytes = try source.read(at: position, count: units * frameBytes)
        } catch {
            throw AlertSoundError(.unreadable, "cannot read audio at byte \(position): \(error)")
        }
        // The header was read moments ago from the same file: fewer bytes now means it shrank.
        guard bytes.count == units * frameBytes || Int64(bytes.count / frameBytes * framesPerUnit) >= framesLeft else {
            throw AlertSoundError(
                .unreadable,
                "the input shrank while it was read: \(bytes.count) bytes at byte \(position) where the header promised \(units * frameBytes)"
            )
        }
        let whole = bytes.count / frameBytes
        guard whole > 0 else {
            framesLeft = 0
            return nil
        }
        position += Int64(whole * frameBytes)
        let frames = Int(min(Int64(whole * framesPerUnit), framesLeft))
        framesLeft -= Int64(frames)
        return (bytes[0..<whole * frameBytes], frames)
    }

    /// afconvert copies the input file's info dictionary: a CAF's own `info` chunk, and for a WAV
    /// the two entries Apple's WAV reader supplies (seen in every current-afconvert CAF known to
    /// come from a WAV). AIFF supplies none. `F32`/`F64` for float WAVs is inferred.
    static func sourceInfo(_ info: SoundInfo) -> [InfoEntry] {
        switch info.container {
        case .caf:
            return info.infoEntries
        case .wav:
            guard let pcm = info.coding?.pcm, let frames = info.frames, let rate = info.sampleRate else { return [] }
            return [
                InfoEntry("approximate duration in seconds", Formatting.trimmedSeconds(Double(frames) / rate)),
                InfoEntry("source bit depth", (pcm.isFloat ? "F" : "I") + String(pcm.bits))
            ]
        default:
            return []
        }
    }

    static func describe(_ info: SoundInfo) -> String {
        let rate = info.sampleRate.map(Formatting.number) ?? "?"
        let ch = info.channels ?? 0
        switch info.coding {
        case .pcm(let pcm)?:
            return "\(ch) ch, \(rate) Hz, 'lpcm' " + pcm.wording
        case let format?:
            return "\(ch) ch, \(rate) Hz, '\(format.code)'"
        case nil:
            return "\(ch) ch, \(rate) Hz"
        }
    }
}
