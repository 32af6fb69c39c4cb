import AlertSoundCore
import CSystemShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process whose standard output and error we read through pipes, started without a shell.
/// Its standard input is /dev/null. Dropping it kills and reaps the child, so no zombie or
/// orphan outlives an abandoned conversion.
final class Subprocess {
    let pid: pid_t
    /// Read end of the child's standard output; -1 once closed.
    private(set) var output: Int32
    private var errors: Int32
    /// The last bytes the child wrote to standard error (it is drained while we wait for output,
    /// so a chatty child never blocks on a full pipe; only the tail is kept).
    private(set) var errorTail: [UInt8] = []
    private var exitStatus: Int32?
    static let errorTailLimit = 4096

    /// Starts `executable` (a path) with `arguments` (without argv[0]).
    init(executable: String, arguments: [String]) throws {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        // An app cannot start another program: the ffmpeg fallback does not exist there.
        throw SourceError(errno: ENOTSUP)
        #else
        let out = try Self.pipe(), err = try Self.pipe()
        var actions = Self.fileActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out.write, 1)
        posix_spawn_file_actions_adddup2(&actions, err.write, 2)
        var attributes = Self.attributes()
        defer { posix_spawnattr_destroy(&attributes) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child = pid_t()
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, alertsound_environ())
        close(out.write)
        close(err.write)
        guard status == 0 else {
            close(out.read)
            close(err.read)
            throw SourceError(errno: status)
        }
        pid = child
        output = out.read
        errors = err.read
        #endif
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = reap()
        }
        closeOutput()
        if errors >= 0 { close(errors) }
    }

    /// Fills `buffer` from the child's standard output; returns the bytes read, fewer only at its end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count, output >= 0 {
            var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            if errors >= 0 { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                throw SourceError(errno: errno)
            }
            if fds.count > 1, fds[1].revents != 0 { drainErrors() }
            guard fds[0].revents != 0 else { continue }
            let n = readDescriptor(output, buffer.baseAddress! + filled, buffer.count - filled)
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw SourceError(errno: errno)
            }
            if n == 0 { break }
            filled += n
        }
        return filled
    }

    /// Waits for the child once its output has ended; its exit status (128 + N for signal N).
    func wait() -> Int32 {
        if let exitStatus { return exitStatus }
        // Whatever it still says on standard error, up to its exit.
        while errors >= 0 { drainErrors() }
        return reap()
    }

    func closeOutput() {
        if output >= 0 { close(output) }
        output = -1
    }

    private func reap() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out: Swift does not import the macros.
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
    }

    private func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = chunk.withUnsafeMutableBytes { readDescriptor(errors, $0.baseAddress!, $0.count) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return }
        if n <= 0 {
            close(errors)
            errors = -1
            return
        }
        errorTail.append(contentsOf: chunk[0..<n])
        if errorTail.count > Self.errorTailLimit { errorTail.removeFirst(errorTail.count - Self.errorTailLimit) }
    }

    /// Close-on-exec from the start: a pipe end leaked into a sibling child (conversions run in
    /// parallel) would keep that pipe open and our read would never see its end.
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard alertsound_pipe_cloexec(&fds) == 0 else { throw SourceError(errno: errno) }
        return (fds[0], fds[1])
    }

    #if os(Linux)
    private static func fileActions() -> posix_spawn_file_actions_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        return actions
    }

    private static func attributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        return attributes
    }
    #else
    private static func fileActions() -> posix_spawn_file_actions_t? {
        var actions: posix_spawn_file_actions_t?
        posix_spawn_file_actions_init(&actions)
        return actions
    }

    private static func attributes() -> posix_spawnattr_t? {
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        // Darwin's pipe() has no O_CLOEXEC; this closes every descriptor not named above in the child.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        return attributes
    }
    #endif

    /// `executable` when it names one, else the first `name` on PATH that can be run.
    static func locate(_ name: String) -> String? {
        guard let path = getenv("PATH").map({ String(cString: $0) }) else { return nil }
        for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0, isFile(String(candidate)) { return String(candidate) }
        }
        return nil
    }
}

#if canImport(Glibc)
private let readDescriptor = Glibc.read
#else
private let readDescriptor = Darwin.read
#endif
