import AlertSoundCore

/// The codes found by judging more than one file at a time — references resolved against a bundle,
/// a bundle's layout and names, a lock, an app's entitlements, a project's source — as rules with
/// examples, like ``Rule``'s: each example is a small bundle, written out and validated by the rule
/// tests, so a code's meaning is pinned by a case where it must be found and one where it must not.
/// The judging itself stays where the whole bundle is in view (resolution, ``NameFindings``,
/// ``LockCheck``); this is its catalogue.
package struct BundleRule: Sendable {
    /// What the rule reports.
    package let code: DiagnosticCode
    /// Bundles on which `code` must be found, and ones on which it must not.
    package let triggering: [BundleExample]
    package let passing: [BundleExample]

    /// Every bundle-level code, in the order of ``DiagnosticCode``.
    package static let all: [BundleRule] = [
        noSounds, linkOutsideBundle, resourceBundle, criticalNotEntitled, entitlementsUnknown, androidMayBeShrunk,
        noSuchSound,
        caseMismatch, localized, notReachable, invalidSound, badPayload, ambiguousName, missingExtension, unreferenced,
        channelStale, lockMissingSound, unknownChannel, channelSoundMismatch, resourceIdUri, notInTarget
    ]
}

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
        /// A plain folder given to `check`, not `validate-bundle`.
        case checkedFolder
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

    /// An Xcode project of one app target whose Resources phase copies `copied` (paths in `ios/`).
    package static func pbxproj(copying copied: [String]) -> String {
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
            T1 = {isa = PBXNativeTarget; buildPhases = (R1, ); name = App; productType = "com.apple.product-type.application"; };
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

extension BundleRule {
    typealias Example = BundleExample
    private static let sound = Example.sound
    private static let raw = "app/src/main/res/raw/"

    static let noSounds = BundleRule(
        code: .noSounds,
        triggering: [
            Example(shape: .checkedFolder, files: [(path: "notes.txt", bytes: Array("no sound here".utf8))]),
            Example(shape: .folder, files: [(path: "lib/main.dart", bytes: Array("void main() {}".utf8))]),
            Example(shape: .folder, files: [])
        ],
        passing: [
            Example(shape: .checkedFolder, files: [(path: "chime.caf", bytes: sound)]),
            Example(shape: .folder, files: [(path: "chime.caf", bytes: sound)])
        ])

    static let linkOutsideBundle = BundleRule(
        code: .linkOutsideBundle,
        triggering: [
            Example(
                shape: .app, files: [(path: "chime.caf", bytes: sound)],
                links: [(path: "escape.caf", target: "../outside.caf")])
        ],
        passing: [
            Example(
                shape: .app, files: [(path: "chime.caf", bytes: sound)],
                links: [(path: "alias.caf", target: "chime.caf")])
        ])

    static let resourceBundle = BundleRule(
        code: .resourceBundle,
        triggering: [
            .app([("Kit_Sounds.bundle/chime.caf", sound)], names: ["chime.caf"]),
            Example(shape: .packageResources, files: [(path: "chime.caf", bytes: sound)])
        ],
        passing: [.app([("Kit_Sounds.bundle/chime.caf", sound), ("chime.caf", sound)], names: ["chime.caf"])])

    static let criticalNotEntitled = BundleRule(
        code: .criticalNotEntitled,
        triggering: [
            {
                var e = Example.app([("chime.caf", sound)], payloads: [Example.critical("chime.caf")])
                e.entitlements = Entitlements(source: .file, path: "App.entitlements", criticalAlerts: false)
                return e
            }()
        ],
        passing: [
            {
                var e = Example.app([("chime.caf", sound)], payloads: [Example.critical("chime.caf")])
                e.entitlements = Entitlements(source: .file, path: "App.entitlements", criticalAlerts: true)
                return e
            }()
        ])

    static let entitlementsUnknown = BundleRule(
        code: .entitlementsUnknown,
        triggering: [.app([("chime.caf", sound)], payloads: [Example.critical("chime.caf")])],
        passing: [.app([("chime.caf", sound)], payloads: [#"{"aps": {"sound": "chime.caf"}}"#])])

    static let androidMayBeShrunk = BundleRule(
        code: .androidMayBeShrunk,
        triggering: [
            .android([
                (raw + "chime.ogg", sound),
                (
                    raw + "keep.xml",
                    Array(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/other"/>"#.utf8)
                )
            ])
        ],
        passing: [
            .android([
                (raw + "chime.ogg", sound),
                (
                    raw + "keep.xml",
                    Array(#"<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/*"/>"#.utf8)
                )
            ])
        ])

    static let noSuchSound = BundleRule(
        code: .noSuchSound,
        triggering: [
            .app([("chime.caf", sound)], names: ["bell.caf"]),
            .android([(raw + "chime.ogg", sound)], names: ["chime.ogg"])
        ],
        passing: [
            .app([("chime.caf", sound)], names: ["chime.caf"]), .android([(raw + "chime.ogg", sound)], names: ["chime"])
        ])

    static let caseMismatch = BundleRule(
        code: .caseMismatch,
        triggering: [.app([("Chime.caf", sound)], names: ["chime.caf"])],
        passing: [.app([("Chime.caf", sound)], names: ["Chime.caf"])])

    static let localized = BundleRule(
        code: .localized,
        triggering: [.app([("en.lproj/chime.caf", sound)], names: ["chime.caf"])],
        passing: [.app([("en.lproj/chime.caf", sound), ("chime.caf", sound)], names: ["chime.caf"])])

    static let notReachable = BundleRule(
        code: .notReachable,
        triggering: [.app([("Media/chime.caf", sound)], names: ["chime.caf"])],
        passing: [.app([("chime.caf", sound), ("Media/bell.caf", sound)], names: ["chime.caf"])])

    static let invalidSound = BundleRule(
        code: .invalidSound,
        triggering: [.app([("long.wav", Example.tooLong)], names: ["long.wav"])],
        passing: [.app([("chime.caf", sound), ("long.wav", Example.tooLong)], names: ["chime.caf"])])

    static let badPayload = BundleRule(
        code: .badPayload,
        triggering: [
            .app([("chime.caf", sound)], payloads: [#"{"aps": {"sound": 7}}"#]),
            .app([("chime.caf", sound)], payloads: ["{not json"])
        ],
        passing: [.app([("chime.caf", sound)], payloads: [#"{"aps": {"sound": "chime.caf"}}"#])])

    // Names that differ only in case cannot both sit in a folder on a Mac's volume; an .ipa holds them.
    static let ambiguousName = BundleRule(
        code: .ambiguousName,
        triggering: [
            Example(shape: .ipa, files: [(path: "Chime.caf", bytes: sound), (path: "chime.caf", bytes: sound)])
        ],
        passing: [
            Example(shape: .ipa, files: [(path: "Chime.caf", bytes: sound), (path: "Sounds/chime.caf", bytes: sound)])
        ])

    static let missingExtension = BundleRule(
        code: .missingExtension,
        triggering: [.app([("chime.caf", sound)], names: ["chime"])],
        passing: [.app([("chime.caf", sound)], names: ["chime.caf"])])

    static let unreferenced = BundleRule(
        code: .unreferenced,
        triggering: [.app([("chime.caf", sound), ("bell.caf", sound)], names: ["chime.caf"])],
        passing: [
            .app([("chime.caf", sound), ("bell.caf", sound)], names: ["chime.caf", "bell.caf"]),
            .app([("chime.caf", sound)])
        ])

    static let channelStale = BundleRule(
        code: .channelStale,
        triggering: [
            {
                var e = Example.app([("chime.caf", sound)])
                e.lock = Example.lock(iosSHA256: String(repeating: "0", count: 64))
                return e
            }()
        ],
        passing: [
            {
                var e = Example.app([("chime.caf", sound)])
                e.lock = Example.lock(iosSHA256: SHA256.hex(sound))
                return e
            }()
        ])

    static let lockMissingSound = BundleRule(
        code: .lockMissingSound,
        triggering: [
            {
                var e = Example.app([("bell.caf", sound)])
                e.lock = Example.lock(iosSHA256: nil)
                return e
            }()
        ],
        passing: [
            {
                var e = Example.app([("chime.caf", sound)])
                e.lock = Example.lock(iosSHA256: nil)
                return e
            }()
        ])

    static let channelSoundMismatch: BundleRule = {
        // A message on chime's channel (the lock's) that names another sound, or chime itself.
        func message(_ named: String) -> BundleExample {
            var e = Example.android([(raw + "chime.ogg", sound), (raw + "ding.ogg", sound)])
            e.lock = Example.lock(iosSHA256: nil)
            let channel = SoundLock.channelID(name: "chime", contentHash: String(repeating: "ab", count: 32))
            e.payloads = [
                #"{"message": {"android": {"notification": {"channel_id": "\#(channel)", "sound": "\#(named)"}}}}"#
            ]
            return e
        }
        return BundleRule(
            code: .channelSoundMismatch, triggering: [message("ding")], passing: [message("chime"), message("default")])
    }()

    static let unknownChannel = BundleRule(
        code: .unknownChannel,
        triggering: [
            {
                var e = Example.android([(raw + "chime.ogg", sound)])
                e.lock = Example.lock(iosSHA256: nil)
                e.channelUses = [
                    SoundLock.ChannelUse(
                        id: "chime_00000000", source: "push.json", field: "android.notification.channel_id")
                ]
                return e
            }(),
            {
                var e = Example.android([(raw + "chime.ogg", sound)])
                e.lock = Example.lock(iosSHA256: nil)
                e.channelUses = [
                    SoundLock.ChannelUse(
                        id: "orders", source: "push.json", field: "android.notification.channel_id", sound: "chime")
                ]
                return e
            }()
        ],
        passing: [
            {
                var e = Example.android([(raw + "chime.ogg", sound)])
                e.lock = Example.lock(iosSHA256: nil)
                e.channelUses = [
                    SoundLock.ChannelUse(
                        id: SoundLock.channelID(name: "chime", contentHash: String(repeating: "ab", count: 32)),
                        source: "push.json", field: "android.notification.channel_id")
                ]
                return e
            }(),
            // The app's own channels: a payload with the default sound, or none, on a channel no exported sound uses.
            {
                var e = Example.android([(raw + "chime.ogg", sound)])
                e.lock = Example.lock(iosSHA256: nil)
                e.channelUses = [
                    SoundLock.ChannelUse(
                        id: "chat", source: "push.json", field: "android.notification.channel_id", sound: "default"),
                    SoundLock.ChannelUse(id: "news", source: "push.json", field: "android.notification.channel_id")
                ]
                return e
            }()
        ])

    static let notInTarget = BundleRule(
        code: .notInTarget,
        triggering: [
            {
                var e = Example(
                    shape: .xcodeProject,
                    files: [(path: "Runner/chime.caf", bytes: sound), (path: "Runner/stray.caf", bytes: sound)],
                    names: ["stray.caf"])
                e.copied = ["Runner/chime.caf"]
                return e
            }()
        ],
        passing: [
            {
                var e = Example(
                    shape: .xcodeProject,
                    files: [(path: "Runner/chime.caf", bytes: sound), (path: "Runner/stray.caf", bytes: sound)],
                    names: ["chime.caf", "gone.caf"])
                e.copied = ["Runner/chime.caf"]
                return e
            }()
        ])

    static let resourceIdUri = BundleRule(
        code: .resourceIdUri,
        triggering: [
            .android([
                (raw + "chime.ogg", sound),
                (
                    "app/src/main/java/Alerts.kt",
                    Array(#"val uri = Uri.parse("android.resource://" + packageName + "/" + R.raw.chime)"#.utf8)
                )
            ])
        ],
        passing: [
            .android([
                (raw + "chime.ogg", sound),
                (
                    "app/src/main/java/Alerts.kt",
                    Array(#"val uri = Uri.parse("android.resource://" + packageName + "/raw/chime")"#.utf8)
                )
            ])
        ])
}
