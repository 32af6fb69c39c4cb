import AlertSoundCore

extension BundleReport {
    /// `validate-bundle`'s JSON of one bundle's object, written directly like `CheckReport.jsonBytes()`.
    public func jsonBytes() -> [UInt8] {
        var writer = BundleJSONWriter()
        for part in parts { writer.add(part) }
        return writer.take()
    }
}

extension ValidationReport {
    /// `validate-bundle`'s JSON: each bundle's object in `bundles`, one per path; the stream's
    /// document, of every part at once.
    public func jsonBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        var stream = ValidationJSONStream { bytes += $0 }
        for bundle in bundles {
            for part in bundle.parts { stream.add(part) }
        }
        stream.finish()
        return bytes
    }
}

/// `validate-bundle --format json`'s document written as a run's parts arrive
/// (``ValidationRun/validate(each:)``): the same bytes as ``ValidationReport/jsonBytes()``, which
/// works because in a bundle's object `entitlements` sorts before `files`, `files` before
/// `references` and `valid` comes last, and `bundles` sorts before the document's `valid`.
public struct ValidationJSONStream {
    private let output: ([UInt8]) -> Void
    private var bundle = BundleJSONWriter(depth: 2)
    private var bundles = 0
    private var valid = true

    /// Writes the document's opening to `output` at once, and each part as it comes.
    public init(output: @escaping ([UInt8]) -> Void) {
        self.output = output
        var w = JSONWriter()
        w.open("{")
        w.key("bundles")
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
        }
        bundle.add(part)
        // Handed on a quarter of a megabyte at a time.
        if bundle.pending >= 1 << 18 { output(bundle.take()) }
    }

    /// The rest of the document, after the last bundle.
    public mutating func finish() {
        var w = JSONWriter(depth: 2)
        w.append(bundle.take())
        w.close("]", empty: bundles == 0)
        w.key("schemaVersion", first: false); w.int(ReportSchema.version)
        w.key("valid", first: false); w.bool(valid)
        w.close("}", empty: false)
        output(w.bytes)
    }
}

/// One bundle's object, written part by part.
struct BundleJSONWriter {
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
            w.key("bundle"); w.string(bundle)
            w.key("entitlements", first: false)
            if let entitlements {
                w.open("{")
                w.key("criticalAlerts"); w.bool(entitlements.criticalAlerts)
                w.key("path", first: false); w.string(entitlements.path)
                w.key("source", first: false); w.string(entitlements.source.rawValue)
                w.close("}", empty: false)
            } else {
                w.string(nil)
            }
            w.key("files", first: false)
            w.open("[")
        case .files(let batch):
            w.items(batch.count, offset: files) { i, part in
                batch[i].report.writeJSON(&part, location: batch[i].location, relativePath: batch[i].relativePath, resourceName: batch[i].resourceName)
            }
            files += batch.count
        case .references(let batch):
            openReferences()
            for (i, r) in batch.enumerated() {
                w.item(first: references + i == 0)
                w.open("{")
                if let candidate = r.candidate {
                    w.key("candidate")
                    w.open("{")
                    w.key("location"); w.string(candidate.location.rawValue)
                    w.key("path", first: false); w.string(candidate.path)
                    w.key("relativePath", first: false); w.string(candidate.relativePath)
                    w.close("}", empty: false)
                    w.key("critical", first: false); w.bool(r.critical)
                } else {
                    w.key("critical"); w.bool(r.critical)
                }
                w.key("diagnostics", first: false); w.diagnostics(r.diagnostics)
                w.key("field", first: false); w.string(r.field)
                w.key("name", first: false); w.string(r.name)
                w.key("platform", first: false); w.string(r.platform.rawValue)
                w.key("resolvedPath", first: false); w.string(r.resolvedPath)
                w.key("source", first: false); w.string(r.source)
                w.key("valid", first: false); w.bool(r.valid)
                w.close("}", empty: false)
            }
            references += batch.count
        case .closed(let valid):
            openReferences()
            w.close("]", empty: references == 0)
            w.key("valid", first: false); w.bool(valid)
            w.close("}", empty: false)
        }
    }

    /// Closes `files` and opens `references`, once.
    private mutating func openReferences() {
        guard !inReferences else { return }
        inReferences = true
        w.close("]", empty: files == 0)
        w.key("kind", first: false); w.string(kind.rawValue)
        w.key("platform", first: false); w.string(kind.platform.rawValue)
        w.key("references", first: false)
        w.open("[")
    }
}
