/// `check`'s and `validate-bundle`'s JSON written directly: the same document the reports' `Encodable` conformances give
/// through Foundation's `JSONEncoder` with `.prettyPrinted, .sortedKeys, .withoutEscapingSlashes`
/// (a test compares the two byte for byte), without reflection, dynamic casts or boxing — which
/// were most of `check --format json`'s time (callgrind, 10,000 files). Keys are written in
/// sorted order here; the `Encodable` conformances stay the definition of the format.
extension CheckReport {
    /// `check --format json`'s document, as UTF-8: the stream's document, of every file at once.
    public func jsonBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        var stream = CheckJSONStream { bytes += $0 }
        stream.add(contentsOf: files)
        stream.finish()
        return bytes
    }
}

/// `check --format json`'s document written as reports arrive (``Checker/check(paths:each:)``):
/// the same bytes as ``CheckReport/jsonBytes()`` of the whole report, which works because `files`
/// sorts before `schemaVersion` and `valid`, the only members that need every file.
public struct CheckJSONStream {
    private let output: ([UInt8]) -> Void
    private var count = 0
    private var valid = true
    /// Files written but not yet handed to `output` (a quarter of a megabyte at a time).
    private var pending = JSONWriter(depth: 2)

    /// Writes the document's opening to `output` at once, and each part as it comes.
    public init(output: @escaping ([UInt8]) -> Void) {
        self.output = output
        var w = JSONWriter()
        w.open("{")
        w.key("files")
        w.open("[")
        output(w.bytes)
    }

    /// One more file of the `files` array.
    public mutating func add(_ file: FileReport) {
        add(contentsOf: [file])
    }

    /// More files of the `files` array, in order; their objects are written on all cores.
    public mutating func add(contentsOf files: [FileReport]) {
        pending.items(files.count, offset: count) { i, part in files[i].writeJSON(&part) }
        count += files.count
        valid = valid && files.allSatisfy(\.valid)
        if pending.bytes.count >= 1 << 18 { output(pending.take()) }
    }

    /// The rest of the document, after the last file.
    public mutating func finish() {
        pending.close("]", empty: count == 0)
        pending.key("schemaVersion", first: false); pending.int(ReportSchema.version)
        pending.key("valid", first: false)
        pending.bool(valid)
        pending.close("}", empty: false)
        output(pending.take())
    }
}

extension FileReport {
    /// The members in sorted order; a bundle's file adds `location` and `relativePath` among them.
    func writeJSON(_ w: inout JSONWriter, location: SoundLocation? = nil, relativePath: String? = nil, resourceName: String? = nil) {
        w.open("{")
        w.key("bitsPerSample"); w.int(info?.bitsPerSample)
        w.key("byteOrder", first: false); w.string(info?.byteOrder)
        w.key("bytesPerPacket", first: false); w.int(info?.bytesPerPacket)
        w.key("channels", first: false); w.int(info?.channels)
        w.key("container", first: false); w.string(info?.container.rawValue)
        w.key("dataOffset", first: false); w.int(info?.dataOffset)
        w.key("dataSize", first: false); w.int(info?.dataSize)
        w.key("diagnostics", first: false); w.diagnostics(diagnostics)
        w.key("duration", first: false); w.double(info?.duration)
        w.key("fileSize", first: false); w.int(info?.fileSize)
        w.key("format", first: false); w.string(info?.coding?.code)
        w.key("formatID", first: false); w.string(info?.formatID)
        w.key("frames", first: false); w.int(info?.frames)
        w.key("framesPerPacket", first: false); w.int(info?.framesPerPacket)
        if let levels {
            w.key("levels", first: false)
            w.open("{")
            w.key("clippedSamples"); w.int(levels.clippedSamples)
            w.key("dcOffset", first: false); w.double(levels.dcOffset)
            w.key("endPeak", first: false); w.double(levels.endPeak)
            w.key("integratedLoudness", first: false); w.double(levels.integratedLoudness)
            w.key("leadingSilence", first: false); w.double(levels.leadingSilence)
            w.key("maxMomentaryLoudness", first: false); w.double(levels.maxMomentaryLoudness)
            w.key("maxShortTermLoudness", first: false); w.double(levels.maxShortTermLoudness)
            w.key("samplePeak", first: false); w.double(levels.samplePeak)
            w.key("startPeak", first: false); w.double(levels.startPeak)
            w.key("trailingSilence", first: false); w.double(levels.trailingSilence)
            w.key("truePeak", first: false); w.double(levels.truePeak)
            w.close("}", empty: false)
        }
        if let location { w.key("location", first: false); w.string(location.rawValue) }
        w.key("path", first: false); w.string(path)
        if let relativePath { w.key("relativePath", first: false); w.string(relativePath) }
        if let resourceName { w.key("resourceName", first: false); w.string(resourceName) }
        w.key("sampleRate", first: false); w.double(info?.sampleRate)
        w.key("sampleType", first: false); w.string(info?.sampleType)
        w.key("valid", first: false); w.bool(valid)
        w.close("}", empty: false)
    }
}

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

/// Pretty-printed JSON in Foundation's layout: two-space indents, `"key" : value`, and empty
/// containers as an opening line, a blank line and the closing line.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private(set) var depth = 0

    init(depth: Int = 0) {
        self.depth = depth
        bytes.reserveCapacity(1 << 16)
    }

    /// Bytes another writer produced at this writer's depth.
    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Hands over the bytes written so far, keeping the depth: a stream writes a document in pieces.
    mutating func take() -> [UInt8] {
        defer { bytes = []; bytes.reserveCapacity(1 << 16) }
        return bytes
    }

    private mutating func newline() {
        bytes.append(10)
        for _ in 0..<(2 * depth) { bytes.append(32) }
    }

    mutating func open(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        depth += 1
    }

    mutating func close(_ bracket: Unicode.Scalar, empty: Bool) {
        depth -= 1
        if empty { bytes.append(10) }
        newline()
        bytes.append(UInt8(ascii: bracket))
    }

    /// `count` array elements written in parallel, in runs of 256, each run into its own buffer at
    /// this depth and appended in order: thousands of files' objects cost one core's time divided.
    /// `offset`: elements already written before these (a stream's earlier batches).
    mutating func items(_ count: Int, offset: Int = 0, _ write: (Int, inout JSONWriter) -> Void) {
        let runs = stride(from: 0, to: count, by: 256).map { $0..<min($0 + 256, count) }
        let depth = self.depth
        for part in parallelMap(runs, { run -> [UInt8] in
            var part = JSONWriter(depth: depth)
            for i in run {
                part.item(first: offset + i == 0)
                write(i, &part)
            }
            return part.bytes
        }) { append(part) }
    }

    /// Starts an array element.
    mutating func item(first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        newline()
    }

    /// Starts an object member; `key` must be plain ASCII needing no escapes.
    mutating func key(_ key: StaticString, first: Bool = true) {
        item(first: first)
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(32)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(32)
    }

    private mutating func literal(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    private mutating func null() { literal("null") }

    mutating func bool(_ value: Bool) { value ? literal("true") : literal("false") }

    mutating func int<T: BinaryInteger>(_ value: T?) {
        guard let value else { return null() }
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func double(_ value: Double?) {
        guard let value else { return null() }
        bytes.append(contentsOf: JSONText.number(value).utf8)
    }

    mutating func diagnostics(_ list: [Diagnostic]) {
        open("[")
        for (i, d) in list.enumerated() {
            item(first: i == 0)
            open("{")
            key("code"); string(d.code.rawValue)
            key("message", first: false); string(d.message)
            key("severity", first: false); string(d.severity.rawValue)
            if let suggestion = d.suggestion {
                key("suggestion", first: false)
                self.suggestion(suggestion)
            }
            close("}", empty: false)
        }
        close("]", empty: list.isEmpty)
    }

    /// Only the members that are set, as the synthesized `Encodable` writes them.
    mutating func suggestion(_ s: Suggestion) {
        open("{")
        key("action"); string(s.action.rawValue)
        if let channels = s.channels { key("channels", first: false); int(channels) }
        if let dataFormat = s.dataFormat { key("dataFormat", first: false); string(dataFormat) }
        if let fileType = s.fileType { key("fileType", first: false); string(fileType.rawValue) }
        if let output = s.output { key("output", first: false); string(output) }
        if let path = s.path { key("path", first: false); string(path) }
        if let sampleRate = s.sampleRate { key("sampleRate", first: false); double(sampleRate) }
        close("}", empty: false)
    }

    mutating func string(_ value: String?) {
        guard let value else { return null() }
        JSONText.quote(value, into: &bytes)
    }
}

/// JSON strings and numbers as Foundation's `JSONEncoder` writes them (`.withoutEscapingSlashes`):
/// the one statement of the escaping for the reports written directly.
enum JSONText {
    /// Appends `text` quoted: `"` and `\` escaped, control characters as `\n`-style escapes or `\u00XX`.
    static func quote(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied at once: most text is such a run.
            var runStart = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == 92 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                runStart = i + 1
                switch byte {
                case UInt8(ascii: "\""): escape("\"", &bytes)
                case 92: escape("\\", &bytes)
                case 10: escape("n", &bytes)
                case 13: escape("r", &bytes)
                case 9: escape("t", &bytes)
                case 8: escape("b", &bytes)
                case 12: escape("f", &bytes)
                default:
                    escape("u", &bytes)
                    bytes.append(48)
                    bytes.append(48)
                    let hex: StaticString = "0123456789abcdef"
                    hex.withUTF8Buffer { digits in
                        bytes.append(digits[Int(byte >> 4)])
                        bytes.append(digits[Int(byte & 15)])
                    }
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func escape(_ letter: Unicode.Scalar, _ bytes: inout [UInt8]) {
        bytes.append(92)
        bytes.append(UInt8(ascii: letter))
    }

    /// Whole doubles without ".0".
    static func number(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
