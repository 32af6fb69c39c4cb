/// One sound in a bundle: the same verdict as `check`, plus where it sits.
public struct BundleFileReport: Sendable, Encodable {
    public var report: FileReport
    public var location: SoundLocation
    /// Path relative to the bundle root.
    public var relativePath: String
    /// The name Android knows a raw resource by (`alarm` for `res/raw/alarm.mp3`); `nil` on iOS and
    /// for Android files that are not raw resources.
    public var resourceName: String?

    public init(report: FileReport, location: SoundLocation, relativePath: String, resourceName: String? = nil) {
        self.report = report
        self.location = location
        self.relativePath = relativePath
        self.resourceName = resourceName
    }

    enum Keys: String, CodingKey { case location, relativePath, resourceName }

    public func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(location, forKey: .location)
        try c.encode(relativePath, forKey: .relativePath)
        try c.encodeIfPresent(resourceName, forKey: .resourceName)
    }
}

/// One sound name and what it resolves to on one platform.
public struct ReferenceReport: Sendable, Encodable {
    public var name: String?
    public var source: String
    /// The payload key it was read from, when it came from a payload.
    public var field: String?
    /// The platform it was resolved on (the bundle's).
    public var platform: Platform
    public var critical: Bool
    /// The sound it plays, as reported in `files`; `nil` for "default" or when it resolves to nothing.
    public var resolvedPath: String?
    public var diagnostics: [Diagnostic]
    public var valid: Bool

    enum Keys: String, CodingKey { case name, source, field, platform, critical, resolvedPath, diagnostics, valid }

    /// Adds a finding made after resolution (about the app's entitlements).
    mutating func append(_ diagnostic: Diagnostic, strict: Bool) {
        diagnostics.append(diagnostic)
        if diagnostic.fails(strict: strict) { valid = false }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        try c.encode(source, forKey: .source)
        try c.encode(field, forKey: .field)
        try c.encode(platform, forKey: .platform)
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
    /// An iOS app's entitlements, read when a reference asks for a critical alert; `nil` when
    /// they were not needed or could not be read (then the critical references carry
    /// `entitlements-unknown`).
    public var entitlements: Entitlements?

    public var platform: Platform { kind.platform }
    public var valid: Bool { files.allSatisfy(\.report.valid) && references.allSatisfy(\.valid) }

    enum Keys: String, CodingKey { case valid, bundle, kind, platform, entitlements, files, references }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(valid, forKey: .valid)
        try c.encode(bundle, forKey: .bundle)
        try c.encode(kind, forKey: .kind)
        try c.encode(platform, forKey: .platform)
        try c.encode(entitlements, forKey: .entitlements)
        try c.encode(files, forKey: .files)
        try c.encode(references, forKey: .references)
    }
}

/// The verdict on several bundles validated in one run (an iOS app and an Android project, say),
/// each reference resolved on the platform it is meant for.
public struct ValidationReport: Sendable, Encodable {
    public var bundles: [BundleReport]
    public var valid: Bool { bundles.allSatisfy(\.valid) }

    public init(bundles: [BundleReport]) { self.bundles = bundles }

    enum Keys: String, CodingKey { case schemaVersion, valid, bundles }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(valid, forKey: .valid)
        try c.encode(bundles, forKey: .bundles)
    }
}
