import AlertSound

/// GitHub Actions workflow commands: `::error file=path,title=code::message`.
enum GitHubPrinter {
    static func render(_ findings: [Finding]) -> String {
        findings.map { f in
            let line = f.line.map { ",line=\($0)" } ?? ""
            return "::\(command(f.diagnostic.severity)) file=\(property(f.path))\(line),title=\(property(f.diagnostic.code))::\(data(f.diagnostic.message))\n"
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
