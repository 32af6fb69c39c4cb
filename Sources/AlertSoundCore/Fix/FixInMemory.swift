#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sound fixed from memory: what `fix` did, and the fixed file's bytes.
public struct FixedSound: Sendable, Equatable {
    /// What was done; paths are `name` and the output's name beside it, not the scratch files.
    public var outcome: FixOutcome
    /// The fixed CAF's bytes; `nil` unless ``FixOutcome/status`` is `fixed`.
    public var data: Data?
}

extension Fixer {
    /// Fixes a sound held in memory (a download's body, an upload) and returns the fixed file's
    /// bytes, on a thread of its own; `name` is the input's file name (it names the output and
    /// errors). Anything ``fix(paths:dryRun:progress:)`` takes is taken: the bytes go to a
    /// private scratch folder, so libsndfile and FFmpeg can decode what alertsound does not, and
    /// the folder is removed before this returns. A sound that plays already comes back
    /// `unchanged`, with no data, unless the options ask for a change.
    public func fix(data: Data, name: String) async throws -> FixedSound {
        var fixer = self
        fixer.options.outputFolder = nil
        fixer.options.force = true
        let control = OperationControl(unit: .files, progress: nil)
        fixer.control = control
        let bytes = [UInt8](data)
        return try await OperationControl.run(control) { [fixer] in
            let folder = try makeTemporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let file = lastComponent(name).isEmpty ? "sound" : lastComponent(name)
            let input = folder + "/in/" + file
            try makeFolders(folder + "/in")
            guard FileManager.default.createFile(atPath: input, contents: Data(bytes)) else {
                throw AlertSoundError(.outputFailed, "cannot write the scratch copy", path: name)
            }
            let output =
                folder + "/"
                + FixJob.fixedName(for: folder + "/in/" + file, beside: true).dropping(prefix: folder + "/in/")
            var outcome = fixer.fix(FixJob(input: input, output: output, refusal: nil, fromFolder: false))
            try control.check()
            let fixedData = outcome.status == .fixed ? try Data(contentsOf: URL(fileURLWithPath: output)) : nil
            // Paths as the caller knows them, not the scratch folder's.
            let shownOutput = FixJob.fixedName(for: name, beside: true)
            func shown(_ path: String?) -> String? {
                path.map { $0 == input ? name : $0 == output ? shownOutput : $0 }
            }
            outcome.input = name
            outcome.output = shown(outcome.output)
            outcome.before?.path = name
            outcome.after?.path = shownOutput
            if var error = outcome.error {
                error.path = shown(error.path)
                error.output = shown(error.output)
                error.message = error.message.components(separatedBy: input).joined(separator: name)
                outcome.error = error
            }
            return FixedSound(outcome: outcome, data: fixedData)
        }
    }
}
