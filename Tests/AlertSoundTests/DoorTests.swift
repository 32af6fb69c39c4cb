import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// The one door files are read through (issue 55): what a user's tree holds is read only when it
/// resolves inside the repository holding the path given, and no other code opens a file.
@Suite struct DoorTests {
    /// What opens a file, lists a folder or reads one whole, as the code spells it.
    static let primitives: [(name: String, pattern: String)] = [
        ("FileSource(path:/at:)", #"FileSource\((path|at):"#),
        ("FolderFile(path:)", #"FolderFile\(path:"#),
        ("open(…)", #"(?<!func )(?<!case )(?<![\w.])(open|openat|fopen|opendir|fdopendir)\("#),
        ("Data/String(contentsOf:)", #"(Data|String)\(contentsOf"#),
        (
            "FileManager reads",
            #"contentsOfDirectory|subpathsOfDirectory|\.enumerator\(at|FileManager\.default\.contents\("#
        ),
        ("FileHandle(forReadingAtPath:)", #"FileHandle\(forReading"#),
        ("a whole-file read by path", #"boundedContents\(|SoundReference\.contents\("#)
    ]

    /// The files that may use them, and why. Everything else reads through a `Door`.
    static let allowed: [String: String] = [
        "Sources/AlertSoundCore/Check/Door.swift": "the door itself",
        "Sources/AlertSoundCore/Bytes/ByteSource.swift": "FileSource, the primitive the door opens with",
        "Sources/AlertSoundCore/Check/FolderScanner.swift":
            "the sound walk: opens each entry relative to its folder's handle and judges every link against its root itself (a link out of a bundle is reported, never read)",
        "Sources/AlertSoundCore/Check/FolderHandle.swift": "the sound walk's folder handles",
        "Sources/AlertSoundCore/Check/Checker.swift": "check FILE: files the user names",
        "Sources/AlertSoundCore/Inspect/SoundFile.swift": "info, check and convert inputs: files the user names",
        "Sources/AlertSoundCore/Install/SoundInstaller.swift":
            "the installer: the app's own Library/Sounds, which it writes",
        "Sources/AlertSoundCore/Convert/AtomicOutput.swift": "a writer: its own output and temporary files",
        "Sources/AlertSoundCore/Fix/FixInMemory.swift": "its own temporary files",
        "Sources/AlertSound/Archive/ZipArchive.swift": "the .ipa or .apk the user names",
        "Sources/AlertSound/Backends/SystemBackends.swift":
            "decoders of convert's and fix's inputs, which the user names",
        "Sources/AlertSound/Export/Exporter+Files.swift": "export: its sources (named by the user) and its outputs",
        "Sources/AlertSound/Android/AndroidChecker.swift": "check --platform android FILE: files the user names",
        "Sources/AlertSoundCLI/Reference/GenerateReference.swift":
            "generate-reference's --tool-info, which the user names"
    ]

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Each line of `Sources/` outside the allowed files that opens a file, as `file:line: what`.
    static func bypasses() throws -> (bypasses: [String], allowedUsed: Set<String>) {
        let (found, used) = try SourceSearch.lines(
            under: packageRoot, matching: primitives.map { ($0.name, $0.pattern) }, allowed: Set(allowed.keys))
        return (found, used)
    }

    @Test(.bug(id: "55", "item 1")) func nothingOpensAFileButTheDoor() throws {
        let (bypasses, used) = try Self.bypasses()
        #expect(bypasses.isEmpty, "read through a Door instead:\n\(bypasses.joined(separator: "\n"))")
        // An allowance nothing uses any more is dropped, so the list stays the truth.
        #expect(Set(Self.allowed.keys).subtracting(used).isEmpty, "\(Set(Self.allowed.keys).subtracting(used))")
    }

    /// The root is the repository holding the path given (a `.git` folder or file), else the path.
    @Test(.bug(id: "55", "item 1")) func theRootIsTheRepositoryHoldingThePath() throws {
        let scratch = try Scratch()
        let fm = FileManager.default
        try fm.createDirectory(atPath: scratch.path("repo/ios/Runner"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: scratch.path("repo/.git"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: scratch.path("worktree/app"), withIntermediateDirectories: true)
        _ = try scratch.write("worktree/.git", Array("gitdir: ../repo/.git\n".utf8))
        _ = try scratch.write("outside.txt", Array("root:x:0:0".utf8))
        _ = try scratch.write("repo/Podfile", Array("platform :ios, '15.0'\n".utf8))
        let real = try #require(Door(folder: scratch.url.path)).root.map { String(decoding: $0, as: UTF8.self) }
        let repo = try #require(Door(given: scratch.path("repo/ios/Runner")))
        #expect(repo.shown == (real ?? "") + "/repo")
        #expect(try #require(Door(given: scratch.path("worktree/app"))).shown == (real ?? "") + "/worktree")
        // No repository: the path itself.
        try fm.createDirectory(atPath: scratch.path("plain/sub"), withIntermediateDirectories: true)
        #expect(try #require(Door(given: scratch.path("plain/sub"))).shown == (real ?? "") + "/plain/sub")
        // The enclosing project is inside; a link out is refused, naming neither a byte nor the target.
        #expect(
            String(
                decoding: try repo.contents(scratch.path("repo/Podfile"), limit: 100, what: "Podfile"), as: UTF8.self
            ).hasPrefix("platform"))
        try fm.createSymbolicLink(
            atPath: scratch.path("repo/ios/Runner/Info.plist"), withDestinationPath: scratch.path("outside.txt"))
        #expect(throws: AlertSoundError.self) {
            try repo.contents(scratch.path("repo/ios/Runner/Info.plist"), limit: 100, what: "Info.plist")
        }
        do {
            _ = try repo.bytes(scratch.path("repo/ios/Runner/Info.plist"), limit: 100, what: "Info.plist")
            Issue.record("read through a link out")
        } catch {
            #expect(error.outside && error.reason.contains("resolves outside") && !error.reason.contains("root:x"))
        }
        // What the user names is read wherever it leads.
        #expect(try Door.userNamed.bytes(scratch.path("repo/ios/Runner/Info.plist"), limit: 100, what: "x").count == 10)
    }

    /// Whether permission bits stop this process (they do not stop root).
    static var permissionsHold: Bool {
        guard let scratch = try? Scratch() else { return false }
        let folder = scratch.path("probe")
        guard
            (try? FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true))
                != nil,
            chmod(folder, 0o644) == 0
        else { return false }
        defer { chmod(folder, 0o755) }
        return !FileManager.default.fileExists(atPath: folder + "/in")
    }

    /// A folder that can be listed but not entered hides the app inside: the search says so.
    @Test(
        .bug(id: "55", "item 4"),
        .enabled(if: permissionsHold, "permission bits do not stop this user (root): nothing is hidden to say"))
    func aFolderThatCannotBeEnteredIsSaid() throws {
        let scratch = try Scratch()
        let locked = scratch.path("repo/locked")
        try FileManager.default.createDirectory(atPath: locked + "/app", withIntermediateDirectories: true)
        _ = try scratch.write("repo/locked/app/build.gradle", Array("plugins { id 'com.android.application' }\n".utf8))
        #expect(chmod(locked, 0o644) == 0)
        defer { chmod(locked, 0o755) }
        let root = scratch.path("repo")
        let search = try AppSearch.search(root, within: try #require(Confinement(folder: root)))
        #expect(search.notes.contains { $0.hasPrefix(locked + ": cannot be searched for apps") }, "\(search.notes)")
    }

    /// The listing itself refuses a folder that can be read but not entered (for any user who is
    /// stopped by it), and one that resolves outside the root.
    @Test(.bug(id: "55", "item 4")) func aListingOutsideIsRefused() throws {
        let scratch = try Scratch()
        let fm = FileManager.default
        try fm.createDirectory(atPath: scratch.path("repo"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: scratch.path("elsewhere/secret"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: scratch.path("repo/out"), withDestinationPath: scratch.path("elsewhere"))
        let door = try #require(Door(folder: scratch.path("repo")))
        #expect(throws: Door.Outside.self) { try FolderEntries.listing(scratch.path("repo/out"), through: door) }
        #expect(FolderEntries.list(scratch.path("repo/out"), through: .userNamed).map(\.name) == ["secret"])
    }
}
