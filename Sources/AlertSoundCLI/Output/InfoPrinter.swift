import AlertSound

/// What `info` prints: the header facts afinfo shows, plus the chunk list and any repairs.
enum InfoPrinter {
    static func text(
        _ results: [(String, Result<SoundInfo, AlertSoundError>)], levels: [Result<SoundLevels, AlertSoundError>?]
    ) -> String {
        var out = ""
        for (index, (path, result)) in results.enumerated() {
            if index > 0 { out += "\n" }
            out += line("File", path)
            switch result {
            case .failure(let error):
                out += line("Error", error.reason)
            case .success(let info):
                out += line("Container", "\(info.container.displayName) (\(info.container.rawValue))")
                out += line(
                    "Data format",
                    [info.coding?.code, info.formatID.map { "'\($0)'" }].compactMap { $0 }.joined(separator: " "))
                if let rate = info.sampleRate { out += line("Sample rate", "\(Formatting.number(rate)) Hz") }
                if let ch = info.channels { out += line("Channels", String(ch)) }
                if let bits = info.bitsPerSample {
                    let layout =
                        info.coding?.pcm.map {
                            ", \($0.isFloat ? "float" : $0.isSigned ? "signed integer" : "unsigned integer"), \(info.byteOrder ?? "")-endian, \($0.bytesPerSample) bytes/sample"
                        } ?? ""
                    out += line("Bits per sample", "\(bits)\(layout)")
                }
                if let bpp = info.bytesPerPacket, let fpp = info.framesPerPacket {
                    out += line("Packets", "\(bpp) bytes/packet, \(fpp) frames/packet")
                }
                out += line("Frames", info.frames.map(String.init) ?? "unknown")
                out += line("Duration", info.duration.map { "\(Formatting.seconds($0)) s" } ?? "unknown")
                if let offset = info.dataOffset, let size = info.dataSize {
                    out += line("Audio data", "\(size) bytes at byte \(offset)")
                }
                out += line("File size", "\(info.fileSize) bytes")
                if !info.chunks.isEmpty {
                    out += line(
                        "Chunks", info.chunks.map { "'\($0.id)' @\($0.offset) (\($0.size))" }.joined(separator: ", "))
                }
                for repair in info.repairs { out += line("Repaired", repair.description) }
                switch levels[index] {
                case .success(let levels): out += Self.levels(levels, sampleRate: info.sampleRate)
                case .failure(let error): out += line("Levels", "not measured: \(error.reason)")
                case nil: break
                }
            }
        }
        return out
    }

    /// `info --levels`: the figures, with units, and "none" where there is nothing to measure.
    static func levels(_ l: SoundLevels, sampleRate: Double?) -> String {
        func db(_ value: Double?, _ unit: String, none: String = "none (silence)") -> String {
            value.map { "\(Formatting.tenths($0)) \(unit)" } ?? none
        }
        // BS.1770's filters fold over at low rates: no loudness there, and the reason shown.
        let unmeasured =
            sampleRate.map { $0 < LevelMeter.minimumLoudnessRate } == true
            ? "none (BS.1770 loudness is not defined below \(Formatting.number(LevelMeter.minimumLoudnessRate)) Hz)"
            : nil
        var out = line("Sample peak", db(l.samplePeak, "dBFS"))
        out += line("True peak", db(l.truePeak, "dBTP"))
        out += line(
            "Loudness",
            db(l.integratedLoudness, "LUFS integrated", none: unmeasured ?? "none (shorter than 0.4 s, or silence)"))
        out += line("Loudest 400 ms", db(l.maxMomentaryLoudness, "LUFS", none: unmeasured ?? "none (silence)"))
        out += line(
            "Loudest 3 s", db(l.maxShortTermLoudness, "LUFS", none: unmeasured ?? "none (shorter than 3 s, or silence)")
        )
        // In percent, as --max-dc-offset, check's message and the HTML say it (JSON keeps the fraction).
        out += line("DC offset", Formatting.number((l.dcOffset * 100 * 10_000).rounded() / 10_000) + "% of full scale")
        out += line(
            "Silence",
            "\(Formatting.seconds(l.leadingSilence)) s before, \(Formatting.seconds(l.trailingSilence)) s after (below -60 dBFS)"
        )
        out += line("Clipped samples", String(l.clippedSamples))
        return out
    }

    /// `info --format json`: the library's ``InfoReport``, as it encodes itself.
    static func json(_ report: InfoReport) -> String {
        JSONPrinter.render(report)
    }

    private static func line(_ label: String, _ value: String) -> String {
        label + String(repeating: " ", count: max(0, 17 - label.count)) + value.escapedForDisplay + "\n"
    }
}
