import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// `Files/` and `Text/`: a folder's entries by kind, links not followed; source text read as text, comments
/// blanked and lines kept.
@Suite struct ScanTests {
    @Test func folderEntriesHaveKindsAndFollowNoLink() throws {
        let scratch = try Scratch()
        let root = scratch.path("root")
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        _ = try scratch.write("root/a.caf", [1])
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/sub")
        // A name that is not UTF-8 (`x` and byte 0xFF) cannot be a project or resource file: it is
        // left to the sound walk, which reports it. A Mac's volume refuses such a name outright.
        if Volume.acceptsNonUTF8Names(root) {
            let invalid = (Array((root + "/x").utf8) + [0xFF, 0]).map { CChar(bitPattern: $0) }
            let fd = open(invalid, O_CREAT | O_WRONLY, 0o600)
            #expect(fd >= 0)
            close(fd)
        }
        let entries = FolderEntries.list(root, through: .userNamed).sorted { $0.name < $1.name }
        #expect(entries.map(\.name) == ["a.caf", "link", "sub"])
        #expect(entries.map(\.kind) == [.file, .link, .folder])
        #expect(FolderEntries.names(in: root, .folder, through: .userNamed) == ["sub"])
        #expect(FolderEntries.list(root + "/missing", through: .userNamed).isEmpty)
    }

    @Test func sourceTextBlanksCommentsAndKeepsLines() {
        let text = SourceText(
            "let a = 1 // sound(\"x.caf\")\n/* sound(\"y.caf\")\n */ sound(\"z.caf\")\nlet s = \"// not a comment\"")
        let found = text.occurrences(of: "sound")
        #expect(found.count == 1)
        #expect(found.first.map(text.line(at:)) == 3)
        #expect(String(String.UnicodeScalarView(text.scalars)).contains("\"// not a comment\""))
    }
}
