import ArgumentParser

/// The statuses the commands exit with.
enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Everything asked for was done and passed.
    case success = 0
    /// The run finished, and something failed its verdict or could not be done.
    case failure = 1
    /// The run stopped before any report.
    case stopped = 2
    /// The arguments cannot work (ArgumentParser's own status for a usage error).
    case usage = 64

    var code: ExitCode { ExitCode(rawValue) }
}

/// What each status means to one command, stated once: the command's `--help`, the man page's EXIT
/// STATUS and the guide's table are made from it (the last two by scripts/dev/generate-docs). Text
/// is plain, with Markdown code spans around literal names.
struct CommandExits: Sendable {
    struct Meaning: Sendable {
        let status: ExitStatus
        let text: String
    }

    let command: String
    let meanings: [Meaning]

    init(_ command: String, _ meanings: [(ExitStatus, String)]) {
        self.command = command
        self.meanings = meanings.map { Meaning(status: $0.0, text: $0.1) }
    }

    /// Each status and what it means, in order, with the code spans (the generated tables' text).
    var list: String { meanings.map { "\($0.status.rawValue) \($0.text)" }.joined(separator: ", ") }

    /// The sentence in `--help`: code spans printed as their text.
    var sentence: String { "Exit status: \(list.filter { $0 != "`" })." }

    static let usage = (ExitStatus.usage, "for a usage error")
    static let check = CommandExits(
        "check",
        [
            (.success, "when every file is valid"), (.failure, "when any is invalid, unreadable or missing"),
            (.stopped, "when the configuration cannot be read or the `--stamp` file cannot be written"), usage
        ])
    static let info = CommandExits(
        "info",
        [
            (.success, "when every file could be read (with `--levels`, and its audio decoded)"),
            (.failure, "otherwise"), usage
        ])
    static let convert = CommandExits(
        "convert",
        [
            (.success, "when every output was written"),
            (
                .failure,
                "when an input could not be read or its output not written (with `--output-dir`, the others are still written)"
            ),
            (.usage, "for a usage error or a combination afconvert refuses")
        ])
    static let fix = CommandExits(
        "fix",
        [
            (.success, "when every input was fixed or already plays"),
            (.failure, "when any could not be fixed (the others are still fixed)"),
            (.stopped, "when the run stopped before any input"), usage
        ])
    static let export = CommandExits(
        "export",
        [
            (.success, "when every source was exported"), (.failure, "when any could not be"),
            (.stopped, "when the run stopped before any source"), usage
        ])
    static let validateBundle = CommandExits(
        "validate-bundle",
        [
            (.success, "when every sound and reference is valid"), (.failure, "when any is not"),
            (.stopped, "when a path, list, entitlements file or the configuration cannot be read at all"), usage
        ])

    static let explain = CommandExits(
        "explain",
        [
            (.success, "when on every platform the push plays the sound it names (or the default it asks for)"),
            (.failure, "when on any it plays another sound, the default instead, or what it plays cannot be told"),
            (
                .stopped,
                "when a path, the payload, the lock, the entitlements or the configuration cannot be read at all"
            ), usage
        ])

    /// Every command's, in the order the commands are listed.
    static let all = [check, info, convert, fix, export, validateBundle, explain]
}
