import AlertSound

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SARIF 2.1.0, for GitHub code scanning (`github/codeql-action/upload-sarif`) and other static-
/// analysis dashboards: one run whose rules are every diagnostic code (its id, summary, details,
/// default level and a link into the guide that lists it) and whose results are the findings, each
/// at the file it is about, by a URI relative to the working folder (`%SRCROOT%`, the repository
/// root in CI). Results are kept as they arrive and the document is written at the end.
struct SARIFReporter: Reporter {
    static let name = "sarif"
    static let purpose = "for code scanning"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        ": a SARIF 2.1.0 log for GitHub code scanning (`upload-sarif`) and other dashboards: its rules are every diagnostic code (id, summary, level, a link to the guide that lists it), its results the findings at the file each is about, by a URI relative to the working folder (base `%SRCROOT%`), every byte of a name but letters, digits and `-._~/` percent-encoded, so no `!`, `#`, `?` or `%` in a name moves it to another file (an archive entry at its archive, the entry's name in the location's `properties.archiveEntry`; a reference at the payload or line of code that names it); a run that stops prints a log with the error as its invocation's notification."

    private var results: [SARIF.Result] = []
    private var bundle = ""
    /// The archive the bundle is read from (an .ipa's or .apk's path as shown), whose entries are
    /// named `ARCHIVE!ENTRY`: known from the bundle, never guessed from a `!` in a name.
    private var archive: String?

    init(_ settings: ReportSettings) {}

    mutating func add(files: [FileReport]) {
        for file in files { results += SARIF.results(file.diagnostics, at: file.path) }
    }

    mutating func add(_ part: BundleReport.Part) {
        switch part {
        case .opened(let bundle, let kind, _):
            self.bundle = bundle
            archive = SARIF.archive(of: bundle, kind: kind)
        case .files(let files):
            for file in files {
                results += SARIF.results(file.report.diagnostics, at: file.report.path, archive: archive)
            }
        case .references(let references):
            for reference in references { results += SARIF.results(reference, in: bundle, archive: archive) }
        case .closed: break
        case .unjudged(let platform):
            for reference in platform.references { results += SARIF.results(reference, in: nil, archive: nil) }
        }
    }

    func finish() {
        Printers.document(JSONPrinter.render(SARIF.Log(results: results, stopped: nil)) + "\n")
    }

    /// A run that stopped is a log with no results and the error as a notification: an upload step
    /// still gets a valid document.
    static func stopped(_ error: AlertSoundError, command: String) -> String? {
        JSONPrinter.render(SARIF.Log(results: [], stopped: error)) + "\n"
    }
}

/// The part of SARIF 2.1.0 alertsound writes (OASIS Static Analysis Results Interchange Format).
enum SARIF {
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    static let rootBase = "%SRCROOT%"

    struct Log: Encodable {
        var schema = SARIF.schema
        var version = "2.1.0"
        var runs: [Run]

        init(results: [Result], stopped: AlertSoundError?) {
            runs = [Run(results: results, stopped: stopped)]
        }

        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable {
        var tool = Tool()
        var results: [Result]
        var invocations: [Invocation]

        init(results: [Result], stopped: AlertSoundError?) {
            self.results = results
            invocations = [
                Invocation(
                    executionSuccessful: stopped == nil,
                    toolExecutionNotifications: stopped.map {
                        [Notification(level: "error", message: Message($0.description))]
                    } ?? [])
            ]
        }
    }

    struct Tool: Encodable {
        var driver = Driver()
    }

    struct Driver: Encodable {
        var name = "alertsound"
        var version = AlertSoundVersion.current
        var informationUri = AlertSoundVersion.homepage
        var rules = DiagnosticCode.allCases.map(Rule.init)
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var helpUri: String
        var defaultConfiguration: Configuration
        var properties: Properties

        init(_ code: DiagnosticCode) {
            id = code.rawValue
            // `undocumented-format` → `UndocumentedFormat`, as SARIF's rule names are written.
            name = code.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            shortDescription = Message(code.summary)
            fullDescription = Message([code.summary, code.details].compactMap { $0 }.joined(separator: " "))
            helpUri = AlertSoundVersion.homepage + "/blob/main/" + SARIF.guide(of: code.topic)
            defaultConfiguration = Configuration(level: SARIF.level(code.severity))
            properties = Properties(tags: ["notification-sound", code.topic.rawValue])
        }
    }

    struct Configuration: Encodable { var level: String }
    struct Properties: Encodable { var tags: [String] }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
        /// For a finding inside an archive: the entry, as its name is written in the archive.
        var properties: EntryProperties?
    }

    /// SARIF's property bag of an archive's artifact location: code scanning shows the finding at
    /// the archive, a file of the repository; the entry is said here, whole, as data.
    struct EntryProperties: Encodable, Equatable {
        var archiveEntry: String
    }

    struct Region: Encodable { var startLine: Int }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    struct Notification: Encodable {
        var level: String
        var message: Message
    }

    /// Text shown as it is: SARIF reads `[text](n)` in a message as a link, so brackets (and the
    /// backslash that escapes them) from a file or payload name are escaped (SARIF §3.11.5).
    struct Message: Encodable {
        var text: String
        init(_ text: String) {
            var out = ""
            for character in text {
                if character == "[" || character == "]" || character == "\\" { out.append("\\") }
                out.append(character)
            }
            self.text = out
        }
    }

    /// The guide that lists a topic's codes.
    static func guide(of topic: DiagnosticCode.Topic) -> String {
        switch topic {
        case .file, .levels: return "docs/command-line.md"
        case .bundle, .entitlements, .lock: return "docs/ci-and-xcode.md"
        case .android: return "docs/cross-platform.md"
        }
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    static func results(
        _ diagnostics: [Diagnostic], at path: String, line: Int? = nil, archive: String? = nil
    ) -> [Result] {
        diagnostics.map { d in
            Result(
                ruleId: d.code.rawValue, ruleIndex: DiagnosticCode.allCases.firstIndex(of: d.code) ?? 0,
                level: level(d.severity), message: Message(d.message),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: artifact(path, archive: archive), region: line.map(Region.init)))
                ])
        }
    }

    /// A reference's findings: at the line of the app's code or list that names it, at the payload
    /// file it was read from (a payload's names carry their key), else (`--sound`, a payload on
    /// standard input) at the bundle it was resolved in.
    static func results(_ reference: ReferenceReport, in bundle: String?, archive: String?) -> [Result] {
        if let position = reference.position {
            return results(reference.diagnostics, at: position.file, line: position.line, archive: archive)
        }
        let fromFile = reference.field != nil && !reference.source.hasPrefix("-")
        return results(reference.diagnostics, at: fromFile ? reference.source : bundle ?? ".", archive: archive)
    }

    /// The archive a bundle is read from, when it is one: an .apk's root is the archive; an .ipa's
    /// is `ARCHIVE!Payload/NAME.app`, where NAME holds no `/`, so the archive is what comes before
    /// its last `!Payload/`.
    static func archive(of root: String, kind: BundleKind) -> String? {
        switch kind {
        case .apk:
            return root
        case .ipa:
            guard let slash = root.lastIndex(of: "/"), root[..<slash].hasSuffix("!Payload") else { return nil }
            return String(root[..<slash].dropLast("!Payload".count))
        default:
            return nil
        }
    }

    /// Where a finding is, as a URI reference (RFC 3986, as SARIF's `uri` is): relative to the
    /// working folder (with the `%SRCROOT%` base) when the file is inside it, else an absolute
    /// `file:` URI; every byte of a name but the unreserved ones percent-encoded, so no name (`!`,
    /// `#`, `?`, `%`) changes where it points. An entry of `archive` (`App.ipa!Payload/…`) is at
    /// the archive, with the entry in the location's properties; any other `!` is part of a name.
    static func artifact(
        _ path: String, archive: String? = nil, workingFolder: String? = currentFolder()
    ) -> ArtifactLocation {
        var file = path
        var entry: EntryProperties?
        if let archive, path.count > archive.count, path.hasPrefix(archive + "!") {
            file = archive
            entry = EntryProperties(archiveEntry: String(path.dropFirst(archive.count + 1)))
        }
        if file.hasPrefix("./") { file.removeFirst(2) }
        if file.hasPrefix("/") {
            if let base = workingFolder, file.hasPrefix(base + "/") {
                return ArtifactLocation(
                    uri: encoded(String(file.dropFirst(base.count + 1))), uriBaseId: rootBase, properties: entry)
            }
            return ArtifactLocation(uri: "file://" + encoded(file), uriBaseId: nil, properties: entry)
        }
        return ArtifactLocation(uri: encoded(file.isEmpty ? "." : file), uriBaseId: rootBase, properties: entry)
    }

    /// RFC 3986 percent-encoding of a path: unreserved characters and `/` kept, every other UTF-8 byte as `%XX`.
    static func encoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + hexDigits(UInt32(byte), width: 2)
            }
        }
        return out
    }

    static func currentFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(cString: buffer)
    }
}
