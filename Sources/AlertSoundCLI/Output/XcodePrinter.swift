import AlertSound

/// `path: error: [code] message`, the form Xcode's Issue navigator picks up from a Run Script phase.
enum XcodePrinter {
    static func render(_ report: CheckReport) -> String {
        report.files.flatMap { file in
            file.diagnostics.map { "\(file.path): \($0.severity.rawValue): [\($0.code)] \($0.message)\n" }
        }.joined()
    }
}
