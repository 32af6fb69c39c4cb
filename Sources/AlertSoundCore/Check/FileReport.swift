#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The verdict on one file: what was read and what the rules found.
public struct FileReport: Sendable, Codable, Equatable {
    /// The file as it was named (a path, or an archive entry as `App.ipa!Payload/…`).
    public var path: String
    /// What its headers say; `nil` when it could not be read.
    public var info: SoundInfo?
    /// What the rules found.
    public var diagnostics: [Diagnostic]
    /// Whether warnings fail the file too.
    public var strict: Bool
    /// What `check --levels` measured (``Checker/measuresLevels``); `nil` otherwise, or when the
    /// audio could not be decoded.
    public var levels: SoundLevels?
    /// Why `check --levels` has no levels for a sound it read: its audio could not be decoded.
    public var levelsError: AlertSoundError?

    /// No errors, and with `strict` no warnings either: always what the diagnostics say.
    public var valid: Bool { !diagnostics.contains { $0.fails(strict: strict) } }

    /// A verdict; `Checker` makes them.
    public init(path: String, info: SoundInfo?, diagnostics: [Diagnostic], strict: Bool) {
        self.path = path
        self.info = info
        self.diagnostics = diagnostics
        self.strict = strict
    }

    /// Adds a finding made outside the rules (e.g. about the bundle the file sits in).
    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package enum Keys: String, CodingKey {
        case path, valid, container, format, formatID, sampleRate, sampleType, byteOrder, channels, bitsPerSample,
            frames, duration
        case bytesPerPacket, framesPerPacket, dataOffset, dataSize, fileSize, diagnostics, levels, levelsError
    }

    /// The `Encodable` form: ``members(into:)``.
    public func encode(to encoder: Encoder) throws { try encodeMembers(to: encoder) }
}

extension FileReport: JSONObject {
    package typealias MemberKey = Keys

    /// Unknown values are written as `null`, never left out or made up. Members come in key order,
    /// the document's order.
    package func members<Sink: MemberSink>(into sink: inout Sink) throws where Sink.Key == Keys {
        try sink.int(info?.bitsPerSample, .bitsPerSample)
        try sink.string(info?.byteOrder, .byteOrder)
        try sink.int(info?.bytesPerPacket, .bytesPerPacket)
        try sink.int(info?.channels, .channels)
        try sink.string(info?.container.rawValue, .container)
        try sink.int(info?.dataOffset, .dataOffset)
        try sink.int(info?.dataSize, .dataSize)
        try sink.objects(diagnostics, .diagnostics)
        try sink.double(info?.duration, .duration)
        try sink.int(info?.fileSize, .fileSize)
        try sink.string(info?.coding?.code, .format)
        try sink.string(info?.formatID, .formatID)
        try sink.int(info?.frames, .frames)
        try sink.int(info?.framesPerPacket, .framesPerPacket)
        // Only when measured: without --levels the document is what it always was. A sound whose
        // audio could not be decoded has levels null and says why, as `info --levels` does.
        if let levelsError {
            try sink.null(.levels)
            try sink.value(levelsError, .levelsError)
        } else if let levels {
            try sink.value(levels, .levels)
        }
        try sink.string(path, .path)
        try sink.double(info?.sampleRate, .sampleRate)
        try sink.string(info?.sampleType, .sampleType)
        try sink.bool(valid, .valid)
    }
}

extension FileReport {
    /// Reads a file object of alertsound's JSON back. The sound's description is what the JSON
    /// states (chunks, repairs and a CAF's info strings are not in it); `strict` is whatever makes
    /// the stated `valid` follow from the diagnostics, and a document where nothing can is refused.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        path = try c.decode(String.self, forKey: .path)
        diagnostics = try c.decode([Diagnostic].self, forKey: .diagnostics)
        strict = try Diagnostic.strictness(stated: c.decode(Bool.self, forKey: .valid), diagnostics: diagnostics)
        levels = try c.decodeIfPresent(SoundLevels.self, forKey: .levels)
        levelsError = try c.decodeIfPresent(AlertSoundError.self, forKey: .levelsError)
        guard let container = try c.decodeIfPresent(ContainerKind.self, forKey: .container) else {
            info = nil
            return
        }
        var info = SoundInfo(container: container, fileSize: try c.decode(Int64.self, forKey: .fileSize))
        info.formatID = try c.decodeIfPresent(String.self, forKey: .formatID)
        info.sampleRate = try c.decodeIfPresent(Double.self, forKey: .sampleRate)
        info.channels = try c.decodeIfPresent(Int.self, forKey: .channels)
        info.bitsPerSample = try c.decodeIfPresent(Int.self, forKey: .bitsPerSample)
        info.frames = try c.decodeIfPresent(Int64.self, forKey: .frames)
        info.bytesPerPacket = try c.decodeIfPresent(Int.self, forKey: .bytesPerPacket)
        info.framesPerPacket = try c.decodeIfPresent(Int.self, forKey: .framesPerPacket)
        info.dataOffset = try c.decodeIfPresent(Int64.self, forKey: .dataOffset)
        info.dataSize = try c.decodeIfPresent(Int64.self, forKey: .dataSize)
        if let code = try c.decodeIfPresent(String.self, forKey: .format) {
            info.coding = try Self.coding(
                code, info: info, sampleType: c.decodeIfPresent(String.self, forKey: .sampleType),
                byteOrder: c.decodeIfPresent(String.self, forKey: .byteOrder))
        }
        self.info = info
    }

    /// The coding a `format` code names; linear PCM needs the members beside it to say which.
    private static func coding(
        _ code: String, info: SoundInfo, sampleType: String?, byteOrder: String?
    ) throws -> SampleCoding {
        if let coding = SampleCoding.named[code] { return coding }
        switch code {
        case SampleCoding.pcmCode:
            let kinds: [String: PCMFormat.Kind] = [
                "signed-integer": .signed, "unsigned-integer": .unsigned, "float": .float
            ]
            // Without its layout, `lpcm` is a name a file gave (an MPEG-4 sample entry's), as written.
            guard let kind = sampleType.flatMap({ kinds[$0] }), let bits = info.bitsPerSample, bits > 0 else {
                return .other(code)
            }
            let perSample = info.channels.flatMap { channels in info.bytesPerPacket.map { $0 / max(channels, 1) } }
            return .pcm(
                PCMFormat(
                    kind, bits: bits, bytesPerSample: perSample.flatMap { $0 > 0 ? $0 : nil },
                    order: byteOrder == ByteOrder.bigEndian.name ? .bigEndian : .littleEndian))
        default: return .other(code)
        }
    }
}

/// The verdict on a whole run.
public struct CheckReport: Sendable, Codable, Equatable {
    /// One report per file, in the order the paths were given (a folder's files sorted by path).
    public var files: [FileReport]
    /// Whether every file is valid.
    public var valid: Bool { files.allSatisfy(\.valid) }

    /// A run's verdict.
    public init(files: [FileReport]) { self.files = files }

    enum Keys: String, CodingKey { case schemaVersion, valid, files }

    /// Reads `check --format json` back; a document of another schema version is refused.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        try ReportSchema.expectVersion(in: c, forKey: .schemaVersion)
        files = try c.decode([FileReport].self, forKey: .files)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(files, forKey: .files)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(valid, forKey: .valid)
    }
}

extension Diagnostic {
    /// The `strict` under which `stated` follows from `diagnostics`; refuses a contradiction.
    package static func strictness(stated valid: Bool, diagnostics: [Diagnostic]) throws -> Bool {
        if diagnostics.contains(where: { $0.fails(strict: false) }) != valid { return false }
        guard !valid, diagnostics.contains(where: { $0.fails(strict: true) }) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "'valid' contradicts the diagnostics"))
        }
        return true
    }
}
