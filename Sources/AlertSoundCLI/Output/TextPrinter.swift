import AlertSound

/// For people at a terminal: one line a file, its findings indented below.
enum TextPrinter {
    static func render(_ report: CheckReport) -> String {
        var out = ""
        for file in report.files {
            let verdict = file.valid ? "valid" : "invalid"
            let details = file.info.map { " (\($0.summary))" } ?? ""
            out += "\(file.path): \(verdict)\(details)\n"
            for d in file.diagnostics {
                out += "  \(d.severity.rawValue) [\(d.code)] \(d.message)\n"
            }
        }
        let invalid = report.files.filter { !$0.valid }.count
        let noun = report.files.count == 1 ? "file" : "files"
        out += report.files.isEmpty
            ? "no sound files found\n"
            : "\(report.files.count) \(noun) checked: \(report.files.count - invalid) valid, \(invalid) invalid\n"
        return out
    }
}
