import AlertSound

/// The report as JSON (Schemas/check.schema.json, validate-bundle.schema.json), written by the
/// library's streams as verdicts arrive: the same bytes as the whole report's encoding.
struct JSONReporter: Reporter {
    static let name = "json"
    static let purpose = "for machines"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        ": one object for the whole run (see JSON)."

    private var check: CheckJSONStream?
    private var validation: ValidationJSONStream?
    private var notes: [String] = []

    init(_ settings: ReportSettings) {}

    mutating func add(files: [FileReport]) {
        if check == nil { check = CheckJSONStream(output: Printers.write) }
        check?.add(contentsOf: files)
    }

    mutating func add(notes: [String]) { self.notes += notes }

    mutating func add(_ part: BundleReport.Part) {
        if validation == nil { validation = ValidationJSONStream(output: Printers.write) }
        validation?.add(part)
    }

    mutating func finish() {
        if var validation {
            validation.finish(notes: notes)
        } else {
            var check = check ?? CheckJSONStream(output: Printers.write)
            check.finish()
        }
        Printers.write([10])
    }

    /// The error document every JSON reader is promised.
    static func stopped(_ error: AlertSoundError, command: String) -> String? {
        JSONPrinter.render(ErrorDocument(error)) + "\n"
    }
}
