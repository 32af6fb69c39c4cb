import AlertSoundCore

/// What export writes besides the sounds, and how it writes: the keep file, the hashes that tie a
/// channel to its audio, and files put in place only when their bytes change.
extension Exporter {
    /// The keep file export writes beside the Android sounds. Not `keep.xml`, which may be the
    /// app's own; the build reads every such file in `res/raw/` and packages none of them.
    public static let keepFileName = "alertsound_sounds.keep.xml"

    /// Keeps every locked Android sound through resource shrinking (`shrinkResources`): apps name
    /// them in channel sound URIs by name, which the shrinker cannot see, so without this a release
    /// build may drop them and the default sound plays (validate-bundle's `android-may-be-shrunk`).
    static func keepFile(_ lock: SoundLock, lockName: String) -> [UInt8] {
        let names = lock.sounds.compactMap(\.android).sorted().map { "@raw/" + $0 }
        return Array(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- Written by alertsound export from \(XMLText.comment(lockName)): keeps these sounds when resources are shrunk. -->
            <resources xmlns:tools="http://schemas.android.com/tools"
                tools:keep="\(XMLText.attribute(names.joined(separator: ",")))" />

            """.utf8)
    }

    /// The settings that shape the sound, in the content hash: a change to any of them changes
    /// what users hear, so it gets a new channel too. The Android format does not (same audio).
    var settings: String {
        let f = options.fix
        var parts = [
            "max=\(f.maxDurationIsExplicit ? Formatting.number(f.maxDuration) : "default")",
            "fade=\(Formatting.number(f.fade))",
            "trim=\(f.trimSilence)", "rate=\(f.sampleRate.map(Formatting.number) ?? "input")",
            "channels=\(f.channels.map(String.init) ?? "input")",
            "mix=\(f.mix)", "normalize=\(f.normalize)", "quality=\(f.quality.rawValue)"
        ]
        // Only a cut changes the Android sound's audio; its full length (the default) adds nothing,
        // so locks made before it was the default keep their channels for sounds under the cut.
        if options.androidFolder != nil, let cut = options.androidMaxDuration {
            parts.append("androidMax=\(Formatting.number(cut))")
        }
        if f.levelsRepaired {
            let l = f.levelLimits
            parts += [
                "levels=true", "loudness=\(f.loudness.map(Formatting.number) ?? "band")",
                "truePeak=\(Formatting.number(l.maximumTruePeak))",
                "band=\(Formatting.number(l.loudnessBand.lowerBound))...\(Formatting.number(l.loudnessBand.upperBound))",
                "dc=\(Formatting.number(l.maximumDCOffset))", "edge=\(Formatting.number(l.maximumEdgeLevel))",
                "leading=\(Formatting.number(l.maximumLeadingSilence))"
            ]
        }
        return parts.joined(separator: " ")
    }

    /// SHA-256 of the sound's decoded audio (its exact sample values, as our own decoders give
    /// them, the same on every machine) and `settings`. What only libsndfile or FFmpeg decode
    /// (MP3, AAC …) is hashed by its bytes instead: their float decoders may differ by a bit
    /// between versions and machines, which must not move a channel.
    static func contentHash(of path: String, settings: String, ffmpeg: FFmpegUse = .environment) throws -> String {
        var hasher = SHA256()
        hasher.update(Array("alertsound export 1\n\(settings)\n".utf8))
        let reader = try openFrameReader(path: path, ffmpeg: ffmpeg)
        if reader.backend == .native {
            hasher.update(Array("samples \(Formatting.number(reader.sampleRate)) \(reader.channels)\n".utf8))
            while case let block = try reader.read(maxFrames: 1 << 16), !block.isEmpty {
                var bytes = [UInt8](repeating: 0, count: block.count * 8)
                for (i, sample) in block.enumerated() {
                    let bits = (sample == 0 ? 0 : sample).bitPattern
                    for b in 0..<8 { bytes[8 * i + b] = UInt8(truncatingIfNeeded: bits >> UInt64(8 * b)) }
                }
                hasher.update(bytes)
            }
        } else {
            hasher.update(Array("file\n".utf8))
            try hasher.update(reading: try FileSource(path: path))
        }
        return SHA256.hexString(hasher.finish())
    }

    /// SHA-256 of a file's bytes (hex), or nil when there is no path or no file.
    static func fileHash(_ path: String?) -> String? {
        guard let path, isFile(path), let file = try? FileSource(path: path),
            let bytes = try? file.read(at: 0, count: Int(file.size))
        else { return nil }
        return SHA256.hex(bytes)
    }

    /// What putting a file in place did (or, in a dry run, would do).
    enum FileChange { case created, replaced }

    /// Puts `bytes` at `path` (atomically) unless the file there holds them already, so a build
    /// system that depends on the file sees it change only when its content does; in a dry run
    /// only says what that would do. `nil`: the file already holds them.
    func put(_ bytes: [UInt8], at path: String) throws -> FileChange? {
        try Self.put(bytes, at: path, dryRun: options.dryRun)
    }

    static func put(_ bytes: [UInt8], at path: String, dryRun: Bool) throws -> FileChange? {
        let exists = isFile(path)
        if exists, let file = try? FileSource(path: path), file.size == Int64(bytes.count),
            let existing = try? file.read(at: 0, count: bytes.count), existing == bytes
        {
            return nil
        }
        if !dryRun {
            let output = try AtomicOutput(path: path)
            try output.append(bytes)
            try output.commit()
        }
        return exists ? .replaced : .created
    }
}
