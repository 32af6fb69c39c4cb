import AlertSoundTestSupport
import Foundation
import Testing
@testable import AlertSound

/// Issue 22: inputs from outside that stopped, slowed or fooled alertsound. Each test failed before its fix.
@Suite struct HardeningRound3Tests {
    // A --sounds-from list saved with CRLF was one "line": a leading comment hid every name.
    @Test(arguments: ["\r\n", "\r", "\n"])
    func nameListsTakeEveryLineEnding(_ ending: String) throws {
        let text = "\u{FEFF}# sounds the server sends" + ending + "alert.caf" + ending + ending + "missing.caf" + ending
        let names = SoundReference.list(text: text, source: "sounds.txt").map(\.name)
        #expect(names == ["alert.caf", "missing.caf"])
        #expect(SoundReference.list(text: text, source: "sounds.txt").map(\.source) == ["sounds.txt:2", "sounds.txt:4"])
    }
}

extension HardeningRound3Tests {
    // `fix --normalize` trapped ("Double value cannot be converted to Int") on one +Inf sample, after
    // writing its output; the encode's SNR read "nan".
    @Test func nonFiniteSamplesAreClippedNotTrapped() throws {
        let dir = try FixTests.folder()
        let float = SampleCoding.pcm(PCMFormat(.float, bits: 32, bigEndian: false))
        let samples = [0.5, .infinity, -.infinity, .nan] + [Double](repeating: 0.1, count: 4000)
        try FixTests.write(dir + "/odd.wav", rate: 8000, channels: 1, coding: float, samples: samples)
        let outcome = try FixTests.fixer { $0.normalize = true; $0.outputFolder = dir + "/out" }.fix(paths: [dir + "/odd.wav"]).outcomes[0]
        #expect(outcome.status == .fixed, "\(outcome.error?.message ?? "")")
        #expect(outcome.changes.map(\.description).contains("normalized peak -6.0 -> -1.0 dBFS"))
        #expect(FixChange.tenths(.infinity) == "inf" && FixChange.tenths(-.infinity) == "-inf")
        let result = try Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "LEI16"), fileType: .caff, measuresLoss: true))
            .convert(input: dir + "/odd.wav", output: dir + "/odd.caf")
        #expect(result.snr?.isNaN == false)
    }
}

extension HardeningRound3Tests {
    // Two fix runs into one --output-dir both said "converted" while the later replaced the other's
    // file: "exists?" was asked before converting, not when the output was put in place.
    @Test(arguments: [true, false])
    func aFileThatAppearsMeanwhileIsNotReplaced(unnamed: Bool) throws {
        let dir = try FixTests.folder()
        let path = dir + "/out.caf"
        let output = try AtomicOutput(path: path, unnamed: unnamed, replacing: false)
        try output.append(Array("mine".utf8))
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: AlertSoundError.self) { try output.commit() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.caf"], "no temporary file left")
        // Replacing, the same commit puts it in place.
        let forced = try AtomicOutput(path: path, unnamed: unnamed)
        try forced.append(Array("mine".utf8))
        try forced.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
    }

    @Test func concurrentFixRunsNeverBothWriteOneOutput() throws {
        let dir = try FixTests.folder()
        try FixTests.write(dir + "/long.wav", rate: 8000, channels: 1, samples: FixTests.tone(seconds: 31, rate: 8000, channels: 1))
        for round in 0..<10 {
            let out = dir + "/out\(round)"
            let statuses = Locked<[FixOutcome.Status]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let status = (try? FixTests.fixer { $0.outputFolder = out }.fix(paths: [dir + "/long.wav"]).outcomes[0].status) ?? .failed
                statuses.mutate { $0.append(status) }
            }
            #expect(statuses.value.filter { $0 == .fixed }.count == 1, "round \(round): \(statuses.value)")
        }
    }
}

/// A value shared between threads of a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func mutate(_ body: (inout Value) -> Void) { lock.lock(); defer { lock.unlock() }; body(&stored) }
}
