// swift-format-ignore-file
// (The examples here are byte for byte what docs/library.md shows, laid out for reading, so the
// formatter leaves them as written.)
// docs/library.md's examples, compiled: `theGuideShowsTheseExamples` keeps each block between
// the markers identical to the guide's Swift blocks, in order. The functions are never called
// (they name files that do not exist); that they compile in Swift 6 mode is the test.
import AlertSound
import Foundation
import Testing

enum LibraryGuideExamples {
    static func checking(bytesFromZip: [UInt8]) async throws {
        // GUIDE begin
        let info = try SoundFile.inspect(at: URL(fileURLWithPath: "alert.caf"))   // headers only
        print(info.container, info.coding?.code ?? "?", info.duration ?? .nan)

        let report = try await Checker(strict: true).check(urls: [URL(fileURLWithPath: "App/Resources/Sounds")])
        for file in report.files where !file.valid {
            for d in file.diagnostics { print("\(file.path): \(d.severity): [\(d.code.rawValue)] \(d.message)") }
        }
        let one = Checker().check(bytes: bytesFromZip, name: "alert.caf")        // contents in memory
        if let fix = one.diagnostics.compactMap(\.suggestion).first { print(fix.action, fix.path ?? "") }
        // GUIDE end
    }

    static func converting(wavData: Data) async throws {
        // GUIDE begin
        let options = ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4@22050"), fileType: .caff, channels: 1, mix: true,
                                        measuresLoss: true, quality: .high)   // quality: the searching IMA4 encoder
        let converter = Converter(options: options)
        let result = try await converter.convert(from: URL(fileURLWithPath: "Sounds/chime.wav"),
                                                 to: URL(fileURLWithPath: "Build/chime.caf")) { progress in
            print(progress.fractionCompleted ?? 0)   // from the conversion's thread, one call at a time
        }
        print(result.outputPath, result.frames, result.packets, result.snr ?? .infinity)

        let converted = try await converter.convert(data: wavData, name: "chime.wav")   // AIFF, WAV, CAF inputs
        try converted.data.write(to: URL(fileURLWithPath: "Build/" + converted.result.outputPath))
        // GUIDE end
    }

    static func validating() async throws {
        // GUIDE begin
        let references = SoundReference.payload(at: "push.apns") + [.named("alert.caf")] + (try SoundReference.list(at: "sounds.txt"))
        let validation = try await BundleValidator(strict: true).validate(urls: [URL(fileURLWithPath: "Build/MyApp.ipa")], references: references)
        for bundle in validation.bundles where !bundle.valid {
            for file in bundle.files where !file.report.valid { print(file.report.path, file.location, file.report.diagnostics) }
            for ref in bundle.references where !ref.valid { print(ref.source, ref.name ?? "?", ref.diagnostics.map(\.code)) }
        }
        let json = validation.jsonBytes()   // what --format json prints
        let again = try JSONDecoder().decode(ValidationReport.self, from: Data(json))   // and back

        // An iOS app and an Android project in one run; entitlements from the project's file.
        let both = try BundleValidator(entitlements: try Entitlements.read(path: "MyApp/MyApp.entitlements"))
            .validate(paths: ["Build/MyApp.app", "android"], references: SoundReference.payload(at: "fcm-message.json"))
        for bundle in both.bundles + again.bundles { print(bundle.platform, bundle.valid, bundle.references.map(\.diagnostics)) }
        // GUIDE end
    }

    static func errors() async throws {
        // GUIDE begin
        do {
            _ = try Converter().convert(input: "six-channels.wav", output: "out.caf")
        } catch let error as AlertSoundError where error.kind == .invalidRequest {
            print(error.localizedDescription)                            // six-channels.wav: IMA4 holds at most 2 channels …
            if error.suggestion?.action == .reduceChannels { print("mix down to", error.suggestion?.channels ?? 2) }
        }
        // GUIDE end
    }

    static func installing() async throws {
        // GUIDE begin
        let installer = SoundInstaller(soundsDirectory: URL(fileURLWithPath: "Library/Sounds"))
        let sound = try await installer.install(contentsOf: URL(fileURLWithPath: "download.wav"), named: "chime")
        print(sound.fileName, sound.replaced)   // chime-1a2b3c4d.caf, the earlier chime-….caf it replaced
        // GUIDE end
    }
}

@Suite struct LibraryGuideTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift blocks of the library guide.
    static func guideBlocks() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        return text.components(separatedBy: "```swift\n").dropFirst().map { String($0.components(separatedBy: "```")[0]) }
    }

    /// The blocks between the markers of this file, indentation removed.
    static func compiledBlocks() throws -> [String] {
        let text = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        return text.components(separatedBy: "// GUIDE begin\n").dropFirst().map { part in
            let lines = part.components(separatedBy: "\n")
            let body = lines.prefix { !$0.contains("// GUIDE end") }
            return body.map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }.joined(separator: "\n") + "\n"
        }
    }

    @Test func theGuideShowsTheseExamples() throws {
        let guide = try Self.guideBlocks(), compiled = try Self.compiledBlocks()
        #expect(guide.count == 5)
        #expect(guide == compiled)
    }
}
