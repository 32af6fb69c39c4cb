import AlertSound

/// For people at a terminal: one line a file, its findings indented below; a closing line.
struct TextReporter: Reporter {
    static let name = "text"
    static let purpose = "for people"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        ": a line per file and its findings, then a summary."

    private var files = 0, invalid = 0
    private var bundle = BundleText { Printers.text($0) }
    private var judgedBundles = false

    init(_ settings: ReportSettings) {
        bundle.paths = settings.paths
    }

    mutating func add(files batch: [FileReport]) {
        var out = ""
        for file in batch {
            files += 1
            if !file.valid { invalid += 1 }
            out += Self.line(file)
        }
        Printers.text(out)
    }

    mutating func add(notes: [String]) {
        for note in notes { Printers.note(note) }
    }

    mutating func add(_ part: BundleReport.Part) {
        judgedBundles = true
        bundle.add(part)
    }

    mutating func finish() {
        if judgedBundles {
            bundle.finish()
        } else {
            Printers.text(Self.summary(files: files, invalid: invalid))
        }
    }

    /// The closing line of `check`.
    static func summary(files: Int, invalid: Int) -> String {
        files == 0
            ? "no sound files found\n"
            : "\(files) \(files == 1 ? "file" : "files") checked: \(files - invalid) valid, \(invalid) invalid\n"
    }

    static func line(_ file: FileReport, location: SoundLocation? = nil) -> String {
        let verdict = file.valid ? "valid" : "invalid"
        let details = file.info.map { " (\($0.summary))" } ?? ""
        var out = "\(file.path.escapedForDisplay): \(verdict)\(details)\(location.map { " [\($0.rawValue)]" } ?? "")\n"
        if let l = file.levels {
            func db(_ value: Double?, _ unit: String) -> String {
                value.map { Formatting.tenths($0) + " " + unit } ?? "none"
            }
            let low = file.info?.sampleRate.map { $0 < LevelMeter.minimumLoudnessRate } == true
            let loudness =
                low
                ? "not measured below \(Formatting.number(LevelMeter.minimumLoudnessRate)) Hz"
                : db(l.maxMomentaryLoudness, "LUFS")
            out += "  levels: loudest 400 ms \(loudness), true peak \(db(l.truePeak, "dBTP"))\n"
        } else if let error = file.levelsError {
            out += "  levels: not measured: \(error.advisedDescription.escapedForDisplay)\n"
        }
        for d in file.diagnostics {
            out += "  \(d.severity.rawValue) [\(d.code.rawValue)] \(d.advisedMessage.escapedForDisplay)\n"
        }
        return out
    }

    /// `validate-bundle`'s text, written as a run's parts arrive: each bundle's heading, a line a
    /// sound, its references, and its counts.
    struct BundleText {
        private let output: (String) -> Void
        /// The paths validated, for the `explain` line under a failing reference.
        var paths: [String] = []
        private var bundles = 0, invalidBundles = 0, unjudged = 0
        private var files = 0, invalidFiles = 0, references = 0, failingReferences = 0, unresolvedReferences = 0

        init(output: @escaping (String) -> Void) { self.output = output }

        mutating func add(_ part: BundleReport.Part) {
            switch part {
            case let .opened(bundle, kind, entitlements):
                if bundles > 0 { output("\n") }
                bundles += 1
                (files, invalidFiles, references, failingReferences, unresolvedReferences) = (0, 0, 0, 0, 0)
                var out = "\(bundle.escapedForDisplay) (\(kind.rawValue), \(kind.platform.displayName))\n"
                if let entitlements {
                    out +=
                        "entitlements (\(entitlements.source.rawValue), \(entitlements.path.escapedForDisplay)):"
                        + " critical alerts \(entitlements.criticalAlerts ? "allowed" : "not allowed")\n"
                }
                output(out)
            case .files(let batch):
                var out = ""
                for file in batch {
                    files += 1
                    if !file.report.valid { invalidFiles += 1 }
                    out += TextReporter.line(file.report, location: file.location)
                }
                output(out)
            case .references(let batch):
                var out = references == 0 && !batch.isEmpty ? "references:\n" : ""
                for reference in batch {
                    references += 1
                    if !reference.valid {
                        failingReferences += 1
                    } else if reference.resolvedPath == nil, reference.name != "default" {
                        // Passes with warnings but names no file (computed, or installed at run time).
                        unresolvedReferences += 1
                    }
                    out += TextReporter.line(reference)
                    if !reference.valid, let command = ExplainCommand.line(for: reference, paths: paths) {
                        out += "    see why: \(command.escapedForDisplay)\n"
                    }
                }
                output(out)
            case .closed(let valid):
                if !valid { invalidBundles += 1 }
                var out =
                    "\(files) sound\(files == 1 ? "" : "s"): \(files - invalidFiles) valid, \(invalidFiles) invalid"
                if references > 0 {
                    out +=
                        "; \(references) reference\(references == 1 ? "" : "s"): \(references - failingReferences - unresolvedReferences) resolved, \(failingReferences) failing"
                        + (unresolvedReferences > 0 ? ", \(unresolvedReferences) unresolved" : "")
                }
                output(out + (valid ? " — bundle valid\n" : " — bundle invalid\n"))
            case .unjudged(let platform):
                if bundles + unjudged > 0 { output("\n") }
                var out =
                    "\(platform.platform.displayName) not judged: \(platform.reason.escapedForDisplay)\nreferences:\n"
                for reference in platform.references {
                    unjudged += 1
                    out += TextReporter.line(reference)
                }
                let count = platform.references.count
                output(out + "\(count) \(count == 1 ? "name" : "names") not judged — invalid\n")
            }
        }

        /// With several bundles, a line for all.
        func finish() {
            if bundles > 1 || unjudged > 0 {
                output(
                    "\(bundles) bundle\(bundles == 1 ? "" : "s"): \(bundles - invalidBundles) valid, \(invalidBundles) invalid"
                        + (unjudged > 0 ? "; \(unjudged) \(unjudged == 1 ? "name" : "names") not judged\n" : "\n"))
            }
        }
    }

    static func line(_ reference: ReferenceReport) -> String {
        let name = reference.name.map { "'\($0.escapedForDisplay)'" } ?? "(no name)"
        // "plays" only when it will: a reference to a sound that breaks a rule names it, no more.
        let target =
            reference.resolvedPath.map { "\(reference.valid ? "plays" : "names") \($0.escapedForDisplay)" }
            ?? (reference.name == "default" ? "plays the default sound" : "resolves to nothing")
        let from = reference.source.escapedForDisplay + (reference.field.map { " (\($0))" } ?? "")
        var out = "  \(name)\(reference.critical ? " (critical)" : "") from \(from): \(target)\n"
        for d in reference.diagnostics {
            out += "    \(d.severity.rawValue) [\(d.code.rawValue)] \(d.advisedMessage.escapedForDisplay)\n"
        }
        return out
    }
}
