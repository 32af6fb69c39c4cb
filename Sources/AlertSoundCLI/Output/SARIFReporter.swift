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

    private var results: [SARIF.Result] = []
    private var bundle = ""

    init(_ settings: ReportSettings) {}

    mutating func add(files: [FileReport]) {
        for file in files { results += SARIF.results(file.diagnostics, at: file.path) }
    }

    mutating func add(_ part: BundleReport.Part) {
        switch part {
        case .opened(let bundle, _, _): self.bundle = bundle
        case .files(let files):
            for file in files { results += SARIF.results(file.report.diagnostics, at: file.report.path) }
        case .references(let references):
            for reference in references { results += SARIF.results(reference, in: bundle) }
        case .closed: break
        case .unjudged(let platform):
            for reference in platform.references { results += SARIF.results(reference, in: nil) }
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

    static func results(_ diagnostics: [Diagnostic], at path: String, line: Int? = nil) -> [Result] {
        diagnostics.map { d in
            Result(
                ruleId: d.code.rawValue, ruleIndex: DiagnosticCode.allCases.firstIndex(of: d.code) ?? 0,
                level: level(d.severity), message: Message(d.message),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: artifact(path), region: line.map(Region.init)))
                ])
        }
    }

    /// A reference's findings: at the line of the app's code or list that names it, at the payload
    /// file it was read from (a payload's names carry their key), else (`--sound`, a payload on
    /// standard input) at the bundle it was resolved in.
    static func results(_ reference: ReferenceReport, in bundle: String?) -> [Result] {
        if let position = reference.position {
            return results(reference.diagnostics, at: position.file, line: position.line)
        }
        let fromFile = reference.field != nil && !reference.source.hasPrefix("-")
        return results(reference.diagnostics, at: fromFile ? reference.source : bundle ?? ".")
    }

    /// Where a finding is, as a URI: relative to the working folder (percent-encoded, with the
    /// `%SRCROOT%` base) when the file is inside it, else an absolute `file:` URI. An archive entry
    /// (`App.ipa!Payload/…`) is at its archive.
    static func artifact(_ path: String, workingFolder: String? = currentFolder()) -> ArtifactLocation {
        var file = String(path.prefix { $0 != "!" })
        if file.hasPrefix("./") { file.removeFirst(2) }
        if file.hasPrefix("/") {
            if let base = workingFolder, file.hasPrefix(base + "/") {
                return ArtifactLocation(uri: encoded(String(file.dropFirst(base.count + 1))), uriBaseId: rootBase)
            }
            return ArtifactLocation(uri: "file://" + encoded(file), uriBaseId: nil)
        }
        return ArtifactLocation(uri: encoded(file.isEmpty ? "." : file), uriBaseId: rootBase)
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
