import AlertSound
import AlertSoundTestSupport
import Foundation
import Testing

/// The `fix it:` lines check, convert and validate-bundle print: each must be a command that runs
/// and does what it says, from where the user stands.
@Suite struct SuggestedFixCommandTests {
    let cli = CommandLineTests()

    /// damaged-header suggested `fix`, which said "plays already"; inside an .ipa it suggested an
    /// unrunnable path.
    @Test(.bug(id: 20, "item 5")) func suggestedFixesDoSomething() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let check = try cli.run(["check", dir + "/damaged.wav"])
        #expect(check.stdout.contains("damaged-header") && check.stdout.contains("fix it: alertsound fix"))
        let fix = try cli.run(["fix", dir + "/damaged.wav"])
        #expect(fix.status == 0)
        #expect(fix.stdout.contains("\(dir)/damaged.wav -> \(dir)/damaged.caf"), "\(fix.stdout)")
        #expect(try cli.run(["check", dir + "/damaged.caf"]).status == 0)

        var zip = ZipWriter()
        zip.add("Payload/My.app/long.wav", Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/too-long.wav"))))
        try Data(zip.archive()).write(to: URL(fileURLWithPath: dir + "/My.ipa"))
        let ipa = try cli.run(["validate-bundle", dir + "/My.ipa"])
        #expect(ipa.status == 1)
        #expect(!ipa.stdout.contains("alertsound fix '") && !ipa.stdout.contains("fix \(dir)/My.ipa!"), "\(ipa.stdout)")
        #expect(ipa.stdout.contains("fix the sound the app is built from (alertsound fix SOURCE) and rebuild"))
    }

    /// A 45 s conversion exited 0 silently with a file iOS will not play.
    @Test(.bug(id: 20, "item 8")) func aConversionIOSWillNotPlayIsSaid() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let run = try cli.run(["convert", dir + "/too-long.wav", dir + "/alert.caf"])
        #expect(run.status == 0)
        // Xcode shows it as alertsound's warning: the prefix is not escaped away (it was, for a while).
        #expect(
            run.stderr.hasPrefix(
                "alertsound convert: warning: \(dir)/alert.caf will not play as an alert sound: [too-long]"),
            "\(run.stderr)")
        #expect(run.stderr.contains("fix it: alertsound fix --output-dir \(dir) \(dir)/too-long.wav"))
        #expect(try cli.run(["convert", dir + "/chime.wav", dir + "/fine.caf"]).stderr.isEmpty)
    }

    /// The suggested fix keeps the folder the user converted into (ios/Runner), replaces the
    /// conversion that does not play when it has fix's name, and is never a fix into res/raw, where
    /// a .caf beside the source is a second file of its resource name and the Android build fails.
    @Test func suggestionsKeepTheOutputFolderAndStayOutOfResRaw() throws {
        let scratch = try CommandLineTests.samples(), dir = scratch.url.path
        let raw = dir + "/android/app/src/main/res/raw", runner = dir + "/ios/Runner"
        for folder in [raw, runner] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: dir + "/too-long.wav", toPath: raw + "/adhan.wav")
        let check = try cli.run(["check", raw + "/adhan.wav"])
        #expect(
            check.stdout.contains("alertsound fix --output-dir IOS_SOUNDS_DIR \(raw)/adhan.wav")
                && check.stdout.contains("not res/raw"), "\(check.stdout)")
        let converted = try cli.run(["convert", raw + "/adhan.wav", runner + "/adhan.caf"])
        let suggested = "alertsound fix --force --output-dir \(runner) \(raw)/adhan.wav"
        #expect(converted.stderr.contains("fix it: " + suggested), "\(converted.stderr)")
        let fixed = try cli.run(suggested.split(separator: " ").dropFirst().map(String.init))
        #expect(fixed.status == 0, "\(fixed.stdout)")
        #expect(try cli.run(["check", runner + "/adhan.caf"]).status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: raw) == ["adhan.wav"], "nothing written into res/raw")
    }
}
