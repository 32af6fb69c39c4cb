// A packager's tool in Swift 6 mode: converts what fails, in parallel, validates the result, and
// is cancelled part way. Public API only; this target compiles with strict concurrency checking.
import AlertSound
import Foundation
import Testing

@Suite struct ConcurrencyTests {
    /// Every name in `folder`, temporary files included.
    static func names(_ folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    static func tone(seconds: Double, rate: Double = 8000, channels: Int = 1) throws -> [UInt8] {
        let frames = Int(seconds * rate)
        let samples = (0..<frames * channels).map { Int16(8000 * sin(Double($0 / channels) * 0.07)) }
        return try SoundFileBuilder.make(
            .wave,
            format: StreamFormat(sampleRate: rate, channels: channels, coding: .integer(16, order: .littleEndian)),
            samples: samples)
    }

    /// Counts progress updates from the conversion's thread.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var updates: [ProgressUpdate] = []
        func add(_ u: ProgressUpdate) {
            lock.lock()
            updates.append(u)
            lock.unlock()
        }
        var all: [ProgressUpdate] {
            lock.lock()
            defer { lock.unlock() }
            return updates
        }
    }

    @Test func convertsManyAtOnceThenValidatesTheApp() async throws {
        let work = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let app = work.appendingPathComponent("Shop.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let inputs = try (0..<8).map { i -> URL in
            let url = work.appendingPathComponent("tone\(i).wav")
            try Data(Self.tone(seconds: 1 + Double(i) / 4, channels: 1 + i % 2)).write(to: url)
            return url
        }
        let converter = Converter(options: ConversionOptions(dataFormat: try OutputDataFormat(parsing: "ima4")))
        let results = try await withThrowingTaskGroup(of: ConversionResult.self) { group in
            for input in inputs {
                group.addTask {
                    try await converter.convert(
                        from: input,
                        to: app.appendingPathComponent(input.deletingPathExtension().lastPathComponent + ".caf"))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)

        // The same conversion in memory gives the same bytes as through a file.
        let memory = try await converter.convert(data: Data(Self.tone(seconds: 1)), name: "tone0.wav")
        #expect(memory.data == (try Data(contentsOf: app.appendingPathComponent("tone0.caf"))))
        #expect(memory.result.outputPath == "tone0.caf")

        let tally = Tally()
        let names = (0..<8).map { SoundReference.named("tone\($0).caf") }
        let report = try await BundleValidator(strict: true).validate(urls: [app], references: names) { tally.add($0) }
        #expect(report.valid)
        #expect(tally.all.last?.completed == 8 && tally.all.last?.total == 8)
        let check = try await Checker(strict: true).check(urls: [app])
        #expect(check.valid && check.files.count == 8)
    }

    @Test func cancellingAConversionLeavesNothing() async throws {
        let work = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        // Ten minutes: a conversion that would run for a while.
        let input = work.appendingPathComponent("long.wav")
        try Data(Self.tone(seconds: 600)).write(to: input)
        let before = try Self.names(work)
        let output = work.appendingPathComponent("long.caf")
        let tally = Tally()
        let converter = Converter(
            options: ConversionOptions(
                dataFormat: try OutputDataFormat(parsing: "ima4"), measuresLoss: true, quality: .high))
        // The first progress update waits until the task has been cancelled from outside, so the
        // cancel lands while the work is under way however busy the machine (a loaded CI machine
        // once let the whole conversion finish before the polling test got to cancel it).
        let cancelled = DispatchSemaphore(value: 0)
        let task = Task {
            try await converter.convert(from: input, to: output) { update in
                tally.add(update)
                if tally.all.count == 1 { cancelled.wait() }
            }
        }
        while tally.all.isEmpty { try await Task.sleep(nanoseconds: 1_000_000) }
        task.cancel()
        cancelled.signal()
        let outcome = await task.result
        #expect(throws: AlertSoundError.self) { try outcome.get() }
        if case .failure(let error as AlertSoundError) = outcome { #expect(error.kind == .cancelled) }
        // It stopped part way, and left neither the output nor a temporary file.
        let last = try #require(tally.all.last)
        #expect(last.total == 600 * 8000 && last.completed < last.total!)
        #expect(try Self.names(work) == before)
    }

    @Test func aTaskCancelledBeforeItStartsDoesNothing() async throws {
        let work = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = work.appendingPathComponent("short.wav")
        try Data(Self.tone(seconds: 1)).write(to: input)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Converter().convert(from: input, to: work.appendingPathComponent("short.caf"))
        }
        let outcome = await task.result
        #expect(throws: AlertSoundError.self) { try outcome.get() }
        #expect(try Self.names(work) == ["short.wav"])
    }

    /// Holds a task so that its own progress callback can cancel it (the callback waits until the
    /// task has been stored).
    final class TaskBox<Value: Sendable>: @unchecked Sendable {
        private let ready = DispatchSemaphore(value: 0)
        private var task: Task<Value, Error>?
        func set(_ task: Task<Value, Error>) {
            self.task = task
            ready.signal()
        }
        func cancel() {
            ready.wait()
            task?.cancel()
            ready.signal()
        }
    }

    @Test func cancellingAValidationStopsBetweenFiles() async throws {
        let work = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let tone = Data(try Self.tone(seconds: 0.1))
        for i in 0..<400 { try tone.write(to: work.appendingPathComponent("s\(i).wav")) }
        let tally = Tally()
        let box = TaskBox<ValidationReport>()
        let task = Task {
            try await BundleValidator().validate(urls: [work]) { update in
                tally.add(update)
                if update.completed == 5 { box.cancel() }
            }
        }
        box.set(task)
        let outcome = await task.result
        #expect(throws: AlertSoundError.self) { try outcome.get() }
        if case .failure(let error as AlertSoundError) = outcome { #expect(error.kind == .cancelled) }
        // Files already being judged on other cores finish; no new ones start.
        #expect((tally.all.last?.completed ?? 0) < 400)
    }

    @Test func progressClimbsToTheWhole() async throws {
        let work = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let input = work.appendingPathComponent("two.wav")
        try Data(Self.tone(seconds: 20)).write(to: input)
        let tally = Tally()
        let result = try await Converter().convert(from: input, to: work.appendingPathComponent("two.caf")) {
            tally.add($0)
        }
        let completed = tally.all.map(\.completed)
        #expect(completed == completed.sorted() && completed.count > 1)
        #expect(tally.all.last?.fractionCompleted == 1 && result.frames == 160_000)
    }

    @Test func memoryConversionRefusesWhatOnlyAFileDecoderReads() async {
        await #expect {
            // Three MPEG-1 layer III frames (417 bytes each): what the sniffer takes for MP3.
            _ = try await Converter().convert(
                data: Data((0..<3).flatMap { _ in [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 413) }),
                name: "a.mp3")
        } throws: { ($0 as? AlertSoundError)?.kind == .unsupported }
    }

    @Test func cancellingAFixStopsAndLeavesOnlyWholeOutputs() async throws {
        let work = try APIFixture.folder()
        defer { try? FileManager.default.removeItem(at: work) }
        let inputs = work.appendingPathComponent("in"), outputs = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let long = Data(try Self.tone(seconds: 40))
        for i in 0..<60 { try long.write(to: inputs.appendingPathComponent("s\(i).wav")) }
        var options = FixOptions()
        options.outputFolder = outputs.path
        let box = TaskBox<FixReport>()
        let task = Task {
            try await Fixer(options: options).fix(urls: [inputs]) { update in
                if update.completed == 2 { box.cancel() }
            }
        }
        box.set(task)
        let outcome = await task.result
        if case .failure(let error as AlertSoundError) = outcome {
            #expect(error.kind == .cancelled)
        } else {
            Issue.record("expected a cancellation")
        }
        // What was written is whole and plays; the rest was never started or was dropped unfinished.
        let written = (try? FileManager.default.contentsOfDirectory(atPath: outputs.path)) ?? []
        #expect(written.count < 60)
        #expect(written.allSatisfy { !$0.hasPrefix(".alertsound-") })
        let check = try await Checker().check(urls: written.map { outputs.appendingPathComponent($0) })
        #expect(check.valid)
        // The URL overloads read the same files as the paths.
        #expect(SoundReference.payload(at: URL(fileURLWithPath: "/nonexistent.json")).first?.problems.isEmpty == false)
    }
}
