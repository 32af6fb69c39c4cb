/// Measuring: decoding a file and running the meter over it.
extension SoundLevels {
    /// Measures many files on all cores, in order; a file that cannot be decoded gets its error.
    public static func measure(paths: [String]) -> [Result<SoundLevels, AlertSoundError>] {
        parallelMap(paths) { path in
            // `measure(path:)` throws nothing but `AlertSoundError`.
            Result { try measure(path: path) }.mapError { AlertSoundError.wrapping($0, as: .unreadable, path: path) }
        }
    }

    /// Decodes the file at `path` (any input `convert` reads) block by block and measures it.
    /// Throws `AlertSoundError` when the audio cannot be decoded.
    public static func measure(path: String) throws -> SoundLevels {
        try measure(path: path, opened: nil)
    }

    /// Reads `reader` to its end through a meter.
    static func measure(_ reader: FrameReader) throws -> SoundLevels {
        try meter(reader).levels()
    }

    /// The meter after reading `reader` to its end (its channel means too).
    static func meter(_ reader: FrameReader) throws -> LevelMeter {
        var meter = LevelMeter(sampleRate: reader.sampleRate, channels: reader.channels)
        while true {
            let block = try reader.read(maxFrames: 1 << 16)
            if block.isEmpty { break }
            meter.add(block)
        }
        return meter
    }

    /// The meter after a sound our own readers decode from `source` (an output before it is put
    /// in place: its levels, and each channel's mean).
    static func meter(source: ByteSource, name: String) throws -> LevelMeter {
        let info = try SoundFile.inspect(source: source, name: name)
        guard let reader = NativeReader(source: source, info: info) else {
            throw AlertSoundError(
                .unsupported, "cannot measure the levels of \(info.container.displayName) data here", path: name)
        }
        return try meter(reader)
    }

    /// `opened`: the file already open and its header read, so neither happens again.
    static func measure(path: String, opened: (source: FileSource, info: SoundInfo)?) throws -> SoundLevels {
        do {
            return try measure(openFrameReader(path: path, opened: opened))
        } catch {
            throw AlertSoundError.wrapping(error, as: .unreadable, path: path)
        }
    }
}
