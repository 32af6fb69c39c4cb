/// One input of a `fix` run and where its output goes, decided for the whole run at once so that
/// no output replaces an input or another output.
public struct FixJob: Sendable, Hashable {
    /// The sound to fix.
    public var input: String
    /// Where its fixed copy goes.
    public var output: String
    /// Why the job cannot run (a missing input, an output that would replace an input), if so.
    public var refusal: AlertSoundError?
    /// Found by a folder walk.
    var fromFolder: Bool
    /// The output's name is another input of the same run (a fixed copy from an earlier run, say).
    var outputIsInput = false

    /// Expands folders (recursively, sounds by extension or content) and names every output.
    public static func plan(paths: [String], outputFolder: String?) -> [FixJob] {
        var jobs: [FixJob] = []
        for path in paths {
            let isDirectory = isFolder(path)
            if isDirectory == true {
                let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
                for target in SoundPaths.expand([path]) {
                    // The folder's own structure, under the output folder.
                    let relative = target.path.dropping(prefix: root + "/")
                    let output = outputFolder.map { join($0, relative) } ?? target.path
                    jobs.append(FixJob(input: target.path, output: fixedName(for: output, beside: outputFolder == nil), refusal: target.problem.map { AlertSoundError(.unreadable, $0.message, path: target.path) }, fromFolder: true))
                }
            } else {
                let output = outputFolder.map { join($0, lastComponent(path)) } ?? path
                jobs.append(FixJob(input: path, output: fixedName(for: output, beside: outputFolder == nil), refusal: isDirectory == nil ? AlertSoundError(.notFound, "no such file or folder", path: path) : nil, fromFolder: false))
            }
        }
        // A file a folder walk found that is another input's output (a fixed copy an earlier run made)
        // is that input's result, not an input of its own: so fixing a folder again redoes nothing.
        let beside = outputFolder == nil
        let outputsOfOthers = Set(jobs.map { normalizedPath($0.output) })
        jobs.removeAll { $0.fromFolder && beside && outputsOfOthers.contains(normalizedPath($0.input)) }
        // An output may be no input, and no earlier job's output.
        let inputs = Set(jobs.map { normalizedPath($0.input) })
        var claimed: [String: String] = [:]
        for i in jobs.indices where jobs[i].refusal == nil {
            var output = normalizedPath(jobs[i].output)
            if output == normalizedPath(jobs[i].input) {
                jobs[i].output = suffixed(jobs[i].output)
                output = normalizedPath(jobs[i].output)
            }
            jobs[i].outputIsInput = inputs.contains(output)
            if let first = claimed[output] {
                jobs[i].refusal = AlertSoundError(.invalidRequest, "its output \(jobs[i].output) is also the output of \(first)", path: jobs[i].input,
                                                  suggestion: Suggestion(.chooseOutput, output: jobs[i].output))
            } else {
                claimed[output] = jobs[i].input
            }
        }
        return jobs
    }

    /// `name.caf` for `name.ext`; beside a CAF input, `name-fixed.caf` (the input is never replaced,
    /// and `X.CAF` may be `X.caf` on a case-insensitive disk).
    static func fixedName(for path: String, beside: Bool) -> String {
        let caf = ConversionPlan.defaultOutput(for: path, type: .caff)
        return beside && lowercasedExtension(lastComponent(path)) == "caf" ? suffixed(caf) : caf
    }

    static func suffixed(_ path: String) -> String {
        let base = path.hasSuffix(".caf") ? String(path.dropLast(4)) : path
        return base + "-fixed.caf"
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Without `./` segments and doubled slashes, so that `a//b.caf` and `./a/b.caf` compare equal.
    static func normalizedPath(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
