import AlertSoundCore

/// A channel made with the sound of the notification about to be posted on it (issue 57): a
/// helper `createChannel(id: String?, sound: String?)` whose `setSound` URI is built from its
/// parameter (`sound?.let { Uri.parse("android.resource://…/raw/${it.replace(".wav", "")}") } ?:
/// RingtoneManager.getDefaultUri(…)`), called just before a notification is built with the sound
/// field of the same notification's model (`createChannel(model?.id, model?.sound)`). Android keeps
/// the sound a channel is first created with, so the channel plays the sound of the notification
/// that first creates it (``ChannelSound/notificationsOwn(dropping:)``). Read from the text only:
/// bounded by ``maximumOwnSteps`` variables followed and ``maximumWindow`` characters read after a call.
extension CodeFollow {
    static let maximumOwnSteps = 4
    /// How far after a helper's call a notification being built is looked for.
    static let maximumWindow = 4096
    /// How much of a notification's building is read for the value its sound came from.
    static let maximumBuilder = 1024

    /// The parameter of `parameters` whose name the sound URI `argument` (used at `use`) is built
    /// from as a raw resource, and what the code drops from the name (``ChannelSound/ownResource(of:dropping:)``),
    /// when every other value the URI may take is the default sound; nil otherwise.
    func ownSound(
        of argument: SourceText.Argument, at use: Int, parameters: Set<String>
    ) -> (parameter: String, dropping: String?)? {
        var text = CodeSounds.uriTarget(argument).text.trimmingWhitespace()
        var steps = 0
        // A local holding the URI (`val soundUri = …`): its value where it is used.
        while Self.isName(text), !parameters.contains(text), steps < Self.maximumOwnSteps {
            let assigned = source.assignedValues(of: text)
            guard let value = source.reachingValue(of: text, at: use) ?? (assigned.count == 1 ? assigned[0] : nil)
            else { return nil }
            text = CodeSounds.uriTarget(SourceText.Argument(text: value)).text.trimmingWhitespace()
            steps += 1
        }
        guard text.unicodeScalars.count <= SourceText.maximumValueLength else { return nil }
        var found: (parameter: String, dropping: String?)?
        var fallsBack = false
        for branch in Self.branches(of: text) ?? [text] {
            let value = SourceText.Argument(text: branch)
            if CodeSounds.androidURI(value) == .defaultSound {
                fallsBack = true
                continue
            }
            guard let own = Self.rawName(in: branch.trimmingWhitespace(), parameters: parameters) else { return nil }
            if let found, found != own { return nil }
            found = own
        }
        // Without a default beside it, a notification naming none makes a URI of no resource:
        // not this kind.
        return fallsBack ? found : nil
    }

    /// The parameter a raw resource URI's name is (`…/raw/${p}`, `…/raw/$p`, `"…/raw/" + p`, with
    /// `.replace(".wav", "")`, `.removeSuffix(".wav")` or `.substringBeforeLast(".")`), within
    /// `p?.let { … it … }` (Kotlin's scope function: `it` or its named parameter is `p`).
    static func rawName(in text: String, parameters: Set<String>) -> (parameter: String, dropping: String?)? {
        var names: [String: String] = [:]
        for parameter in parameters { names[parameter] = parameter }
        var body = Substring(text)
        // `p?.let { … }` / `p.let { x -> … }`: the lambda's parameter stands for `p`.
        if let letRange = body.firstRange(of: ".let"),
            case let receiver = body[..<letRange.lowerBound].trimmingWhitespace(),
            case let bare = receiver.hasSuffix("?") ? String(receiver.dropLast()) : receiver,
            parameters.contains(bare), let open = body[letRange.upperBound...].firstIndex(of: "{"),
            body[letRange.upperBound..<open].allSatisfy(\.isWhitespace)
        {
            body = body[body.index(after: open)...]
            var variable = "it"
            if let arrow = body.firstRange(of: "->"),
                case let head = body[..<arrow.lowerBound].trimmingWhitespace(), isName(head)
            {
                variable = head
                body = body[arrow.upperBound...]
            }
            names = [variable: bare]
        }
        guard let raw = body.firstRange(of: "/raw/") else { return nil }
        var rest = body[raw.upperBound...]
        var expression: Substring
        if rest.hasPrefix("${") {
            rest = rest.dropFirst(2)
            // The interpolation up to its `}`: a nested brace is not read.
            guard let close = rest.firstIndex(of: "}") else { return nil }
            expression = rest[..<close]
            guard !expression.contains("{") else { return nil }
        } else if rest.hasPrefix("$") {
            expression = rest.dropFirst().prefix { $0.unicodeScalars.allSatisfy(SourceText.isIdentifier) }
        } else if rest.hasPrefix("\"") {
            // Java's and Kotlin's `"…/raw/" + p`.
            let after = rest.dropFirst().drop { $0.isWhitespace }
            guard after.hasPrefix("+") else { return nil }
            expression = after.dropFirst().prefix { $0 != "+" && $0 != ")" && $0 != "," && $0 != "\n" }
        } else {
            return nil
        }
        var value = expression.trimmingWhitespace()
        while value.hasSuffix("!") { value.removeLast() }
        let base = String(value.prefix { $0.unicodeScalars.allSatisfy(SourceText.isIdentifier) })
        guard let parameter = names[base] else { return nil }
        var tail = value.dropFirst(base.count)
        if tail.hasPrefix("?") || tail.hasPrefix("!!") { tail = tail.drop { $0 == "?" || $0 == "!" } }
        if tail.isEmpty { return (parameter, nil) }
        // One call on the name, the whole rest: its first argument a literal.
        let call = SourceText(String(tail.dropFirst()))
        guard let open = call.scalars.firstIndex(of: "("), call.closingBracket(open) == call.scalars.count - 1 else {
            return nil
        }
        for (name, dropping) in [("replace", nil), ("removeSuffix", nil), ("substringBeforeLast", ".")]
            as [(
                String, String?
            )]
        where tail.hasPrefix("." + name + "(") {
            guard let made = call.call(at: 0, name: name), made.arguments.count <= 2,
                let first = made.positional(0)?.literal
            else { return nil }
            if name == "replace" { guard made.positional(1)?.literal == "" else { return nil } }
            if let dropping { return first == dropping ? (parameter, dropping) : nil }
            return (parameter, first)
        }
        return nil
    }

    /// Whether the value a call passes for a channel's sound name is the sound of the
    /// notification the caller is about to post: a member of a value the caller holds
    /// (`model?.sound`, `it.tone`), not one read from stored state, and a notification built
    /// (`NotificationCompat.Builder(`, `Notification.Builder(`) after the call, within
    /// ``maximumWindow`` characters, from the same value (its channel, title or text: `model?.id`
    /// within ``maximumBuilder`` characters of the builder).
    static func isNotificationsSound(_ argument: SourceText.Argument, calledAt offset: Int, in text: SourceText) -> Bool
    {
        let value = argument.text.trimmingWhitespace()
        guard value.unicodeScalars.count <= 200, !storedStateWords.contains(where: value.contains) else { return false }
        let base = String(value.prefix { $0.unicodeScalars.allSatisfy(SourceText.isIdentifier) })
        let member = value.dropFirst(base.count).drop { $0 == "?" || $0 == "!" }
        guard isName(base), member.hasPrefix("."),
            member.dropFirst().unicodeScalars.allSatisfy(SourceText.isIdentifier)
        else { return false }
        let end = min(text.scalars.count, offset + maximumWindow)
        guard offset < end else { return false }
        let window = Array(text.scalars[offset..<end])
        let builders = ["NotificationCompat.Builder(", "Notification.Builder("].map { Array($0.unicodeScalars) }
        let needle = Array(base.unicodeScalars)
        var i = 0
        while i < window.count {
            guard let builder = builders.first(where: { window[i...].starts(with: $0) }) else {
                i += 1
                continue
            }
            // The value named, as a word, in what builds the notification.
            let stop = min(window.count, i + builder.count + maximumBuilder)
            var j = i + builder.count
            while j + needle.count <= stop {
                if window[j..<(j + needle.count)].elementsEqual(needle),
                    !SourceText.isIdentifier(window[j - 1]),
                    j + needle.count == window.count || !SourceText.isIdentifier(window[j + needle.count])
                {
                    return true
                }
                j += 1
            }
            i += builder.count
        }
        return false
    }
}
