import AlertSound

enum Printers {
    static func render(_ report: CheckReport, as format: ReportFormat) -> String {
        switch format {
        case .text: return TextPrinter.render(report)
        case .json: return JSONPrinter.render(report) + "\n"
        case .xcode: return XcodePrinter.render(report.findings)
        case .github: return GitHubPrinter.render(report.findings)
        }
    }

    static func render(_ report: BundleReport, as format: ReportFormat) -> String {
        switch format {
        case .text: return TextPrinter.render(report)
        case .json: return JSONPrinter.render(report) + "\n"
        case .xcode: return XcodePrinter.render(report.findings)
        case .github: return GitHubPrinter.render(report.findings)
        }
    }
}

extension SoundInfo {
    /// "CAF, ima4, 44100 Hz, 2 ch, 1.500 s"
    var summary: String {
        var parts = [container.displayName]
        if let format {
            var f = format.code
            if format == .lpcm, let bits = bitsPerSample { f += " \(bits)-bit\(pcm?.isFloat == true ? " float" : "")" }
            parts.append(f)
        }
        if let sampleRate { parts.append("\(Self.number(sampleRate)) Hz") }
        if let channels { parts.append("\(channels) ch") }
        if let duration { parts.append(String(format3(duration)) + " s") }
        return parts.joined(separator: ", ")
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}

func format3(_ v: Double) -> String {
    guard v.isFinite, abs(v) < 1e12 else { return String(v) }
    let ms = Int64((v * 1000).rounded())
    let fraction = String(ms % 1000)
    return "\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
