import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

/// Work whose depth the input sets, on the 512 KiB stack Apple gives a secondary thread (where
/// Swift Testing runs tests on a Mac, and an app's background queues run): none of it may take a
/// frame per level.
@Suite(.bug(id: 55, "item 6")) struct SmallStackTests {
    // `makeFolders` (export's and fix's output folders, `mkdir -p`) called itself once a component:
    // 630 KB of stack for 1,500 at -Onone, past the 512 KiB of a Mac's secondary thread.
    @Test func makingAFolderTakesNoFramePerComponent() throws {
        let scratch = try Scratch()
        let deep = scratch.path(Array(repeating: "a", count: 1500).joined(separator: "/"))
        let (used, made) = try SmallStack.stackUsed {
            try makeFolders(deep)
            return isFolder(deep)
        }
        #expect(made)
        #expect(used < 64 * 1024, "\(used) bytes of stack for 1,500 folders")
        // An existing folder is left as it is; a file in the way is an error.
        try makeFolders(deep)
        _ = try scratch.write("file", [1])
        #expect(throws: AlertSoundError.self) { try makeFolders(scratch.path("file/inside")) }
    }

    // A walk's folder handles form a chain, each holding its parent. Opening one whose ancestors the
    // walk had closed called itself once a closed ancestor, about 820 bytes a level at -Onone: 1.6 MB
    // for 1,970 levels, where the walk goes to 4,096 and a Mac's secondary thread has 512 KiB.
    // Freeing a chain of 4,096 handles took little stack already; measured so that it stays so.
    @Test func aDeepChainOfFolderHandlesOpensAndFreesInAFewFrames() throws {
        let scratch = try Scratch()
        var fd = open(scratch.url.path, O_RDONLY | O_DIRECTORY)
        var depth = 0
        // Within PATH_MAX, so that the scratch folder can be removed by path afterwards.
        let levels = (4000 - scratch.url.path.utf8.count) / 2
        while depth < levels, mkdirat(fd, "d", 0o755) == 0 {
            let next = openat(fd, "d", O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            depth += 1
        }
        close(fd)
        #expect(depth == levels, "only \(depth) folders deep")
        let root = Array(scratch.url.path.utf8)
        let (opening, opened) = try SmallStack.stackUsed { () -> Bool in
            var handle = FolderHandle(root: root)
            for _ in 0..<depth { handle = FolderHandle(parent: handle, name: Array("d".utf8)) }
            // None is open yet: the deepest opens every one above it.
            let descriptor = try handle.open()
            defer { close(descriptor) }
            return descriptor >= 0
        }
        #expect(opened)
        #expect(opening < 64 * 1024, "\(opening) bytes of stack to open a folder \(depth) deep")
        let (freeing, _) = try SmallStack.stackUsed {
            var handle = FolderHandle(root: root)
            for _ in 0..<Limits.maximumFolderDepth { handle = FolderHandle(parent: handle, name: Array("d".utf8)) }
            return handle.name.count  // the chain goes with `handle`, here
        }
        #expect(freeing < 64 * 1024, "\(freeing) bytes of stack to free \(Limits.maximumFolderDepth) handles")
    }
}
