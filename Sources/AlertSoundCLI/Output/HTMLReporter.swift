import AlertSound

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `check --format html`: one self-contained page (no file, font or script from elsewhere) with,
/// per sound, its verdict and findings, its waveform, its loudness on a scale all sounds share,
/// its levels and a player. Written as files are judged: the head first, a section a file, then
/// the overview (counts and a linked list of the problems), which the page's CSS shows first.
///
/// Bounded whatever the folder: players (mono or stereo, at most 48 kHz and 30 s) for the first
/// ``maximumPlayers`` sounds while their audio stays within ``audioBudget``; waveforms for the
/// first ``maximumDrawn``; previews decoded ``previewsAtOnce`` at a time; the problem list cut at
/// ``maximumListed``. Past those a section has its verdict and findings only.
struct HTMLReporter: Reporter {
    static let name = "html"
    static let purpose = "for one self-contained page with waveforms, loudness and players"
    /// What the man page says of it after its name (generated into `--format`'s description).
    static let manual =
        " (`check` only; it measures the levels as `--levels` does): one self-contained page, usable offline and on a phone, with per sound its verdict and findings, its waveform (clipped stretches and the loudest peak marked; the 30 s limit drawn for a sound over 20 s), the loudness of its loudest 400 ms on a -60...0 LUFS scale all sounds share (the band shaded), its levels, and a player whose audio is the decoded sound as a 16-bit WAV embedded in the page (the first 30 s, mono or stereo — the first two channels of a wider sound — at 48 kHz at most), so CAF ima4 plays in any browser; about 7.7 MB of page per 30 s of 48 kHz stereo. The page leads with the counts and a linked list of the sounds with problems, and a switch that shows only those. It is bounded: players for the first 50 sounds within 32 MB of audio (`--no-players`: none), waveforms and levels for the first 1000, problems listed up to 1000; the page says what it left out."

    /// Its sounds may sit inside archives, where nothing can play them: `check` only.
    static let judgesBundles = false
    /// The page draws every sound's levels.
    static let needsLevels = true

    private let write: (String) -> Void
    private let players: Bool
    private var files = 0, invalid = 0, warned = 0
    private var shownPlayers = 0, audioBytes = 0, leftOutPlayers = 0
    /// The sounds with a problem (invalid, or with warnings), for the overview's list.
    private var problems: [(index: Int, path: String, valid: Bool, codes: [String])] = []
    private var unlisted = 0

    /// Width of the waveform and of the loudness scale, in SVG units.
    static let width = 600.0
    /// The loudness scale every sound is drawn on (LUFS).
    static let scale = -60.0...0.0
    /// Sounds longer than this have the 30 s limit drawn on their time axis.
    static let limitShownFrom = 20.0
    /// Players on one page at most.
    static let maximumPlayers = 50
    /// The embedded audio's size on one page at most (base64 bytes).
    static let audioBudget = 32 << 20
    /// Sounds drawn (waveform, loudness, levels) at most; the rest are listed with their findings.
    static let maximumDrawn = 1000
    /// Problems listed in the overview at most.
    static let maximumListed = 1000

    /// `players: false` (`--no-players`) leaves every player out.
    init(players: Bool = true, write: @escaping (String) -> Void) {
        self.write = write
        self.players = players
        write(Self.head)
    }

    init(_ settings: ReportSettings) {
        self.init(players: settings.players) { Printers.write(Array($0.utf8)) }
    }

    /// `validate-bundle` does not offer the page: nothing is written.
    func add(_ part: BundleReport.Part) {}

    /// Whether the next section may still have a player.
    private var playersLeft: Bool { players && shownPlayers < Self.maximumPlayers && audioBytes < Self.audioBudget }

    /// One sound's section; `preview` is `nil` when its audio could not be decoded, with the reason.
    mutating func add(_ file: FileReport, preview: Result<SoundPreview, AlertSoundError>?) {
        files += 1
        if !file.valid { invalid += 1 }
        let warns = file.diagnostics.contains { $0.severity == .warning }
        if warns { warned += 1 }
        if !file.valid || warns {
            if problems.count < Self.maximumListed {
                problems.append(
                    (
                        files, file.path, file.valid,
                        file.diagnostics.filter { $0.severity != .note }.map(\.code.rawValue)
                    ))
            } else {
                unlisted += 1
            }
        }
        let kind = !file.valid ? "invalid" : warns ? "valid warned" : "valid clean"
        var out = "<section class=\"sound \(kind)\" id=\"sound-\(files)\">\n"
        out +=
            "<h2><span class=\"verdict\">\(file.valid ? "valid" : "invalid")</span> <code>\(Self.escape(file.path))</code></h2>\n"
        if let info = file.info { out += "<p class=\"format\">\(Self.escape(info.summary))</p>\n" }
        if !file.diagnostics.isEmpty {
            out += "<ul class=\"findings\">\n"
            for d in file.diagnostics {
                out +=
                    "<li class=\"\(d.severity.rawValue)\"><span class=\"code\">\(d.code.rawValue)</span> \(Self.escape(d.advisedMessage))</li>\n"
            }
            out += "</ul>\n"
        }
        switch preview {
        case .success(let preview)?:
            out += Self.waveform(preview, levels: file.levels)
            if let levels = file.levels { out += Self.loudness(levels) + Self.figures(levels) }
            // The copy's base64 size decides whether it still fits the page's budget.
            if let wav = preview.wav, playersLeft, audioBytes + (wav.count + 2) / 3 * 4 <= Self.audioBudget {
                shownPlayers += 1
                audioBytes += (wav.count + 2) / 3 * 4
                let clipped =
                    Double(preview.frames) / preview.sampleRate > SoundPreview.audioLimit
                    ? " (the first \(Formatting.number(SoundPreview.audioLimit)) s)" : ""
                out +=
                    "<p class=\"player\"><audio controls preload=\"metadata\" src=\"data:audio/wav;base64,\(Data(wav).base64EncodedString())\"></audio>\(clipped)</p>\n"
            } else if players {
                leftOutPlayers += 1
            }
        case .failure(let error)?:
            out += "<p class=\"nowave\">No waveform: the audio cannot be decoded (\(Self.escape(error.message))).</p>\n"
        case nil:
            if let error = file.levelsError {
                out +=
                    "<p class=\"nowave\">No levels: the audio cannot be decoded (\(Self.escape(error.advisedDescription))).</p>\n"
            }
        }
        write(out + "</section>\n")
    }

    /// The preview of a sound whose levels were measured (so its audio decodes); `nil` for the others.
    static func preview(of file: FileReport) -> Result<SoundPreview, AlertSoundError>? {
        file.levels == nil ? nil : SoundPreview.make(paths: [file.path]).first
    }

    /// Adds a batch, decoding a few previews at a time on all cores, so memory holds only those;
    /// none past ``maximumDrawn``, and no audio once no player is left.
    mutating func add(files: [FileReport]) {
        for start in stride(from: 0, to: files.count, by: Self.previewsAtOnce) {
            let chunk = Array(files[start..<min(files.count, start + Self.previewsAtOnce)])
            let drawn = self.files < Self.maximumDrawn
            let decodable = drawn ? chunk.filter { $0.levels != nil } : []
            var previews = SoundPreview.make(paths: decodable.map(\.path), audio: playersLeft).makeIterator()
            for file in chunk { add(file, preview: file.levels == nil || !drawn ? nil : previews.next()) }
        }
    }

    /// Previews decoded together: each holds up to 30 s of mono or stereo 48 kHz audio (5.8 MB).
    static let previewsAtOnce = 4

    /// The overview (shown first by the page's CSS) and the page's end.
    func finish() {
        let summary =
            files == 0
            ? "No sound files found."
            : "\(files) \(files == 1 ? "file" : "files") checked: \(files - invalid) valid, \(invalid) invalid, \(warned) with warnings."
        var out = "<nav id=\"overview\" aria-label=\"overview\">\n<p id=\"summary\">\(summary)</p>\n"
        if !problems.isEmpty {
            out += "<ol class=\"problems\">\n"
            for problem in problems {
                out +=
                    "<li class=\"\(problem.valid ? "warning" : "error")\"><a href=\"#sound-\(problem.index)\"><code>\(Self.escape(problem.path))</code></a> "
                    + "\(problem.valid ? "warnings" : "invalid"): \(problem.codes.joined(separator: ", "))</li>\n"
            }
            out += "</ol>\n"
            if unlisted > 0 { out += "<p class=\"format\">and \(unlisted) more with problems, not listed here.</p>\n" }
            out +=
                "<label class=\"switch\"><input type=\"checkbox\" id=\"only-problems\"> Show only the sounds with problems</label>\n"
        }
        var limits: [String] = []
        if files > Self.maximumDrawn {
            limits.append("waveforms and levels are drawn for the first \(Self.maximumDrawn) sounds")
        }
        if leftOutPlayers > 0 {
            limits.append(
                "players are embedded for the first \(shownPlayers) (at most \(Self.maximumPlayers), \(Self.audioBudget >> 20) MB of audio); \(leftOutPlayers) left out"
            )
        }
        if !players { limits.append("players left out (--no-players)") }
        if !limits.isEmpty { out += "<p class=\"format\">On this page \(limits.joined(separator: "; ")).</p>\n" }
        write(out + "</nav>\n</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n")
    }

    // MARK: pieces

    /// The envelope as one filled path, clipped columns marked, the loudest peak marked, and
    /// the 30 s limit drawn when the sound comes near it.
    static func waveform(_ preview: SoundPreview, levels: SoundLevels?) -> String {
        let seconds = Double(preview.frames) / preview.sampleRate
        let span = seconds > limitShownFrom ? max(seconds, 30) : max(seconds, 1e-9)
        let columns = preview.lowest.count
        let used = width * seconds / span
        func x(_ i: Int) -> Double { columns == 0 ? 0 : used * Double(i) / Double(columns) }
        func y(_ v: Float) -> Double { 50 - 48 * Double(v) }
        var top = "", bottom = ""
        for i in 0..<columns {
            top += "L\(n(x(i))) \(n(y(preview.highest[i])))L\(n(x(i + 1))) \(n(y(preview.highest[i])))"
        }
        for i in stride(from: columns - 1, through: 0, by: -1) {
            bottom += "L\(n(x(i + 1))) \(n(y(preview.lowest[i])))L\(n(x(i))) \(n(y(preview.lowest[i])))"
        }
        var svg =
            "<svg class=\"waveform\" viewBox=\"0 0 \(n(width)) 100\" preserveAspectRatio=\"none\" role=\"img\" "
            + "aria-label=\"waveform, \(Formatting.seconds(seconds)) s\" data-seconds=\"\(n(seconds))\" data-span=\"\(n(span))\">\n"
        svg += "<line class=\"axis\" x1=\"0\" y1=\"50\" x2=\"\(n(width))\" y2=\"50\"/>\n"
        if columns > 0 { svg += "<path class=\"wave\" d=\"M0 50\(top)\(bottom)Z\"/>\n" }
        for i in 0..<columns where preview.clipped[i] {
            svg +=
                "<rect class=\"clip\" x=\"\(n(x(i)))\" y=\"0\" width=\"\(n(max(1, x(i + 1) - x(i))))\" height=\"100\"><title>clipped</title></rect>\n"
        }
        if let loudest = (0..<columns).max(by: {
            max(-preview.lowest[$0], preview.highest[$0]) < max(-preview.lowest[$1], preview.highest[$1])
        }) {
            let peak = levels?.samplePeak.map { "sample peak \(Formatting.tenths($0)) dBFS" } ?? "peak"
            let up = preview.highest[loudest] >= -preview.lowest[loudest]
            let tip = y(up ? preview.highest[loudest] : preview.lowest[loudest])
            let cx = (x(loudest) + x(loudest + 1)) / 2
            svg += "<circle class=\"peak\" cx=\"\(n(cx))\" cy=\"\(n(tip))\" r=\"2.5\"><title>\(peak)</title></circle>\n"
        }
        if span >= 30 {
            let limit = width * 30 / span
            svg += "<rect class=\"over\" x=\"\(n(limit))\" y=\"0\" width=\"\(n(width - limit))\" height=\"100\"/>\n"
            svg +=
                "<line class=\"limit\" x1=\"\(n(limit))\" y1=\"0\" x2=\"\(n(limit))\" y2=\"100\"><title>iOS plays only sounds shorter than 30 s</title></line>\n"
        }
        svg += "<line class=\"playhead\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"100\"/>\n</svg>\n"
        let axis =
            span >= 30
            ? "0 s … \(Formatting.number(span.rounded(.up))) s, the 30 s limit marked"
            : "0 … \(Formatting.seconds(seconds)) s"
        return svg + "<p class=\"axis-label\">\(axis)</p>\n"
    }

    /// The loudest 400 ms as a dot on the scale all sounds share, the band shaded.
    static func loudness(_ levels: SoundLevels) -> String {
        func x(_ lufs: Double) -> Double {
            width * (min(max(lufs, scale.lowerBound), scale.upperBound) - scale.lowerBound)
                / (scale.upperBound - scale.lowerBound)
        }
        let band = LevelThresholds().loudnessBand
        var svg = "<svg class=\"meter\" viewBox=\"0 0 \(n(width)) 28\" role=\"img\" aria-label=\"loudness\">\n"
        svg +=
            "<rect class=\"band\" x=\"\(n(x(band.lowerBound)))\" y=\"4\" width=\"\(n(x(band.upperBound) - x(band.lowerBound)))\" height=\"12\"><title>\(Formatting.number(band.lowerBound))…\(Formatting.number(band.upperBound)) LUFS</title></rect>\n"
        for tick in stride(from: scale.lowerBound, through: scale.upperBound, by: 10) {
            svg +=
                "<line class=\"tick\" x1=\"\(n(x(tick)))\" y1=\"16\" x2=\"\(n(x(tick)))\" y2=\"20\"/><text x=\"\(n(min(x(tick), width - 12)))\" y=\"27\">\(Formatting.number(tick))</text>\n"
        }
        if let lufs = levels.maxMomentaryLoudness {
            svg +=
                "<circle class=\"level\" cx=\"\(n(x(lufs)))\" cy=\"10\" r=\"5\"><title>loudest 400 ms \(Formatting.tenths(lufs)) LUFS</title></circle>\n"
        }
        return svg + "</svg>\n"
    }

    /// The measured figures as a list.
    static func figures(_ l: SoundLevels) -> String {
        func db(_ v: Double?, _ unit: String) -> String { v.map { "\(Formatting.tenths($0)) \(unit)" } ?? "none" }
        let rows = [
            ("Loudest 400 ms", db(l.maxMomentaryLoudness, "LUFS")), ("Integrated", db(l.integratedLoudness, "LUFS")),
            ("True peak", db(l.truePeak, "dBTP")), ("Sample peak", db(l.samplePeak, "dBFS")),
            ("Silence before", Formatting.seconds(l.leadingSilence) + " s"),
            ("DC offset", Formatting.tenths(abs(l.dcOffset) * 100) + "%"),
            ("Clipped samples", "\(l.clippedSamples)")
        ]
        return "<dl class=\"levels\">" + rows.map { "<div><dt>\($0.0)</dt><dd>\($0.1)</dd></div>" }.joined() + "</dl>\n"
    }

    /// SVG numbers: one decimal, no exponent. Clamped to ±10^6 (far outside any drawing) so that
    /// no value a file can hold traps or draws off the page's scale.
    static func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((min(max(value, -1e6), 1e6) * 10).rounded())
        let size = abs(tenths), sign = tenths < 0 ? "-" : ""
        return size % 10 == 0 ? "\(sign)\(size / 10)" : "\(sign)\(size / 10).\(size % 10)"
    }

    /// Text safe inside an element or a quoted attribute, control and bidi characters shown as escapes.
    static func escape(_ text: String) -> String {
        XMLText.attribute(text.escapedForDisplay)
    }

    /// A page's start up to its title, for every HTML page alertsound prints.
    static func opening(title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="alertsound \(AlertSoundVersion.current)">
        <title>\(escape(title))</title>

        """
    }

    static let head =
        opening(title: "Notification sounds: alertsound check") + """
            <style>
            :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6e6e73; --wave: #0a84ff; --band: #34c75933;
              --error: #d70015; --warning: #b25000; --note: #6e6e73; --card: #f5f5f7; }
            @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --bg: #000; --muted: #a1a1a6; --card: #1c1c1e; --band: #30d15844; } }
            body { font: 15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg);
              margin: 0 auto; max-width: 860px; padding: 12px; }
            h1 { font-size: 1.4em; margin: 0.4em 0; }
            .sound { background: var(--card); border-radius: 12px; padding: 10px 14px; margin: 14px 0; border-left: 6px solid #34c759; }
            .sound.invalid { border-left-color: var(--error); }
            h2 { font-size: 1em; margin: 0.2em 0; overflow-wrap: anywhere; }
            .verdict { text-transform: uppercase; font-size: 0.75em; letter-spacing: 0.05em; padding: 2px 6px; border-radius: 6px; background: #34c759; color: #fff; }
            .invalid .verdict { background: var(--error); }
            .format, .axis-label, footer { color: var(--muted); margin: 0.2em 0; font-size: 0.9em; }
            .findings { padding-left: 1.1em; margin: 0.4em 0; }
            .findings .error { color: var(--error); } .findings .warning { color: var(--warning); } .findings .note { color: var(--note); }
            .code { font-family: ui-monospace, Menlo, monospace; font-weight: 600; }
            svg { display: block; width: 100%; }
            .waveform { height: 110px; background: var(--bg); border-radius: 6px; cursor: pointer; }
            .wave { fill: var(--wave); stroke: var(--wave); stroke-width: 0.4; vector-effect: non-scaling-stroke; }
            .axis { stroke: var(--muted); stroke-width: 0.5; vector-effect: non-scaling-stroke; }
            .clip { fill: var(--error); opacity: 0.35; }
            .peak { fill: var(--warning); }
            .over { fill: var(--error); opacity: 0.1; }
            .limit { stroke: var(--error); stroke-width: 1.5; stroke-dasharray: 4 3; vector-effect: non-scaling-stroke; }
            .playhead { stroke: var(--fg); stroke-width: 1; vector-effect: non-scaling-stroke; visibility: hidden; }
            .meter { height: 34px; margin-top: 6px; }
            .meter text { font-size: 8px; fill: var(--muted); }
            .band { fill: var(--band); } .tick { stroke: var(--muted); } .level { fill: var(--fg); }
            .levels { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 2px 12px; margin: 6px 0; font-size: 0.9em; }
            .levels div { display: flex; justify-content: space-between; } .levels dt { color: var(--muted); } .levels dd { margin: 0; }
            audio { width: 100%; max-width: 420px; }
            main { display: flex; flex-direction: column; }
            #overview { order: -1; background: var(--card); border-radius: 12px; padding: 10px 14px; margin: 14px 0; }
            #summary { font-weight: 600; margin: 0.2em 0; }
            .problems { padding-left: 1.4em; margin: 0.4em 0; } .problems .error a { color: var(--error); } .problems .warning a { color: var(--warning); }
            body:has(#only-problems:checked) .sound.clean { display: none; }
            </style>
            </head>
            <body>
            <header><h1>Notification sounds</h1>
            <p class="format">Checked by alertsound \(AlertSoundVersion.current) against iOS's rules and, for levels, EBU R 128 loudness (the shaded band, \(Formatting.number(LevelThresholds().loudnessBand.lowerBound))…\(Formatting.number(LevelThresholds().loudnessBand.upperBound)) LUFS, is where alert sounds sit).</p></header>
            <main>

            """

    /// Moves each waveform's playhead with its player, and seeks where the waveform is clicked.
    static let script = """
        for (const section of document.querySelectorAll('.sound')) {
          const audio = section.querySelector('audio'), wave = section.querySelector('.waveform');
          if (!audio || !wave) continue;
          const head = wave.querySelector('.playhead'), span = parseFloat(wave.dataset.span), width = \(n(width));
          // A short sound may have loaded before this script ran (it comes after every section).
          const loaded = () => { section.dataset.duration = audio.duration.toFixed(3); };
          if (audio.readyState >= 1) loaded(); else audio.addEventListener('loadedmetadata', loaded);
          audio.addEventListener('timeupdate', () => {
            const x = (audio.currentTime / span * width).toFixed(1);
            head.setAttribute('x1', x); head.setAttribute('x2', x); head.style.visibility = 'visible';
          });
          wave.addEventListener('click', (event) => {
            const box = wave.getBoundingClientRect(), t = (event.clientX - box.left) / box.width * span;
            if (t < audio.duration || isNaN(audio.duration)) { audio.currentTime = t; audio.play(); }
          });
        }
        """
}
