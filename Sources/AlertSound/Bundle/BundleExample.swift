import AlertSoundCore

/// A bundle as data: its files (paths within it), how it is given, and what is validated with it.
package struct BundleExample: Sendable {
    /// How the files are given.
    package enum Shape: Sendable {
        /// A folder named `My.app`.
        case app
        /// `My.ipa`, the files under `Payload/My.app/`.
        case ipa
        /// A folder `android` (files under `app/src/main/res/raw/` and beside).
        case androidProject
        /// A Swift package target's resources folder (`validate-bundle --package-resources`).
        case packageResources
        /// A plain folder given to `validate-bundle` (a resources folder).
        case folder
        /// A folder `ios` holding `App.xcodeproj`, whose app target copies ``BundleExample/copied``.
        case xcodeProject
    }

    package var shape: Shape
    /// Files by their path within the bundle.
    package var files: [(path: String, bytes: [UInt8])]
    /// Symbolic links by their path within the bundle, to a target relative to the link.
    package var links: [(path: String, target: String)] = []
    /// Push payloads' JSON, each read as `validate-bundle --payload` reads a file.
    package var payloads: [String] = []
    /// Sound names given as `validate-bundle --name` gives them.
    package var names: [String] = []
    package var lock: SoundLock?
    package var channelUses: [SoundLock.ChannelUse] = []
    package var entitlements: Entitlements?
    /// With ``Shape/xcodeProject``: the files (paths within the folder) the app target copies.
    package var copied: [String] = []
}

extension BundleExample {
    /// A valid alert sound (CAF, IMA4-sized PCM, a tenth of a second).
    package static let sound: [UInt8] =
        (try? SoundFileBuilder.make(
            .caff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian)),
            samples: [Int16](repeating: 100, count: 800))) ?? []
    /// A valid sound on both platforms (16-bit PCM WAV, a tenth of a second): Android does not
    /// play ``sound``'s CAF.
    package static let wav: [UInt8] =
        (try? SoundFileBuilder.make(
            .wave, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .littleEndian)),
            samples: [Int16](repeating: 100, count: 800))) ?? []
    /// A WAV of 31 seconds: `too-long`, so a name resolving to it is `invalid-sound`.
    package static let tooLong: [UInt8] =
        (try? SoundFileBuilder.make(
            .wave, format: StreamFormat(sampleRate: 1000, channels: 1, coding: .integer(16, order: .littleEndian)),
            samples: [Int16](repeating: 100, count: 31_000))) ?? []

    static func app(_ files: [(String, [UInt8])], payloads: [String] = [], names: [String] = []) -> BundleExample {
        BundleExample(shape: .app, files: files.map { (path: $0.0, bytes: $0.1) }, payloads: payloads, names: names)
    }

    static func android(_ files: [(String, [UInt8])], names: [String] = []) -> BundleExample {
        BundleExample(shape: .androidProject, files: files.map { (path: $0.0, bytes: $0.1) }, names: names)
    }

    /// An Xcode project of one app target whose Resources phase copies `copied` (paths in `ios/`);
    /// `settings`: its Release build settings (`IPHONEOS_DEPLOYMENT_TARGET = 15.0;`), when any.
    package static func pbxproj(copying copied: [String], target: String = "App", settings: String? = nil) -> String {
        let files = copied.enumerated().map {
            "F\($0.offset) = {isa = PBXFileReference; path = \"\($0.element)\"; sourceTree = \"<group>\"; };"
        }
        let builds = copied.indices.map { "B\($0) = {isa = PBXBuildFile; fileRef = F\($0); };" }
        return """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 54; objects = {
            \((files + builds).joined(separator: "\n"))
            G1 = {isa = PBXGroup; children = (\(copied.indices.map { "F\($0), " }.joined())); sourceTree = "<group>"; };
            R1 = {isa = PBXResourcesBuildPhase; files = (\(copied.indices.map { "B\($0), " }.joined())); };
            T1 = {isa = PBXNativeTarget; \(settings == nil ? "" : "buildConfigurationList = L1; ")buildPhases = (R1, ); name = \(target); productType = "com.apple.product-type.application"; };
            \(settings.map { "L1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };\nC1 = {isa = XCBuildConfiguration; name = Release; buildSettings = {\($0)}; };" } ?? "")
            P1 = {isa = PBXProject; mainGroup = G1; targets = (T1, ); };
            }; rootObject = P1; }
            """
    }

    static func critical(_ name: String) -> String {
        #"{"aps": {"sound": {"critical": 1, "name": "\#(name)", "volume": 1.0}}}"#
    }

    /// A lock of one sound, `chime`, whose files are `chime.caf` and `chime.ogg` with these hashes.
    static func lock(iosSHA256: String?, androidSHA256: String? = nil) -> SoundLock {
        SoundLock(sounds: [
            SoundLock.Entry(
                name: "chime", source: "design/chime.wav", ios: "chime.caf", android: "chime", androidFile: "chime.ogg",
                contentHash: String(repeating: "ab", count: 32), iosSHA256: iosSHA256, androidSHA256: androidSHA256)
        ])
    }
}

extension BundleExample {
    static let raw = "app/src/main/res/raw/"
}
