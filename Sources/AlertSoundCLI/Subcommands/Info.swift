import AlertSound
import ArgumentParser

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what a sound file's headers say, like afinfo.",
        discussion: "Exit status: 0 when every file could be read, 1 otherwise, 64 for a usage error."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: "Output: text for people, json for machines.")
    var format: Format = .text

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
        switch format {
        case .text: print(InfoPrinter.text(results), terminator: "")
        case .json: print(InfoPrinter.json(results))
        }
        if results.contains(where: { if case .failure = $0.1 { return true } else { return false } }) {
            throw ExitCode(1)
        }
    }
}
