import Foundation

/// Executables built with the tests, found as they lie on every platform: Linux runs the tests
/// from `<products>/alertsoundPackageTests.xctest`, macOS from inside
/// `<products>/alertsoundPackageTests.xctest/Contents/MacOS/` or through `swiftpm-testing-helper`,
/// whose own bundle is elsewhere; the loaded `.xctest` bundle's folder is the products folder.
public enum BuiltProducts {
    /// The executable `name` built beside the tests, if there is one.
    public static func executable(_ name: String) -> URL? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<5 {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            folder = folder.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let url = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}
