import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `check --platform android`: files judged as raw resources by Android's rules (issue 45, item 9:
/// `check` was iOS-only, so valid Oggs in res/raw exited 1).
@Suite struct AndroidCheckerTests {
    @Test(.bug(id: 45, "item 9")) func rawResourcesByAndroidsRules() throws {
        let scratch = try Scratch()
        let raw = scratch.path("raw")
        try FileManager.default.createDirectory(atPath: raw, withIntermediateDirectories: true)
        try Data(OggPages.vorbis(frames: 441_000)).write(to: URL(fileURLWithPath: raw + "/alarm.ogg"))
        try Data(OggPages.vorbis(frames: 100)).write(to: URL(fileURLWithPath: raw + "/Bad-Name.ogg"))
        try Data(AndroidTests.caf).write(to: URL(fileURLWithPath: raw + "/chime.caf"))
        var reports: [FileReport] = []
        let valid = AndroidChecker().check(paths: [raw]) { reports += $0 }
        let byName = Dictionary(uniqueKeysWithValues: reports.map { (lastComponent($0.path), $0) })
        #expect(!valid && reports.count == 3)
        // Ten seconds of Ogg: valid on Android, which has no length limit; its length is read.
        #expect(byName["alarm.ogg"]?.valid == true && byName["alarm.ogg"]?.info?.duration == 10)
        #expect(byName["alarm.ogg"]?.path == raw + "/alarm.ogg")
        #expect(byName["Bad-Name.ogg"]?.diagnostics.map(\.code) == [.androidBadName])
        #expect(byName["chime.caf"]?.diagnostics.map(\.code) == [.androidUnsupportedFormat])
        // iOS's rules, for the same folder, refuse the Ogg.
        #expect(Checker().check(paths: [raw + "/alarm.ogg"]).files.first?.valid == false)
    }
}
