import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes through the `ffmpeg` command what neither our readers nor libsndfile can: AAC and ALAC
/// in MP4 or CAF, Opus in CAF, WMA and the rest. An optional run-time helper, never a link-time
/// dependency: found on PATH (or at `$ALERTSOUND_FFMPEG`), and when it is missing the error says
/// how to install it.
///
/// ffmpeg writes a Sun AU stream of 64-bit big-endian floats to a pipe: a 24-byte header that
/// states rate and channels (so no second tool is needed to probe), then samples that hold
/// every value its decoders produce exactly. We read it a block at a time, so memory stays
/// bounded however long the input; ffmpeg waits on the full pipe meanwhile.
final class FFmpegReader: FrameReader {
    let sampleRate: Double
    let channels: Int
    let frameCount: Int64?
    let formatDescription: String
    let sourceFacts = SourceFacts()
    let backend = AudioDecoder.ffmpeg
    private let process: Subprocess
    private let path: String
    private var ended = false

    /// AU's code for 64-bit IEEE float samples.
    static let auFloat64: UInt32 = 7

    /// The ffmpeg to run: `$ALERTSOUND_FFMPEG` when set (empty means none), else `ffmpeg` on PATH.
    static func locate(_ choice: FFmpegUse = .environment) -> String? {
        switch choice {
        case .never: return nil
        case .at(let path): return path.isEmpty ? nil : path
        case .environment:
            if let configured = getenv("ALERTSOUND_FFMPEG").map({ String(cString: $0) }) {
                return configured.isEmpty ? nil : configured
            }
            return Subprocess.locate("ffmpeg")
        }
    }

    /// Frames still to drop before the audio starts, and to deliver at most.
    private var skip: Int64
    private var left: Int64?

    /// `frames`: the length the input's header states, if any (ffmpeg's stream does not say).
    /// `priming`: frames ffmpeg delivers before those (its CAF reader ignores a packet table's
    /// priming and remainder frames, which Apple's decoders drop); they are dropped here.
    init(path: String, executable: String, frames: Int64? = nil, priming: Int64? = nil, what: String? = nil) throws {
        self.path = path
        // `file:` keeps a name such as `concat:x` or `-` from being read as a protocol or option.
        let input = "file:" + path
        let process: Subprocess
        do {
            process = try Subprocess(
                executable: executable,
                arguments: [
                    "-nostdin", "-hide_banner", "-loglevel", "error", "-i", input,
                    "-map", "0:a:0", "-vn", "-f", "au", "-c:a", "pcm_f64be", "pipe:1"
                ])
        } catch let error as SourceError {
            throw AlertSoundError(.unreadable, "cannot run \(executable): \(error)", path: path)
        }
        var header = [UInt8](repeating: 0, count: 24)
        let got = try header.withUnsafeMutableBytes { [process] in try Self.read(process, into: $0, path: path) }
        guard got == 24 else { throw Self.failure(process, path: path, detail: "it produced no audio") }
        var reader = ByteReader(header, order: .bigEndian)
        let magic = try reader.u32(), offset = Int(try reader.u32()), _ = try reader.u32(), encoding = try reader.u32()
        let rate = Double(try reader.u32()), count = Int(try reader.u32())
        guard magic == 0x2E73_6E64, encoding == Self.auFloat64 else {
            throw AlertSoundError(.unreadable, "ffmpeg's output is not the AU float stream asked for", path: path)
        }
        guard (24...65_536).contains(offset), Limits.readableSampleRates.contains(rate),
            (1...Limits.maximumChannels).contains(count)
        else {
            throw AlertSoundError(
                .unsupported,
                "ffmpeg reports \(count) channels at \(Formatting.number(rate)) Hz, outside what alertsound converts",
                path: path)
        }
        if offset > 24 {
            var annotation = [UInt8](repeating: 0, count: offset - 24)
            _ = try annotation.withUnsafeMutableBytes { [process] in try Self.read(process, into: $0, path: path) }
        }
        self.process = process
        sampleRate = rate
        channels = count
        frameCount = frames
        skip = priming ?? 0
        left = priming == nil ? nil : frames
        formatDescription = "\(count) ch, \(Formatting.number(rate)) Hz, \(what ?? "audio") (decoded by ffmpeg)"
    }

    func read(maxFrames: Int) throws -> [Double] {
        while true {
            var block = try readStream(maxFrames: maxFrames)
            if skip > 0 {
                let dropped = min(Int(skip), block.count / channels)
                block.removeFirst(dropped * channels)
                skip -= Int64(dropped)
                if block.isEmpty && !ended { continue }
            }
            if let remaining = left {
                let kept = Int(min(Int64(block.count / channels), remaining))
                if kept * channels < block.count { block.removeLast(block.count - kept * channels) }
                left = remaining - Int64(kept)
            }
            return block
        }
    }

    private func readStream(maxFrames: Int) throws -> [Double] {
        guard !ended else { return [] }
        let frameBytes = 8 * channels
        var bytes = [UInt8](repeating: 0, count: maxFrames * frameBytes)
        let got = try bytes.withUnsafeMutableBytes { try Self.read(process, into: $0, path: path) }
        let frames = got / frameBytes
        if got < bytes.count {
            ended = true
            process.closeOutput()
            let status = process.wait()
            guard status == 0 else {
                throw Self.failure(process, path: path, detail: "ffmpeg stopped with status \(status)")
            }
        }
        return bytes.withUnsafeBytes { raw in
            (0..<frames * channels).map {
                Double(bitPattern: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)))
            }
        }
    }

    private static func read(
        _ process: Subprocess, into buffer: UnsafeMutableRawBufferPointer, path: String
    ) throws -> Int {
        do {
            return try process.read(into: buffer)
        } catch let error as SourceError {
            throw AlertSoundError(.unreadable, "reading ffmpeg's output: \(error)", path: path)
        }
    }

    /// ffmpeg's own words (its last lines on standard error), which name the real problem.
    private static func failure(_ process: Subprocess, path: String, detail: String) -> AlertSoundError {
        process.closeOutput()
        _ = process.wait()
        let said = String(decoding: process.errorTail, as: UTF8.self)
            .split(whereSeparator: \.isNewline).suffix(3).map { $0.trimmingWhitespace() }.joined(separator: "; ")
        return AlertSoundError(.malformed, "ffmpeg could not decode it (\(said.isEmpty ? detail : said))", path: path)
    }
}
