// One binary, fifteen libFuzzer targets, chosen with --target=NAME (the rest of the arguments go to
// libFuzzer). Each target feeds arbitrary bytes to one of alertsound's entry points for untrusted
// input; any trap, sanitizer report, hang or oversized allocation is a defect.
import Foundation
import FuzzDriver

@testable import AlertSound
@testable import AlertSoundCore

enum Target: String, CaseIterable {
    /// bytes -> sniff, header parse, the rules, and decoding of the first packets
    case inspect
    /// bytes -> convert to every file type in a scratch folder that must hold nothing else afterwards
    case convert
    /// bytes -> APNs payload JSON and a name list -> reference resolution against a fixed bundle
    case references
    /// bytes -> .ipa -> bundle validation
    case ipa
    /// bytes -> entitlements (Mach-O, universal binary, provisioning profile, plist), resources.arsc, keep.xml, resource names
    case entitlements
    /// bytes -> an Xcode project.pbxproj in a scratch repository -> its apps and what they copy: nothing read outside
    case pbxproj
    /// bytes -> an Xcode workspace's contents.xcworkspacedata -> the projects it opens: none outside
    case workspace
    /// bytes -> a .NET MAUI/Xamarin App.csproj found by the app search -> the apps its items ship: nothing read outside
    case csproj
    /// bytes -> an Expo app.json -> its sounds list, judged for both platforms: nothing read outside
    /// bytes -> fix (trim, fade, silence, gain, downmix, levels and loudness; ffmpeg for one input in 16) into a scratch folder
    case fix
    /// bytes -> SoundInstaller into a scratch folder: a valid alert sound or an error, nothing else left
    case install
    case expo
    /// bytes -> a lock file (read, written back, constants in four languages) and Kotlin/Java source (resource-ID URIs)
    case lock
    /// bytes -> an app's source in every language read for sound names and channels, and Gradle, pubspec
    /// and package.json text read for libraries, minSdk and plugins
    case code
    /// bytes -> .alertsound.yml parsed, its ignore globs matched; and the bytes as a glob and a path
    case configuration
    /// bytes (behind "OggS") -> the Ogg reader: what it reads is a sound (a rate, 1+ channels), else malformed
    case ogg
    /// bytes -> an explain payload (APNs, FCM, Expo, OneSignal) explained on an iOS app and an Android project
    case explain
}

nonisolated(unsafe) var target = Target.inspect
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-fuzz-\(getpid())").path

/// The document the command would print for `report` must be JSON that reads back as the report.
func expectJSON(_ json: [UInt8], _ what: String) {
    guard (try? JSONParser.parse(json)) != nil else { fatalError("\(what)'s JSON does not parse") }
}

func inspect(_ bytes: [UInt8]) {
    let source = MemorySource(bytes)
    let report = CheckReport(files: [Checker().check(bytes: bytes, name: "fuzz.caf")])
    let json = report.jsonBytes()
    expectJSON(json, "check")
    // Read back, it writes the same document (what JSON leaves out, chunks and repairs, stays out).
    guard (try? JSONDecoder().decode(CheckReport.self, from: Data(json)))?.jsonBytes() == json else {
        fatalError("a check report did not survive its JSON")
    }
    guard let info = try? SoundFile.inspect(source: source, name: "fuzz"),
        let reader = NativeReader(source: source, info: info)
    else { return }
    for _ in 0..<4 {
        guard let block = try? reader.read(maxFrames: 1024), !block.isEmpty else { break }
    }
}

func convert(_ bytes: [UInt8]) {
    let input = scratch + "/in.bin"
    _ = FileManager.default.createFile(atPath: input, contents: Data(bytes))
    let selector = Int(bytes.last ?? 0)
    for type in FileType.allCases {
        let formats = [nil] + type.allowedDataFormats.map { Optional($0) }
        let name = formats[selector % formats.count]
        let format = name.flatMap { try? OutputDataFormat(parsing: $0 + (selector & 0x80 != 0 ? "@11025" : "")) }
        let options = ConversionOptions(
            dataFormat: format, fileType: type, channels: selector & 0x40 != 0 ? 1 : nil, mix: selector & 0x20 != 0,
            measuresLoss: selector & 0x10 != 0, quality: selector & 0x08 != 0 ? .high : .standard)
        _ = try? Converter(options: options).convert(input: input, output: scratch + "/out." + type.fileExtension)
        unlink(scratch + "/out." + type.fileExtension)
    }
    // The level meter reads the same decoded samples, from the file check already opened (check --levels).
    var checker = Checker()
    checker.measuresLevels = true
    if let levels = checker.check(path: input).levels {
        guard levels.clippedSamples >= 0, levels.leadingSilence >= 0, levels.trailingSilence >= 0,
            [levels.samplePeak, levels.truePeak, levels.maxMomentaryLoudness].allSatisfy({ $0?.isFinite ?? true })
        else {
            fatalError("levels out of range: \(levels)")
        }
    }
    // The project readers' repository and the folder outside it (prepareRepository) are not convert's.
    let left = ((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []).filter {
        $0 != "repo" && $0 != "outside"
    }
    guard left == ["in.bin"] else { fatalError("convert left files behind: \(left)") }
}

func fix(_ bytes: [UInt8]) {
    let selector = Int(bytes.last ?? 0)
    let input = scratch + "/in." + ["wav", "caf", "mp3", "aiff"][selector & 3]
    _ = FileManager.default.createFile(atPath: input, contents: Data(bytes))
    defer { unlink(input) }
    // ffmpeg costs a process start; run it for a sixteenth of the inputs.
    setenv("ALERTSOUND_FFMPEG", selector & 0xF0 == 0xF0 ? "/usr/bin/ffmpeg" : "", 1)
    var options = FixOptions()
    options.outputFolder = scratch + "/out"
    options.force = true
    options.trimSilence = selector & 0x04 != 0
    options.normalize = selector & 0x08 != 0
    if selector & 0x10 != 0 {
        options.maxDuration = 0.01
        options.maxDurationIsExplicit = true
    }
    // A fade must be shorter than what is kept (a longer one is refused as a mistaken unit).
    options.fade = selector & 0x30 != 0 ? 0.005 : 0.05
    if selector & 0x40 != 0 { options.sampleRate = 11_025 }
    if selector & 0x80 != 0 { options.quality = .high }
    // The byte before chooses the level repairs (normalising and a loudness target exclude each other).
    let levels = bytes.count > 1 ? Int(bytes[bytes.count - 2]) : 0
    if !options.normalize {
        options.repairsLevels = levels & 0x01 != 0
        if levels & 0x02 != 0 { options.loudness = levels & 0x04 != 0 ? -5 : -40 }
    }
    guard let report = try? Fixer(options: options).fix(paths: [input]) else { fatalError("valid options refused") }
    for outcome in report.outcomes {
        // What fix says it wrote plays, and nothing else is left behind.
        if outcome.status == .fixed, let output = outcome.output {
            guard Checker().check(path: output).valid else {
                fatalError("fix wrote an output that does not play: \(output)")
            }
            unlink(output)
        }
    }
    let left = ((try? FileManager.default.contentsOfDirectory(atPath: scratch + "/out")) ?? [])
    guard left.isEmpty else { fatalError("fix left files behind: \(left)") }
}

func install(_ bytes: [UInt8]) {
    let folder = scratch + "/Sounds"
    let installer = SoundInstaller(soundsDirectory: URL(fileURLWithPath: folder))
    do {
        let sound = try installer.installSync(source: MemorySource(bytes), shownAs: "fuzz", named: "fuzz")
        guard Checker().check(path: sound.url.path).valid else {
            fatalError("installed a sound that does not play: \(sound.fileName)")
        }
        unlink(sound.url.path)
    } catch is AlertSoundError {
    } catch {
        fatalError("install threw something else: \(error)")
    }
    let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    guard left.isEmpty else { fatalError("install left files behind: \(left)") }
}

func lock(_ bytes: [UInt8]) {
    if let parsed = try? SoundLock.read(bytes, path: "fuzz.lock.json") {
        // What is written reads back as the same lock, and every language's constants come out.
        guard let again = try? SoundLock.read(parsed.bytes(), path: "again"), again == parsed else {
            fatalError("a lock did not survive a round trip")
        }
        for language in SoundConstants.Language.allCases {
            _ = SoundConstants.source(parsed, language: language, package: "com.example")
        }
        // Whatever a lock that reads holds is what export writes: no quote, '$' or control anywhere.
        for entry in parsed.sounds where !SoundLock.isChannelID(entry.channelId) {
            fatalError("a lock kept the channel ID \(entry.channelId)")
        }
    }
    constants(bytes)
    _ = ResourceIDURIs.scan(String(decoding: bytes, as: UTF8.self))
}

/// The bytes as the strings of a lock built in code (which no reader has checked), split at 0x01:
/// the constants in every language carry each string exactly (their literals decode back), put
/// no raw control or bidi character in the source, and name each sound with a distinct, valid,
/// unreserved identifier. The regression tests compile and run such files (SoundConstantsTests).
func constants(_ bytes: [UInt8]) {
    let strings = String(decoding: bytes, as: UTF8.self).split(separator: "\u{1}", omittingEmptySubsequences: false)
        .map(String.init)
    let entries = stride(from: 0, to: strings.count, by: 2).map { i -> SoundLock.Entry in
        var entry = SoundLock.Entry(
            name: strings[i], source: "", ios: strings[i] + ".caf", android: strings[i], androidFile: nil,
            contentHash: String(repeating: "a", count: 64), iosSHA256: nil, androidSHA256: nil)
        entry.channelId = i + 1 < strings.count ? strings[i + 1] : ""
        return entry
    }
    let lock = SoundLock(sounds: entries)
    let ids = SoundConstants.identifiers(lock.sounds.map(\.name))
    guard Set(ids).count == ids.count else { fatalError("two sounds share an identifier: \(ids)") }
    for id in ids {
        guard let first = id.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
            id.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            }),
            !SoundConstants.reserved.contains(id)
        else { fatalError("not a usable identifier: \(id)") }
    }
    for language in SoundConstants.Language.allCases {
        let source = SoundConstants.source(lock, language: language, package: "com.example")
        if let bad = source.unicodeScalars.first(where: { $0 != "\n" && TextSafety.isControl($0) }) {
            fatalError("\(language) source holds U+\(String(bad.value, radix: 16))")
        }
        for entry in lock.sounds {
            for text in [entry.name, entry.channelId] {
                let literal = SoundConstants.literal(text, in: language)
                guard source.contains(literal), decode(literal, language) == text else {
                    fatalError("\(language) literal \(literal) does not carry \(text.debugDescription)")
                }
            }
        }
    }
}

/// A string literal as `language` reads it (the escapes alertsound writes: \\ \" \$ \u{X} \uXXXX);
/// nil when it is not one: an unescaped quote inside, a template (`$` in Kotlin or Dart), a line break.
func decode(_ literal: String, _ language: SoundConstants.Language) -> String? {
    var scalars = Array(literal.unicodeScalars)
    guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
    scalars = Array(scalars.dropFirst().dropLast())
    var out = "", i = 0
    while i < scalars.count {
        let c = scalars[i]
        if c == "\"" || c == "\n" || c == "\r" { return nil }
        if c == "$", language == .kotlin || language == .dart { return nil }
        if c == "\\", language == .swift, i + 1 < scalars.count, scalars[i + 1] == "(" { return nil }
        guard c == "\\" else {
            out.unicodeScalars.append(c)
            i += 1
            continue
        }
        guard i + 1 < scalars.count else { return nil }
        let next = scalars[i + 1]
        switch next {
        case "\\", "\"", "$":
            out.unicodeScalars.append(next)
            i += 2
        case "u":
            if i + 2 < scalars.count, scalars[i + 2] == "{" {
                guard let close = scalars[(i + 3)...].firstIndex(of: "}"),
                    let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 3)..<close])), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                out.unicodeScalars.append(scalar)
                i = close + 1
            } else {
                guard i + 6 <= scalars.count,
                    let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 2)..<(i + 6)])), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                out.unicodeScalars.append(scalar)
                i += 6
            }
        default:
            return nil
        }
    }
    return out
}

/// Sounds as a scan finds them; what they hold is never read here.
func found(_ relativePath: String, _ location: SoundLocation, root: String) -> FoundSound {
    FoundSound(
        relativePath: relativePath, displayRoot: root, location: location,
        content: .problem(DiagnosticCode.unreadable.diagnostic("not read")))
}

let bundleSounds: [FoundSound] = [
    ("alert.caf", SoundLocation.bundle), ("Alert.caf", .bundle), ("chime.aiff", .bundle), ("deep.caf", .subfolder),
    ("hello.caf", .localized), ("Library/Sounds/lib.wav", .librarySounds), ("Kit.bundle/kit.caf", .resourceBundle)
].map { found($0, $1, root: "App.app/") }

let androidSounds: [FoundSound] = ["res/raw/alarm.mp3", "res/raw/alarm_2.ogg", "assets/chime.wav", "res/raw/Bad.wav"]
    .map { path in
        found(path, SoundLocation.of(relativePath: path, kind: .apk), root: "app.apk!")
    }

/// A verdict that fails, so references to a sound get the invalid-sound path too.
let invalidVerdict = FileReport(
    path: "App.app/alert.caf", info: nil, diagnostics: [DiagnosticCode.unreadable.diagnostic("broken")], strict: true)

func references(_ bytes: [UInt8]) {
    let references =
        SoundReference.payload(Data(bytes), source: "fuzz.apns")
        + SoundReference.list(text: String(decoding: bytes, as: UTF8.self), source: "fuzz.txt")
    let resolver = ReferenceResolver(sounds: bundleSounds, references: references)
    let android = AndroidResolver(sounds: androidSounds, kind: .apk, references: references)
    for reference in references {
        for located in [resolver.locate(reference), android.locate(reference)] {
            let played = PlayedReference(
                reference: located.reference, platform: located.platform,
                verdict: located.target.map { _ in invalidVerdict }, entitlements: .unknown(reason: "fuzz"))
            _ = located.report(adding: PlayRules.all.compactMap { $0.check(played) }, strict: true)
        }
    }
    // Each sound among the others, as the validator judges it.
    for (sounds, platform) in [(bundleSounds, Platform.ios), (androidSounds, Platform.android)] {
        let facts = BundleFacts(
            names: NameFindings(sounds: sounds, platform: platform), keep: KeepRules(), stale: [:], lockPath: "lock",
            referencesGiven: !references.isEmpty, referenced: [])
        for i in sounds.indices {
            let file = BundleFileReport(
                report: invalidVerdict, location: sounds[i].location, relativePath: sounds[i].relativePath,
                resourceName: AndroidRules.resourceName(of: sounds[i]))
            var sound = SoundInBundle(index: i, file: file, sounds: sounds, facts: facts)
            for rule in platform == .ios ? SoundRules.ios : SoundRules.android {
                if let finding = rule.check(sound) { sound.file.report.append(finding) }
            }
        }
    }
}

func entitlements(_ bytes: [UInt8]) {
    _ = try? Entitlements.read(source: MemorySource(bytes), path: "fuzz")
    _ = try? ResourceTable.rawFiles(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    var keep = KeepRules()
    keep.add(xml: text, file: "keep.xml")
    _ = keep.keeps("alarm")
    _ = AndroidRules.nameProblem(text)
    // The Xcode project's property list and what the project resolves to.
    _ = try? OpenStepPlistParser.parse(bytes)
    _ = ResourceIDURIs.xmlReferences(text)
    _ = ResourceIDURIs.shrinkSwitch(text)
}

/// A scratch repository that the project readers are confined to, beside a folder outside it
/// holding a sound and a secret: what a reader reaches must stay inside (issue 44, item 3).
let repository = scratch + "/repo"
func prepareRepository() {
    let fm = FileManager.default
    for folder in ["/repo/ios/App", "/repo/assets", "/outside"] {
        try? fm.createDirectory(atPath: scratch + folder, withIntermediateDirectories: true)
    }
    let sound =
        Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xAC, 0, 0]
        + [0x88, 0x58, 1, 0, 2, 0, 16, 0] + Array("data".utf8) + [0, 0, 0, 0]
    for path in ["/repo/ios/App/a.wav", "/repo/assets/a.wav", "/outside/secret.wav"] {
        _ = fm.createFile(atPath: scratch + path, contents: Data(sound))
    }
    _ = fm.createFile(atPath: scratch + "/outside/passwd", contents: Data("root:x:0:0".utf8))
    try? fm.createSymbolicLink(atPath: scratch + "/repo/ios/Out", withDestinationPath: scratch + "/outside")
    try? fm.createSymbolicLink(
        atPath: scratch + "/repo/assets/out.wav", withDestinationPath: scratch + "/outside/secret.wav")
}

/// Every sound a bundle holds as a file lies inside the repository, once resolved; nothing in
/// what it reports quotes the secret.
func expectConfined(_ scans: [BundleScan]) {
    let root = FolderScanner.realPath(Array(repository.utf8))!
    for scan in scans {
        for sound in scan.sounds {
            if case .file(let file) = sound.content, let real = FolderScanner.realPath(file.rawPath),
                !real.starts(with: root + [UInt8(ascii: "/")])
            {
                fatalError("read outside the repository: \(displayName(real))")
            }
            if case .problem(let diagnostic) = sound.content, diagnostic.message.contains("root:x") {
                fatalError("a message quotes a file outside the repository")
            }
        }
    }
}

func pbxproj(_ bytes: [UInt8]) {
    let project = repository + "/ios/App.xcodeproj"
    try? FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: project + "/project.pbxproj", contents: Data(bytes)),
        let confinement = Confinement(folder: repository),
        let read = try? XcodeProject.read(project, within: confinement)
    else { return }
    // Every app's resources once each, and never more apps than the bound.
    guard read.apps.count <= Limits.maximumXcodeApps,
        read.apps.allSatisfy({ Set($0.resources).count == $0.resources.count })
    else { fatalError("an app's resources repeat, or too many apps") }
    if let scans = try? XcodeProject.scans(read, within: confinement) { expectConfined(scans) }
}

func workspace(_ bytes: [UInt8]) {
    let path = repository + "/ios/W.xcworkspace"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: path + "/contents.xcworkspacedata", contents: Data(bytes)),
        let confinement = Confinement(folder: repository),
        let read = try? XcodeWorkspace.read(path, within: confinement)
    else { return }
    for project in read.projects
    where !confinement.contains(project) || !isInside(project, repository + "/ios") {
        fatalError("the workspace opens \(project), outside")
    }
    guard Set(read.projects).count == read.projects.count else { fatalError("a project twice") }
    _ = try? XcodeProject.find(near: path, within: confinement)
}

func csproj(_ bytes: [UInt8]) {
    try? FileManager.default.createDirectory(atPath: repository + "/App", withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: repository + "/App/App.csproj", contents: Data(bytes)),
        let confinement = Confinement(folder: repository),
        let search = try? AppSearch.search(repository, within: confinement, readers: [MauiReader.self]),
        let apps = try? search.readers.first?.apps(under: repository, within: confinement)
    else { return }
    guard apps.apps.count <= 2 else { fatalError("more than one app per platform") }
    expectConfined(apps.apps.map(\.scan))
}

func expo(_ bytes: [UInt8]) {
    guard FileManager.default.createFile(atPath: repository + "/app.json", contents: Data(bytes)),
        let confinement = Confinement(folder: repository),
        let list = try? ExpoSounds.list(in: repository, within: confinement)
    else { return }
    expectConfined(
        ExpoSounds.scans(
            folder: repository, config: list.config, plugin: list.plugin, sounds: list.sounds, within: confinement))
}

func code(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    for ext in SourceWalk.extensions.sorted() {
        let found = CodeSounds.read(text, file: "F.\(ext)", fileExtension: ext)
        // Every finding points inside the text, and a name is the literal's, never longer than it.
        let lines = text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        for reference in found.references {
            guard let line = reference.position?.line, line >= 1, line <= lines else {
                fatalError("line outside the text")
            }
            if let name = reference.name, name.utf8.count > bytes.count { fatalError("a name longer than the text") }
        }
        for channel in found.channels where channel.position.line < 1 || channel.position.line > lines {
            fatalError("a channel outside the text")
        }
    }
    var libraries = AndroidLibraries()
    libraries.read(packageJSON: bytes, file: "package.json")
    libraries.read(pubspec: text, file: "pubspec.yaml")
    libraries.read(gradle: text, file: "build.gradle")
    _ = AndroidAppFacts.minSdk(in: text)
    _ = AndroidAppFacts.metaData(AndroidAppFacts.defaultChannelKey, in: text)
    _ = AndroidAppFacts.appliesApplicationPlugin(text)
}

func configuration(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let parsed = try? Configuration.parse(text, path: ".alertsound.yml") {
        for path in ["ios/Runner/a.caf", "./x/y/z.wav", "/abs/a.caf", "", "a**b/?.caf"] { _ = parsed.ignores(path) }
    }
    // The first line as a pattern against the rest: a glob decided over pattern × path, never more.
    let split = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let pattern = bytes[..<split], path = bytes[min(split + 1, bytes.endIndex)...]
    let matched = PathGlob(pattern).matches(Array(path))
    // A pattern with no wildcard matches only itself.
    if !pattern.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }),
        matched != pattern.elementsEqual(path)
    {
        fatalError("a literal pattern matched another path, or not itself")
    }
}

func ogg(_ bytes: [UInt8]) {
    let input = bytes.starts(with: Array("OggS".utf8)) ? bytes : Array("OggS".utf8) + bytes
    let info: SoundInfo
    do {
        info = try SoundFile.inspect(bytes: input, name: "fuzz.ogg")
    } catch let error as AlertSoundError {
        // A stream that is not read is malformed (or too short to be recognised), and says where.
        guard [.malformed, .unrecognized].contains(error.kind) else { fatalError("Ogg error of kind \(error.kind)") }
        return
    } catch {
        fatalError("the Ogg reader threw something else: \(error)")
    }
    guard info.container == .ogg else { return }
    // What Android would play has a rate and channels, all plausible (issue 55, item 3).
    if AndroidRules.formatProblem(info) == nil {
        guard let rate = info.sampleRate, rate > 0, let channels = info.channels, channels >= 1 else {
            fatalError("an Ogg Android plays with no rate or no channels: \(info)")
        }
    }
    if let frames = info.frames, frames < 0 { fatalError("negative length") }
}

/// An iOS app and an Android project that explain's pushes are explained on (made once).
let explainApps: [String] = {
    let fm = FileManager.default
    let sound =
        Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0, 0x44, 0xAC, 0, 0]
        + [0x88, 0x58, 1, 0, 2, 0, 16, 0] + Array("data".utf8) + [0, 0, 0, 0]
    let ios = scratch + "/explain/Shop.app", android = scratch + "/explain/android/app/src/main/res/raw"
    for folder in [ios, android] { try? fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    for path in [ios + "/alert.wav", ios + "/Alert.caf", android + "/alarm.wav", android + "/Bad-Name.wav"] {
        _ = fm.createFile(atPath: path, contents: Data(sound))
    }
    return [ios, scratch + "/explain/android"]
}()

func explain(_ bytes: [UInt8]) {
    let push = Push.payload(Data(bytes), source: "push.json")
    guard let explanation = try? Explainer().explain(paths: explainApps, push: push) else { return }
    let lines = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    for pushed in explanation.pushes {
        guard !pushed.steps.isEmpty else { fatalError("an explanation with no step") }
        for step in pushed.steps {
            for evidence in step.evidence where evidence.file == "push.json" {
                // The payload's evidence points at one of its lines.
                if let line = evidence.line, line < 1 || line > lines { fatalError("evidence outside the payload") }
            }
        }
    }
    guard (try? JSONEncoder().encode(explanation)).flatMap({ try? JSONParser.parse(Array($0)) }) != nil else {
        fatalError("an explanation that does not encode as JSON")
    }
}

func ipa(_ bytes: [UInt8]) {
    let path = scratch + "/app.ipa"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    // A critical reference makes the validator read the app's entitlements too.
    let critical = SoundReference(name: "alert.caf", source: "fuzz", critical: true, platform: .ios)
    if let report = try? BundleValidator(strict: true).validate(
        path: path, references: [.named("alert.caf"), critical, .named("android:alarm")])
    {
        expectJSON(ValidationReport(bundles: [report]).jsonBytes(), "validate-bundle")
    }
}

var arguments = CommandLine.arguments
if let flag = arguments.firstIndex(where: { $0.hasPrefix("--target=") }) {
    guard let chosen = Target(rawValue: String(arguments[flag].dropFirst("--target=".count))) else {
        FileHandle.standardError.write(
            "targets: \(Target.allCases.map(\.rawValue).joined(separator: ", "))\n".data(using: .utf8)!)
        exit(64)
    }
    target = chosen
    arguments.remove(at: flag)
}
try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
atexit { try? FileManager.default.removeItem(atPath: scratch) }
prepareRepository()

var argc = Int32(arguments.count)
var cArguments = arguments.map { strdup($0) } + [nil]
let status = cArguments.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var argv = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        switch target {
        case .inspect: inspect(bytes)
        case .convert: convert(bytes)
        case .references: references(bytes)
        case .ipa: ipa(bytes)
        case .fix: fix(bytes)
        case .entitlements: entitlements(bytes)
        case .install: install(bytes)
        case .lock: lock(bytes)
        case .pbxproj: pbxproj(bytes)
        case .workspace: workspace(bytes)
        case .expo: expo(bytes)
        case .csproj: csproj(bytes)
        case .code: code(bytes)
        case .configuration: configuration(bytes)
        case .ogg: ogg(bytes)
        case .explain: explain(bytes)
        }
        return 0
    }
}
exit(status)
