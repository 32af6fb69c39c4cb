extension CheckReport {
    /// `check --format json`'s document, as UTF-8: this report's `Encodable` form, written by
    /// ``ReportEncoder``.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter()
        ReportEncoder.report(self, into: &writer)
        return writer.take()
    }
}

/// `check --format json`'s document written as reports arrive (``Checker/check(paths:each:)``):
/// the same bytes as ``CheckReport/jsonBytes()`` of the whole report, which works because `files`
/// sorts before `schemaVersion` and `valid`, the only members that need every file. Each file's
/// object is its `Encodable` form; only the cut around the array is written here.
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
        w.key(CheckReport.Keys.files.stringValue)
        w.open("[")
        output(w.bytes)
    }

    /// One more file of the `files` array.
    public mutating func add(_ file: FileReport) {
        add(contentsOf: [file])
    }

    /// More files of the `files` array, in order; their objects are written on all cores.
    public mutating func add(contentsOf files: [FileReport]) {
        pending.items(files, offset: count)
        count += files.count
        valid = valid && files.allSatisfy(\.valid)
        if pending.bytes.count >= 1 << 18 { output(pending.take()) }
    }

    /// The rest of the document, after the last file.
    public mutating func finish() {
        pending.close("]", empty: count == 0)
        pending.key(CheckReport.Keys.schemaVersion.stringValue, first: false)
        pending.int(ReportSchema.version)
        pending.key(CheckReport.Keys.valid.stringValue, first: false)
        pending.bool(valid)
        pending.close("}", empty: false)
        output(pending.take())
    }
}
