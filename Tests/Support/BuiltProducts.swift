import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Executables built with the tests, found as they lie on every platform: Linux runs the tests
/// from `<products>/alertsoundPackageTests.xctest`, macOS from inside
/// `<products>/alertsoundPackageTests.xctest/Contents/MacOS/`, either directly or through
/// `swiftpm-testing-helper`, which `dlopen`s the test image: then `Bundle.main` is the helper's
/// folder in the toolchain and `Bundle.allBundles` does not list the test bundle. So the image this
/// code was loaded from is asked first (`dladdr`), then the helper's `--test-bundle-path`, then the
/// bundles; the products folder is at most a few levels above each.
public enum BuiltProducts {
    /// The executable `name` built beside the tests, if there is one.
    public static func executable(_ name: String) -> URL? {
        for start in starts() {
            var folder = start
            for _ in 0..<5 {
                let url = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// Where to look up from, best first.
    static func starts() -> [URL] {
        var starts: [URL] = []
        if let image = loadedImage() { starts.append(URL(fileURLWithPath: image).deletingLastPathComponent()) }
        let arguments = CommandLine.arguments
        if let at = arguments.firstIndex(of: "--test-bundle-path"), at + 1 < arguments.count {
            starts.append(URL(fileURLWithPath: arguments[at + 1]).deletingLastPathComponent())
        }
        starts.append(Bundle.main.bundleURL)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            starts.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return starts
    }

    /// The file of the image (test executable or bundle) this code was loaded from. Linux's Glibc
    /// module hides `dladdr` (it is a GNU extension), and there the bundles find the products anyway.
    static func loadedImage() -> String? {
        #if canImport(Darwin)
        var info = Dl_info()
        let marker: @convention(c) () -> Void = builtProductsMarker
        guard dladdr(unsafeBitCast(marker, to: UnsafeRawPointer.self), &info) != 0, let file = info.dli_fname else {
            return nil
        }
        return String(cString: file)
        #else
        return nil
        #endif
    }
}

#if canImport(Darwin)
/// A function of this module, whose address says which loaded image holds the module.
private func builtProductsMarker() {}
#endif
