/// The verdict on one file: what was read and what the rules found.
public struct FileReport: Sendable, Encodable {
    public var path: String
    public var info: SoundInfo?
    public var diagnostics: [Diagnostic]
    /// No errors, and with `strict` no warnings either.
    public var valid: Bool

    public init(path: String, info: SoundInfo?, diagnostics: [Diagnostic], strict: Bool) {
        self.path = path
        self.info = info
        self.diagnostics = diagnostics
        valid = !diagnostics.contains { $0.fails(strict: strict) }
    }

    /// Adds a finding made outside the rules (e.g. about the bundle the file sits in).
    public mutating func append(_ diagnostic: Diagnostic, strict: Bool) {
        diagnostics.append(diagnostic)
        if diagnostic.fails(strict: strict) { valid = false }
    }

    enum Keys: String, CodingKey {
        case path, valid, container, format, formatID, sampleRate, sampleType, channels, bitsPerSample, frames, duration
        case bytesPerPacket, framesPerPacket, dataOffset, dataSize, fileSize, diagnostics
    }

    /// Unknown values are written as `null`, never left out or made up.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(path, forKey: .path)
        try c.encode(valid, forKey: .valid)
        try c.encode(info?.container.rawValue, forKey: .container)
        try c.encode(info?.coding?.code, forKey: .format)
        try c.encode(info?.formatID, forKey: .formatID)
        try c.encode(info?.sampleRate, forKey: .sampleRate)
        try c.encode(info?.sampleType, forKey: .sampleType)
        try c.encode(info?.channels, forKey: .channels)
        try c.encode(info?.bitsPerSample, forKey: .bitsPerSample)
        try c.encode(info?.frames, forKey: .frames)
        try c.encode(info?.duration, forKey: .duration)
        try c.encode(info?.bytesPerPacket, forKey: .bytesPerPacket)
        try c.encode(info?.framesPerPacket, forKey: .framesPerPacket)
        try c.encode(info?.dataOffset, forKey: .dataOffset)
        try c.encode(info?.dataSize, forKey: .dataSize)
        try c.encode(info?.fileSize, forKey: .fileSize)
        try c.encode(diagnostics, forKey: .diagnostics)
    }
}

/// The verdict on a whole run.
public struct CheckReport: Sendable, Encodable {
    public var files: [FileReport]
    public var valid: Bool { files.allSatisfy(\.valid) }

    public init(files: [FileReport]) { self.files = files }

    enum Keys: String, CodingKey { case schemaVersion, valid, files }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(valid, forKey: .valid)
        try c.encode(files, forKey: .files)
    }
}
