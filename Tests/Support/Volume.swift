import Foundation

/// What the volume under a folder does with names, probed rather than assumed: a Mac's default
/// APFS volume is case-insensitive and refuses names that are not UTF-8, Linux file systems are
/// neither. Tests that need case twins or such names take the probe's answer, so they hold on both
/// (scripts/dev/case-insensitive-test runs them on a mount that behaves as APFS does).
public enum Volume {
    /// Whether `folder`'s volume keeps `A` and `a` apart.
    public static func isCaseSensitive(_ folder: String) -> Bool {
        let probe = folder + "/.case-probe-\(UUID().uuidString)-A"
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return true }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        return !FileManager.default.fileExists(
            atPath: folder + "/" + (probe as NSString).lastPathComponent.lowercased())
    }

    /// Whether `folder`'s volume takes a file name that is not valid UTF-8.
    public static func acceptsNonUTF8Names(_ folder: String) -> Bool {
        let name = Array((folder + "/.utf8-probe-").utf8) + [0xFF, 0]
        let fd = name.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        guard fd >= 0 else { return false }
        close(fd)
        _ = name.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } }
        return true
    }
}
