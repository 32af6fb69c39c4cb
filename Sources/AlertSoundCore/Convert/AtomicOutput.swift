#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written where nobody can see it and put in place only when complete, so a failed,
/// refused, interrupted or killed conversion never leaves a partial output.
///
/// On Linux the data goes to an unnamed `O_TMPFILE` in the destination folder and is linked in
/// when complete: a SIGKILL or a trap leaves nothing visible. Elsewhere (or where the file system
/// has no `O_TMPFILE`) it is a `.alertsound-XXXXXX` file beside the output, removed on failure and
/// on SIGINT/SIGTERM/SIGHUP, and never reported as a sound by `check` or `validate-bundle`. The
/// temporary name is short so that output names up to NAME_MAX work.
package final class AtomicOutput {
    /// Linux's O_TMPFILE (an unnamed file in a folder), which Swift's Glibc module does not show: it
    /// is `__O_TMPFILE | O_DIRECTORY`, and __O_TMPFILE is 0o20000000 on every architecture Swift runs
    /// on (asm-generic). Elsewhere 0: a named temporary file. A CLI test compares it with the C macro.
    #if os(Linux)
    static let unnamedFileFlag: Int32 = 0o20000000 | O_DIRECTORY
    #else
    static let unnamedFileFlag: Int32 = 0
    #endif

    static let temporaryPrefix = ".alertsound-"

    /// Whether a file name is one of alertsound's own temporary files.
    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix) && name.utf8.count == temporaryPrefix.utf8.count + 6
    }

    private(set) var path: String
    private let folder: String
    /// Whether a file at `path` may be replaced. When not, the finished file is put in place with a
    /// call that fails if anything is there, so an output another run wrote meanwhile survives.
    private let replaces: Bool
    /// Set while the data has a name of its own (the named fallback, or just before the rename).
    private(set) var temporaryPath: String?
    private var descriptor: Int32
    private(set) var bytesWritten: Int64 = 0

    /// The process's file-creation mask, read once. `umask` can only be read by setting it: done
    /// on every output, two threads writing at once (fix runs its inputs in parallel) could each
    /// see the other's 0 and make a file writable by everyone. Linux says it in /proc without
    /// changing it; elsewhere it is set and restored once, on first use.
    static let processUmask: mode_t = {
        #if os(Linux)
        // /proc files state no size: read as a stream.
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 8192)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0,
                let line = String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: "\n").first(where: {
                    $0.hasPrefix("Umask:")
                }),
                let mask = mode_t(line.dropFirst("Umask:".count).trimmingWhitespace(), radix: 8)
            {
                return mask
            }
        }
        #endif
        let mask = umask(0)
        umask(mask)
        return mask
    }()

    /// Refuses to replace anything but a regular file (a FIFO, a device, a folder or a link is left
    /// alone); an existing file's permissions and owner are kept.
    /// `unnamed: false` skips `O_TMPFILE` (the tests use it to exercise the named fallback).
    /// `replacing: false` refuses, at the moment the file is put in place, to replace anything.
    /// `inheritingAttributes: false` gives the file the default mode and owner whatever is at `path`
    /// (the installer writes under a temporary name, where nothing is its to copy).
    package init(path: String, unnamed: Bool = true, replacing: Bool = true, inheritingAttributes: Bool = true) throws {
        self.path = path
        folder = parentFolder(path)
        self.replaces = replacing
        var existing = stat()
        var replaces = false
        if !inheritingAttributes {
            // Nothing at `path` is looked at: what is there is neither replaced nor copied.
        } else if lstat(path, &existing) == 0 {
            guard existing.st_mode & S_IFMT == S_IFREG else {
                throw AlertSoundError(
                    .invalidRequest,
                    "it is \(existing.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : SourceError.describe(existing.st_mode)); alertsound replaces only regular files",
                    path: path, suggestion: Suggestion(.chooseOutput, path: path))
            }
            replaces = true
        } else if errno != ENOENT {
            throw AlertSoundError.writing(path, "cannot examine the output", errno: errno)
        }
        let mode = replaces ? existing.st_mode & 0o7777 : 0o666 & ~Self.processUmask

        var fd: Int32 = -1
        let flag = unnamed ? Self.unnamedFileFlag : 0
        if flag != 0 { fd = open(folder, flag | O_RDWR | O_CLOEXEC, mode_t(0o600)) }
        if fd < 0 {
            let named = try Self.withTemporaryName(in: folder) { name in
                let fd = open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
                return fd >= 0 ? fd : nil
            }
            fd = named.descriptor
            temporaryPath = named.name
        }
        guard fd >= 0 else {
            throw AlertSoundError.writing(path, "cannot create a file in \(folder) for", errno: errno)
        }
        descriptor = fd
        fchmod(fd, mode)
        // As root the new file would belong to root; keep the replaced file's owner. Failure is harmless.
        if replaces { _ = fchown(fd, existing.st_uid, existing.st_gid) }
    }

    deinit { abandon() }

    package func append(_ bytes: [UInt8]) throws {
        try write(bytes, at: nil)
        bytesWritten += Int64(bytes.count)
    }

    /// Rewrites bytes already written (the header, once the sizes are known).
    func overwrite(_ bytes: [UInt8], at offset: Int64) throws {
        try write(bytes, at: offset)
    }

    /// What has been written so far, read back (to check the finished file before it is put in place).
    func contents() -> ByteSource {
        DescriptorSource(descriptor: descriptor, size: bytesWritten)
    }

    /// Puts the finished file in place under another name in the same folder (one known only once
    /// the bytes are, such as a name made from their hash).
    func commit(to name: String) throws {
        precondition(parentFolder(name) == folder, "an output is put in place in the folder it was written in")
        path = name
        try commit()
    }

    package func commit() throws {
        guard descriptor >= 0 else { return }
        guard fsync(descriptor) == 0 else { throw failure("cannot write") }
        if temporaryPath == nil {
            // portable: no temporary path means O_TMPFILE was used, which only Linux has.
            let procPath = "/proc/self/fd/\(descriptor)"
            // Nothing there: link the finished file in under its own name, in one step.
            if linkat(AT_FDCWD, procPath, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 {
                close(descriptor)
                descriptor = -1
                return
            }
            guard errno == EEXIST else { throw failure("cannot put the finished file in place") }
            guard replaces else { throw Self.appeared(path) }
            // Something is there: give the file a temporary name, then rename it over.
            temporaryPath = try Self.withTemporaryName(in: folder) { name in
                linkat(AT_FDCWD, procPath, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 ? Int32(0) : nil
            }.name
        }
        close(descriptor)
        descriptor = -1
        guard let temporaryPath else { return }
        if !replaces {
            // link(2) fails when the name exists, in one step: no window between a check and the act.
            if link(temporaryPath, path) == 0 {
                unlink(temporaryPath)
                PendingOutputs.remove(temporaryPath)
                return
            }
            var error = errno
            #if canImport(Darwin)
            // exFAT, FAT and some SMB volumes have no hard links; an exclusive rename is the same
            // single step there (it fails with EEXIST when the name is taken).
            if error == ENOTSUP || error == EOPNOTSUPP || error == EPERM || error == ENOSYS {
                if renamex_np(temporaryPath, path, UInt32(RENAME_EXCL)) == 0 {
                    PendingOutputs.remove(temporaryPath)
                    return
                }
                error = errno
                // exFAT and SMB refuse RENAME_EXCL too: there the name is looked at, then the file
                // renamed, with a window between the two that those volumes leave no way to close.
                var info = stat()
                if error == ENOTSUP || error == EOPNOTSUPP || error == EINVAL, lstat(path, &info) != 0, errno == ENOENT
                {
                    if rename(temporaryPath, path) == 0 {
                        PendingOutputs.remove(temporaryPath)
                        return
                    }
                    error = errno
                } else if error == ENOTSUP || error == EOPNOTSUPP || error == EINVAL {
                    error = EEXIST
                }
            }
            #endif
            unlink(temporaryPath)
            PendingOutputs.remove(temporaryPath)
            if error == EEXIST { throw Self.appeared(path) }
            throw AlertSoundError.writing(path, "cannot put the finished file in place at", errno: error)
        }
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            PendingOutputs.remove(temporaryPath)
            throw AlertSoundError.writing(path, "cannot move the finished file into place at", errno: code)
        }
        PendingOutputs.remove(temporaryPath)
    }

    /// Something was put at `path` while this output was written (another run, say), and it is
    /// not to be replaced.
    static func appeared(_ path: String) -> AlertSoundError {
        AlertSoundError(
            .invalidRequest, "another file was put there while this one was written; it is replaced only when asked to",
            path: path, suggestion: Suggestion(.replaceOutput, output: path))
    }

    /// Removes the temporary file; the destination is left as it was.
    func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        if let temporaryPath {
            unlink(temporaryPath)
            PendingOutputs.remove(temporaryPath)
        }
    }

    private func failure(_ what: String) -> AlertSoundError {
        let error = AlertSoundError.writing(path, what, errno: errno)
        abandon()
        return error
    }

    /// Tries fresh `.alertsound-XXXXXX` names until `create` succeeds; the name is registered for
    /// cleanup in the same step, as far as signal handlers can tell.
    private static func withTemporaryName(
        in folder: String, _ create: (String) -> Int32?
    ) throws -> (descriptor: Int32, name: String) {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let name = folder + "/" + temporaryPrefix + String((0..<6).map { _ in letters.randomElement()! })
            let result: Int32? = PendingOutputs.withSignalsBlocked {
                guard let value = create(name) else { return nil }
                PendingOutputs.add(name)
                return value
            }
            if let result { return (result, name) }
            guard errno == EEXIST else { break }
        }
        throw AlertSoundError(
            .outputFailed, "cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))")
    }

    private func write(_ bytes: [UInt8], at offset: Int64?) throws {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                let base = raw.baseAddress! + done
                if let offset { return pwrite(descriptor, base, bytes.count - done, off_t(offset) + off_t(done)) }
                return systemWrite(descriptor, base, bytes.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw AlertSoundError.writing(path, "cannot write", errno: errno)
            }
            done += n
        }
    }
}

/// Temporary files being written, so a signal handler can remove them before the process dies.
public enum PendingOutputs {
    private static let lock = Lock()
    nonisolated(unsafe) private static var paths: [String] = []

    static func add(_ path: String) {
        withSignalsBlocked {
            lock.lock()
            paths.append(path)
            lock.unlock()
        }
    }

    static func remove(_ path: String) {
        withSignalsBlocked {
            lock.lock()
            paths.removeAll { $0 == path }
            lock.unlock()
        }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back, so a handler never sees the list mid-change.
    static func withSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signalNumber) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Deletes every unfinished output. Meant for SIGINT/SIGTERM handlers.
    public static func removeAll() {
        for path in paths { unlink(path) }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

/// Reads an open descriptor this object does not own (the output being written).
private struct DescriptorSource: ByteSource {
    let descriptor: Int32
    let size: Int64

    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let wanted = Int(min(Int64(count), size - offset))
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { raw, kept in
            var filled = 0
            while filled < wanted {
                let n = pread(descriptor, raw.baseAddress! + filled, wanted - filled, off_t(offset) + off_t(filled))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    failure = n < 0 ? errno : 0
                    break
                }
                filled += n
            }
            kept = filled
        }
        if failure != 0 { throw SourceError(errno: failure) }
        return bytes
    }
}
