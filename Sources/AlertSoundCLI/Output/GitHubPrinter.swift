import AlertSound

/// GitHub Actions workflow commands: `::error file=path,title=code::message`.
enum GitHubPrinter {
    static func render(_ report: CheckReport) -> String {
        report.files.flatMap { file in
            file.diagnostics.map { d in
                "::\(command(d.severity)) file=\(property(file.path)),title=\(property(d.code))::\(data(d.message))\n"
            }
        }.joined()
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "notice"
        }
    }

    // The escapes GitHub's runner decodes in workflow command data and properties.
    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
