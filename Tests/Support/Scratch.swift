import Foundation

/// A scratch folder per test, removed afterwards.
public final class Scratch {
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
}
