/// One sound in a bundle: the same verdict as `check`, plus where it sits.
public struct BundleFileReport: Sendable, Encodable {
    public var report: FileReport
    public var location: SoundLocation
    /// Path relative to the bundle root.
    public var relativePath: String

    enum Keys: String, CodingKey { case location, relativePath }

    public func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(location, forKey: .location)
        try c.encode(relativePath, forKey: .relativePath)
    }
}

/// One sound name and what it resolves to.
public struct ReferenceReport: Sendable, Encodable {
    public var name: String?
    public var source: String
    public var critical: Bool
    /// The sound it plays, as reported in `files`; `nil` for "default" or when it resolves to nothing.
    public var resolvedPath: String?
    public var diagnostics: [Diagnostic]
    public var valid: Bool

    enum Keys: String, CodingKey { case name, source, critical, resolvedPath, diagnostics, valid }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(source, forKey: .source)
        try c.encode(critical, forKey: .critical)
        try c.encode(resolvedPath, forKey: .resolvedPath)
        try c.encode(diagnostics, forKey: .diagnostics)
        try c.encode(valid, forKey: .valid)
    }
}

/// The verdict on a bundle and the names used with it.
public struct BundleReport: Sendable, Encodable {
    /// The bundle root as examined (`App.ipa!Payload/App.app` inside an archive).
    public var bundle: String
    public var kind: BundleKind
    public var files: [BundleFileReport]
    public var references: [ReferenceReport]

    public var valid: Bool { files.allSatisfy(\.report.valid) && references.allSatisfy(\.valid) }

    enum Keys: String, CodingKey { case valid, bundle, kind, files, references }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(valid, forKey: .valid)
        try c.encode(bundle, forKey: .bundle)
        try c.encode(kind, forKey: .kind)
        try c.encode(files, forKey: .files)
        try c.encode(references, forKey: .references)
    }
}
