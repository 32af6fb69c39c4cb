import AlertSound

/// JUnit XML, the report CI dashboards read (GitLab's test reports, Jenkins, Bitrise, Codemagic,
/// Azure): a test suite per run (`check`) or per bundle (`validate-bundle`), a test case per sound
/// and per sound name a payload uses, a `<failure>` per finding that fails it (its code as `type`)
/// and the others in the case's `<system-out>`. Cases are kept as they arrive; the document is
/// written at the end, since a suite's opening tag carries its counts.
struct JUnitReporter: Reporter {
    static let name = "junit"
    static let purpose = "for CI dashboards' test reports"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        ": JUnit XML for CI dashboards' test reports (GitLab, Jenkins, Bitrise, Codemagic): a test suite for `check`'s run or for each bundle, a test case per sound and per name a payload uses, a `<failure>` per finding that fails it (its code as `type`) and the other findings in the case's `<system-out>`; a run that stops prints one suite whose case has an `<error>`."

    private var suites: [Suite] = []

    init(_ settings: ReportSettings) {}

    mutating func add(files: [FileReport]) {
        if suites.isEmpty { suites.append(Suite(name: "alertsound check")) }
        for file in files { suites[suites.count - 1].cases.append(Case(file, classname: "alertsound.check")) }
    }

    mutating func add(notes: [String]) {
        if suites.isEmpty { suites.append(Suite(name: "alertsound validate-bundle")) }
        suites[suites.count - 1].notes += notes
    }

    mutating func add(_ part: BundleReport.Part) {
        switch part {
        case let .opened(bundle, kind, _):
            suites.append(Suite(name: bundle, classname: "alertsound.\(kind.platform.rawValue)"))
        case .files(let files):
            if suites.isEmpty { suites.append(Suite(name: "alertsound validate-bundle")) }
            let classname = suites[suites.count - 1].classname
            suites[suites.count - 1].cases += files.map { Case($0.report, classname: classname) }
        case .references(let references):
            if suites.isEmpty { suites.append(Suite(name: "alertsound validate-bundle")) }
            let classname = suites[suites.count - 1].classname
            suites[suites.count - 1].cases += references.map { Case($0, classname: classname) }
        case .closed:
            break
        case .unjudged(let unjudged):
            var suite = Suite(
                name: "\(unjudged.platform.displayName): no app", classname: "alertsound.\(unjudged.platform.rawValue)")
            suite.cases = unjudged.references.map { Case($0, classname: suite.classname) }
            suites.append(suite)
        }
    }

    func finish() {
        Printers.document(Self.document(suites.isEmpty ? [Suite(name: "alertsound")] : suites))
    }

    /// A stopped run is one suite with one errored case: a dashboard still gets a document, which
    /// says why.
    static func stopped(_ error: AlertSoundError, command: String) -> String? {
        var suite = Suite(name: "alertsound \(command)")
        suite.cases = [
            Case(
                name: error.path ?? "alertsound \(command)", classname: "alertsound.\(command)",
                failures: [], error: error.advisedDescription, output: [])
        ]
        return document([suite])
    }

    struct Suite {
        var name: String
        var classname = "alertsound"
        var cases: [Case] = []
        var notes: [String] = []
    }

    struct Case {
        var name: String
        var classname: String
        /// (type, message) of each finding that fails the case.
        var failures: [(String, String)]
        /// Set when the run stopped: the case errored, it did not fail.
        var error: String?
        /// The findings that do not fail it.
        var output: [String]

        init(name: String, classname: String, failures: [(String, String)], error: String?, output: [String]) {
            self.name = name
            self.classname = classname
            self.failures = failures
            self.error = error
            self.output = output
        }

        init(_ file: FileReport, classname: String) {
            self.init(name: file.path, classname: classname, diagnostics: file.diagnostics, strict: file.strict)
        }

        init(_ reference: ReferenceReport, classname: String) {
            let at = reference.position.map { "\($0.file):\($0.line)" } ?? reference.source
            self.init(
                name: "\(reference.name ?? "(no name)") (\(at))", classname: classname,
                diagnostics: reference.diagnostics, strict: reference.strict)
        }

        private init(name: String, classname: String, diagnostics: [Diagnostic], strict: Bool) {
            let failing = diagnostics.filter { $0.fails(strict: strict) }
            self.init(
                name: name, classname: classname,
                failures: failing.map { ($0.code.rawValue, $0.advisedMessage) }, error: nil,
                output: diagnostics.filter { !$0.fails(strict: strict) }.map {
                    "\($0.severity.rawValue) [\($0.code.rawValue)] \($0.advisedMessage)"
                })
        }
    }

    static func document(_ suites: [Suite]) -> String {
        let failures = suites.reduce(0) { $0 + $1.cases.filter { !$0.failures.isEmpty }.count }
        let errors = suites.reduce(0) { $0 + $1.cases.filter { $0.error != nil }.count }
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"alertsound\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        for suite in suites {
            let failed = suite.cases.filter { !$0.failures.isEmpty }.count
            let errored = suite.cases.filter { $0.error != nil }.count
            out +=
                "  <testsuite name=\"\(xml(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(failed)\" errors=\"\(errored)\" skipped=\"0\">\n"
            if !suite.notes.isEmpty {
                out += "    <system-out>\(suite.notes.map(xml).joined(separator: "\n"))</system-out>\n"
            }
            for test in suite.cases {
                out += "    <testcase name=\"\(xml(test.name))\" classname=\"\(xml(test.classname))\""
                if test.failures.isEmpty && test.error == nil && test.output.isEmpty {
                    out += "/>\n"
                    continue
                }
                out += ">\n"
                for (type, message) in test.failures {
                    out +=
                        "      <failure type=\"\(xml(type))\" message=\"\(xml(message))\">\(xml(type + ": " + message))</failure>\n"
                }
                if let error = test.error { out += "      <error message=\"\(xml(error))\">\(xml(error))</error>\n" }
                if !test.output.isEmpty {
                    out += "      <system-out>\(test.output.map(xml).joined(separator: "\n"))</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// Text for an XML attribute or element: controls, bidi and invisible characters shown as
    /// escapes (``LogText/value(_:)``: XML 1.0 cannot carry most C0 characters at all, even as
    /// references, and a line break would split a log line), then what ``XMLText/attribute(_:)``
    /// makes safe in XML, so no name closes a tag or an attribute, or ends a `]]>`.
    static func xml(_ text: String) -> String { XMLText.attribute(LogText.value(text)) }
}
