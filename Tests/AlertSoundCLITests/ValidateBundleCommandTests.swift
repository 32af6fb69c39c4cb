import AlertSound
import Foundation
import Testing

@Suite struct ValidateBundleCommandTests {
    let cli = CommandLineTests()

    /// A small .app: ok.caf (valid), Long.wav (too long), en.lproj/hi.caf, plus a payload and a list.
    func bundle() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-bundle-cli-\(UUID().uuidString)")
        let app = dir.appendingPathComponent("Demo.app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        let mono = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, bigEndian: true))
        let ok = SoundFileBuilder.make(.caff, format: mono, samples: [Int16](repeating: 10, count: 800))
        try Data(ok).write(to: app.appendingPathComponent("ok.caf"))
        try Data(ok).write(to: app.appendingPathComponent("en.lproj/hi.caf"))
        try Data(SoundFileBuilder.make(.wave, format: mono, samples: [Int16](repeating: 0, count: 8000 * 31))).write(to: app.appendingPathComponent("Long.wav"))
        try Data(#"{"aps":{"alert":"x","sound":"OK.caf"}}"#.utf8).write(to: dir.appendingPathComponent("push.apns"))
        try Data("ok.caf\nhi.caf\n".utf8).write(to: dir.appendingPathComponent("names.txt"))
        return dir
    }

    @Test func validBundleExitsZero() throws {
        let dir = try bundle()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.removeItem(at: dir.appendingPathComponent("Demo.app/Long.wav"))
        let r = try cli.run(["validate-bundle", dir.appendingPathComponent("Demo.app").path, "--sound", "ok.caf", "--sound", "default"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("bundle valid"))
    }

    @Test func problemsExitOneInEveryFormat() throws {
        let dir = try bundle()
        defer { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent("Demo.app").path
        let payload = dir.appendingPathComponent("push.apns").path
        let list = dir.appendingPathComponent("names.txt").path
        let args = ["validate-bundle", app, "--payload", payload, "--sounds-from", list]

        let text = try cli.run(args)
        #expect(text.status == 1)
        #expect(text.stdout.contains("error [case-mismatch]"))
        #expect(text.stdout.contains("error [localized]"))

        let json = try cli.run(args + ["--format", "json"])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object["valid"] as? Bool == false)
        #expect(object["bundle"] as? String == app)
        #expect(object["kind"] as? String == "app")
        let files = object["files"] as! [[String: Any]]
        #expect(Set(files.map { $0["location"] as! String }) == ["bundle", "localized"])
        let references = object["references"] as! [[String: Any]]
        #expect(references.map { $0["name"] as? String } == ["OK.caf", "ok.caf", "hi.caf"])
        #expect(references[0]["source"] as? String == payload)
        #expect(references[0]["resolvedPath"] is NSNull)
        #expect(references[1]["resolvedPath"] as? String == app + "/ok.caf")
        #expect(references[0]["critical"] as? Bool == false)
        #expect(((references[2]["diagnostics"] as! [[String: Any]])[0]["code"] as? String) == "localized")

        let xcode = try cli.run(args + ["--format", "xcode"])
        #expect(xcode.stdout.contains("\(app)/Long.wav: error: [too-long]"))
        #expect(xcode.stdout.contains("\(payload): error: [case-mismatch]"))
        #expect(xcode.stdout.contains("\(list):2: error: [localized]"))

        let github = try cli.run(args + ["--format", "github"])
        #expect(github.stdout.contains("::error file=\(list),line=2,title=localized::"))
        #expect(github.status == 1)
    }

    @Test func unexaminablePathExitsOneAndUsageExits64() throws {
        let missing = try cli.run(["validate-bundle", "/nonexistent/App.app"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no such file or folder"))
        #expect(try cli.run(["validate-bundle"]).status == 64)
        #expect(try cli.run(["validate-bundle", "x.app", "--format", "csv"]).status == 64)
    }
}
