import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// `check --format html` stays bounded however many or however large the sounds: players only for
/// the first sounds, each mono or stereo at 48 kHz at most, waveforms for the first thousand, and
/// the overview (counts, a linked list of the problems) whatever the folder.
@Suite struct HTMLReportBoundsCommandTests {
    let cli = CommandLineTests()

    func folder() throws -> URL { try ConvertCommandTests().folder() }

    func write(_ url: URL, rate: Double, channels: Int, frames: Int) throws {
        let samples = (0..<frames * channels).map { 0.3 * sin(Double($0 / channels) * 0.05) }
        try Data(
            try SoundFileBuilder.make(
                .wave,
                format: StreamFormat(sampleRate: rate, channels: channels, coding: .integer(16, order: .littleEndian)),
                fullScale: samples)
        ).write(to: url)
    }

    static func players(_ page: String) -> [String] {
        page.components(separatedBy: "data:audio/wav;base64,").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func playersStopAtTheCapAndCanBeLeftOut() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<60 {
            try write(dir.appendingPathComponent(String(format: "s%02d.wav", i)), rate: 8000, channels: 1, frames: 800)
        }
        let page = try cli.run(["check", "--format", "html", dir.path])
        #expect(page.status == 0)
        #expect(Self.players(page.stdout).count == 50, "players: \(Self.players(page.stdout).count)")
        #expect(page.stdout.contains("players are embedded for the first 50") && page.stdout.contains("10 left out"))
        #expect(
            page.stdout.components(separatedBy: "class=\"waveform\"").count - 1 == 60,
            "every sound still has its waveform")
        let none = try cli.run(["check", "--format", "html", "--no-players", dir.path])
        #expect(Self.players(none.stdout).isEmpty && none.stdout.contains("players left out (--no-players)"))
        #expect(try cli.run(["check", "--no-players", dir.path]).status == 64, "--no-players is html's")
    }

    /// 8 channels at 192 kHz once made a preview of 8 channels at that rate (one file: a 237 MB page).
    @Test func aPlayerIsMonoOrStereoAtMost48kHz() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write(dir.appendingPathComponent("wide.wav"), rate: 192_000, channels: 8, frames: 19_200)
        let page = try cli.run(["check", "--format", "html", dir.path])
        let wav = try #require(Self.players(page.stdout).first.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) })
        let channels = Int(wav[22]) | Int(wav[23]) << 8
        let rate = (24..<28).reduce(0) { $0 | Int(wav[$1]) << (8 * ($1 - 24)) }
        #expect(channels == 2 && rate == 48_000, "channels \(channels), rate \(rate)")
        // 0.1 s at 48 kHz stereo, 16-bit, behind the header (the writer pads it to Apple's 4096 bytes).
        #expect(wav.count <= 4800 * 4 + 4096 + 100 && wav.count >= 4800 * 4, "\(wav.count) bytes")
    }

    /// The overview comes with the counts and a link to each sound with a problem.
    @Test func theOverviewListsTheProblems() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try write(dir.appendingPathComponent("a.wav"), rate: 8000, channels: 1, frames: 800)
        try Data("not a sound".utf8).write(to: dir.appendingPathComponent("b.wav"))
        let page = try cli.run(["check", "--format", "html", dir.path])
        #expect(page.status == 1)
        #expect(page.stdout.contains("<p id=\"summary\">2 files checked: 1 valid, 1 invalid"))
        #expect(
            page.stdout.contains("<a href=\"#sound-2\"><code>\(dir.path)/b.wav</code></a> invalid: unrecognized"),
            "\(page.stdout.suffix(1500))")
        #expect(page.stdout.contains("id=\"only-problems\""))
    }
}
