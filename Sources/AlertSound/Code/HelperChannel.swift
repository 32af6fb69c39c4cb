import AlertSoundCore

/// A channel made inside a helper function that no call in its own file reaches (issue 57): an
/// exported `createAndroidNotificationChannel(channel)` whose calls, with the channels' IDs and
/// sounds, are in the app's entry file. Its ID and sound are the helper's parameters, so each
/// call in the app's other files makes one channel with the arguments that call gives, read as
/// the channel's own reader reads them (``CodeFollow/substitute(_:_:)``, then ``Form``). What
/// stays unbound stays computed.
struct HelperChannel: Sendable {
    /// How the channel's sound argument names its sound once the call's arguments are in it.
    enum Form: Sendable {
        /// A URI (`setSound(uri, …)`: ``CodeSounds/androidURI(_:)``).
        case uri
        /// A resource's name (Expo's and notifee's `sound`: ``CodeSounds/namedSound(_:in:)``).
        case name
    }

    /// The helper's name.
    var function: String
    /// Its parameters: name, label, default.
    var parameters: [(name: String, label: String, value: String?)]
    /// The file that declares it.
    var file: String
    /// The channel it makes, among the app's.
    var channel: Int
    /// The ID's and the sound's arguments, as the helper's body gives them.
    var id: String?
    var sound: String?
    var form: Form

    /// The channels the helpers in `found` make, from their calls in `sources` (each file that
    /// names one, read again within the bounds of ``SourceWalk/resolveAcrossFiles(_:_:through:)``):
    /// each helper's channel is replaced by one per call, at the call. A helper called nowhere
    /// keeps its computed channel. At most ``CodeFollow/maximumBindings`` calls per helper.
    static func resolve(_ found: inout CodeSounds, _ sources: [String], through door: Door) {
        defer { found.helpers = [] }
        let helpers = found.helpers
        let names = Array(Set(helpers.map(\.function)).sorted().prefix(Limits.maximumConstantNames))
        guard !names.isEmpty else { return }
        var made: [[ChannelDeclaration]] = Array(repeating: [], count: helpers.count)
        var searched: Int64 = 0
        for path in sources {
            guard let bytes = try? door.bytes(path, limit: Limits.maximumAndroidSourceBytes, what: "source file")
            else { continue }
            searched += Int64(bytes.count) * Int64(names.count)
            guard searched <= Limits.maximumConstantSearchBytes else { break }
            guard SourceText.holds(bytes, names) else { continue }
            let text = SourceText(String(decoding: bytes, as: UTF8.self))
            let follow = CodeFollow(text)
            for name in names {
                let mine = helpers.indices.filter { helpers[$0].function == name && helpers[$0].file != path }
                guard !mine.isEmpty else { continue }
                for offset in text.occurrences(of: name) where !declares(offset, in: text) {
                    guard let call = text.call(at: offset, name: name) else { continue }
                    for h in mine where made[h].count < CodeFollow.maximumBindings {
                        let helper = helpers[h]
                        let bound = Set(helper.parameters.map(\.name))
                        guard let values = CodeFollow.values(of: call, for: helper.parameters, requiring: bound)
                        else { continue }
                        let binding = CodeFollow.Binding(values: values, offset: offset)
                        var declaration = found.channels[helper.channel]
                        declaration.position = SourcePosition(file: path, line: call.line)
                        let id = helper.id.flatMap { follow.substitute(SourceText.Argument(text: $0), binding) }
                        if declaration.id == nil { declaration.id = id?.literal }
                        if declaration.sound == .computed {
                            let sound = helper.sound.flatMap {
                                follow.substitute(SourceText.Argument(text: $0), binding)
                            }
                            declaration.sound = helper.form.sound(sound)
                        }
                        made[h].append(declaration)
                    }
                }
            }
        }
        for (h, declarations) in made.enumerated() {
            guard let first = declarations.first else { continue }
            found.channels[helpers[h].channel] = first
            found.channels += declarations.dropFirst()
        }
    }

    /// Whether the name at `offset` is declared there (`function f(`, `fun f(`, `func f(`) rather
    /// than called.
    static func declares(_ offset: Int, in source: SourceText) -> Bool {
        if CodeSounds.declaration(at: offset, in: source) { return true }
        var i = offset - 1
        while i >= 0, source.scalars[i] == " " || source.scalars[i] == "\t" { i -= 1 }
        let end = i + 1
        while i >= 0, SourceText.isIdentifier(source.scalars[i]), end - i <= 8 { i -= 1 }
        let word = String(String.UnicodeScalarView(source.scalars[(i + 1)..<end]))
        return ["function", "func", "def", "void"].contains(word)
    }
}

extension HelperChannel.Form {
    /// What `argument`, a call's value in the sound's place, plays: left out or `undefined`, the
    /// default sound (the helper sets none).
    func sound(_ argument: SourceText.Argument?) -> ChannelSound {
        guard let argument, argument.text.trimmingWhitespace() != "undefined" else { return .defaultSound }
        switch self {
        case .uri: return CodeSounds.androidURI(argument)
        case .name:
            if argument.isNull { return .silent }
            guard let name = argument.literal else { return .computed }
            return name == "default" ? .defaultSound : .resource(name)
        }
    }
}

extension CodeFollow {
    /// The function around `offset` whose parameters bind one of `names`, when a function (not a
    /// loop or a callback) is the first to bind one: its name and parameters
    /// (``helper(of:at:)``, the one reading of the blocks around a channel for both kinds of helper).
    func enclosingFunction(
        binding names: Set<String>, at offset: Int
    ) -> (name: String, parameters: [(name: String, label: String, value: String?)])? {
        helper(of: names, at: offset).map { helper in
            (helper.name, helper.parameters.map { ($0.name, $0.label, $0.value) })
        }
    }
}
