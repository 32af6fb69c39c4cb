import AlertSound

/// `explain`'s text, Markdown and HTML: per app and platform the steps, each with its evidence,
/// then the sentence to paste. Every value from a file, a payload or a project is escaped for the
/// format (``String/escapedForDisplay``, ``MarkdownReporter/cell(_:)``, ``HTMLReporter/escape(_:)``).
enum ExplainPrinter {
    static func mark(_ verdict: ExplanationStep.Verdict) -> String {
        switch verdict {
        case .passes: return "ok"
        case .defaultSound: return "DEFAULT SOUND"
        case .otherSound: return "OTHER SOUND"
        case .degraded: return "DEGRADED"
        case .risk: return "RISK"
        case .unknown: return "UNKNOWN"
        }
    }

    static func title(_ push: PushExplanation) -> String {
        "\(push.os?.displayName ?? push.platform.displayName)\(push.app.map { ": \($0)" } ?? "")"
    }

    static func place(_ evidence: Evidence) -> String? {
        guard let file = evidence.file else { return nil }
        return evidence.line.map { "\(file):\($0)" } ?? file
    }

    // MARK: text

    static func text(_ explanation: Explanation) -> String {
        var out = ""
        for push in explanation.pushes {
            out += "\(title(push).escapedForDisplay)\n"
            for (i, step) in push.steps.enumerated() {
                let codes = step.codes.isEmpty ? "" : " [\(step.codes.map(\.rawValue).joined(separator: ", "))]"
                out += "  \(i + 1). \(step.step.rawValue): \(mark(step.verdict))\(codes)\n"
                out += "     \(step.text.escapedForDisplay)\n"
                for evidence in step.evidence {
                    let at = place(evidence).map { "\($0.escapedForDisplay): " } ?? ""
                    out += "       - \(at)\(evidence.fact.escapedForDisplay)\n"
                }
            }
            out += "  => \(push.summary.escapedForDisplay)\n\n"
        }
        if explanation.pushes.isEmpty { out += "the push names no sound for any app found\n" }
        return out
    }

    // MARK: Markdown

    static func markdown(_ explanation: Explanation) -> String {
        var out = "## What this push plays\n\n"
        for note in explanation.notes { out += "> note: \(MarkdownReporter.cell(note))\n\n" }
        for push in explanation.pushes {
            out += "### \(MarkdownReporter.cell(title(push)))\n\n"
            for (i, step) in push.steps.enumerated() {
                let codes = step.codes.isEmpty ? "" : " (`\(step.codes.map(\.rawValue).joined(separator: "`, `"))`)"
                out +=
                    "\(i + 1). **\(step.step.rawValue): \(mark(step.verdict))**\(codes): \(MarkdownReporter.cell(step.text))\n"
                for evidence in step.evidence {
                    let at = place(evidence).map { "`\(MarkdownReporter.code($0))`: " } ?? ""
                    out += "   - \(at)\(MarkdownReporter.cell(evidence.fact))\n"
                }
            }
            out += "\n> \(MarkdownReporter.cell(push.summary))\n\n"
        }
        return out
    }

    // MARK: HTML

    static func html(_ explanation: Explanation) -> String {
        let e = HTMLReporter.escape
        var out =
            HTMLReporter.opening(title: "What this push plays: alertsound explain") + """
                <style>
                :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6e6e73; --ok: #248a3d; --bad: #d70015;
                  --warn: #b25000; --card: #f5f5f7; }
                @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --bg: #000; --muted: #a1a1a6; --card: #1c1c1e; } }
                body { font: 15px/1.45 -apple-system, system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 2em auto; max-width: 60em; padding: 0 1em; }
                section { background: var(--card); border-radius: 10px; padding: 0.5em 1.5em 1em; margin: 1em 0; }
                ol.timeline { list-style: none; padding-left: 0; border-left: 3px solid var(--muted); margin-left: 0.5em; }
                ol.timeline > li { position: relative; padding: 0.2em 0 0.8em 1.2em; }
                ol.timeline > li::before { content: ""; position: absolute; left: -0.55em; top: 0.55em; width: 0.8em; height: 0.8em; border-radius: 50%; background: var(--muted); }
                ol.timeline > li.passes::before { background: var(--ok) !important; }
                ol.timeline > li.default-sound::before, ol.timeline > li.other-sound::before { background: var(--bad) !important; }
                ol.timeline > li.degraded::before, ol.timeline > li.risk::before, ol.timeline > li.unknown::before { background: var(--warn) !important; }
                .verdict { font-weight: 600; } .evidence { color: var(--muted); font-size: 0.92em; margin: 0.2em 0 0 0; }
                code { font-size: 0.92em; } blockquote { margin: 0.5em 0 0; font-weight: 600; }
                </style>
                </head>
                <body>
                <h1>What this push plays</h1>

                """
        for note in explanation.notes { out += "<p class=\"note\">note: \(e(note))</p>\n" }
        for push in explanation.pushes {
            out += "<section>\n<h2>\(e(title(push)))</h2>\n<ol class=\"timeline\">\n"
            for step in push.steps {
                let codes = step.codes.map { "<code>\(e($0.rawValue))</code>" }.joined(separator: " ")
                out +=
                    "<li class=\"\(step.verdict.rawValue)\"><span class=\"verdict\">\(e(step.step.rawValue)): \(e(mark(step.verdict)))</span> \(codes)<br>\(e(step.text))"
                if !step.evidence.isEmpty {
                    out += "\n<ul class=\"evidence\">"
                    for evidence in step.evidence {
                        let at = place(evidence).map { "<code>\(e($0))</code>: " } ?? ""
                        out += "<li>\(at)\(e(evidence.fact))</li>"
                    }
                    out += "</ul>"
                }
                out += "</li>\n"
            }
            out += "</ol>\n<blockquote>\(e(push.summary))</blockquote>\n</section>\n"
        }
        return out + "</body>\n</html>\n"
    }
}
