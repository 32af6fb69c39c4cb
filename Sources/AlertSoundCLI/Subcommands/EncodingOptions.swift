import AlertSound
import ArgumentParser

/// Channels, encoder and resampler: the options `convert` and `fix` share, afconvert's spellings included.
struct EncodingOptions: ParsableArguments {
    // `.unconditional`: `-c -1` is a value to refuse with a reason, not a missing one.
    @Option(
        name: [.customShort("c"), .customLong("channels")], parsing: .unconditional,
        help: ArgumentHelp("Keep the first N channels (with --mix: mix down to N).", valueName: "N"))
    var channels: Int?

    @Flag(
        name: .long,
        help: "Mix channels instead of dropping them (to mono unless -c says otherwise; surround by its layout).")
    var mix = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "IMA4 encoder: standard (afconvert's, byte for byte) or high (searches preambles and codes for less noise, within a time budget: under 0.6 s for 29 s of stereo on two cores).",
            valueName: "standard|high"))
    var quality: EncoderQuality?

    @Option(
        name: .customShort("q"), parsing: .unconditional,
        help: ArgumentHelp("afconvert's codec quality, 0-127: 96 and above select --quality high.", valueName: "N"))
    var codecQuality: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Resampler: fastest (the default: alertsound's polyphase filter, over 130 dB SNR), medium or best (libsamplerate's sinc converters).",
            valueName: "fastest|medium|best"))
    var srcQuality: ResamplerQuality?

    @Option(
        name: .customShort("r"), parsing: .unconditional,
        help: ArgumentHelp(
            "afconvert's sample rate converter quality, 0-127: 96 and above select best, 64 and above medium.",
            valueName: "N"))
    var rateConverterQuality: Int?

    func validate() throws {
        if let channels, channels < 1 {
            throw ValidationError("-c takes the number of channels to keep, 1 or more; got \(channels).")
        }
        if let codecQuality, !(0...127).contains(codecQuality) {
            throw ValidationError(
                "-q takes afconvert's quality from 0 to 127 (96 and above select --quality high); got \(codecQuality).")
        }
        if quality != nil, codecQuality != nil {
            throw ValidationError("Give the quality once: --quality or -q.")
        }
        if let rateConverterQuality, !(0...127).contains(rateConverterQuality) {
            throw ValidationError(
                "-r takes afconvert's converter quality from 0 to 127 (96 and above select best, 64 medium); got \(rateConverterQuality)."
            )
        }
        if srcQuality != nil, rateConverterQuality != nil {
            throw ValidationError("Give the converter quality once: --src-quality or -r.")
        }
    }

    var encoderQuality: EncoderQuality {
        quality ?? (codecQuality.map { $0 >= 96 ? .high : .standard } ?? .standard)
    }

    var resamplerQuality: ResamplerQuality {
        srcQuality ?? (rateConverterQuality.map { $0 >= 96 ? .best : $0 >= 64 ? .medium : .fastest } ?? .fastest)
    }
}

// Also afconvert's numbers (`--quality 127`, `--src-quality 96`), as -q and -r take them.
extension EncoderQuality: ExpressibleByArgument {
    public init?(argument: String) {
        if let number = Int(argument), (0...127).contains(number) {
            self = number >= 96 ? .high : .standard
            return
        }
        self.init(rawValue: argument)
    }
}

extension ResamplerQuality: ExpressibleByArgument {
    public init?(argument: String) {
        if let number = Int(argument), (0...127).contains(number) {
            self = number >= 96 ? .best : number >= 64 ? .medium : .fastest
            return
        }
        self.init(rawValue: argument)
    }
}
