/// A decoded input, read in blocks so memory stays bounded however long the file is.
/// Samples are interleaved doubles where ±1.0 is full scale; every value the input holds (any
/// integer width, 32- or 64-bit float) is exact.
protocol FrameReader: AnyObject {
    var sampleRate: Double { get }
    var channels: Int { get }
    /// The true length, when the input states it.
    var frameCount: Int64? { get }
    /// How the input is coded, for `-v`.
    var formatDescription: String { get }
    /// The string dictionary afconvert carries from the input into a CAF output.
    var sourceInfo: [InfoEntry] { get }
    /// Up to `maxFrames` frames; an empty array at the end.
    func read(maxFrames: Int) throws -> [Double]
    /// The input's coding when the frames can be read in their own units: 16-bit PCM with
    /// `readInt16`, G.711 with `readCodes`.
    var directCoding: SampleCoding? { get }
    /// Up to `maxFrames` frames of 16-bit samples (only when `directCoding` is 16-bit PCM).
    func readInt16(maxFrames: Int) throws -> [Int16]
    /// Up to `maxFrames` frames of G.711 codes (only when `directCoding` is a law).
    func readCodes(maxFrames: Int) throws -> [UInt8]
}

extension FrameReader {
    var directCoding: SampleCoding? { nil }
    func readInt16(maxFrames: Int) throws -> [Int16] { quantize16(try read(maxFrames: maxFrames)) }
    func readCodes(maxFrames: Int) throws -> [UInt8] { [] }
}

/// Opens `path` with the native reader when our own parsers understand the data (AIFF, WAV,
/// CAF with PCM, µ/A-law or IMA4), and with libsndfile for everything else it can decode.
func openFrameReader(path: String) throws -> FrameReader {
    let source: FileSource
    let info: SoundInfo
    do {
        source = try SoundFile.open(path: path)
        info = try SoundFile.inspect(source: source, name: path)
    } catch let error as InspectionError {
        // libsndfile reads some formats our header reader does not (e.g. Sphinx, VOC, W64).
        if error.kind == .unrecognized, let reader = try? SndFileReader(path: path) { return reader }
        throw ConversionError(.input, error.description)
    }
    // The header was parsed once; the native reader decodes from the same open file.
    if let reader = NativeReader(source: source, info: info) { return reader }
    do {
        return try SndFileReader(path: path)
    } catch let error as ConversionError {
        let what = info.coding.map { "\(info.container.displayName) with \($0.code) data" } ?? info.container.displayName
        let hint = info.coding?.code.hasPrefix("aac") == true
            ? "; libsndfile has no AAC decoder — export the sound as WAV or AIFF first (e.g. ffmpeg -i in.caf in.wav) and convert that"
            : ""
        throw ConversionError(.input, "\(path): cannot decode \(what): \(error.message)\(hint)")
    }
}
