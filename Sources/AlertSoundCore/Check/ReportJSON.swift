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
    package func writeJSON(_ w: inout JSONWriter, location: SoundLocation? = nil, relativePath: String? = nil, resourceName: String? = nil) {
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
