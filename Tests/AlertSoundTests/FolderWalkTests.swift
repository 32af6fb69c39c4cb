import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// The folder walks of check and validate-bundle: links that leave, FIFOs and devices, our own temporary files, any depth and any name. Each test holds a finding of
/// shared/attack/README.md (its `.bug` trait); the exact inputs are in AttackInputs.swift.
@Suite struct FolderWalkTests {
    // F8: an .xcarchive whose app is a link to `/` scanned the whole disk.
    @Test(.bug(id: "attack F8")) func xcarchiveAppLinkedOutsideIsReported() throws {
        let scratch = try Scratch()
        let apps = scratch.path("My.xcarchive/Products/Applications")
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: apps + "/My.app", withDestinationPath: "/")
        #expect { _ = try BundleValidator().validate(path: scratch.path("My.xcarchive")) } throws: { error in
            (error as? AlertSoundError)?.message.contains("outside the archive") == true
        }
    }

    // F9: a FIFO (directly or through a link in a folder) blocked check forever.
    @Test(.bug(id: "attack F9")) func fifosAndDevicesAreRefusedWithoutBlocking() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.path("pipe.caf"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("link.wav"), withDestinationPath: scratch.path("pipe.caf"))
        _ = try scratch.write("good.caf", HostileInput.goodCAF)
        let direct = Checker().check(path: scratch.path("pipe.caf"))
        #expect(HostileInput.codes(direct) == ["unreadable"] && direct.diagnostics[0].message.contains("FIFO"))
        #expect(HostileInput.codes(Checker().check(path: "/dev/zero")) == ["unreadable"])
        let folder = Checker().check(paths: [scratch.url.path])
        #expect(folder.files.map { lastComponent($0.path) } == ["good.caf", "link.wav", "pipe.caf"])
        #expect(folder.files.map(\.valid) == [true, false, false])
        let scratch2 = try Scratch()
        #expect(throws: AlertSoundError.self) {
            _ = try Converter().convert(input: scratch.path("pipe.caf"), output: scratch2.path("x.caf"))
        }
    }

    // F11: alertsound's own temporary files, left by a killed run, were reported as valid sounds.
    @Test(.bug(id: "attack F11")) func ownTemporaryFilesAreNotSounds() throws {
        let scratch = try Scratch()
        _ = try scratch.write(".alertsound-Ab3dE9", HostileInput.goodCAF)
        _ = try scratch.write("alert.caf", HostileInput.goodCAF)
        #expect(Checker().check(paths: [scratch.url.path]).files.map { lastComponent($0.path) } == ["alert.caf"])
        #expect(try BundleValidator().validate(path: scratch.url.path).files.map(\.relativePath) == ["alert.caf"])
    }

    // F14 (and names that are not UTF-8): sounds deeper than PATH_MAX were skipped without a word.
    @Test(.bug(id: "attack F14")) func walksReachAnyDepthAndAnyName() throws {
        let scratch = try Scratch()
        var fd = open(scratch.url.path, O_RDONLY | O_DIRECTORY)
        let level = String(repeating: "d", count: 200)
        for depth in 0..<25 {  // 25 × 201 bytes: past PATH_MAX (4096)
            if mkdirat(fd, level, 0o755) != 0 {
                // Linux and APFS take any depth through openat; a path-based FUSE mount (the
                // case-insensitive test's) refuses past PATH_MAX. Test only what the volume can hold.
                #expect(errno == ENAMETOOLONG && depth >= 19, "mkdirat failed at depth \(depth): errno \(errno)")
                close(fd)
                return
            }
            let next = openat(fd, level, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        // APFS refuses a name that is not UTF-8; where the volume takes one, the walk must show it.
        let odd = Volume.acceptsNonUTF8Names(scratch.url.path)
        for name in [Array("deep.caf".utf8)] + (odd ? [Array("caf".utf8) + [0xFF] + Array(".caf".utf8)] : []) {
            let file = (name + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { openat(fd, $0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
            }
            #expect(
                HostileInput.goodCAF.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
                    == HostileInput.goodCAF.count)
            close(file)
        }
        close(fd)
        let report = Checker().check(paths: [scratch.url.path])
        #expect(report.files.count == (odd ? 2 : 1))
        #expect(report.files.allSatisfy { $0.valid })
        #expect(!odd || report.files.contains { $0.path.hasSuffix("/caf\\xff.caf") })
        #expect(report.files.allSatisfy { $0.path.utf8.count > 5000 })
    }
}

/// Issue 44, items 7 and 9.
extension FolderWalkTests {
    /// `a<0xFF>.wav` and a file named with the text `a\xff.wav` had one path in every report.
    @Test(.bug(id: 44, "item 9")) func twoNamesNeverShowAsOne() throws {
        let raw = Array("a".utf8) + [0xFF] + Array(".wav".utf8)
        let text = Array(#"a\xff.wav"#.utf8)
        #expect(displayName(raw) == #"a\xff.wav"#)
        #expect(displayName(text) == #"a\\xff.wav"#)
        #expect(displayName(Array(#"a\b.wav"#.utf8)) == #"a\b.wav"#, "other backslashes are shown as they are")
        #expect(displayName(Array("a\\".utf8) + [0xFE]) == #"a\\\xfe"#)
        let scratch = try Scratch()
        guard Volume.acceptsNonUTF8Names(scratch.url.path) else { return }
        for name in [raw, text] {
            let fd = (Array(scratch.url.path.utf8) + [UInt8(ascii: "/")] + name + [0]).withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
            }
            #expect(
                HostileInput.goodCAF.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    == HostileInput.goodCAF.count)
            close(fd)
        }
        let paths = Checker().check(paths: [scratch.url.path]).files.map(\.path)
        #expect(paths.count == 2 && Set(paths).count == 2, "\(paths)")
    }

    /// Notes that start with RIFF, FORM or ID3, named like no sound, failed an app as broken sounds.
    @Test(.bug(id: 44, "item 7")) func textThatStartsLikeASoundIsNotOne() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("My.app"), withIntermediateDirectories: true)
        _ = try scratch.write("My.app/alert.caf", HostileInput.goodCAF)
        for (name, text) in [
            ("README", "RIFF notes"), ("letter", "FORM letter"), ("tags.txt", "ID3 tags"), ("x", "caff")
        ] {
            _ = try scratch.write("My.app/" + name, Array(text.utf8))
        }
        let report = try BundleValidator().validate(path: scratch.path("My.app"))
        #expect(report.files.map(\.name) == ["alert.caf"] && report.valid, "\(report.files.map(\.name))")
    }
}
