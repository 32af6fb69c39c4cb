#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A sound name something will ask iOS to play: from an APNs payload, the command line or a list.
public struct SoundReference: Sendable, Hashable {
    /// The name as written; `nil` when the payload was too malformed to name one.
    public var name: String?
    /// Where it came from: a payload file, `--sound`, or `file:line` of a list.
    public var source: String
    /// From a critical-alert dictionary: looked up in the main bundle and `Library/Sounds` only.
    public var critical: Bool
    /// Problems found while reading the reference itself (`bad-payload`).
    public var problems: [Diagnostic]

    public init(name: String?, source: String, critical: Bool = false, problems: [Diagnostic] = []) {
        self.name = name
        self.source = source
        self.critical = critical
        self.problems = problems
    }

    /// Names given directly (`--sound`).
    public static func named(_ name: String) -> SoundReference { SoundReference(name: name, source: "--sound") }

    /// One name per line; blank lines and lines starting with `#` are skipped.
    /// At most `Limits.maximumNameListBytes` and `Limits.maximumNameListEntries` names.
    public static func list(at path: String) throws -> [SoundReference] {
        let bytes: [UInt8]
        do {
            bytes = try boundedContents(of: path, limit: Limits.maximumNameListBytes, what: "list of sound names")
        } catch let error as UnreadableFile {
            throw BundleError("\(path): \(error.reason)")
        }
        guard let text = validUTF8(bytes) else {
            throw BundleError("\(path): the list of sound names is not UTF-8 text")
        }
        let references = list(text: text, source: path)
        guard references.count <= Limits.maximumNameListEntries else {
            throw BundleError("\(path): \(references.count) names; a list may hold at most \(Limits.maximumNameListEntries)")
        }
        return references
    }

    /// Why `boundedContents` gave no bytes, without the path: each caller words the finding.
    struct UnreadableFile: Error {
        var reason: String
    }

    /// A file's bytes, refusing (without reading them all) files larger than `limit`.
    static func boundedContents(of path: String, limit: Int, what: String) throws -> [UInt8] {
        do {
            let source = try FileSource(path: path)
            guard source.size <= Int64(limit) else {
                throw UnreadableFile(reason: "the \(what) is \(source.size) bytes; alertsound reads at most \(limit)")
            }
            return try source.read(at: 0, count: Int(source.size))
        } catch let error as SourceError {
            throw UnreadableFile(reason: "cannot read the \(what): \(error)")
        }
    }

    /// One name per line of `text`; `source` names the list in each reference (`source:line`).
    static func list(text: String, source path: String) -> [SoundReference] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            let name = line.trimmingWhitespace()
            guard !name.isEmpty, !name.hasPrefix("#") else { return nil }
            return SoundReference(name: name, source: "\(path):\(number + 1)")
        }
    }

    /// The reference in an APNs payload or an Xcode `.apns` file (`aps.sound`, a name or the
    /// critical-alert dictionary). A payload without a sound gives none; a malformed one gives a
    /// reference carrying `bad-payload`.
    public static func payload(at path: String) -> [SoundReference] {
        do {
            return payload(Data(try boundedContents(of: path, limit: Limits.maximumPayloadBytes, what: "payload")), source: path)
        } catch let error as UnreadableFile {
            return [bad(path, error.reason)]
        } catch {
            return [bad(path, "cannot read the payload: \(error)")]
        }
    }

    /// At most `Limits.maximumPayloadBytes`: APNs itself takes 4 KB, and a parser given a huge
    /// document of numbers builds a huge object graph.
    public static func payload(_ data: Data, source: String) -> [SoundReference] {
        guard data.count <= Limits.maximumPayloadBytes else {
            return [bad(source, "\(data.count) bytes; a payload may be at most \(Limits.maximumPayloadBytes) (APNs accepts 4 KB)")]
        }
        let object: JSONValue
        do {
            object = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            let start = String(decoding: data.prefix(24), as: UTF8.self).replacingScalar("\n", with: " ")
            return [bad(source, "not valid JSON (it starts with \"\(start)\")")]
        }
        guard case .object(let top) = object, case .object(let aps)? = top["aps"] else {
            return [bad(source, "no 'aps' dictionary at the top level of the payload")]
        }
        guard let sound = aps["sound"] else { return [] }
        if case .string(let name) = sound {
            guard !name.isEmpty else { return [bad(source, "'aps.sound' is an empty string")] }
            return [SoundReference(name: name, source: source)]
        }
        guard case .object(let dictionary) = sound else {
            return [bad(source, "'aps.sound' must be a file name or a critical-alert dictionary")]
        }
        var problems: [String] = []
        let name: String? = if case .string(let text)? = dictionary["name"] { text } else { nil }
        if name?.isEmpty ?? true { problems.append("the critical-alert dictionary needs a non-empty 'name'") }
        var critical = false
        if let flag = dictionary["critical"] {
            switch number(flag) {
            case 0?: critical = false
            case 1?: critical = true
            default: problems.append("'critical' must be 0 or 1")
            }
        }
        if let volume = dictionary["volume"] {
            if let v = number(volume), (0...1).contains(v) {} else { problems.append("'volume' must be a number from 0 to 1") }
        }
        return [SoundReference(name: name.flatMap { $0.isEmpty ? nil : $0 }, source: source, critical: critical,
                               problems: problems.map { BundleCode.badPayload.diagnostic("\(source): \($0)") })]
    }

    /// JSON numbers (and true/false, read as 1/0); strings and the rest are not numbers.
    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .bool(let b): return b ? 1 : 0
        case .number(let n): return n
        default: return nil
        }
    }

    private static func bad(_ source: String, _ message: String) -> SoundReference {
        SoundReference(name: nil, source: source, problems: [BundleCode.badPayload.diagnostic("\(source): \(message)")])
    }
}

/// Any JSON value, decoded with FoundationEssentials' `JSONDecoder` (what payloads need to be looked into).
enum JSONValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }
}
