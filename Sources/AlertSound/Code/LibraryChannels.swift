import AlertSoundCore

/// Channels a notification library makes, read from its data in ``AndroidLibrary`` (issue 57):
/// those the app's code constructs through it (``AndroidLibrary/ChannelConstructor``: a call
/// `NotificationChannel(channelKey: …, soundSource: …)` or an initialiser
/// `new AndroidNotificationChannelRequest { Id = …, Sound = … }`), and those it creates itself
/// from the app's configuration (``AndroidLibrary/OwnChannel``: Capacitor's `default`).
enum LibraryChannels {
    /// The channels `source`, a file in the language of `fileExtension`, constructs through a
    /// library, with the names to resolve across files. One pass over the file per constructor;
    /// a constructor inside one already read is passed over, so no text is read twice.
    static func read(_ source: SourceText, file: String, fileExtension ext: String) -> CodeSounds {
        var found = CodeSounds()
        let language = AndroidLibrary.CodeLanguage(fileExtension: ext)
        // The follower of helpers' parameters, and a bounded number of channels read through it per file.
        let follow = CodeFollow(source)
        var helperReads = 0
        for library in AndroidLibrary.allCases {
            for constructor in library.channelConstructors where constructor.language == language {
                var scanned = 0
                for offset in source.occurrences(of: constructor.name) where offset >= scanned {
                    let start = offset + constructor.name.unicodeScalars.count
                    // Its members: a call's labelled arguments, an initialiser's assignments, or both.
                    let call = source.call(at: offset, name: constructor.name)
                    let constructed = language == .cSharp && CSharpSounds.precededByNew(offset, in: source)
                    let braces = constructed ? CSharpSounds.initialiser(after: start, in: source) : nil
                    if let braces {
                        scanned = braces.end
                    } else if constructed, call == nil {
                        // Unclosed within its bound: what starts inside that window is not read again.
                        scanned = start + SourceText.maximumCallLength
                    }
                    guard call != nil || braces != nil else { continue }
                    func member(_ label: String) -> SourceText.Argument? {
                        call?.labelled(label) ?? braces?.value.labelled(label)
                    }
                    let idArgument = member(constructor.idLabel)
                    // A JavaScript call's options name their library by their keys: without this
                    // one's ID key (`channelId`), the call is another library's (notifee's `id`).
                    if language == .javaScript, idArgument == nil { continue }
                    let id = idArgument == nil ? constructor.defaultID : idArgument.flatMap(source.resolve)
                    var sound = ChannelSound.defaultSound
                    let soundArgument = member(constructor.soundLabel)
                    if let label = constructor.switchLabel, member(label)?.text.trimmingWhitespace() == "false" {
                        sound = constructor.silentWhenOff ? .silent : .defaultSound
                    } else if let value = soundArgument, !value.isNull {
                        sound = Self.sound(value, in: source)
                    }
                    // The library's word for the default sound (react-native-push-notification's `default`).
                    if case .resource(let name) = sound, library.lookups(name).isEmpty { sound = .defaultSound }
                    let line = source.line(at: offset)
                    // Its importance, by the library's field (issue 57): below DEFAULT it makes no sound.
                    var importance: ChannelImportance?
                    if let field = library.channelImportance {
                        importance = ChannelImportance.read(
                            member(field.label) ?? field.position.flatMap { call?.positional($0) }, none: field.none,
                            in: source, at: offset, follow: nil, position: SourcePosition(file: file, line: line))
                    }
                    // An ID that is a parameter of the function around the call (a service's
                    // `createChannel = (channelId) => {…}`): one channel per call of it in this file,
                    // and, where those calls pass their own function's parameter on and nothing in
                    // this file calls that one, its calls in the app's other files (issue 57).
                    if id == nil, language == .javaScript, let idArgument,
                        helperReads < CodeFollow.maximumSearches,
                        let helped = Self.helped(idArgument, at: offset, in: source, follow: follow)
                    {
                        helperReads += 1
                        for (bound, call) in helped {
                            let callLine = call.map(source.line(at:)) ?? line
                            var declaration = ChannelDeclaration(
                                id: source.resolve(bound), sound: sound,
                                position: SourcePosition(file: file, line: callLine), library: library)
                            if let importance { declaration.importance = importance }
                            found.channels.append(declaration)
                            let passed = CodeFollow.names(bound)
                            guard found.channels.last?.id == nil, let call, !passed.isEmpty,
                                follow.bindings(of: passed, at: call) == nil,
                                let outer = follow.enclosingFunction(binding: passed, at: call)
                            else { continue }
                            found.helpers.append(
                                HelperChannel(
                                    function: outer.name, parameters: outer.parameters, file: file,
                                    channel: found.channels.count - 1, id: bound.text, sound: nil, form: .name))
                        }
                        continue
                    }
                    var declaration = ChannelDeclaration(
                        id: id, sound: sound, position: SourcePosition(file: file, line: line), library: library)
                    if let importance { declaration.importance = importance }
                    found.channels.append(declaration)
                    let index = found.channels.count - 1
                    if id == nil, let idArgument, let name = SourceText.identifier(of: idArgument),
                        !source.binds(name)
                    {
                        found.pending.append(CodeSounds.Pending(slot: .channelID(index), name: name))
                    }
                    if sound == .computed, let soundArgument, let name = SourceText.identifier(of: soundArgument),
                        !source.binds(name)
                    {
                        found.pending.append(
                            CodeSounds.Pending(slot: .channelSound(index, defaultIsDefault: false), name: name))
                    }
                }
            }
        }
        return found
    }

    /// The values `id`, a parameter of the function around `offset`, takes at that function's
    /// calls in this file, each with the call's offset; nil when `id` is no such parameter or the
    /// file calls the function with none (then the channel stays computed, as before).
    static func helped(
        _ id: SourceText.Argument, at offset: Int, in source: SourceText, follow: CodeFollow
    ) -> [(SourceText.Argument, Int?)]? {
        let names = CodeFollow.names(id)
        guard !names.isEmpty, let bindings = follow.bindings(of: names, at: offset), follow.mayMake(bindings.count)
        else { return nil }
        let bound = bindings.compactMap { binding in follow.substitute(id, binding).map { ($0, binding.offset) } }
        return bound.isEmpty ? nil : bound
    }

    /// A constructor's sound member: empty is the default sound; a `://` URI names the resource
    /// after `/raw/` (awesome_notifications' `resource://raw/x`); any other literal is a name the
    /// library's rule turns into a resource; anything else is computed.
    static func sound(_ value: SourceText.Argument, in source: SourceText) -> ChannelSound {
        guard let name = source.resolve(value) else { return .computed }
        if name.isEmpty { return .defaultSound }
        guard name.contains("://") else { return .resource(name) }
        let parts = name.split(separator: "/raw/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty else { return .computed }
        return .resource(String(parts[1]))
    }

    /// The channels the declared libraries create themselves, their sound read from the app's
    /// configuration under `root` (the first of each one's files found, at most
    /// `Limits.maximumAndroidSourceBytes`): a JSON file by its keys, a program (`capacitor.config.ts`)
    /// by the object literal each key opens. Made before any of the app's (when the library loads).
    static func own(
        by libraries: AndroidLibraries, root: String, within confinement: Confinement
    )
        -> [ChannelDeclaration]
    {
        var channels: [ChannelDeclaration] = []
        for library in libraries.declared {
            for channel in library.ownChannels {
                var sound = ChannelSound.defaultSound
                var position = SourcePosition(file: libraries.evidence[library] ?? root, line: 1)
                for config in channel.configFiles {
                    let path = joinPath(root, config)
                    guard confinement.contains(path), isFile(path),
                        let bytes = try? confinement.door.bytes(
                            path, limit: Limits.maximumAndroidSourceBytes, what: "configuration")
                    else { continue }
                    position = SourcePosition(file: path, line: 1)
                    let named =
                        lowercasedExtension(config) == "json"
                        ? jsonValue(bytes, channel.soundKey)
                        : programValue(SourceText(String(decoding: bytes, as: UTF8.self)), channel.soundKey)
                    if let named, let value = named.value, !value.isEmpty {
                        sound = .resource(value)
                        position.line = named.line
                    } else if named?.value == nil, named != nil {
                        sound = .computed
                    }
                    break
                }
                channels.append(ChannelDeclaration(id: channel.id, sound: sound, position: position, library: library))
            }
        }
        return channels
    }

    /// The string at `keys` in a JSON document; nil when absent, a nil value when not a string.
    static func jsonValue(_ bytes: [UInt8], _ keys: [String]) -> (value: String?, line: Int)? {
        guard var value = try? JSONParser.parse(bytes) else { return nil }
        for key in keys {
            guard case .object(let members) = value, let next = members[key] else { return nil }
            value = next
        }
        guard case .string(let text) = value else { return (nil, 1) }
        return (text, 1)
    }

    /// The value a program's object literals give `keys` (`plugins: { LocalNotifications: { sound:
    /// 'x.wav' } }`): the last key in the object literal the one before it opens; nil when absent.
    static func programValue(_ source: SourceText, _ keys: [String]) -> (value: String?, line: Int)? {
        guard keys.count >= 2 else { return nil }
        let owner = keys[keys.count - 2]
        for offset in source.occurrences(of: owner) {
            let s = source.scalars
            var i = offset + owner.unicodeScalars.count
            if i < s.count, s[i] == "\"" || s[i] == "'" { i += 1 }
            while i < s.count, s[i] == " " { i += 1 }
            guard i < s.count, s[i] == ":" else { continue }
            i += 1
            while i < s.count, s[i].properties.isWhitespace { i += 1 }
            guard i < s.count, s[i] == "{", let close = CSharpSounds.matching(i, in: s) else { continue }
            guard let value = SourceText.Argument(s[i...close]).labelled(keys[keys.count - 1]) else { return nil }
            return (source.resolve(value), source.line(at: offset))
        }
        return nil
    }
}

extension CodeSounds {
    /// Adds what another reading of the same file found, its pending names' slots counted from
    /// this one's channels and references.
    mutating func append(_ other: CodeSounds) {
        pending += other.pending.map { item in
            var item = item
            switch item.slot {
            case .channelID(let i): item.slot = .channelID(channels.count + i)
            case .channelSound(let i, let d): item.slot = .channelSound(channels.count + i, defaultIsDefault: d)
            case .reference(let i): item.slot = .reference(references.count + i)
            case .channelOptions(let i): item.slot = .channelOptions(channels.count + i)
            case .helperChannel(let i, let helper): item.slot = .helperChannel(channels.count + i, helper)
            }
            return item
        }
        helpers += other.helpers.map { helper in
            var helper = helper
            helper.channel += channels.count
            return helper
        }
        cSharpHelpers += other.cSharpHelpers.map { helper in
            var helper = helper
            helper.channels =
                (helper.channels.lowerBound + channels.count)..<(helper.channels.upperBound + channels.count)
            return helper
        }
        references += other.references
        channels += other.channels
        installer = installer ?? other.installer
        rawUses.formUnion(other.rawUses)
    }
}
