extension FileType {
    /// Parses afconvert's `-f`: a 4CC, matched without regard to case, or a familiar extension.
    public init(parsing text: String) throws {
        let key = text.trimming(["'"])
        guard
            let type = FileType.allCases.first(where: { $0.rawValue.lowercased() == key.lowercased() })
                ?? FileType(extension: key)
        else {
            throw AlertSoundError(
                .invalidRequest,
                "unknown file type '\(text)'; use \(FileType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = type
    }

    /// The type an output name implies, when it implies exactly one.
    public init?(extension ext: String) {
        guard let type = ContainerKind(fileExtension: ext).flatMap(FileType.init(container:)) else { return nil }
        self = type
    }

    /// Whether afconvert lets this file type carry `coding` (`carrying(_:)`, the one statement of
    /// which type holds what).
    public func carries(_ coding: SampleCoding) -> Bool {
        carrying(StreamFormat(sampleRate: 44_100, channels: 1, coding: coding)) != nil
    }

    /// `format` in this file type, when the type carries its coding (as afconvert lets it): the only
    /// way to a ``CarriedFormat``, which writers and encoders take.
    package func carrying(_ format: StreamFormat) -> CarriedFormat? {
        guard let coding = WritableCoding(format.coding) else { return nil }
        let layout: CarriedFormat.Layout
        switch (self, coding) {
        case (.caff, .pcm(let p)):
            guard p.isSigned else { return nil }
            layout = .caf
        case (.caff, _): layout = .caf
        // AIFF: big-endian signed integers (I8 counts as one).
        case (.aiff, .pcm(let p)):
            guard p.kind == .signed, p.order == .bigEndian || p.bits == 8 else { return nil }
            layout = .aiff(compressed: false)
        case (.aiff, _): return nil
        // AIFF-C: what AIFF holds, big-endian floats, LEI16 as `sowt`, and the codecs.
        case (.aifc, .pcm(let p)):
            guard p.isSigned, p.order == .bigEndian || p.bits <= 16 else { return nil }
            layout = .aiff(compressed: true)
        case (.aifc, _): layout = .aiff(compressed: true)
        // WAVE: little-endian integers and floats, UI8 for 8 bits, and G.711 (not ima4).
        case (.wave, .pcm(let p)):
            guard p.bits == 8 ? !p.isSigned : p.order == .littleEndian else { return nil }
            layout = .wave
        case (.wave, .ulaw), (.wave, .alaw): layout = .wave
        case (.wave, .ima4): return nil
        }
        return CarriedFormat(type: self, format: format, coding: coding, layout: layout)
    }

    /// ``carrying(_:)``, or the refusal that names what would work.
    package func carried(_ format: StreamFormat) throws -> CarriedFormat {
        guard let carried = carrying(format) else {
            throw AlertSoundError(
                .invalidRequest,
                refusal(for: OutputDataFormat(format.coding)) ?? "\(rawValue) cannot hold \(format.coding.code)")
        }
        return carried
    }

    /// The `-d` names afconvert lets this file type carry.
    public var allowedDataFormats: [String] {
        OutputDataFormat.all.filter { carries($0.coding) }.map(\.name)
    }

    /// `nil` when this type can carry `format`; otherwise a message naming what would work.
    public func refusal(for format: OutputDataFormat) -> String? {
        guard !carries(format.coding) else { return nil }
        let others = FileType.allCases.filter { $0.carries(format.coding) }.map(\.rawValue)
        return
            "\(rawValue) files cannot hold \(format.name); \(rawValue) takes \(allowedDataFormats.joined(separator: ", "))"
            + (others.isEmpty
                ? "" : ", and \(format.name) goes in \(others.joined(separator: " or ")) (-f \(others[0]))")
    }

    /// The data format used when `-d` is not given: ima4 where the type carries it, else 16-bit PCM.
    public var defaultDataFormat: OutputDataFormat {
        switch self {
        case .caff, .aifc: return OutputDataFormat(.ima4)
        case .aiff: return OutputDataFormat(.integer(16, order: .bigEndian))
        case .wave: return OutputDataFormat(.integer(16, order: .littleEndian))
        }
    }
}
