import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Entitlements read from what an app carries: fixtures from `SigningWriter`, built in code.
@Suite struct EntitlementsTests {
    let allowed = SigningWriter.entitlementsPlist(criticalAlerts: true)
    let absent = SigningWriter.entitlementsPlist(criticalAlerts: nil)

    func read(_ bytes: [UInt8]) throws -> Entitlements? {
        try Entitlements.read(source: MemorySource(bytes), path: "x")
    }

    @Test func codeSignatureSectionProfileAndPlist() throws {
        let signed = try read(SigningWriter.machO(entitlements: allowed, placement: .signature))
        #expect(signed?.source == .codeSignature)
        #expect(signed?.criticalAlerts == true)
        #expect(try read(SigningWriter.machO(entitlements: absent, placement: .signature))?.criticalAlerts == false)
        let simulator = try read(SigningWriter.machO(entitlements: allowed, placement: .section))
        #expect(simulator?.source == .simulatorSection)
        #expect(simulator?.criticalAlerts == true)
        #expect(try read(SigningWriter.machO(entitlements: nil, placement: .none)) == nil)
        #expect(try read(SigningWriter.machO(entitlements: nil, placement: .signature)) == nil)

        let profile = try read(SigningWriter.provisioningProfile(entitlements: allowed))
        #expect(profile?.source == .provisioningProfile)
        #expect(profile?.criticalAlerts == true)
        #expect(try read(SigningWriter.provisioningProfile(entitlements: absent))?.criticalAlerts == false)

        #expect(try read(Array(allowed.utf8))?.source == .file)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let binary = try encoder.encode([Entitlements.criticalAlertsKey: true])
        #expect(try read(Array(binary))?.criticalAlerts == true)
    }

    /// The first slice may be unsigned (a Simulator slice beside device ones is not, but a thin
    /// slice without entitlements must not hide the next one's).
    @Test func universalBinariesAreSearchedSliceBySlice() throws {
        let fat = SigningWriter.universal([
            SigningWriter.machO(entitlements: nil, placement: .none),
            SigningWriter.machO(entitlements: allowed, placement: .signature)
        ])
        let found = try read(fat)
        #expect(found?.source == .codeSignature)
        #expect(found?.criticalAlerts == true)
        // A signature beats a section in any slice order.
        let mixed = SigningWriter.universal([
            SigningWriter.machO(entitlements: absent, placement: .section),
            SigningWriter.machO(entitlements: allowed, placement: .signature)
        ])
        #expect(try read(mixed)?.source == .codeSignature)
    }

    /// Every truncation and every overwritten header word of the fixtures gives a value or a
    /// thrown `AlertSoundError`/reader error: never a trap, and never a read past the bytes.
    @Test func damagedExecutablesAndProfilesNeverTrap() throws {
        let files = [
            SigningWriter.machO(entitlements: allowed, placement: .signature),
            SigningWriter.machO(entitlements: allowed, placement: .section),
            SigningWriter.universal([SigningWriter.machO(entitlements: allowed, placement: .signature)]),
            SigningWriter.provisioningProfile(entitlements: allowed)
        ]
        var outcomes = (found: 0, thrown: 0)
        for file in files {
            for length in stride(from: 0, to: file.count, by: 7) {
                if (try? read(Array(file.prefix(length)))) != nil { outcomes.found += 1 } else { outcomes.thrown += 1 }
            }
            for position in stride(from: 0, to: min(file.count, 4200), by: 4) {
                for word: [UInt8] in [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0]] {
                    var damaged = file
                    for i in 0..<4 where position + i < damaged.count { damaged[position + i] = word[i] }
                    if (try? read(damaged)) != nil { outcomes.found += 1 } else { outcomes.thrown += 1 }
                }
            }
        }
        // Both kinds of outcome occur: damage is noticed, and harmless damage is tolerated.
        #expect(outcomes.found > 0 && outcomes.thrown > 0)
    }

    @Test func errorsSayWhatAndWhere() throws {
        var file = SigningWriter.machO(entitlements: allowed, placement: .signature)
        // LC_CODE_SIGNATURE's dataoff (after the header and the 72-byte segment command).
        let dataoff = 32 + 72 + 8
        file[dataoff + 3] = 0x7F
        #expect(throws: AlertSoundError.self) { try read(file) }
        do {
            _ = try read(file)
        } catch let error as AlertSoundError {
            #expect(error.message.contains("code signature claims bytes"))
        }
        #expect(throws: AlertSoundError.self) { try read(Array("<plist><array/></plist>".utf8)) }
        #expect(throws: AlertSoundError.self) { try read([0x30, 0x82, 0x00, 0x10, 1, 2, 3]) }
    }

    // MARK: - In bundles

    func app(in scratch: Scratch, executable: [UInt8]?, profile: [UInt8]? = nil, name: String = "Shop") throws -> String
    {
        let app = scratch.path("\(name).app")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        try encoder.encode(["CFBundleExecutable": "ShopBinary", "CFBundleIdentifier": "com.example.shop"]).write(
            to: URL(fileURLWithPath: app + "/Info.plist"))
        if let executable { try Data(executable).write(to: URL(fileURLWithPath: app + "/ShopBinary")) }
        if let profile { try Data(profile).write(to: URL(fileURLWithPath: app + "/embedded.mobileprovision")) }
        try Data(
            try SoundFileBuilder.make(
                .caff, format: StreamFormat(sampleRate: 44100, channels: 1, coding: .integer(16, order: .bigEndian)),
                samples: [Int16](repeating: 100, count: 4410))
        ).write(to: URL(fileURLWithPath: app + "/siren.caf"))
        return app
    }

    let critical = SoundReference.payload(
        Data(#"{"aps":{"sound":{"critical":1,"name":"siren.caf","volume":1}}}"#.utf8), source: "push.json")

    @Test func criticalAlertsNeedTheEntitlement() throws {
        let scratch = try Scratch()
        let denied = try app(
            in: scratch, executable: SigningWriter.machO(entitlements: absent, placement: .signature), name: "Denied")
        let report = try BundleValidator().validate(path: denied, references: critical)
        #expect(report.references.map { $0.diagnostics.map(\.code.rawValue) } == [["critical-not-entitled"]])
        #expect(report.references[0].diagnostics[0].severity == .error)
        #expect(
            report.entitlements
                == Entitlements(source: .codeSignature, path: denied + "/ShopBinary", criticalAlerts: false))
        #expect(!report.valid)

        let granted = try app(
            in: scratch, executable: SigningWriter.machO(entitlements: allowed, placement: .signature), name: "Granted")
        let ok = try BundleValidator().validate(path: granted, references: critical)
        #expect(ok.valid)
        #expect(ok.entitlements?.criticalAlerts == true)

        // Without a signature, the profile says; without either, nobody can tell (a note).
        let profiled = try app(
            in: scratch, executable: SigningWriter.machO(entitlements: nil, placement: .none),
            profile: SigningWriter.provisioningProfile(entitlements: allowed), name: "Profiled")
        #expect(
            try BundleValidator().validate(path: profiled, references: critical).entitlements?.source
                == .provisioningProfile)
        let bare = try app(in: scratch, executable: nil, name: "Bare")
        let unknown = try BundleValidator().validate(path: bare, references: critical)
        #expect(unknown.references[0].diagnostics.map(\.code.rawValue) == ["entitlements-unknown"])
        #expect(unknown.references[0].diagnostics[0].severity == .note)
        #expect(unknown.references[0].diagnostics[0].message.contains("no main executable ShopBinary"))
        #expect(unknown.valid)

        // --entitlements overrides what the app says.
        let override = Entitlements(source: .file, path: "Shop.entitlements", criticalAlerts: true)
        #expect(try BundleValidator(entitlements: override).validate(path: denied, references: critical).valid)
        // No critical reference: the executable is not even read.
        #expect(try BundleValidator().validate(path: denied, references: [.named("siren.caf")]).entitlements == nil)
    }

    @Test func ipaAndXcarchiveAreReadTheSameWay() throws {
        let scratch = try Scratch()
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        var zip = ZipWriter()
        zip.add("Payload/Shop.app/Info.plist", Array(try encoder.encode(["CFBundleExecutable": "Shop"])))
        zip.add(
            "Payload/Shop.app/Shop",
            SigningWriter.universal([SigningWriter.machO(entitlements: absent, placement: .signature)]))
        zip.add(
            "Payload/Shop.app/siren.caf",
            try SoundFileBuilder.make(
                .caff, format: StreamFormat(sampleRate: 8000, channels: 1, coding: .ulaw),
                samples: [Int16](repeating: 100, count: 800)))
        let ipa = try scratch.write("Shop.ipa", zip.archive())
        let report = try BundleValidator().validate(path: ipa, references: critical)
        #expect(report.entitlements?.path == ipa + "!Payload/Shop.app/Shop")
        #expect(report.references[0].diagnostics.map(\.code.rawValue) == ["critical-not-entitled"])

        let archive = scratch.path("Shop.xcarchive/Products/Applications")
        try FileManager.default.createDirectory(atPath: archive, withIntermediateDirectories: true)
        let inner = try app(in: scratch, executable: SigningWriter.machO(entitlements: allowed, placement: .section))
        try FileManager.default.moveItem(atPath: inner, toPath: archive + "/Shop.app")
        let archived = try BundleValidator().validate(path: scratch.path("Shop.xcarchive"), references: critical)
        #expect(archived.entitlements?.source == .simulatorSection)
        #expect(archived.valid)
    }

    @Test func entitlementsFileIsToldByContent() throws {
        let scratch = try Scratch()
        for (name, bytes) in [
            ("Shop.entitlements", Array(allowed.utf8)),
            ("profile.mobileprovision", SigningWriter.provisioningProfile(entitlements: allowed)),
            ("Shop", SigningWriter.machO(entitlements: allowed, placement: .signature))
        ] {
            let found = try Entitlements.read(path: try scratch.write(name, bytes))
            #expect(found.source == .file && found.criticalAlerts)
        }
        let unsigned = try scratch.write("Unsigned", SigningWriter.machO(entitlements: nil, placement: .none))
        #expect { try Entitlements.read(path: unsigned) } throws: {
            ($0 as? AlertSoundError).map {
                $0.path == unsigned && $0.kind == .malformed && $0.message.hasPrefix("no entitlements")
            } == true
        }
        #expect(throws: AlertSoundError.self) { try Entitlements.read(path: scratch.path("missing.entitlements")) }
        // A universal header cut inside its architecture table: the byte reader's error, named for the file.
        let cut = try scratch.write(
            "Cut",
            Array(
                SigningWriter.universal([SigningWriter.machO(entitlements: allowed, placement: .signature)]).prefix(12))
        )
        #expect { try Entitlements.read(path: cut) } throws: {
            ($0 as? AlertSoundError).map { $0.path == cut && $0.kind == .malformed && $0.message.contains("cut short") }
                == true
        }
    }
}
