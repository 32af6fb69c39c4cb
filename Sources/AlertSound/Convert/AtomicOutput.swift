import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written under a temporary name in the destination folder and renamed into place
/// only when complete, so a failed or interrupted conversion never leaves a partial output.
final class AtomicOutput {
    let path: String
    let temporaryPath: String
    private var descriptor: Int32
    private(set) var bytesWritten: Int64 = 0

    init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".alertsound-XXXXXX").utf8CString)
        // Create and register in one step as far as signal handlers can tell, so an interrupt
        // never finds a temporary file that cleanup does not know about.
        let fd = PendingOutputs.withSignalsBlocked { () -> Int32 in
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd >= 0 { PendingOutputs.add(String(cString: template)) }
            return fd
        }
        guard fd >= 0 else {
            throw ConversionError(.output, "\(path): cannot create a file in \(folder): \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        temporaryPath = String(cString: template)
        // mkstemp makes the file private; give it the permissions a new file normally gets.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
    }

    deinit { abandon() }

    func append(_ bytes: [UInt8]) throws {
        try write(bytes, at: nil)
        bytesWritten += Int64(bytes.count)
    }

    /// Rewrites bytes already written (the header, once the sizes are known).
    func overwrite(_ bytes: [UInt8], at offset: Int64) throws {
        try write(bytes, at: offset)
    }

    func commit() throws {
        guard descriptor >= 0 else { return }
        if fsync(descriptor) != 0 || close(descriptor) != 0 {
            descriptor = -1
            throw ConversionError(.output, "\(path): \(String(cString: strerror(errno)))")
        }
        descriptor = -1
        guard rename(temporaryPath, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporaryPath)
            PendingOutputs.remove(temporaryPath)
            throw ConversionError(.output, "\(path): cannot move the finished file into place: \(message)")
        }
        PendingOutputs.remove(temporaryPath)
    }

    /// Removes the temporary file; the destination is left as it was.
    func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporaryPath)
        PendingOutputs.remove(temporaryPath)
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
                throw ConversionError(.output, "\(path): cannot write: \(String(cString: strerror(errno)))")
            }
            done += n
        }
    }
}

/// Temporary files being written, so a signal handler can remove them before the process dies.
public enum PendingOutputs {
    private static let lock = NSLock()
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
