import AlertSoundCore

extension BundleReport {
    /// `validate-bundle`'s JSON of one bundle's object: its `Encodable` form, written by ``ReportEncoder``.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter()
        ReportEncoder.report(self, into: &writer)
        return writer.take()
    }
}

extension ValidationReport {
    /// `validate-bundle`'s JSON: each bundle's object in `bundles`, one per path; this report's
    /// `Encodable` form, written by ``ReportEncoder``.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter()
        ReportEncoder.report(self, into: &writer)
        return writer.take()
    }
}

/// `validate-bundle --format json`'s document written as a run's parts arrive
/// (``ValidationRun/validate(each:)``): the same bytes as ``ValidationReport/jsonBytes()``, which
/// works because in a bundle's object `entitlements` sorts before `files`, `files` before
/// `references` and `valid` comes last, and `bundles` sorts before the document's `valid`. Files,
/// references and entitlements are their `Encodable` forms; only the cuts are written here.
public struct ValidationJSONStream {
    private let output: ([UInt8]) -> Void
    private var bundle = BundleJSONWriter(depth: 2)
    private var bundles = 0
    private var valid = true
    private var unjudged: [UnjudgedPlatform] = []

    /// Writes the document's opening to `output` at once, and each part as it comes.
    public init(output: @escaping ([UInt8]) -> Void) {
        self.output = output
        var w = JSONWriter()
        w.open("{")
        w.key(ValidationReport.Keys.bundles.stringValue)
        w.open("[")
        output(w.bytes)
    }

    /// The next part of the run.
    public mutating func add(_ part: BundleReport.Part) {
        switch part {
        case .opened:
            bundle.startItem(first: bundles == 0)
            bundles += 1
        case .closed(let bundleValid):
            valid = valid && bundleValid
        case .files, .references:
            break
        case .unjudged(let platform):
            // Written after `notes` and `schemaVersion`, where the key sorts; a few names at most.
            unjudged.append(platform)
            valid = valid && platform.valid
            return
        }
        bundle.add(part)
        // Handed on a quarter of a megabyte at a time.
        if bundle.pending >= 1 << 18 { output(bundle.take()) }
    }

    /// The rest of the document, after the last bundle: with the run's `notes`.
    public mutating func finish(notes: [String] = []) {
        var w = JSONWriter(depth: 2)
        w.append(bundle.take())
        w.close("]", empty: bundles == 0)
        w.key(ValidationReport.Keys.notes.stringValue, first: false)
        w.open("[")
        for (i, note) in notes.enumerated() {
            w.item(first: i == 0)
            w.string(note)
        }
        w.close("]", empty: notes.isEmpty)
        w.key(ValidationReport.Keys.schemaVersion.stringValue, first: false)
        w.int(ReportSchema.version)
        w.key(ValidationReport.Keys.unjudged.stringValue, first: false)
        w.open("[")
        w.items(unjudged)
        w.close("]", empty: unjudged.isEmpty)
        w.key(ValidationReport.Keys.valid.stringValue, first: false)
        w.bool(valid)
        w.close("}", empty: false)
        output(w.bytes)
    }
}

/// One bundle's object, written part by part.
struct BundleJSONWriter {
    private typealias Keys = BundleReport.Keys
    private var w: JSONWriter
    private var kind = BundleKind.resources
    private var files = 0
    private var references = 0
    private var inReferences = false

    init(depth: Int = 0) { w = JSONWriter(depth: depth) }

    /// Bytes written and not yet taken.
    var pending: Int { w.bytes.count }

    /// Hands over the bytes written so far.
    mutating func take() -> [UInt8] { w.take() }

    /// Starts the bundle as an element of the `bundles` array.
    mutating func startItem(first: Bool) { w.item(first: first) }

    mutating func add(_ part: BundleReport.Part) {
        switch part {
        case let .opened(bundle, kind, entitlements):
            self.kind = kind
            files = 0
            references = 0
            inReferences = false
            w.open("{")
            w.key(Keys.bundle.stringValue)
            w.string(bundle)
            w.key(Keys.entitlements.stringValue, first: false)
            ReportEncoder.report(entitlements, into: &w)
            w.key(Keys.files.stringValue, first: false)
            w.open("[")
        case .files(let batch):
            w.items(batch, offset: files)
            files += batch.count
        case .references(let batch):
            openReferences()
            for (i, reference) in batch.enumerated() {
                w.item(first: references + i == 0)
                ReportEncoder.report(reference, into: &w)
            }
            references += batch.count
        case .closed(let valid):
            openReferences()
            w.close("]", empty: references == 0)
            w.key(Keys.valid.stringValue, first: false)
            w.bool(valid)
            w.close("}", empty: false)
        case .unjudged:
            break
        }
    }

    /// Closes `files` and opens `references`, once.
    private mutating func openReferences() {
        guard !inReferences else { return }
        inReferences = true
        w.close("]", empty: files == 0)
        w.key(Keys.kind.stringValue, first: false)
        w.string(kind.rawValue)
        w.key(Keys.platform.stringValue, first: false)
        w.string(kind.platform.rawValue)
        w.key(Keys.references.stringValue, first: false)
        w.open("[")
    }
}
