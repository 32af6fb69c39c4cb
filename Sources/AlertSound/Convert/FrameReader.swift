/// A decoded input, read in blocks so memory stays bounded however long the file is.
/// Samples are interleaved floats where ±1.0 is full scale and 16-bit values are exact.
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
    func read(maxFrames: Int) throws -> [Float]
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
        let what = info.format.map { "\(info.container.displayName) with \($0.code) data" } ?? info.container.displayName
        let hint = info.format?.code.hasPrefix("aac") == true
            ? "; libsndfile has no AAC decoder — export the sound as WAV or AIFF first (e.g. ffmpeg -i in.caf in.wav) and convert that"
            : ""
        throw ConversionError(.input, "\(path): cannot decode \(what): \(error.message)\(hint)")
    }
}
