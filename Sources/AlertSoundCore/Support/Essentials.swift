#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Small stand-ins for the parts of full Foundation alertsound used, so the library needs only
// FoundationEssentials: the static binary then leaves out Foundation's other half and ICU, and
// starts faster (the runtime scans every protocol conformance in the binary; scripts/bench-startup).

/// A mutual-exclusion lock (`pthread_mutex`); safe to use from a signal-blocked section.
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }
}

/// What is at a path, following links: a folder, or anything else (a file, a FIFO, a device).
package enum PathKind: Sendable, Hashable {
    case folder, file
}

/// What is at `path` (following links); `nil` when nothing is there.
package func pathKind(_ path: String) -> PathKind? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file
}

/// Whether something is at `path` (following links).
package func exists(_ path: String) -> Bool { pathKind(path) != nil }
/// Whether a folder is at `path` (following links).
package func isFolder(_ path: String) -> Bool { pathKind(path) == .folder }
/// Whether something other than a folder is at `path` (following links): a file, a FIFO, a device.
package func isFile(_ path: String) -> Bool { pathKind(path) == .file }

/// Creates `folder` and any missing parents (`mkdir -p`); an existing folder is left as it is.
/// A loop, not a call per level: a path may have a couple of thousand components, and a debug
/// build's frames on a 512 KiB secondary thread (Apple's) have no room for that many.
package func makeFolders(_ folder: String) throws {
    var missing: [String] = []
    var at = folder
    while !at.isEmpty, !exists(at) {
        missing.append(at)
        at = parentFolder(at)
    }
    for folder in missing.reversed() {
        if mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw AlertSoundError.writing(folder, "cannot create the folder", errno: errno)
        }
    }
}

/// The lines of `text`, each ended by LF, CRLF or CR, without a leading byte-order mark. Swift
/// reads "\r\n" as one Character, so splitting on "\n" would keep a CRLF file as one line.
package func textLines(_ text: String) -> [String] {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var scalars = text.unicodeScalars[...]
    if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
    var afterCR = false
    for scalar in scalars {
        defer { afterCR = scalar == "\r" }
        if scalar == "\n" && afterCR { continue }
        if scalar == "\n" || scalar == "\r" {
            lines.append(String(current))
            current = String.UnicodeScalarView()
        } else {
            current.append(scalar)
        }
    }
    lines.append(String(current))
    return lines
}

extension StringProtocol {
    /// Without the leading and trailing characters in `set`.
    package func trimming(_ set: Set<Character>) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(self[first...last])
    }

    /// Without leading and trailing white space and line breaks.
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// Without `prefix` when it starts with it.
    func dropping(prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }

    /// Every `target` scalar replaced by `replacement`. By scalars, not characters: a quote followed
    /// by a combining mark, or the CR of a CRLF, is one `Character` but must still be replaced.
    package func replacingScalar(_ target: Unicode.Scalar, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar == target { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
