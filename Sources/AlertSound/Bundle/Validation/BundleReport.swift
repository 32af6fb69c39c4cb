import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One sound in a bundle: the same verdict as `check`, plus where it sits.
public struct BundleFileReport: Sendable, Codable, Equatable {
    /// The verdict, as `check` gives it, plus the bundle's own findings about the file.
    public var report: FileReport
    /// Where it sits, which decides whether the platform finds it by name.
    public var location: SoundLocation
    /// Path relative to the bundle root.
    public var relativePath: String
    /// The name Android knows a raw resource by (`alarm` for `res/raw/alarm.mp3`); `nil` on iOS and
    /// for Android files that are not raw resources.
    public var resourceName: String?

    /// A bundle's file.
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

    /// Reads a bundle's file object back.
    public init(from decoder: Decoder) throws {
        report = try FileReport(from: decoder)
        let c = try decoder.container(keyedBy: Keys.self)
        location = try c.decode(SoundLocation.self, forKey: .location)
        relativePath = try c.decode(String.self, forKey: .relativePath)
        resourceName = try c.decodeIfPresent(String.self, forKey: .resourceName)
    }
}

/// One sound name and what it resolves to on one platform.
public struct ReferenceReport: Sendable, Codable, Equatable {
    /// The name as given; `nil` when a payload had none that could be read.
    public var name: String?
    /// Where the name came from: a payload file, a list, or how it was named.
    public var source: String
    /// The file and line of a name read from a list; `nil` otherwise.
    public var position: SourcePosition?
    /// The payload key it was read from, when it came from a payload.
    public var field: String?
    /// The platform it was resolved on (the bundle's).
    public var platform: Platform
    /// Whether the payload asks for a critical alert.
    public var critical: Bool
    /// The sound it plays, as reported in `files`; `nil` for "default" or when it resolves to nothing.
    public var resolvedPath: String?
    /// What resolving it found.
    public var diagnostics: [Diagnostic]
    /// Whether warnings fail the reference too.
    public var strict: Bool
    /// The sound it nearly names, when it names none exactly (`case-mismatch`, `not-reachable`,
    /// `missing-extension`, `localized`, `resource-bundle`, an Android name with an extension):
    /// where the sound is, for a tool to offer the fix.
    public var candidate: Candidate?
    /// On Android, the library whose rule turned the name into resource names (the app's push
    /// handler, or the library the name was given to): the rule the verdict rests on.
    public var library: AndroidLibrary?
    /// What the validator decided on the way to this verdict, for `explain` to lay out as the
    /// device's chain (``Explainer``) instead of working it out again; `nil` for a report read
    /// back from JSON or made by a bundle-wide rule. Not part of the verdict: not encoded.
    var decisions: ReferenceDecisions? {
        get { carried.decisions }
        set { carried.decisions = newValue }
    }
    /// Holds ``decisions`` so that two reports are equal by their verdicts alone (one read back
    /// from JSON has none).
    private var carried = DecisionsCarriage()
    /// No errors, and with `strict` no warnings either: always what the diagnostics say.
    public var valid: Bool { !diagnostics.contains { $0.fails(strict: strict) } }

    /// A sound a reference nearly names.
    public struct Candidate: Sendable, Hashable, Codable {
        /// As reported in `files` (`MyApp.app/Sounds/Alert.caf`).
        public var path: String
        /// Within the bundle (`Sounds/Alert.caf`).
        public var relativePath: String
        /// Where it sits, and so whether the platform finds it.
        public var location: SoundLocation

        /// A candidate at `relativePath`.
        public init(path: String, relativePath: String, location: SoundLocation) {
            self.path = path
            self.relativePath = relativePath
            self.location = location
        }
    }

    /// A resolved reference.
    public init(
        name: String?, source: String, field: String?, platform: Platform, critical: Bool, resolvedPath: String?,
        diagnostics: [Diagnostic], strict: Bool, candidate: Candidate? = nil, position: SourcePosition? = nil,
        library: AndroidLibrary? = nil
    ) {
        self.library = library
        self.candidate = candidate
        self.position = position
        self.name = name
        self.source = source
        self.field = field
        self.platform = platform
        self.critical = critical
        self.resolvedPath = resolvedPath
        self.diagnostics = diagnostics
        self.strict = strict
    }

    enum Keys: String, CodingKey {
        case name, source, field, platform, critical, resolvedPath, candidate, diagnostics, valid, position, library
    }

    /// Adds a finding made after resolution (about the app's entitlements).
    mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Reads a reference object back; `strict` as for ``FileReport/init(from:)``.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        source = try c.decode(String.self, forKey: .source)
        field = try c.decodeIfPresent(String.self, forKey: .field)
        platform = try c.decode(Platform.self, forKey: .platform)
        critical = try c.decode(Bool.self, forKey: .critical)
        resolvedPath = try c.decodeIfPresent(String.self, forKey: .resolvedPath)
        candidate = try c.decodeIfPresent(Candidate.self, forKey: .candidate)
        position = try c.decodeIfPresent(SourcePosition.self, forKey: .position)
        library = try c.decodeIfPresent(AndroidLibrary.self, forKey: .library)
        diagnostics = try c.decode([Diagnostic].self, forKey: .diagnostics)
        strict = try Diagnostic.strictness(stated: c.decode(Bool.self, forKey: .valid), diagnostics: diagnostics)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(candidate, forKey: .candidate)
        try c.encode(critical, forKey: .critical)
        try c.encode(diagnostics, forKey: .diagnostics)
        try c.encodeOrNull(field, forKey: .field)
        try c.encodeIfPresent(library, forKey: .library)
        try c.encodeOrNull(name, forKey: .name)
        try c.encode(platform, forKey: .platform)
        try c.encodeIfPresent(position, forKey: .position)
        try c.encodeOrNull(resolvedPath, forKey: .resolvedPath)
        try c.encode(source, forKey: .source)
        try c.encode(valid, forKey: .valid)
    }
}

/// What the validator decided for one reference on the way to its verdict, carried on its report
/// so that `explain` lays out these very decisions (issue 56: it paired reports with references
/// again by source and position, and computed the channel a second time, and the two commands
/// disagreed).
struct ReferenceDecisions: Sendable {
    /// The reference as the validator was given it (a message naming only its channel, before
    /// the channel's sound was put in its place).
    var reference: SoundReference
    /// Its index among the references the validator was given; `nil` for a name the app's own
    /// code or channels give.
    var given: Int?
    /// The sound it names exactly, as judged (valid or not).
    var file: BundleFileReport?
    /// Android: the raw resource the name resolved to.
    var resourceName: String?
    /// Android: whether it is a message, posted on a channel (a payload's; not a bare name).
    var message = false
    /// Android, a message: what decides its sound on Android 8 and later; `nil` when that cannot
    /// be told (the app's code was not read, and no lock).
    var channel: ChannelOutcome?
}

/// A report's ``ReferenceDecisions``, carried, not judged: any two are equal.
private struct DecisionsCarriage: Sendable, Equatable {
    var decisions: ReferenceDecisions?

    static func == (_: Self, _: Self) -> Bool { true }
}

/// The verdict on a bundle and the names used with it.
public struct BundleReport: Sendable, Codable, Equatable {
    /// The bundle root as examined (`App.ipa!Payload/App.app` inside an archive).
    public var bundle: String
    /// What was examined.
    public var kind: BundleKind
    /// Every sound found, judged.
    public var files: [BundleFileReport]
    /// Every name used, resolved on this bundle's platform.
    public var references: [ReferenceReport]
    /// An iOS app's entitlements, read when a reference asks for a critical alert; `nil` when
    /// they were not needed or could not be read (then the critical references carry
    /// `entitlements-unknown`).
    public var entitlements: Entitlements?

    /// The platform whose rules apply.
    public var platform: Platform { kind.platform }
    /// Whether every file and every reference is valid.
    public var valid: Bool { files.allSatisfy(\.report.valid) && references.allSatisfy(\.valid) }

    /// A bundle's verdict.
    public init(
        bundle: String, kind: BundleKind, files: [BundleFileReport], references: [ReferenceReport],
        entitlements: Entitlements? = nil
    ) {
        self.bundle = bundle
        self.kind = kind
        self.files = files
        self.references = references
        self.entitlements = entitlements
    }

    enum Keys: String, CodingKey { case valid, bundle, kind, platform, entitlements, files, references }

    /// Reads a bundle object back.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        bundle = try c.decode(String.self, forKey: .bundle)
        kind = try c.decode(BundleKind.self, forKey: .kind)
        entitlements = try c.decodeIfPresent(Entitlements.self, forKey: .entitlements)
        files = try c.decode([BundleFileReport].self, forKey: .files)
        references = try c.decode([ReferenceReport].self, forKey: .references)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(bundle, forKey: .bundle)
        try c.encode(entitlements, forKey: .entitlements)
        try c.encode(files, forKey: .files)
        try c.encode(kind, forKey: .kind)
        try c.encode(platform, forKey: .platform)
        try c.encode(references, forKey: .references)
        try c.encode(valid, forKey: .valid)
    }
}

/// The verdict on several bundles validated in one run (an iOS app and an Android project, say),
/// each reference resolved on the platform it is meant for.
public struct ValidationReport: Sendable, Codable, Equatable {
    /// One report per path, in the order given.
    public var bundles: [BundleReport]
    /// The names meant for a platform none of the paths is an app of, each failing: a name is
    /// never dropped.
    public var unjudged: [UnjudgedPlatform] = []
    /// Whether every bundle is valid and every name was judged.
    public var valid: Bool { bundles.allSatisfy(\.valid) && unjudged.allSatisfy(\.valid) }
    /// What the run could not judge (``ValidationRun/notes``).
    public var notes: [String] = []

    /// A run's verdict.
    public init(bundles: [BundleReport]) { self.bundles = bundles }

    enum Keys: String, CodingKey { case schemaVersion, valid, bundles, notes, unjudged }

    /// Reads `validate-bundle --format json` back; a document of another schema version is refused.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        try ReportSchema.expectVersion(in: c, forKey: .schemaVersion)
        bundles = try c.decode([BundleReport].self, forKey: .bundles)
        notes = try c.decodeIfPresent([String].self, forKey: .notes) ?? []
        unjudged = try c.decodeIfPresent([UnjudgedPlatform].self, forKey: .unjudged) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(bundles, forKey: .bundles)
        try c.encode(notes, forKey: .notes)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(unjudged, forKey: .unjudged)
        try c.encode(valid, forKey: .valid)
    }
}

/// A platform that names were meant for and that none of the paths given is an app of (an iOS
/// app given with an FCM payload's `android` sound): what it would play is unknown, so each name
/// fails with `no-app-for-platform` rather than disappear from the report.
public struct UnjudgedPlatform: Sendable, Codable, Equatable {
    /// The platform the names are for.
    public var platform: Platform
    /// Why it was not judged, and what to give to judge it.
    public var reason: String
    /// The names, each with its `no-app-for-platform` finding.
    public var references: [ReferenceReport]
    /// Whether every name passes (never, unless a finding was turned into a note).
    public var valid: Bool { references.allSatisfy(\.valid) }

    /// The names meant for `platform`, not judged for `reason`.
    public init(platform: Platform, reason: String, references: [ReferenceReport]) {
        self.platform = platform
        self.reason = reason
        self.references = references
    }

    enum Keys: String, CodingKey { case platform, reason, references, valid }

    /// Reads an entry of `unjudged` back.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        platform = try c.decode(Platform.self, forKey: .platform)
        reason = try c.decode(String.self, forKey: .reason)
        references = try c.decode([ReferenceReport].self, forKey: .references)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(platform, forKey: .platform)
        try c.encode(reason, forKey: .reason)
        try c.encode(references, forKey: .references)
        try c.encode(valid, forKey: .valid)
    }
}
