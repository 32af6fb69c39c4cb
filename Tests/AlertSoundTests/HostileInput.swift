import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// What the tests of hostile input share: a valid sound, and reading a file's or an .ipa's codes.
enum HostileInput {
    static let mono16 = StreamFormat(sampleRate: 8000, channels: 1, coding: .integer(16, order: .bigEndian))
    static let goodCAF = try! SoundFileBuilder.make(.caff, format: mono16, samples: [Int16](repeating: 300, count: 800))

    static func codes(_ report: FileReport) -> [String] { report.diagnostics.map(\.code.rawValue) }

    static func ipaReport(_ bytes: [UInt8], references: [SoundReference] = []) throws -> BundleReport {
        let scratch = try Scratch()
        return try BundleValidator().validate(path: try scratch.write("App.ipa", bytes), references: references)
    }
}
