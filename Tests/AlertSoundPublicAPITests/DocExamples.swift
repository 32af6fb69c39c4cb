// swift-format-ignore-file
// (The examples here are byte for byte what the doc comments and the articles show, laid out for
// reading, so the formatter leaves them as written.)
// Every example in the library's doc comments and DocC articles, compiled: `docExamplesCompile`
// keeps each block between the markers identical to those examples, in order (source files by
// path, then the articles by name). The functions are never called: compiling them is the test.
// Names an example takes from its context are the functions' parameters.
import AlertSound
import Foundation
import Testing

#if !canImport(UserNotifications)
// What an iOS app has from UserNotifications, for the installer's examples to compile here.
struct UNNotificationSoundName { init(_ name: String) {} }
struct UNNotificationSound { init(named: UNNotificationSoundName) {} }
final class NotificationContent { var sound: UNNotificationSound? }
#else
import UserNotifications
typealias NotificationContent = UNMutableNotificationContent
#endif

#if !canImport(Darwin)
extension FileManager {
    static func androidChecker() {
        // DOC begin
        let valid = AndroidChecker().check(paths: ["app/src/main/res/raw"]) { batch in
            for file in batch where !file.valid { print(file.path, file.diagnostics) }
        }
        // DOC end
        _ = valid
    }

    func containerURL(forSecurityApplicationGroupIdentifier group: String) -> URL? { temporaryDirectory }
}
#endif

enum DocExamples {
    static func validatorType(references: [SoundReference]) throws {
        // DOC begin
        let references = SoundReference.payload(at: "push.apns") + [.named("alert.caf")]
        let report = try BundleValidator(strict: true).validate(path: "Build/MyApp.ipa", references: references)
        if !report.valid {
            for file in report.files where !file.report.valid { print(file.report.path, file.report.diagnostics) }
            for ref in report.references where !ref.valid { print(ref.source, ref.name ?? "?", ref.diagnostics) }
        }
        // DOC end
    }

    static func validatorPrepare(references: [SoundReference]) throws {
        // DOC begin
        let run = try BundleValidator().prepare(paths: ["Build/MyApp.ipa"], references: references)
        let valid = try run.validate { part in
            if case .files(let files) = part { for file in files where !file.report.valid { print(file.report.path) } }
        }
        // DOC end
        _ = valid
    }

    static func explainer() throws {
        // DOC begin
        let explanation = try Explainer().explain(paths: ["."], push: .payload(at: "push.json"))
        for push in explanation.pushes { print(push.summary) }
        // DOC end
    }

    static func explainingSteps() throws {
        // DOC begin
        let explanation = try Explainer().explain(paths: ["."], push: .named(sound: "ding.caf", channel: "alerts"))
        for push in explanation.pushes where !push.fresh.asNamed {
            for step in push.steps { print(step.step.rawValue, step.verdict.rawValue, step.text) }
        }
        // DOC end
    }

    static func checker() {
        // DOC begin
        let checker = Checker(strict: true)
        let report = checker.check(paths: ["Resources/Sounds"])
        for file in report.files where !file.valid {
            for d in file.diagnostics { print(file.path, d.severity, d.code, d.message) }
        }
        // DOC end
    }

    static func converter() throws {
        // DOC begin
        let result = try Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4")))
            .convert(input: "Submarine.aiff", output: "sub.caf")
        print(result.outputPath, result.packets, result.snr ?? .infinity)
        // DOC end
    }

    static func converterAsync() async throws {
        // DOC begin
        let converter = Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4")))
        let result = try await converter.convert(from: URL(fileURLWithPath: "Alert.aiff"),
                                                 to: URL(fileURLWithPath: "Alert.caf")) { update in
            print(update.fractionCompleted ?? 0)
        }
        // DOC end
        _ = result
    }

    static func errorType(url: URL) throws {
        // DOC begin
        do {
            _ = try SoundFile.inspect(at: url)
        } catch let error as AlertSoundError where error.kind == .malformed {
            print(error.path ?? "", error.chunk ?? "", error.offset ?? -1)
        }
        // DOC end
    }

    static func exporter() throws {
        // DOC begin
        var options = ExportOptions()
        options.iosFolder = "ios/App/Sounds"
        options.androidFolder = "android/app/src/main/res/raw"
        let report = try Exporter(options: options).export(paths: ["design/sounds"])
        for sound in report.lock.sounds { print(sound.name, sound.channelId) }
        // DOC end
    }

    static func fixer() throws {
        // DOC begin
        var options = FixOptions()
        options.outputFolder = "Fixed"
        let report = try Fixer(options: options).fix(paths: ["Sounds"])
        for outcome in report.outcomes { print(outcome.input, outcome.status, outcome.changes) }
        // DOC end
    }

    static func soundFile() throws {
        // DOC begin
        let info = try SoundFile.inspect(at: URL(fileURLWithPath: "alert.caf"))
        print(info.container, info.coding?.code ?? "?", info.duration ?? 0)
        // DOC end
    }

    static func installerType(librarySoundsURL: URL, sourceURL: URL, content: NotificationContent) async throws {
        // DOC begin
        let installer = SoundInstaller(soundsDirectory: librarySoundsURL)   // the app's or App Group's Library/Sounds
        let sound = try await installer.install(contentsOf: sourceURL, named: "chime")
        content.sound = UNNotificationSound(named: UNNotificationSoundName(sound.fileName))
        // DOC end
    }

    static func progressStream() async throws {
        // DOC begin
        for try await event in Converter().conversion(from: URL(fileURLWithPath: "Alert.aiff")) {
            switch event {
            case .progress(let update): print(update.fractionCompleted ?? 0)
            case .finished(let result): print(result.outputPath)
            }
        }
        // DOC end
    }

    static func checkingSounds() async throws {
        // DOC begin
        let info = try SoundFile.inspect(at: URL(fileURLWithPath: "alert.caf"))
        print(info.container, info.coding?.code ?? "?", info.duration ?? .nan)

        let report = try await Checker(strict: true).check(urls: [URL(fileURLWithPath: "Resources/Sounds")])
        for file in report.files where !file.valid {
            for d in file.diagnostics { print(file.path, d.severity, d.code.rawValue, d.message) }
        }

        // DOC end
    }

    static func converting() async throws {
        // DOC begin
        let converter = Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4")))
        let result = try await converter.convert(from: URL(fileURLWithPath: "Alert.aiff"),
                                                 to: URL(fileURLWithPath: "Alert.caf")) { progress in
            print(progress.fractionCompleted ?? 0)
        }
        print(result.frames, result.packets, result.fileSize)

        // DOC end
    }

    static func exporting() throws {
        // DOC begin
        var options = ExportOptions()
        options.iosFolder = "ios/App/Sounds"
        options.androidFolder = "android/app/src/main/res/raw"
        options.fix.repairsLevels = true                 // shaped as `fix --levels` shapes it
        let report = try Exporter(options: options).export(paths: ["design/sounds"])
        for outcome in report.outcomes where outcome.status == .failed {
            print(outcome.source, outcome.error?.message ?? "")
        }
        try SoundConstants.write(report.lock, language: .kotlin, to: "android/app/src/main/java/AlertSounds.kt", package: "com.example.app")

        // DOC end
    }

    static func lockCheck() throws {
        // DOC begin
        var validator = BundleValidator()
        validator.lock = try SoundLock.read(path: "alertsound.lock.json")
        validator.channelUses = SoundLock.channelUses(inPayloadAt: "push/order.json")
        let report = try validator.validate(path: "android")

        // DOC end
        _ = report
    }

    static func fixingUploads(upload: Data) async throws {
        // DOC begin
        let fixed = try await Fixer().fix(data: upload, name: "Doorbell.mp3")
        switch fixed.outcome.status {
        case .fixed: try fixed.data?.write(to: URL(fileURLWithPath: "Sounds/Doorbell.caf"))
        case .unchanged: try upload.write(to: URL(fileURLWithPath: "Sounds/Doorbell.mp3"))
        default: print(fixed.outcome.error?.localizedDescription ?? "")
        }

        var options = ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4"))
        options.maxDuration = 29.5
        if Converter.canConvertInMemory(upload, name: "Doorbell.wav") {
            let converted = try await Converter(options: options).convert(data: upload, name: "Doorbell.wav")
            print(converted.data.count, converted.result.frames)
        }
        // DOC end
    }

    static func cancelling() async throws {
        // DOC begin
        let task = Task { try await Fixer().fix(urls: [URL(fileURLWithPath: "Sounds")]) }
        task.cancel()
        do {
            _ = try await task.value
        } catch let error as AlertSoundError where error.kind == .cancelled {
            print("stopped; nothing was written")
        }
        // DOC end
    }

    static func branching() throws {
        // DOC begin
        do {
            _ = try Converter().convert(input: "in.wav", output: "Build/Sounds/in.caf")
        } catch let error as AlertSoundError {
            switch error.kind {
            case .notFound: print("no such input:", error.path ?? "")
            case .outputFailed: print("cannot write", error.output ?? "", "errno", error.systemError ?? 0)
            case .unsupported where error.suggestion?.action == .installDecoder: print("install FFmpeg")
            default: print(error.localizedDescription)
            }
        }
        // DOC end
    }

    static func keeping() async throws {
        // DOC begin
        let report = try await Fixer().fix(urls: [URL(fileURLWithPath: "Sounds")])
        let saved = try ReportEncoder().encode(report)   // the bytes `alertsound fix --format json` prints
        let restored = try JSONDecoder().decode(FixReport.self, from: Data(saved))
        print(restored.count(.fixed), restored == report ? "same" : "the file reports differ in what JSON leaves out")
        let file = try await Checker().check(url: URL(fileURLWithPath: "Sounds/ding.caf"))
        print(file.valid, file.diagnostics.map(\.code))
        // DOC end
    }

    static func installing(downloadedURL: URL, content: NotificationContent) async throws {
        // DOC begin
        let sounds = FileManager.default
            .containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app")!
            .appendingPathComponent("Library/Sounds")
        let installer = SoundInstaller(soundsDirectory: sounds)
        let sound = try await installer.install(contentsOf: downloadedURL, named: "chime")
        content.sound = UNNotificationSound(named: UNNotificationSoundName(sound.fileName))

        // DOC end
    }

    static func measuring() throws {
        // DOC begin
        let levels = try SoundLevels.measure(path: "chime.caf")
        print(levels.maxMomentaryLoudness ?? -.infinity, levels.truePeak ?? -.infinity)
        for finding in LevelRules.findings(levels, path: "chime.caf") { print(finding.code, finding.message) }

        // DOC end
    }

    static func repairing() throws {
        // DOC begin
        var options = FixOptions()
        options.loudness = -16
        let report = try Fixer(options: options).fix(paths: ["Sounds"])
        for outcome in report.outcomes { print(outcome.changes, outcome.after?.levels?.truePeak ?? 0) }

        // DOC end
    }

    static func validating() async throws {
        // DOC begin
        let references = SoundReference.payload(at: "push.apns") + [.named("alert.caf")]
        let report = try await BundleValidator(strict: true).validate(urls: [URL(fileURLWithPath: "Build/MyApp.ipa")],
                                                                      references: references)
        for bundle in report.bundles {
            for reference in bundle.references where !reference.valid {
                print(reference.name ?? "?", reference.diagnostics.map(\.code))
            }
        }

        // DOC end
    }

    static func streaming(references: [SoundReference]) throws {
        // DOC begin
        let run = try BundleValidator().prepare(paths: ["Build/MyApp.ipa"], references: references)
        var json = ValidationJSONStream { bytes in FileHandle.standardOutput.write(Data(bytes)) }
        let valid = try run.validate { json.add($0) }
        json.finish()

        // DOC end
        _ = valid
    }
}

@Suite struct DocExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The examples of the library's doc comments (sources by path) and then its articles (by name).
    static func documented() throws -> [String] {
        // Both library targets, in the order of their paths below the target folder: the order the
        // examples had when the library was one target.
        var located: [String: URL] = [:]
        for target in ["AlertSound", "AlertSoundCore"] {
            let sources = root.appendingPathComponent("Sources/" + target)
            for file in try FileManager.default.subpathsOfDirectory(atPath: sources.path) {
                located[file] = sources.appendingPathComponent(file)
            }
        }
        let files = located.keys.sorted()
        var blocks: [String] = []
        for file in files where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: located[file]!, encoding: .utf8).components(separatedBy: "\n")
            var i = 0
            while i < lines.count {
                if lines[i].trimmingCharacters(in: .whitespaces) == "/// ```swift" {
                    var body: [String] = []
                    i += 1
                    while i < lines.count, lines[i].trimmingCharacters(in: .whitespaces) != "/// ```" {
                        let line = lines[i].trimmingCharacters(in: .whitespaces)
                        body.append(line.hasPrefix("/// ") ? String(line.dropFirst(4)) : String(line.dropFirst(3)))
                        i += 1
                    }
                    blocks.append(body.joined(separator: "\n") + "\n")
                }
                i += 1
            }
        }
        for file in files where file.hasSuffix(".md") {
            let text = try String(contentsOf: located[file]!, encoding: .utf8)
            blocks += text.components(separatedBy: "```swift\n").dropFirst().map { String($0.components(separatedBy: "```")[0]) }
        }
        return blocks
    }

    /// The blocks between this file's markers, indentation removed.
    static func compiled() throws -> [String] {
        let text = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        return text.components(separatedBy: "// DOC begin\n").dropFirst().map { part in
            let body = part.components(separatedBy: "\n").prefix { !$0.contains("// DOC end") }
            return body.map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }.joined(separator: "\n") + "\n"
        }
    }

    @Test func docExamplesCompile() throws {
        func trimmed(_ text: String) -> String { String(text.dropLast(text.reversed().prefix { $0 == "\n" }.count)) }
        // Compared as sets of blocks, so moving a documented type to another file needs no reordering here.
        let documented = try Self.documented().map(trimmed), compiled = try Self.compiled().map(trimmed)
        #expect(documented.count == compiled.count)
        for doc in documented where !compiled.contains(doc) {
            Issue.record("this example has no compiled copy here (or it differs from it):\n\(doc)")
        }
        for code in compiled where !documented.contains(code) {
            Issue.record("this compiled copy documents nothing (or its example changed):\n\(code)")
        }
    }
}
