import AlertSound
import ArgumentParser

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a sound file's headers say, like afinfo.",
        discussion: CommandExits.info.sentence
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "Output: text for people, json for machines.")
    var format: Format = .text

    @Flag(
        name: .long,
        help:
            "Decode the audio and measure its levels: sample and true peak, loudness (integrated, loudest 400 ms and 3 s, BS.1770), DC offset, leading and trailing silence, clipped samples."
    )
    var levels = false

    @Argument(help: "Sound files to describe.")
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one file to describe.") }
    }

    func run() throws {
        let results: [(String, Result<SoundInfo, AlertSoundError>)] = files.map { path in
            do {
                return (path, .success(try SoundFile.inspect(path: path)))
            } catch let error as AlertSoundError {
                return (path, .failure(error))
            } catch {
                return (path, .failure(AlertSoundError(.unreadable, "\(error)", path: path)))
            }
        }
        // Measured only for what could be read (on all cores); a file whose audio cannot be decoded says why.
        var measured = [Result<SoundLevels, AlertSoundError>?](repeating: nil, count: results.count)
        if levels {
            let readable = results.indices.filter {
                if case .success = results[$0].1 { return true } else { return false }
            }
            for (index, result) in zip(readable, SoundLevels.measure(paths: readable.map { results[$0].0 })) {
                measured[index] = result
            }
        }
        switch format {
        case .text: Printers.text(InfoPrinter.text(results, levels: measured))
        case .json:
            // The library judges each file and writes the document; the printer only prints it.
            Printers.document(
                InfoPrinter.json(
                    InfoReport(results.map { (path: $0.0, header: $0.1) }, levels: levels ? measured : nil)) + "\n")
        }
        let failed =
            results.contains { if case .failure = $0.1 { return true } else { return false } }
            || measured.contains { if case .failure = $0 { return true } else { return false } }
        if failed { throw ExitStatus.failure.code }
    }
}
