import Foundation
import Testing

@testable import AlertSoundCore

/// `ReportEncoder` is the one writer of every JSON document: for any conformance it must give the
/// bytes of Foundation's `JSONEncoder` with `.prettyPrinted, .sortedKeys, .withoutEscapingSlashes`.
@Suite struct ReportEncoderTests {
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func ours<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try ReportEncoder().encode(value), as: UTF8.self)
    }

    /// Members in no order, written through every kind of container.
    struct Awkward: Encodable {
        enum Keys: String, CodingKey {
            case zeta, alpha, Beta, mid, nested, list, empty, emptyList, nothing, über, a10, a9, sup
        }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("last \"quoted\" \\ / \u{01}\u{1F}\n\t", forKey: .zeta)
            try c.encode(1.5, forKey: .alpha)
            try c.encode(Int64.min, forKey: .Beta)
            try c.encodeNil(forKey: .mid)
            var nested = c.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            try nested.encode(true, forKey: .zeta)
            try nested.encode(UInt8(7), forKey: .alpha)
            var list = c.nestedUnkeyedContainer(forKey: .list)
            try list.encode(3)
            try list.encode([1.0, 2.25])
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode("x", forKey: .mid)
            try inner.encode("y", forKey: .alpha)
            try list.encodeNil()
            _ = c.nestedContainer(keyedBy: Keys.self, forKey: .empty)
            try c.encode([Int](), forKey: .emptyList)
            try c.encode(Nothing(), forKey: .nothing)
            try c.encode("é", forKey: .über)
            try c.encode(10, forKey: .a10)
            try c.encode(9, forKey: .a9)
            try "from super".encode(to: c.superEncoder(forKey: .sup))
        }
    }

    /// A conformance that asks for no container.
    struct Nothing: Encodable {
        func encode(to encoder: Encoder) throws {}
    }

    /// A wrapper that adds members to what the wrapped value wrote, as `BundleFileReport` does.
    struct Merged: Encodable {
        enum Keys: String, CodingKey { case added, zz }
        func encode(to encoder: Encoder) throws {
            try Awkward().encode(to: encoder)
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode("b", forKey: .added)
            try c.encode(Float(0.1), forKey: .zz)
        }
    }

    @Test func anyConformanceGivesFoundationsBytes() throws {
        #expect(try Self.ours(Awkward()) == Self.foundation(Awkward()))
        #expect(try Self.ours(Merged()) == Self.foundation(Merged()))
        #expect(try Self.ours([Awkward(), Awkward()]) == Self.foundation([Awkward(), Awkward()]))
        #expect(try Self.ours(["b": 1, "a": 2, "B": 3]) == Self.foundation(["b": 1, "a": 2, "B": 3]))
        #expect(try Self.ours([String: Int]()) == Self.foundation([String: Int]()))
        // Keys that need escaping sort by their text, not by how they are written.
        let escapedKeys = ["a\"b": 1, "a\nb": 2, "a b": 3, "aZ": 4, "a\\": 5, "a": 6, "a\u{7F}": 7]
        #expect(try Self.ours(escapedKeys) == Self.foundation(escapedKeys))
        #expect(try Self.ours("top") == Self.foundation("top"))
        // Foundation refuses a document of nothing; nested, such a value is an empty object in both.
        #expect(try Self.ours(Nothing()) == "{\n\n}")
        #expect(try Self.ours([1e300, -0.5, 3, 1e-7]) == Self.foundation([1e300, -0.5, 3, 1e-7]))
        // Keys in UTF-8 order: "B" < "a" < "ü", and "a10" < "a9" (no numeric ordering).
        let text = try Self.ours(Awkward())
        let order = [
            "Beta", "a10", "a9", "alpha", "empty", "emptyList", "list", "mid", "nested", "nothing", "sup", "zeta",
            "über"
        ]
        let positions = order.map { text.range(of: "\n  \"\($0)\" :")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions.map { $0! } == positions.map { $0! }.sorted())
    }

    /// Of two members with the same key the later is kept, as in Foundation's encoder.
    @Test func aRepeatedKeyKeepsTheLaterValue() throws {
        struct Twice: Encodable {
            enum Keys: String, CodingKey { case b, a }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(1, forKey: .a)
                try c.encode(2, forKey: .b)
                try c.encode(3, forKey: .a)
            }
        }
        #expect(try Self.ours(Twice()) == "{\n  \"a\" : 3,\n  \"b\" : 2\n}")
    }

    /// JSON has no such numbers: they are `null`, where Foundation's encoder would fail the whole report.
    @Test func numbersThatAreNotFiniteAreNull() throws {
        #expect(try Self.ours([Double.nan, .infinity, -.infinity, 1]) == "[\n  null,\n  null,\n  null,\n  1\n]")
        #expect(throws: EncodingError.self) { try Self.foundation([Double.nan]) }
        var levels = SoundLevels(
            samplePeak: 1, truePeak: -.infinity, integratedLoudness: nil, maxMomentaryLoudness: nil,
            maxShortTermLoudness: nil,
            dcOffset: 0, leadingSilence: 0, trailingSilence: 0, clippedSamples: 0, startPeak: 0, endPeak: 0)
        levels.samplePeak = .nan
        let text = try Self.ours(levels)
        #expect(text.contains("\"samplePeak\" : null") && text.contains("\"truePeak\" : null"))
    }

    /// `check --format json` writes its files' objects member by member (``JSONObject``), not
    /// through `Encodable`: the bytes must be the same as Foundation's of the same reports, with
    /// every member a report, a diagnostic and a suggestion can have, and without the optional ones.
    @Test func filesWrittenDirectlyAreTheirEncodableForm() throws {
        var info = SoundInfo(container: .aifc, fileSize: 4096)
        info.coding = .pcm(PCMFormat(.signed, bits: 24, bytesPerSample: 3, order: .bigEndian))
        info.formatID = "in24"
        info.sampleRate = 44_100.5
        info.channels = 2
        info.bitsPerSample = 24
        info.bytesPerPacket = 6
        info.framesPerPacket = 1
        info.frames = 1_000
        info.dataOffset = 54
        info.dataSize = 6_000
        let every = Suggestion(
            .convert, path: "a/\"quoted\".aiff", output: "b\u{7}.caf", fileType: .caff, dataFormat: "ima4",
            channels: 1, sampleRate: 22_050, library: "libsndfile")
        var full = FileReport(
            path: "Sounds/ü\n.aiff", info: info,
            diagnostics: [
                Diagnostic(code: .tooLong, message: "long", severity: .error, suggestion: every),
                Diagnostic(code: .widePCM, message: "wide", severity: .note)
            ], strict: true)
        full.levels = SoundLevels(
            samplePeak: -0.5, truePeak: nil, integratedLoudness: -16, maxMomentaryLoudness: nil,
            maxShortTermLoudness: -14.25, dcOffset: 0.001, leadingSilence: 0, trailingSilence: 0.25, clippedSamples: 3,
            startPeak: nil, endPeak: -40)
        var undecodable = FileReport(path: "x.caf", info: info, diagnostics: [], strict: false)
        undecodable.levelsError = AlertSoundError(.unreadable, "no decoder", path: "x.caf", chunk: "data", offset: 7)
        let unread = FileReport(
            path: "gone.wav", info: nil,
            diagnostics: [Diagnostic(code: .notFound, message: "missing", severity: .error)], strict: false)
        let reports = [full, undecodable, unread, FileReport(path: "", info: nil, diagnostics: [], strict: false)]
        for offset in [0, 3] {
            var direct = JSONWriter(depth: 1)
            direct.items(reports, offset: offset)
            var encoded = JSONWriter(depth: 1)
            encoded.items(reports.map { AnyEncodable(value: $0) }, offset: offset)
            #expect(direct.bytes == encoded.bytes)
        }
        var document = JSONWriter()
        document.open("[")
        document.items(reports)
        document.close("]", empty: false)
        #expect(String(decoding: document.bytes, as: UTF8.self) == (try Self.foundation(reports)))
    }

    /// A report through its `Encodable` form only (not ``JSONObject``).
    struct AnyEncodable: Encodable, Sendable {
        let value: FileReport
        func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
    }

    /// A document written in pieces at a depth is the same as the whole.
    @Test func piecesAtADepthMakeTheWhole() throws {
        var writer = JSONWriter()
        writer.open("[")
        for (i, value) in [Awkward(), Awkward()].enumerated() {
            writer.item(first: i == 0)
            ReportEncoder.report(value, into: &writer)
        }
        writer.close("]", empty: false)
        #expect(String(decoding: writer.take(), as: UTF8.self) == (try Self.foundation([Awkward(), Awkward()])))
    }

    /// A value whose conformance throws half-way is `null` in a document written in pieces, and the
    /// document goes on at the depth it was at.
    @Test func aValueThatThrowsLeavesNull() throws {
        struct Broken: Error {}
        struct Half: Encodable {
            enum Keys: String, CodingKey { case a, b }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                var inner = c.nestedContainer(keyedBy: Keys.self, forKey: .a)
                try inner.encode(1, forKey: .a)
                throw Broken()
            }
        }
        #expect(throws: Broken.self) { try ReportEncoder().encode(Half()) }
        var writer = JSONWriter()
        writer.open("[")
        writer.item(first: true)
        ReportEncoder.report(Half(), into: &writer)
        writer.item(first: false)
        ReportEncoder.report(2, into: &writer)
        writer.close("]", empty: false)
        #expect(String(decoding: writer.take(), as: UTF8.self) == "[\n  null,\n  2\n]")
    }

    /// The same for an object written member by member: one that throws inside a nested array
    /// leaves `null`, and the elements after it are at their depth.
    @Test func anObjectThatThrowsLeavesNull() throws {
        struct Broken: Error {}
        struct Inner: JSONObject, Sendable {
            enum MemberKey: String, CodingKey { case a }
            let fails: Bool
            func members<Sink: MemberSink>(into sink: inout Sink) throws where Sink.Key == MemberKey {
                try sink.int(1, .a)
                if fails { throw Broken() }
            }
            func encode(to encoder: Encoder) throws { try encodeMembers(to: encoder) }
        }
        struct Outer: JSONObject, Sendable {
            enum MemberKey: String, CodingKey { case list, z }
            let fails: Bool
            func members<Sink: MemberSink>(into sink: inout Sink) throws where Sink.Key == MemberKey {
                try sink.objects([Inner(fails: false), Inner(fails: fails)], .list)
                try sink.bool(true, .z)
            }
            func encode(to encoder: Encoder) throws { try encodeMembers(to: encoder) }
        }
        var writer = JSONWriter()
        writer.open("[")
        writer.items([Outer(fails: true), Outer(fails: false)])
        writer.close("]", empty: false)
        let good = try Self.foundation(Outer(fails: false)).replacingOccurrences(of: "\n", with: "\n  ")
        #expect(String(decoding: writer.take(), as: UTF8.self) == "[\n  null,\n  \(good)\n]")
    }
}
