import Foundation

/// The one scratch-folder helper of the test targets: a folder per test under the temporary
/// directory, removed when the `Scratch` goes (hold it for the test's length), or, from `kept()`,
/// when the test process ends (for helpers that hand out only a path).
public final class Scratch: @unchecked Sendable {
    public let url: URL
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("alertsound-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: url.appendingPathComponent(name))
        return path(name)
    }
    public var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    /// A scratch folder removed when the test process exits rather than when a value goes.
    public static func kept() throws -> Scratch {
        let scratch = try Scratch()
        Kept.lock.lock()
        defer { Kept.lock.unlock() }
        if Kept.folders.isEmpty { atexit { Kept.removeAll() } }
        Kept.folders.append(scratch)
        return scratch
    }

    private enum Kept {
        static let lock = NSLock()
        nonisolated(unsafe) static var folders: [Scratch] = []
        static func removeAll() {
            lock.lock()
            defer { lock.unlock() }
            folders.removeAll()
        }
    }
}
