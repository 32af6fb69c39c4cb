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
    /// The output this job would have had, had another input not claimed it first (`ring.caf` for
    /// `ring.m4a` beside `ring.mp3`, which then goes to `ring-m4a.caf`).
    public var renamedFrom: String?
    /// The input that holds the name this job gave up.
    public var renamedFor: String?

    package init(
        input: String, output: String, refusal: AlertSoundError?, fromFolder: Bool, outputIsInput: Bool = false,
        renamedFrom: String? = nil, renamedFor: String? = nil
    ) {
        self.input = input
        self.output = output
        self.refusal = refusal
        self.fromFolder = fromFolder
        self.outputIsInput = outputIsInput
        self.renamedFrom = renamedFrom
        self.renamedFor = renamedFor
    }

    /// Expands folders (recursively, sounds by extension or content) and names every output.
    public static func plan(paths: [String], outputFolder: String?) -> [FixJob] {
        var jobs: [FixJob] = []
        for path in paths {
            if isFolder(path) {
                let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
                for target in SoundPaths.expand([path]) {
                    // The folder's own structure, under the output folder.
                    let relative = target.path.dropping(prefix: root + "/")
                    let output = outputFolder.map { joinPath($0, relative) } ?? target.path
                    jobs.append(
                        FixJob(
                            input: target.path, output: fixedName(for: output, beside: outputFolder == nil),
                            refusal: target.problem.map { AlertSoundError(.unreadable, $0.message, path: target.path) },
                            fromFolder: true))
                }
            } else {
                let output = outputFolder.map { joinPath($0, lastComponent(path)) } ?? path
                jobs.append(
                    FixJob(
                        input: path, output: fixedName(for: output, beside: outputFolder == nil),
                        refusal: !exists(path)
                            ? AlertSoundError(.notFound, "no such file or folder", path: path) : nil, fromFolder: false)
                )
            }
        }
        // A file a folder walk found that is another input's output (a fixed copy an earlier run made)
        // is that input's result, not an input of its own: so fixing a folder again redoes nothing.
        let beside = outputFolder == nil
        let outputsOfOthers = Set(jobs.map { samePathKey($0.output) })
        jobs.removeAll { $0.fromFolder && beside && outputsOfOthers.contains(samePathKey($0.input)) }
        nameOutputsApart(&jobs)
        // The same for a copy an earlier run renamed apart (`ring-m4a.caf`).
        let renamed = Set(jobs.filter { $0.renamedFrom != nil }.map { samePathKey($0.output) })
        jobs.removeAll { $0.fromFolder && beside && renamed.contains(samePathKey($0.input)) }
        // Only now is it known which files are inputs of this run.
        let inputs = Set(jobs.map { samePathKey($0.input) })
        for i in jobs.indices { jobs[i].outputIsInput = inputs.contains(samePathKey(jobs[i].output)) }
        return jobs
    }

    /// Gives each job an output no input and no earlier job has, comparing names as a Mac's default
    /// volume does (`Ding.caf` is `ding.caf`). Inputs that share a base name (`x.au`, `x.flac`)
    /// keep it for the first and add their own extension for the others (`x-flac.caf`), so a
    /// folder of them is fixed whole; the order is the run's, so the names are the same every run.
    static func nameOutputsApart(_ jobs: inout [FixJob]) {
        // A renamed name is chosen past the inputs named on the command line, not past files a
        // walk found: those may be this job's renamed copy from an earlier run.
        let named = Set(jobs.filter { !$0.fromFolder }.map { samePathKey($0.input) })
        var claimed: [String: String] = [:]
        for i in jobs.indices where jobs[i].refusal == nil {
            if samePathKey(jobs[i].output) == samePathKey(jobs[i].input) { jobs[i].output = suffixed(jobs[i].output) }
            let wanted = jobs[i].output
            var output = wanted
            if let first = claimed[samePathKey(output)] {
                let base = String(wanted.dropLast(4)) + "-" + lowercasedExtension(lastComponent(jobs[i].input))
                var candidate = base + ".caf", n = 2
                while claimed[samePathKey(candidate)] != nil || named.contains(samePathKey(candidate)) {
                    candidate = base + "-\(n).caf"
                    n += 1
                }
                output = candidate
                jobs[i].renamedFrom = wanted
                jobs[i].renamedFor = first
            }
            jobs[i].output = output
            claimed[samePathKey(output)] = jobs[i].input
        }
    }

    /// Why the output is not named as usual, for the outcome.
    var renameNote: String? {
        guard let renamedFrom, let renamedFor else { return nil }
        return "\(renamedFrom) is the output of \(renamedFor), so this one is \(output)"
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
}
