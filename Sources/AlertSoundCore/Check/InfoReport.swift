#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `info` says of each file: its header as read (or why it could not be), the verdict as
/// `check` gives it, and with levels what was measured. `info --format json`'s document
/// (Schemas/info.schema.json) is this type's encoding, so a tool gets the command's JSON from the
/// library. Encoding only: a file's header is described by ``SoundInfo``, which the document flattens.
public struct InfoReport: Sendable, Encodable {
    /// One file.
    public struct File: Sendable {
        /// The file as named.
        public var path: String
        /// Its header, or why it could not be read.
        public var header: Result<SoundInfo, AlertSoundError>
        /// The verdict, as `check` judges it.
        public var verdict: FileReport
        /// With levels: what was measured, or why the audio could not be decoded; `nil` for a file
        /// whose header could not be read. Unused without levels.
        public var levels: Result<SoundLevels, AlertSoundError>?
    }

    /// One per file, in order.
    public var files: [File]
    /// Whether levels were measured (the document then has `levels` for every file).
    public var measuresLevels: Bool

    /// Judges each header as `check` would. `levels`, when given, has one entry per file (`nil`
    /// where its header could not be read).
    public init(
        _ headers: [(path: String, header: Result<SoundInfo, AlertSoundError>)],
        levels: [Result<SoundLevels, AlertSoundError>?]? = nil,
        checker: Checker = Checker()
    ) {
        files = headers.enumerated().map { index, item in
            let outcome: RuleSubject.Outcome
            switch item.header {
            case .success(let info): outcome = .inspected(info)
            case .failure(let error): outcome = .failed(error)
            }
            return File(
                path: item.path, header: item.header,
                verdict: checker.report(RuleSubject(path: item.path, outcome: outcome)),
                levels: levels?[index])
        }
        measuresLevels = levels != nil
    }

    enum Keys: String, CodingKey { case schemaVersion, files }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(files.map { Entry(file: $0, measuresLevels: measuresLevels) }, forKey: .files)
    }

    /// A file's object: the verdict's members (as in `check`), then what only `info` says.
    private struct Entry: Encodable {
        let file: File
        let measuresLevels: Bool

        struct Chunk: Encodable {
            let id: String
            let offset: Int64
            let size: Int64
        }
        enum Keys: String, CodingKey { case chunks, repairs, error, levels, levelsError }

        func encode(to encoder: Encoder) throws {
            try file.verdict.encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            switch file.header {
            case .success(let info):
                try c.encode(info.chunks.map { Chunk(id: $0.id, offset: $0.offset, size: $0.size) }, forKey: .chunks)
                try c.encode(info.repairs.map(\.description), forKey: .repairs)
                try c.encodeNil(forKey: .error)
            case .failure(let error):
                try c.encode([Chunk](), forKey: .chunks)
                try c.encode([String](), forKey: .repairs)
                // The same object as an error document's `error`.
                try c.encode(error, forKey: .error)
            }
            guard measuresLevels else { return }
            switch file.levels {
            case .success(let measured)?:
                try c.encode(measured, forKey: .levels)
                try c.encodeNil(forKey: .levelsError)
            case .failure(let error)?:
                try c.encodeNil(forKey: .levels)
                try c.encode(error, forKey: .levelsError)
            case nil:
                try c.encodeNil(forKey: .levels)
                try c.encodeNil(forKey: .levelsError)
            }
        }
    }
}
