import AlertSound

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum Printers {
    /// Adds `bytes` to standard output's buffer, in order with `print`.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
    }

    /// Sends what standard output holds.
    static func flush() { fflush(stdout) }

    /// Writes `bytes` to standard output after anything `print` buffered.
    static func writeStandardOutput(_ bytes: [UInt8]) {
        fflush(stdout)
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
        fflush(stdout)
    }

    static func render(_ report: CheckReport, as format: ReportFormat) -> String {
        switch format {
        case .text: return TextPrinter.render(report)
        case .json: return String(decoding: report.jsonBytes(), as: UTF8.self) + "\n"
        case .xcode: return XcodePrinter.render(report.findings)
        case .github: return GitHubPrinter.render(report.findings)
        case .markdown: return MarkdownPrinter.render(report)
        case .html:
            var page = ""
            var html = HTMLReport { page += $0 }
            for file in report.files { html.add(file, preview: HTMLReport.preview(of: file)) }
            html.finish()
            return page
        }
    }

    static func render(_ report: ValidationReport, as format: ReportFormat) -> String {
        switch format {
        case .text: return TextPrinter.render(report)
        case .json: return String(decoding: report.jsonBytes(), as: UTF8.self) + "\n"
        case .xcode: return XcodePrinter.render(report.findings)
        case .github: return GitHubPrinter.render(report.findings)
        case .markdown: return MarkdownPrinter.render(report)
        // `validate-bundle` refuses it: its sounds may sit inside archives.
        case .html: return TextPrinter.render(report)
        }
    }
}

extension SoundInfo {
    /// "CAF, ima4, 44100 Hz, 2 ch, 1.500 s"
    var summary: String {
        var parts = [container.displayName]
        if let coding {
            var f = coding.code
            if let pcm = coding.pcm, let bits = bitsPerSample { f += " \(bits)-bit\(pcm.isFloat ? " float" : "")" }
            parts.append(f)
        }
        if let sampleRate { parts.append("\(Formatting.number(sampleRate)) Hz") }
        if let channels { parts.append("\(channels) ch") }
        if let duration { parts.append(Formatting.seconds(duration) + " s") }
        return parts.joined(separator: ", ")
    }
}
