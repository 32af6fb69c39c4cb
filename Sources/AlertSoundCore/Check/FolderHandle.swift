#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder a walk found, opened relative to its parent (`openat`), never from the root again: a
/// walk that reopened every folder from the root did work quadratic in the depth (5,000 nested
/// folders: 33 s, most of it resolving paths in the kernel). Descriptors are kept for the folders
/// opened most recently, at most `budget` at once in the process; one that was closed is opened
/// again from its nearest open ancestor. So a walk or a file open costs O(1) amortised, and no tree,
/// however deep or wide, runs the process out of descriptors.
package final class FolderHandle: @unchecked Sendable {
    /// `nil` for the root, whose `name` is its path.
    let parent: FolderHandle?
    let name: [UInt8]
    /// Open, or -1; read and written only under `lock`.
    private var descriptor: Int32 = -1
    /// Callers of `withDescriptor` using it now; a folder in use is never closed (under `lock`).
    private var users = 0

    private static let lock = Lock()
    /// The handles holding a descriptor, oldest first (under `lock`).
    nonisolated(unsafe) private static var opened: [FolderHandle] = []
    static let budget = Limits.keptFolderDescriptors

    init(root path: [UInt8]) {
        parent = nil
        name = path
    }

    init(parent: FolderHandle, name: [UInt8]) {
        self.parent = parent
        self.name = name
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// A descriptor of this folder for the caller to close (a duplicate: the cached one may be
    /// closed by another thread at any time).
    func open() throws -> Int32 {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        let fd = try openLocked()
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw SourceError(errno: errno) }
        return copy
    }

    /// Runs `body` with this folder's own descriptor, kept open meanwhile: opening a file in it
    /// costs no duplicate to make and close (two system calls a file, a tenth of `check`'s time).
    func withDescriptor<T>(_ body: (Int32) throws -> T) throws -> T {
        Self.lock.lock()
        let fd: Int32
        do {
            fd = try openLocked()
        } catch {
            Self.lock.unlock()
            throw error
        }
        users += 1
        Self.lock.unlock()
        defer {
            Self.lock.lock()
            users -= 1
            Self.lock.unlock()
        }
        return try body(fd)
    }

    /// The path from the root, for messages and `realpath` (O(depth); the walk never needs it).
    var rawPath: [UInt8] {
        var parts: [[UInt8]] = []
        var node: FolderHandle? = self
        while let current = node {
            parts.append(current.name)
            node = current.parent
        }
        return Array(parts.reversed().joined(separator: [UInt8(ascii: "/")]))
    }

    /// This folder's descriptor, opening it (and its closed ancestors, from the nearest open one
    /// down) if need be. A loop, not a call up the chain per level: after a walk has closed them,
    /// a folder 4,096 deep has that many closed ancestors, more frames than a 512 KiB stack holds.
    private func openLocked() throws -> Int32 {
        if descriptor >= 0 { return descriptor }
        var closed: [FolderHandle] = [self]
        while let parent = closed.last!.parent, parent.descriptor < 0 { closed.append(parent) }
        // Opened outermost first; each stays open for the one below, as the walk opened them.
        for handle in closed.reversed() { try handle.openOneLocked() }
        return descriptor
    }

    /// Opens this folder, whose parent (if any) is open.
    private func openOneLocked() throws {
        let fd: Int32
        if let parent {
            let base = parent.descriptor
            fd = (name + [0]).withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) {
                    openat(base, $0.baseAddress!, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                }
            }
        } else {
            fd = (name + [0]).withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { openFolderAt($0.baseAddress!) }
            }
        }
        guard fd >= 0 else { throw SourceError(errno: errno) }
        descriptor = fd
        Self.opened.append(self)
        // The oldest not in use goes first: a walk's ancestors, which a depth-first walk returns
        // to last. (Were every one in use, the budget is passed for a moment: there are far fewer
        // threads than descriptors in it.)
        if Self.opened.count > Self.budget, let oldest = Self.opened.firstIndex(where: { $0.users == 0 }) {
            let handle = Self.opened.remove(at: oldest)
            close(handle.descriptor)
            handle.descriptor = -1
        }
    }
}

/// `open(2)` for a folder; a free function because `FolderHandle.open()` hides the system's name.
private func openFolderAt(_ path: UnsafePointer<CChar>) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}
