import AlertSoundCore

/// A notification channel the app's code creates (Android 8 and later): its sound is fixed when
/// it is first created, and every notification posted to it plays that sound, whatever the
/// notification itself asks for.
public struct ChannelDeclaration: Sendable, Hashable, Codable {
    /// The channel ID; nil when the code computes it.
    public var id: String?
    /// What the channel plays.
    public var sound: ChannelSound
    /// Where it is created.
    public var position: SourcePosition
    /// The library whose rule turns the sound's name into a resource (notifee's, Expo's …);
    /// nil when the code names the resource itself (`R.raw.x`, `…/raw/x`).
    public var library: AndroidLibrary?
    /// Made only when missing, by a notification's details (flutter_local_notifications'
    /// `AndroidNotificationDetails`): a channel created explicitly with the same ID comes first.
    public var implicit: Bool
    /// How code reading reached the sound, when it followed it through functions and branches
    /// (issue 57): the fresh-install answer of a preference with a constant default, or the
    /// branches a computed sound comes from; nil when the call names it itself.
    public var origin: String?
    /// When its ID is computed from a parameter of the helper that makes it, with constant text
    /// around it: the channels it makes, one for each value (``ChannelFamily``, issue 57).
    public var family: ChannelFamily? = nil
    /// Its importance as the code creates it (``ChannelImportance``: below `DEFAULT` it makes no
    /// sound, issue 57); nil when the code gives none (a library's default, which sounds).
    public var importance: ChannelImportance? = nil
    /// The package a literal `android.resource://PACKAGE/…` sound URI names (nil when the code
    /// computes it, `context.packageName`, which is always the installed one): Android opens the
    /// URI through that package's resources, so it must be a package the app's builds have (issue 57).
    public var uriPackage: String? = nil

    /// A channel created at `position`.
    public init(
        id: String?, sound: ChannelSound, position: SourcePosition, library: AndroidLibrary? = nil,
        implicit: Bool = false, origin: String? = nil
    ) {
        self.id = id
        self.sound = sound
        self.position = position
        self.library = library
        self.implicit = implicit
        self.origin = origin
    }

    /// The same channel, its library the one of `libraries` its call goes to
    /// (``AndroidLibraries/library(ofChannelCallBy:)``).
    func attributed(to libraries: AndroidLibraries) -> ChannelDeclaration {
        var declaration = self
        declaration.library = library.map(libraries.library(ofChannelCallBy:))
        // A library that looks no name up (the older nativescript-local-notifications) makes its
        // channels without a sound: the default sound.
        if case .resource = sound, declaration.library?.lookupRule.tries.isEmpty == true {
            declaration.sound = .defaultSound
        }
        return declaration
    }
}

/// What a channel plays.
public enum ChannelSound: Sendable, Hashable, Codable {
    /// A raw resource, by the name the code gives (resolved by the channel's library).
    case resource(String)
    /// The device's default notification sound (no sound set, or the default URI).
    case defaultSound
    /// No sound (`setSound(null, …)`, `playSound: false`, `sound: null`).
    case silent
    /// Computed at run time: not judged.
    case computed
    /// The sound the notification that first creates it names: a helper that creates the channel
    /// right before posting a notification on it, with a URI built from that notification's sound
    /// name (`…/raw/${model.sound}`), else the default sound (issue 57). A channel keeps the sound
    /// it was first created with, so this is the message's own sound when it is the first posted
    /// on the channel, and the first one's after. `dropping`: what the code removes from the name
    /// to make the resource (`.replace(".wav", "")`: ".wav"; `.substringBeforeLast(".")`: "."
    /// for everything from the last dot); nil when it uses the name as it is.
    case notificationsOwn(dropping: String?)
}

extension ChannelSound {
    /// The resource a notification named `name` makes a channel of this kind play (``notificationsOwn(dropping:)``).
    static func ownResource(of name: String, dropping: String?) -> String {
        guard let dropping else { return name }
        if dropping == "." { return SoundName(name).stem }
        return name.replacing(dropping, with: "")
    }
}

/// The sound names and channels an app's own code gives, read from its source files as text
/// (nothing is run): literal names in the calls that make notification sounds and channels, each
/// with its file and line. A name the code computes is reported as such, never guessed.
struct CodeSounds: Sendable {
    /// Names for iOS (`UNNotificationSound(named:)`, `DarwinNotificationDetails(sound:)`, …) and
    /// for Android (`RawResourceAndroidNotificationSound('x')`, notifee's `sound`, …).
    var references: [SoundReference] = []
    /// Channels created, with their sound.
    var channels: [ChannelDeclaration] = []
    /// Raw resources the code uses by `R.raw.NAME` (in-app audio too): used, and kept by the shrinker.
    var rawUses: Set<String> = []
    /// Source files read.
    var files = 0
    /// The first place the app's code writes sounds into a `Library/Sounds` folder at run time (its
    /// own or an app group's; alertsound's `SoundInstaller`): a name missing from the bundle may be there.
    var installer: SourcePosition?
    /// Names a call passes that its own file neither assigns nor binds (a constant of another
    /// file): ``SourceWalk`` resolves them across the app's files once every file is read.
    var pending: [Pending] = []
    /// Channels made in a helper function no call in its own file reaches: ``HelperChannel``
    /// gives them the arguments of its calls in the app's other files.
    var helpers: [HelperChannel] = []
    /// C# methods that make a channel from their parameters: ``CSharpCallers`` gives them the
    /// arguments of their calls in every file of the app.
    var cSharpHelpers: [CSharpHelper] = []

    /// A name to resolve, and where its value goes.
    struct Pending: Sendable {
        enum Slot: Sendable {
            case channelID(Int)
            /// `defaultIsDefault`: the library reads `default` as the default sound (Expo, notifee).
            case channelSound(Int, defaultIsDefault: Bool)
            case reference(Int)
            /// The channel's options are the object literal another file assigns to the name.
            case channelOptions(Int)
            /// The channel is made by a helper function that no call in its own file binds: its
            /// calls in the app's other files make it (issue 57).
            case helperChannel(Int, HelperCall)
        }
        var slot: Slot
        var name: String
    }

    /// A helper function that makes a channel from its parameters, as its calls elsewhere bind them.
    struct HelperCall: Sendable {
        var name: String
        var parameters: [CodeFollow.Parameter]
        /// The parameters the channel's ID or sound uses.
        var needed: Set<String>
        /// The ID's and the sound's arguments as the helper passes them, and what its own file
        /// reads of them.
        var id: String?
        var sound: String?
        var knownID: String?
        var knownSound: ChannelSound
        /// The sound is a URI (`setSound`); else a name by the library's rule (Expo, notifee).
        var uri: Bool
        var library: AndroidLibrary?
        /// Where the helper makes it.
        var made: SourcePosition
        /// The parameter whose name the sound URI is built from, with the default sound beside it,
        /// and what the code drops from the name (``CodeFollow/ownSound(of:at:parameters:)``): a
        /// call passing the sound of the notification it posts makes a channel of that notification's
        /// own sound (``ChannelSound/notificationsOwn(dropping:)``).
        var own: (parameter: String, dropping: String?)? = nil

        /// The channels a call of the helper at `offset` in `text` makes: none when the call does
        /// not give the parameters it needs; one for each literal an ID of `a ?: "b"` may be, and
        /// one of a computed ID when a branch is computed. Android's package name and string
        /// resources (`values`) are read where the ID names them.
        func channels(
            _ call: SourceText.Call, at offset: Int, in text: SourceText, values: AndroidValues, file: String
        ) -> [ChannelDeclaration] {
            guard let binding = CodeFollow.binding(call, parameters, needed: needed) else { return [] }
            var rewritten = CodeFollow.Binding()
            for (key, value) in binding.values {
                rewritten.values[key] = SourceText.Argument(text: values.rewrite(value.text))
            }
            let follow = CodeFollow(text)
            var readIDs: [String?] = [knownID]
            if knownID == nil, let id,
                let bound = follow.substitute(SourceText.Argument(text: values.rewrite(id)), rewritten)
            {
                func read(_ value: SourceText.Argument) -> String? {
                    text.resolve(value)
                        ?? CodeSounds.kotlinEnumName(value) { CodeSounds.kotlinEnumEntries($0, in: text) }
                }
                let value = SourceText.Argument(text: values.rewrite(bound.text))
                readIDs = [read(value)]
                // `model?.id ?: "fallback"`: the fallback's channel, beside the computed one.
                if readIDs == [nil], value.text.unicodeScalars.count <= SourceText.maximumValueLength,
                    let branches = CodeFollow.branches(of: value.text.trimmingWhitespace()), branches.count == 2
                {
                    let known = branches.map { read(SourceText.Argument(text: $0)) }
                    let elvis = !value.text.trimmingWhitespace().hasPrefix("if") && value.text.contains("?:")
                    if elvis, let first = known[0] {
                        // `"quiet" ?: "fallback"`: a value that is there is the value.
                        readIDs = [first]
                    } else if known.contains(where: { $0 != nil }) {
                        readIDs = known.compactMap { $0 } + (known.contains(nil) ? [nil] : [])
                    }
                }
            }
            var readSound = knownSound
            var origin = "made by \(name) at \(made.file):\(made.line), called here"
            if readSound == .computed, let own, let given = rewritten.values[own.parameter] {
                if let literal = given.literal {
                    readSound = .resource(ChannelSound.ownResource(of: literal, dropping: own.dropping))
                } else if given.isNull {
                    readSound = .defaultSound
                } else if CodeFollow.isNotificationsSound(given, calledAt: offset, in: text) {
                    readSound = .notificationsOwn(dropping: own.dropping)
                    origin +=
                        " with \(given.preview(60)), the sound of the notification it then builds: the channel plays the sound of the notification that first creates it"
                }
            }
            if readSound == .computed, let sound,
                let bound = follow.substitute(SourceText.Argument(text: sound), rewritten)
            {
                readSound =
                    uri
                    ? CodeSounds.androidURI(CodeSounds.uriTarget(bound), in: text)
                    : CodeSounds.namedSound(bound, in: text)
            }
            return readIDs.map { readID in
                ChannelDeclaration(
                    id: readID, sound: readSound, position: SourcePosition(file: file, line: call.line),
                    library: library, origin: origin)
            }
        }
    }

    /// Puts `value`, the constant `pending.name` stands for, where it goes.
    mutating func settle(_ pending: Pending, as value: String) {
        switch pending.slot {
        case .channelID(let i): channels[i].id = value
        case .channelSound(let i, let defaultIsDefault):
            channels[i].sound = defaultIsDefault && value == "default" ? .defaultSound : .resource(value)
        case .reference(let i):
            references[i].name = value
            references[i].problems.removeAll { $0.code == .computedName }
        case .channelOptions, .helperChannel: break
        }
    }

    /// The reference code makes of `name` at `position` (nil: computed at run time, the note
    /// `computed-name` quoting `preview`, what the code passes): one shape for every language read.
    static func reference(
        _ name: String?, at position: SourcePosition, platform: Platform, call: String, critical: Bool,
        library: AndroidLibrary?, channel: String?, preview: String
    ) -> SoundReference {
        var named = SoundReference(
            name: name, source: "\(position.file):\(position.line)", critical: critical, platform: platform,
            field: call)
        named.position = position
        named.library = library
        named.channel = channel
        if name == nil {
            named.problems = [
                CodeSounds.computedName.diagnostic(
                    "\(call) is given a name computed at run time (\(preview)): not judged")
            ]
        }
        return named
    }

    /// The words a file of each language must hold for ``read(_:file:fileExtension:)`` to find
    /// anything: most of an app's files hold none, and are passed over after one search of their
    /// bytes (14 MB of Kotlin took 4.6 s read whole, issue 45).
    /// The words are the platform's and each library's (``AndroidLibrary/codeWords(forExtension:)``).
    /// For JavaScript and TypeScript, also the words of the payloads a server sends (``ServerPayloads``).
    static func words(forExtension ext: String) -> [String] {
        let words = AndroidLibrary.codeWords(forExtension: ext)
        return AndroidLibrary.CodeLanguage(fileExtension: ext) == .javaScript ? words + ServerPayloads.words : words
    }

    /// What `text`, the file `file`, gives; the language is told by `fileExtension`.
    static func read(_ text: String, file: String, fileExtension: String) -> CodeSounds {
        var found = CodeSounds()
        let source = SourceText(text)
        func position(_ line: Int) -> SourcePosition { SourcePosition(file: file, line: line) }
        // A name this file passes but neither assigns nor binds: perhaps another file's constant.
        func pend(_ argument: SourceText.Argument?, _ slot: Pending.Slot) {
            guard let argument, argument.literal == nil, let name = SourceText.identifier(of: argument),
                !source.binds(name)
            else { return }
            found.pending.append(Pending(slot: slot, name: name))
        }
        let follow = CodeFollow(source)
        // Helpers whose calls are looked for in other files: a bounded number per file.
        var helperWalks = 0
        var helperCalls = 0
        func reference(
            _ argument: SourceText.Argument?, line: Int, platform: Platform, call: String, critical: Bool = false,
            library: AndroidLibrary? = nil, channel: String? = nil, at offset: Int? = nil
        ) {
            guard var argument else { return }
            // Swift infers the type of `.init(rawValue: "call.caf")` or `.init("call.caf")` from the
            // parameter: the name is the initialiser's argument.
            if platform == .ios, let inner = Self.inferredInitialiser(argument) { argument = inner }
            var name = source.resolve(argument)
            // A helper's parameter (`func schedule(sound: String)` then `UNNotificationSound(named:
            // UNNotificationSoundName(sound))`): the name each call of the helper passes (issue 57).
            if name == nil, let offset, let bindings = follow.bindings(of: CodeFollow.names(argument), at: offset),
                follow.mayMake(bindings.count)
            {
                for binding in bindings {
                    reference(
                        follow.substitute(argument, binding), line: binding.offset.map(source.line(at:)) ?? line,
                        platform: platform, call: call, critical: critical, library: library, channel: channel)
                }
                return
            }
            // `UNNotificationSoundName("")` on purpose: no file has that name, so iOS plays the
            // default sound, as a payload's "default" asks (issue 57).
            if platform == .ios, name == "" { name = "default" }
            let named = Self.reference(
                name, at: position(line), platform: platform, call: call, critical: critical, library: library,
                channel: channel, preview: argument.preview(60))
            if name == nil {
                pend(argument, .reference(found.references.count))
            }
            found.references.append(named)
        }
        // A channel made at `offset` from `id` and `sound` as `made` reads them: when a name they
        // use is a parameter of the helper around the call, or a loop's variable, one channel
        // per value it takes there (``CodeFollow``, issue 57); else the one channel. A name
        // still unbound is left to another file's constants (`pendSound`: a name, not a URI).
        func channel(
            at offset: Int, line: Int, id: SourceText.Argument?, sound: SourceText.Argument?,
            library: AndroidLibrary?, implicit: Bool = false, pendSound: Bool?,
            _ made: (SourceText.Argument?, SourceText.Argument?, Int?) -> (
                id: String?, sound: ChannelSound, origin: String?
            )
        ) {
            // `given`: where a helper's call gave the sound (its locals are read there), when it did.
            func add(_ id: SourceText.Argument?, _ sound: SourceText.Argument?, line: Int, given: Int? = nil) {
                let read = made(id, sound, given)
                found.channels.append(
                    ChannelDeclaration(
                        id: read.id, sound: read.sound, position: position(line), library: library,
                        implicit: implicit, origin: read.origin))
                if read.id == nil { pend(id, .channelID(found.channels.count - 1)) }
                if read.sound == .computed, let defaultIsDefault = pendSound {
                    pend(sound, .channelSound(found.channels.count - 1, defaultIsDefault: defaultIsDefault))
                }
            }
            var id = id
            // An ID kept in a local (`val channelId = "${context.packageName}-$name"`): its value
            // there, when it is built from other names (a literal is the constants' rule's: one
            // value across the file).
            if let name = id?.text.trimmingWhitespace(), CodeFollow.isName(name), made(id, sound, nil).id == nil,
                let value = source.reachingValue(of: name, at: offset), SourceText.Argument(text: value).literal == nil,
                !CodeFollow.names(SourceText.Argument(text: value)).isEmpty
            {
                id = SourceText.Argument(text: value)
            }
            let plain = made(id, sound, nil)
            var names: Set<String> = []
            if plain.id == nil { names.formUnion(CodeFollow.names(id)) }
            if plain.sound == .computed { names.formUnion(CodeFollow.names(sound)) }
            // A helper no call in this file binds: its calls in the app's other files (issue 57).
            // Two readings, never both for one channel: in JavaScript and TypeScript (NativeScript's
            // helpers that look their parameter up by name or as a URI) ``HelperChannel``, which
            // replaces the helper's own channel by its calls'; in Kotlin, Java and the rest the
            // follower's ``HelperCall``, which also reads an ID kept in a local and the package name.
            // Each language's reading first (by the file's own extension: NativeScript's TypeScript is
            // also read as Java), the other where it finds no helper. For the channel last added.
            func acrossFiles(
                _ names: Set<String>, at offset: Int, id: SourceText.Argument?, sound: SourceText.Argument?
            ) {
                func byCallsHelper() -> Bool {
                    // A bounded number per file: each is looked for across the app's files.
                    guard helperCalls < CodeFollow.maximumSearches else { return true }
                    guard pendSound != false, let helper = follow.helper(of: names, at: offset) else { return false }
                    helperCalls += 1
                    let read = made(id, sound, nil)
                    var call = HelperCall(
                        name: helper.name, parameters: helper.parameters,
                        needed: names.intersection(helper.parameters.map(\.name)), id: id?.text, sound: sound?.text,
                        knownID: read.id, knownSound: read.sound, uri: pendSound == nil, library: library,
                        made: position(line))
                    // A URI built from a parameter's name (the notification's own sound, issue 57).
                    if read.sound == .computed, pendSound == nil, let sound,
                        let own = follow.ownSound(of: sound, at: offset, parameters: Set(helper.parameters.map(\.name)))
                    {
                        call.own = own
                        call.needed.insert(own.parameter)
                    }
                    found.pending.append(
                        Pending(slot: .helperChannel(found.channels.count - 1, call), name: helper.name))
                    return true
                }
                func byHelperChannel() -> Bool {
                    let form: HelperChannel.Form? = library == nil ? .uri : pendSound == true ? .name : nil
                    guard let form, !names.isEmpty else { return false }
                    // Past the file's budget, the other reading is not tried either (it made the work
                    // grow with the square of the channels).
                    guard helperWalks < CodeFollow.maximumSearches else { return true }
                    helperWalks += 1
                    guard let helper = follow.enclosingFunction(binding: names, at: offset) else { return false }
                    found.helpers.append(
                        HelperChannel(
                            function: helper.name, parameters: helper.parameters, file: file,
                            channel: found.channels.count - 1, id: id?.text, sound: sound?.text, form: form))
                    return true
                }
                if ["js", "jsx", "ts", "tsx", "mjs", "cjs"].contains(lowercasedExtension(file)) {
                    if !byHelperChannel() { _ = byCallsHelper() }
                } else if !byCallsHelper() {
                    _ = byHelperChannel()
                }
            }
            let bindings = follow.bindings(of: names, at: offset)
            if let bindings, follow.mayMake(bindings.count) {
                for binding in bindings {
                    let boundID = follow.substitute(id, binding)
                    let bound = follow.substitute(sound, binding)
                    add(
                        boundID, bound, line: binding.offset.map(source.line(at:)) ?? line,
                        given: bound?.text == sound?.text ? nil : binding.offset)
                    // A call in this file that passes its own function's parameter on (a class's
                    // `showNotification(…, channelId)` calling `this.createChannel(channelId)`),
                    // that function called from no line of this file: its calls in other files.
                    guard let call = binding.offset else { continue }
                    let read = made(boundID, bound, nil)
                    var passed: Set<String> = []
                    if read.id == nil { passed.formUnion(CodeFollow.names(boundID)) }
                    if read.sound == .computed { passed.formUnion(CodeFollow.names(bound)) }
                    if !passed.isEmpty, follow.bindings(of: passed, at: call) == nil {
                        acrossFiles(passed, at: call, id: boundID, sound: bound)
                    }
                }
                return
            }
            add(id, sound, line: line)
            // Calls in this file bind it, past the file's budget of channels: it stays computed, and
            // its calls are not looked for again in other files (issue 57: a helper called 1,000
            // times in its own file made 17,857 channels, at 38 times the time).
            guard bindings == nil else { return }
            acrossFiles(names, at: offset, id: id, sound: sound)
        }
        // A channel object is created only when passed on (to `createNotificationChannel`, a list,
        // a return): one kept in a variable whose every later use in its block reads a member
        // (`channel.id`, `channel.setSound(…)`) never is (issue 57: a channel built only for its
        // ID was taken as made, with its sound). A bounded number of such searches per file.
        var searches = 0
        func mayBeCreated(_ offset: Int) -> Bool {
            guard let variable = source.assignedVariable(before: offset), searches < CodeFollow.maximumSearches else {
                return true
            }
            searches += 1
            return !source.onlyMembersRead(of: variable, from: offset, to: source.blockEnd(around: offset))
        }
        // The channel just added, its ID or sound a name to resolve elsewhere.
        func pendChannel(_ declaration: ChannelDeclaration, id: SourceText.Argument?, sound: SourceText.Argument?) {
            if declaration.id == nil { pend(id, .channelID(found.channels.count - 1)) }
            if declaration.sound == .computed {
                pend(sound, .channelSound(found.channels.count - 1, defaultIsDefault: true))
            }
        }
        switch fileExtension {
        case "swift", "m", "mm":
            found.installer = Self.soundsFolderWrite(source).map(position)
            // `criticalSoundNamed(UNNotificationSoundName("x"))` names a critical alert's sound: the
            // arguments of those calls, in order, met in one pass beside the names' (linear).
            var criticalArguments: [Range<Int>] = []
            for offset in source.occurrences(of: "criticalSoundNamed") {
                guard let call = source.call(at: offset, name: "criticalSoundNamed"), let argument = call.positional(0)
                else { continue }
                criticalArguments.append(argument.scalars.indices)
            }
            var nextCritical = 0
            for offset in source.occurrences(of: "UNNotificationSoundName") {
                guard let call = source.call(at: offset, name: "UNNotificationSoundName") else { continue }
                while nextCritical < criticalArguments.count, criticalArguments[nextCritical].upperBound <= offset {
                    nextCritical += 1
                }
                reference(
                    call.labelled("rawValue") ?? call.positional(0), line: call.line, platform: .ios,
                    call: "UNNotificationSoundName",
                    critical: nextCritical < criticalArguments.count
                        && criticalArguments[nextCritical].contains(offset),
                    at: offset)
            }
            for name in ["soundNamed", "criticalSoundNamed"] {
                for offset in source.occurrences(of: name) {
                    guard let call = source.call(at: offset, name: name), let argument = call.positional(0),
                        !argument.text.contains("UNNotificationSoundName")
                    else { continue }
                    reference(
                        argument, line: call.line, platform: .ios, call: name, critical: name.hasPrefix("critical"),
                        at: offset)
                }
            }
            for offset in source.occurrences(of: "UNNotificationSound") {
                guard let call = source.call(at: offset, name: "UNNotificationSound"),
                    let named = call.labelled("named"), !named.text.contains("UNNotificationSoundName")
                else { continue }
                reference(named, line: call.line, platform: .ios, call: "UNNotificationSound(named:)", at: offset)
            }
        case "dart":
            for offset in source.occurrences(of: "RawResourceAndroidNotificationSound") {
                guard let call = source.call(at: offset, name: "RawResourceAndroidNotificationSound") else { continue }
                reference(
                    call.positional(0), line: call.line, platform: .android,
                    call: "RawResourceAndroidNotificationSound",
                    library: .flutterLocalNotifications, at: offset)
            }
            for name in ["DarwinNotificationDetails", "IOSNotificationDetails"] {
                for offset in source.occurrences(of: name) {
                    guard let call = source.call(at: offset, name: name), let sound = call.labelled("sound"),
                        !sound.isNull
                    else { continue }
                    reference(sound, line: call.line, platform: .ios, call: "\(name)(sound:)", at: offset)
                }
            }
            // flutter_local_notifications creates a channel from the details the first time it shows them.
            for name in ["AndroidNotificationChannel", "AndroidNotificationDetails"] {
                for offset in source.occurrences(of: name) {
                    guard let call = source.call(at: offset, name: name),
                        name == "AndroidNotificationDetails" || mayBeCreated(offset)
                    else { continue }
                    let idArgument = call.labelled("id") ?? call.positional(0)
                    let playSound = call.labelled("playSound")?.text.trimmingWhitespace()
                    // The name `RawResourceAndroidNotificationSound` is given, else the whole `sound`.
                    var soundArgument = call.labelled("sound")
                    if let value = soundArgument {
                        let inner = SourceText(value.text)
                        if let o = inner.occurrences(of: "RawResourceAndroidNotificationSound").first,
                            let name = inner.call(at: o, name: "RawResourceAndroidNotificationSound")?.positional(0)
                        {
                            soundArgument = name
                        }
                    }
                    let first = found.channels.count
                    channel(
                        at: offset, line: call.line, id: idArgument, sound: soundArgument,
                        library: .flutterLocalNotifications, implicit: name == "AndroidNotificationDetails",
                        pendSound: false
                    ) { id, sound, _ in
                        (id.flatMap(source.resolve), Self.dartSound(sound, playSound: playSound, in: source), nil)
                    }
                    if let field = AndroidLibrary.flutterLocalNotifications.channelImportance {
                        Self.give(
                            call.labelled(field.label), none: field.none, at: offset, line: call.line, in: source,
                            follow: follow, file: file, into: &found.channels[first...])
                    }
                }
            }
        case "kt", "java":
            // Each enum's entries read once: a file naming many of them reads the enum once.
            var enums: [String: Set<String>] = [:]
            func enumName(_ argument: SourceText.Argument) -> String? {
                Self.kotlinEnumName(argument) { type in
                    if let known = enums[type] { return known }
                    // Each enum is a search of the file: a bounded number of them.
                    guard enums.count < CodeFollow.maximumSearches else { return [] }
                    let entries = Self.kotlinEnumEntries(type, in: source)
                    enums[type] = entries
                    return entries
                }
            }
            for name in ["NotificationChannel", "NotificationChannelCompat.Builder"] {
                let starts = source.occurrences(of: name)
                let all =
                    (source.occurrences(of: "NotificationChannel") + source.occurrences(of: "NotificationChannelCompat"))
                    .sorted()
                var following = 0
                for offset in starts {
                    guard let call = source.call(at: offset, name: name), mayBeCreated(offset) else { continue }
                    // Its settings: the code up to the next channel made in the file.
                    while following < all.count, all[following] <= offset + name.unicodeScalars.count { following += 1 }
                    let end = following < all.count ? all[following] : source.scalars.count
                    let segment = SourceText(String(String.UnicodeScalarView(source.scalars[offset..<end])))
                    let set = segment.occurrences(of: "setSound").first
                    let argument = set.flatMap { segment.call(at: $0, name: "setSound")?.positional(0) }
                    let first = found.channels.count
                    defer {
                        let package = argument.flatMap { Self.uriPackage($0, in: source) }
                        for i in first..<found.channels.count { found.channels[i].uriPackage = package }
                    }
                    channel(
                        at: offset, line: call.line, id: call.positional(0),
                        sound: argument.map { Self.rawLookup(Self.uriTarget($0), in: source) },
                        library: nil, pendSound: nil
                    ) { id, sound, given in
                        let read = id.flatMap(source.resolve) ?? id.flatMap(enumName)
                        guard let sound else { return (read, .defaultSound, nil) }
                        let use = given ?? offset + (set ?? 0)
                        let plain = Self.androidURI(sound, in: source, at: use)
                        // Through the functions and branches that give it (issue 57): what that
                        // finds, when it took more than the value itself.
                        let followed = follow.sound(of: sound, at: use)
                        guard plain == .computed || followed.origin != nil else { return (read, plain, nil) }
                        return (read, followed.sound, followed.origin)
                    }
                    // Its importance (issue 57): below DEFAULT the channel makes no sound.
                    Self.importance(
                        of: call, segment: segment, at: offset, in: source, follow: follow, file: file,
                        field: name == "NotificationChannel" ? .android : .compatBuilder,
                        into: &found.channels[first...])
                }
            }
            if fileExtension == "kt" {
                // Kotlin Multiplatform's iOS code (`iosMain`) calls the Objective-C API itself:
                // `UNNotificationSound.soundNamed("x.caf")`, `soundNamed(name = it)` (issue 57).
                for name in ["soundNamed", "criticalSoundNamed"] {
                    for offset in source.occurrences(of: name) {
                        guard let call = source.call(at: offset, name: name),
                            let argument = call.positional(0) ?? call.labelled("name")
                        else { continue }
                        reference(
                            argument, line: call.line, platform: .ios, call: name, critical: name.hasPrefix("critical"))
                    }
                }
            }
            // Channels the app describes to a library that creates them (KMPNotifier, Alarmee),
            // and the sound a library plays on iOS: each library's own calls (``AndroidLibrary``).
            for library in AndroidLibrary.allCases {
                for object in library.channelObjects where object.language == .kotlinOrJava {
                    for offset in source.occurrences(of: object.call) where !Self.declaration(at: offset, in: source) {
                        guard let call = source.call(at: offset, name: object.call) else { continue }
                        let idArgument = call.labelled(object.idLabel) ?? call.positional(object.idPosition)
                        let id = idArgument.map { source.resolve($0) } ?? object.defaultID
                        let soundArgument = call.labelled(object.soundLabel) ?? call.positional(object.soundPosition)
                        let sound: ChannelSound
                        switch object.sound {
                        case .resourceName:
                            sound = soundArgument.map { Self.namedSound($0, in: source) } ?? .defaultSound
                        case .uri:
                            sound = soundArgument.map { Self.uriString($0, in: source) } ?? .defaultSound
                        }
                        // A raw resource's name goes through the library's rule; a URI names its resource itself.
                        var declaration = ChannelDeclaration(
                            id: id, sound: sound, position: position(call.line),
                            library: object.sound == .resourceName ? library : nil)
                        if let field = library.channelImportance {
                            declaration.importance = ChannelImportance.read(
                                call.labelled(field.label) ?? field.position.flatMap(call.positional), none: field.none,
                                in: source, at: offset, follow: follow, position: position(call.line))
                        }
                        if object.sound == .uri {
                            declaration.uriPackage = soundArgument.flatMap { Self.uriPackage($0, in: source) }
                        }
                        found.channels.append(declaration)
                        if declaration.id == nil { pend(idArgument, .channelID(found.channels.count - 1)) }
                        if sound == .computed, object.sound == .resourceName {
                            pend(soundArgument, .channelSound(found.channels.count - 1, defaultIsDefault: false))
                        }
                    }
                }
                for ios in library.iosSounds where ios.language == .kotlinOrJava {
                    for offset in source.occurrences(of: ios.call) where !Self.declaration(at: offset, in: source) {
                        guard let call = source.call(at: offset, name: ios.call),
                            let argument = call.labelled(ios.label) ?? call.positional(ios.position), !argument.isNull
                        else { continue }
                        reference(argument, line: call.line, platform: .ios, call: "\(ios.call)(\(ios.label))")
                    }
                }
            }
            for line in textLines(source.text) {
                found.rawUses.formUnion(ResourceIDURIs.idUses(in: line, evenWhenNamed: true))
            }
        case "js", "jsx", "ts", "tsx", "mjs", "cjs":
            // NativeScript reaches Android's SDK by its Java names (`new android.app.NotificationChannel(…)`,
            // `channel.setSound(uri, attributes)`, `android.net.Uri.parse(…)`): those calls mean what
            // they mean in Java, so the file is also read as the Java reader reads it (issue 57).
            if AndroidLibrary.androidJavaNames.contains(where: text.contains) {
                found.append(Self.read(text, file: file, fileExtension: "java"))
            }
            for offset in source.occurrences(of: "setNotificationChannelAsync") {
                guard let call = source.call(at: offset, name: "setNotificationChannelAsync") else { continue }
                let first = found.channels.count
                channel(
                    at: offset, line: call.line, id: call.positional(0), sound: call.positional(1)?.labelled("sound"),
                    library: .expoNotifications, pendSound: true
                ) { id, sound, _ in (id.flatMap(source.resolve), Self.namedSound(sound, in: source), nil) }
                Self.give(
                    options: call.positional(1), of: .expoNotifications, at: offset, line: call.line, in: source,
                    follow: follow, file: file, into: &found.channels[first...])
            }
            // react-native-firebase v5 builds a channel object: `new firebase.notifications.Android
            // .Channel(id, name, importance).setSound("x.wav")`, then passes it to createChannel.
            let built = source.occurrences(of: "Android.Channel")
            for (n, offset) in built.enumerated() {
                guard let call = source.call(at: offset, name: "Android.Channel") else { continue }
                let end = n + 1 < built.count ? built[n + 1] : source.scalars.count
                let segment = SourceText(String(String.UnicodeScalarView(source.scalars[offset..<end])))
                let sound = segment.occurrences(of: ".setSound").first.flatMap {
                    segment.call(at: $0, name: ".setSound")?.positional(0)
                }
                var declaration = ChannelDeclaration(
                    id: call.positional(0).flatMap(source.resolve),
                    sound: sound.map { Self.namedSound($0, in: source) } ?? .defaultSound,
                    position: position(call.line), library: .reactNativeFirebaseV5)
                if let field = AndroidLibrary.reactNativeFirebaseV5.channelImportance {
                    declaration.importance = ChannelImportance.read(
                        call.positional(field.position ?? 2), none: field.none, in: source, at: offset, follow: follow,
                        position: position(call.line))
                }
                found.channels.append(declaration)
                pendChannel(declaration, id: call.positional(0), sound: sound)
            }
            for offset in source.occurrences(of: "createChannel") {
                guard let call = source.call(at: offset, name: "createChannel"), var options = call.positional(0),
                    !Self.otherLibrarysOptions(options)
                else { continue }
                // Options declared apart from the call (`createChannel(soundChannel)`): this file's
                // object of that name, else another file's (issue 57), else not known.
                let name = options.text.trimmingWhitespace()
                if !name.isEmpty, name.unicodeScalars.allSatisfy(SourceText.isIdentifier) {
                    let objects = source.objectLiterals(assignedTo: name)
                    // A channel object built in this file (react-native-firebase v5's) was read above.
                    if objects.isEmpty,
                        source.assignedValues(of: name).contains(where: { $0.contains("Android.Channel") })
                    {
                        continue
                    }
                    if objects.count == 1 {
                        options = objects[0]
                    } else {
                        found.channels.append(
                            ChannelDeclaration(
                                id: nil, sound: .computed, position: position(call.line), library: .notifee))
                        if objects.isEmpty, !source.binds(name) {
                            found.pending.append(Pending(slot: .channelOptions(found.channels.count - 1), name: name))
                        }
                        continue
                    }
                }
                let first = found.channels.count
                channel(
                    at: offset, line: call.line, id: options.labelled("id"), sound: options.labelled("sound"),
                    library: .notifee, pendSound: true
                ) { id, sound, _ in (id.flatMap(source.resolve), Self.namedSound(sound, in: source), nil) }
                // The libraries whose `createChannel` this is (notifee, Capacitor, firebasex) take
                // `importance` on Android's scale.
                Self.give(
                    options: options, of: .notifee, at: offset, line: call.line, in: source, follow: follow, file: file,
                    into: &found.channels[first...])
            }
            for offset in source.occurrences(of: "displayNotification") {
                guard let call = source.call(at: offset, name: "displayNotification"), let options = call.positional(0)
                else { continue }
                if let ios = options.labelled("ios"), let sound = ios.labelled("sound"), !sound.isNull {
                    reference(
                        sound, line: call.line, platform: .ios, call: "displayNotification(ios.sound)", at: offset)
                }
                if let android = options.labelled("android"), let sound = android.labelled("sound"), !sound.isNull {
                    reference(
                        sound, line: call.line, platform: .android, call: "displayNotification(android.sound)",
                        library: .notifee, channel: android.labelled("channelId").flatMap(source.resolve), at: offset)
                }
            }
            // Capacitor's `LocalNotifications.schedule({ notifications: [{ sound, channelId }] })`: the
            // one `sound` is the iOS file name (UNNotificationSoundName) and, by the plugin's rule, the
            // Android resource (issue 57).
            for offset in source.occurrences(of: "schedule") {
                guard let call = source.call(at: offset, name: "schedule"), let first = call.positional(0) else {
                    continue
                }
                guard let list = first.labelled("notifications") else {
                    Self.localNotifications(first, call: call, offset: offset, in: source, into: &found, file: file)
                    continue
                }
                for notification in Self.elements(of: list) {
                    guard let sound = notification.labelled("sound"), !sound.isNull else { continue }
                    let what = "schedule(notifications[].sound)"
                    reference(sound, line: call.line, platform: .ios, call: what)
                    reference(
                        sound, line: call.line, platform: .android, call: what, library: .capacitorLocalNotifications,
                        channel: notification.labelled("channelId").flatMap(source.resolve))
                }
            }
            for name in ["scheduleNotificationAsync", "presentNotificationAsync"] {
                for offset in source.occurrences(of: name) {
                    guard let call = source.call(at: offset, name: name),
                        let sound = call.positional(0)?.labelled("content")?.labelled("sound")
                            ?? call.positional(0)?
                            .labelled("sound"),
                        !sound.isNull, sound.text.trimmingWhitespace() != "true",
                        sound.text.trimmingWhitespace() != "false"
                    else { continue }
                    reference(sound, line: call.line, platform: .ios, call: "\(name)(content.sound)", at: offset)
                }
            }
            // The pushes the app's own server code sends (issue 57): each is a payload's name,
            // judged as one; the Android handler is the app's push handler (no library given).
            for sent in ServerPayloads.sounds(in: source) {
                for value in ServerPayloads.choices(sent.value) ?? [sent.value] {
                    reference(
                        value, line: source.line(at: sent.offset), platform: sent.platform, call: sent.field,
                        critical: sent.critical, channel: sent.channel.flatMap(source.resolve))
                }
            }
        case "cs":
            found.append(CSharpSounds.read(source, file: file))
        default:
            break
        }
        // Channels constructed through a library's type, as its entry describes them.
        found.append(LibraryChannels.read(source, file: file, fileExtension: fileExtension))
        return found
    }

    /// Cordova's `cordova.plugins.notification.local.schedule({…})` and NativeScript's
    /// `LocalNotifications.schedule([{…}])`: the options themselves, one object or a list (issue 57).
    /// Each names its iOS sound and creates (Android 8 and later) the channel it is posted to with
    /// its sound, as each plugin does:
    /// - NativeScript (@nativescript/local-notifications, `Builder.java`): channel `channel`, else
    ///   `Notifications`; its sound looked up exactly; absent or `default`, the default sound;
    /// - Cordova (cordova-plugin-local-notification 1.x, `Options.java`, `AssetUtil.java`):
    ///   channel `androidChannelId`, else `default_channel`; `res://x.mp3` a raw resource by the
    ///   library's rule, on iOS its last component; `file://x` the file `www/x` (iOS: that
    ///   sub-path; Android: a copy served by the plugin, not judged); absent, `true` or `default`
    ///   the default sound; `false`, `null` or another path no sound at all.
    static func localNotifications(
        _ first: SourceText.Argument, call: SourceText.Call, offset: Int, in source: SourceText,
        into found: inout CodeSounds, file: String
    ) {
        let before = source.scalars[max(0, offset - 6)..<offset]
        let cordova = String(String.UnicodeScalarView(before)) == "local."
        let listed = elements(of: first)
        for options in listed.isEmpty ? [first] : listed {
            let sound = options.labelled("sound")
            let channelLabel = cordova ? "androidChannelId" : "channel"
            guard sound != nil || options.labelled(channelLabel) != nil else { continue }
            let position = SourcePosition(file: file, line: call.line)
            let channelArgument = options.labelled(channelLabel)
            let id: String? =
                channelArgument == nil
                ? (cordova ? "default_channel" : "Notifications") : channelArgument.flatMap(source.resolve)
            let word = sound.map { $0.text.trimmingWhitespace() }
            let name = sound.flatMap(source.resolve)
            // What iOS is asked for, and what the channel plays.
            var iosName: String?
            var channel: ChannelSound
            if sound == nil || word == "true" || name == "default" {
                channel = .defaultSound
            } else if sound?.isNull == true || word == "false" {
                channel = .silent
            } else if let name {
                if !cordova {
                    iosName = name
                    channel = .resource(name)
                } else if name.hasPrefix("res:") {
                    iosName = lastComponent(name)
                    channel = .resource(name)
                } else if name.hasPrefix("file://") || name.hasPrefix("www") {
                    let path = name.hasPrefix("file://") ? String(name.dropFirst("file://".count)) : name
                    iosName = path.hasPrefix("www") ? path : "www/" + path
                    channel = .computed
                } else {
                    iosName = name
                    channel = .silent
                }
            } else {
                channel = .computed
            }
            var named = SoundReference(
                name: iosName, source: "\(file):\(call.line)", platform: .ios, field: "schedule(sound)")
            named.position = position
            if sound != nil, iosName == nil, channel == .computed {
                named.problems = [
                    computedName.diagnostic(
                        "schedule(sound) is given a name computed at run time (\(sound?.preview(60) ?? "")): not judged"
                    )
                ]
            }
            if iosName != nil || channel == .computed { found.references.append(named) }
            found.channels.append(
                ChannelDeclaration(
                    id: id, sound: channel, position: position,
                    library: cordova ? .cordovaLocalNotification : .nativeScriptLocalNotifications))
        }
    }

    /// The argument of `.init(rawValue: x)` or `.init(x)`, when `argument` is that whole
    /// expression (Swift, the type left to inference); else nil.
    static func inferredInitialiser(_ argument: SourceText.Argument) -> SourceText.Argument? {
        let text = argument.text.trimmingWhitespace()
        guard text.hasPrefix(".init") else { return nil }
        let inner = SourceText(String(text.dropFirst()))
        guard let call = inner.call(at: 0, name: "init"), call.arguments.count == 1 else { return nil }
        return call.labelled("rawValue") ?? call.positional(0)
    }

    /// The line where Swift or Objective-C code builds a `Library/Sounds` location: the literal
    /// `Library/Sounds`, a `"Sounds"` component in a file that asks for the library folder or an
    /// app group's container, or alertsound's `SoundInstaller`. Nil when it does none of these.
    static func soundsFolderWrite(_ source: SourceText) -> Int? {
        if let offset = source.occurrences(of: "SoundInstaller").first { return source.line(at: offset) }
        let text = source.text
        if let offset = source.occurrences(of: "Library/Sounds").first { return source.line(at: offset) }
        guard
            text.contains("libraryDirectory") || text.contains("NSLibraryDirectory")
                || text.contains("containerURL(forSecurityApplicationGroupIdentifier")
        else { return nil }
        return source.occurrences(of: "\"Sounds\"").first.map(source.line(at:))
    }

    /// The elements of an array literal (`[{…}, {…}]`), each an argument; none when it is not one.
    static func elements(of list: SourceText.Argument) -> [SourceText.Argument] {
        let text = list.text.trimmingWhitespace()
        guard text.hasPrefix("["), text.hasSuffix("]") else { return [] }
        return SourceText("f(" + text.dropFirst().dropLast() + ")").call(at: 0, name: "f")?.arguments ?? []
    }

    /// A flutter_local_notifications channel's sound: `playSound: false` is none; no `sound` the
    /// default; the name `RawResourceAndroidNotificationSound` is given, or the resource of the
    /// URI `UriAndroidNotificationSound` is given; anything else computed.
    static func dartSound(_ value: SourceText.Argument?, playSound: String?, in source: SourceText) -> ChannelSound {
        if playSound == "false" { return .silent }
        guard let value, !value.isNull else { return .defaultSound }
        if let name = source.resolve(value) { return .resource(name) }
        let inner = SourceText(value.text)
        if let o = inner.occurrences(of: "RawResourceAndroidNotificationSound").first,
            let name = inner.call(at: o, name: "RawResourceAndroidNotificationSound")?.positional(0)
        {
            return source.resolve(name).map(ChannelSound.resource) ?? .computed
        }
        if let o = inner.occurrences(of: "UriAndroidNotificationSound").first,
            let uri = inner.call(at: o, name: "UriAndroidNotificationSound")?.positional(0)
        {
            return androidURI(uri, in: source)
        }
        return .computed
    }

    /// The URI `Uri.parse(x)` or `x.toUri()` parses (`x`), else the argument: the name a
    /// helper's parameter or a variable gives.
    static func uriTarget(_ argument: SourceText.Argument) -> SourceText.Argument {
        let text = argument.text.trimmingWhitespace()
        if text.hasPrefix("Uri.parse(") {
            let inner = SourceText(text)
            // The whole text, not `Uri.parse(a) + b`.
            if let call = inner.call(at: 0, name: "Uri.parse"), call.arguments.count == 1,
                let value = call.positional(0),
                value.text.unicodeScalars.count + 11 == text.unicodeScalars.count
            {
                return value
            }
        }
        if text.hasSuffix(".toUri()") { return SourceText.Argument(text: String(text.dropLast(8))) }
        return argument
    }

    /// Kotlin's `Enum.ENTRY.name`, when `entries` (``kotlinEnumEntries(_:in:)``) of the enum holds
    /// it: an entry's name is the string.
    static func kotlinEnumName(_ argument: SourceText.Argument, entries: (String) -> Set<String>) -> String? {
        let parts = argument.text.trimmingWhitespace().split(separator: ".").map(String.init)
        guard parts.count >= 3, parts.last == "name",
            parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(SourceText.isIdentifier) })
        else { return nil }
        let entry = parts[parts.count - 2]
        return entries(parts[parts.count - 3]).contains(entry) ? entry : nil
    }

    /// The entries of `enum class type` as this file declares it: the names before its first `;`.
    static func kotlinEnumEntries(_ type: String, in source: SourceText) -> Set<String> {
        guard let declared = source.occurrences(of: "enum class " + type).first,
            let body = source.scalars[declared..<min(source.scalars.count, declared + 512)].firstIndex(of: "{")
        else { return [] }
        let close = source.blockClose(body)
        var end = body + 1
        while end < close, source.scalars[end] != ";" { end += 1 }
        let list = SourceText("f(" + String(String.UnicodeScalarView(source.scalars[(body + 1)..<end])) + ")")
        let entries = list.call(at: 0, name: "f")?.arguments.compactMap { argument -> String? in
            let name = String(
                String.UnicodeScalarView(
                    argument.text.trimmingWhitespace().unicodeScalars.prefix(while: SourceText.isIdentifier)))
            return name.isEmpty ? nil : name
        }
        return Set(entries ?? [])
    }

    /// A channel's sound given by name (Expo's and notifee's `sound`): absent is the default sound,
    /// `null` none.
    static func namedSound(_ value: SourceText.Argument?, in source: SourceText) -> ChannelSound {
        guard let value, value.text.trimmingWhitespace() != "undefined" else { return .defaultSound }
        if value.isNull { return .silent }
        if let name = source.resolve(value) { return name == "default" ? .defaultSound : .resource(name) }
        return .computed
    }

    /// A channel's `setSound(uri, …)` argument as ``androidURI(_:)`` reads it, or, when it is
    /// a variable (`soundUri`, `Uri.parse(SOUND_URI)`), what this file assigns to it: one sound
    /// from every assignment, else computed (issue 57: a URI built in a variable, the pattern
    /// the docs recommend, was "computed").
    static func androidURI(_ argument: SourceText.Argument, in source: SourceText, at use: Int? = nil) -> ChannelSound {
        let direct = androidURI(argument)
        guard direct == .computed else { return direct }
        // `getIdentifier(NAME, "raw", …)` of a constant of this file.
        if let name = rawIdentifierLookup(argument.text) {
            return source.resolve(name).map(ChannelSound.resource) ?? .computed
        }
        var target = argument
        let inner = SourceText(argument.text)
        if let offset = inner.occurrences(of: "Uri.parse").first,
            let parsed = inner.call(at: offset, name: "Uri.parse"),
            parsed.arguments.count == 1, let value = parsed.positional(0)
        {
            target = value
        }
        let name = target.text.trimmingWhitespace()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(SourceText.isIdentifier) else { return .computed }
        let sounds = Set(source.assignedValues(of: name).map { androidURI(SourceText.Argument(text: $0)) })
        if sounds.count == 1, let sound = sounds.first { return sound }
        // Given several values in turn (`uri = …` before each channel): the one that reaches the
        // use, when one does (issue 57).
        guard let use, let value = source.reachingValue(of: name, at: use) else { return .computed }
        return androidURI(SourceText.Argument(text: value))
    }

    /// Whether the word at `offset` is declared there (`class NotificationChannelData(`, `fun
    /// soundNamed(`) rather than called: the word before it is `class`, `fun` or `constructor`
    /// (a library's own sources, when the repository holds them).
    static func declaration(at offset: Int, in source: SourceText) -> Bool {
        var i = offset - 1
        while i >= 0, source.scalars[i] == " " || source.scalars[i] == "\t" { i -= 1 }
        var word = ""
        while i >= 0, SourceText.isIdentifier(source.scalars[i]), word.unicodeScalars.count < 12 {
            word.unicodeScalars.insert(source.scalars[i], at: word.unicodeScalars.startIndex)
            i -= 1
        }
        return ["class", "fun", "constructor", "interface", "object"].contains(word)
    }

    /// A URI string a library parses (KMPNotifier's `soundUri`): `null` is no sound (the
    /// library sets none: the default plays), else as ``androidURI(_:in:)`` reads a `Uri`,
    /// through a `.toString()` of one.
    static func uriString(_ argument: SourceText.Argument, in source: SourceText) -> ChannelSound {
        if argument.isNull { return .defaultSound }
        var text = argument.value.text.trimmingWhitespace()
        if text.hasSuffix(".toString()") { text = String(text.dropLast(".toString()".count)) }
        return androidURI(SourceText.Argument(text: text), in: source)
    }

    /// A channel's `setSound(uri, …)` argument: `null` is none; `R.raw.x` or a literal
    /// `…/raw/x` a resource; the default URIs the default sound; anything else computed.
    static func androidURI(_ argument: SourceText.Argument) -> ChannelSound {
        let text = argument.text
        if argument.isNull { return .silent }
        if text.contains("getDefaultUri") || text.contains("DEFAULT_NOTIFICATION_URI") { return .defaultSound }
        if let name = ResourceIDURIs.idUses(in: text, evenWhenNamed: true).first { return .resource(name) }
        for marker in ["/raw/", "\"raw/", "'raw/"] {
            let parts = text.split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 {
                // Android looks the name up exactly (`getIdentifier`), and resource names have no
                // extension: `raw/alert.mp3` names no resource, so the dot is kept (issue 57).
                let name = parts[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                if !name.isEmpty, name.first != "." { return .resource(String(name)) }
            }
        }
        // `getIdentifier(NAME, "raw", package)`: the ID of raw resource NAME, which the URI ends
        // with (`"android.resource://" + pkg + "/" + res.getIdentifier("x", "raw", pkg)`, issue 57).
        // A name left `undefined` (an optional member a call does not give) is no sound set: the
        // code that builds such a URI sets it only when given one, so the channel keeps the default.
        if let name = rawIdentifierLookup(text) {
            if let literal = name.literal { return .resource(literal) }
            return name.text.trimmingWhitespace() == "undefined" ? .defaultSound : .computed
        }
        // `Uri.Builder().scheme(SCHEME_ANDROID_RESOURCE).authority(pkg).appendPath("raw").appendPath("x")`.
        guard text.contains("appendPath") else { return .computed }
        let inner = SourceText(text)
        let paths = inner.occurrences(of: "appendPath").compactMap {
            inner.call(at: $0, name: "appendPath")?.positional(0)?.literal
        }
        if let raw = paths.firstIndex(of: "raw"), raw + 1 < paths.count, !paths[raw + 1].isEmpty {
            return .resource(paths[raw + 1])
        }
        return .computed
    }

    /// Whether `createChannel` options are a library's that its entry describes
    /// (``AndroidLibrary/ChannelConstructor``, read by ``LibraryChannels``): keyed by its ID's
    /// label (react-native-push-notification's `channelId`), not notifee's `id`.
    static func otherLibrarysOptions(_ options: SourceText.Argument) -> Bool {
        guard options.labelled("id") == nil else { return false }
        return AndroidLibrary.allCases.contains { library in
            library.channelConstructors.contains {
                $0.language == .javaScript && $0.name == "createChannel" && options.labelled($0.idLabel) != nil
            }
        }
    }

    /// The name a `getIdentifier(NAME, "raw", …)` in `text` looks up as a raw resource; nil when
    /// `text` makes no such lookup.
    static func rawIdentifierLookup(_ text: String) -> SourceText.Argument? {
        guard text.contains("getIdentifier") else { return nil }
        let inner = SourceText(text)
        for offset in inner.occurrences(of: "getIdentifier") {
            guard let call = inner.call(at: offset, name: "getIdentifier"), let type = call.positional(1),
                SourceText.namesRaw(type), let name = call.positional(0)
            else { continue }
            return name
        }
        return nil
    }

    /// A call of a function of this file that looks its parameter up as a raw resource
    /// (`getResource(name).uri`: ``SourceText/rawLookupParameter(ofFunction:)``) as that lookup,
    /// `getIdentifier(ARGUMENT, "raw")` with the argument the call gives it, so that what a
    /// helper's caller passes reaches it (issue 57); else `argument` itself.
    static func rawLookup(_ argument: SourceText.Argument, in source: SourceText) -> SourceText.Argument {
        let text = argument.text.trimmingWhitespace()
        let head = String(text.unicodeScalars.prefix { SourceText.isIdentifier($0) || $0 == "." }.map(Character.init))
        guard let name = head.split(separator: ".").last.map(String.init), !name.isEmpty,
            head.unicodeScalars.count < text.unicodeScalars.count
        else { return argument }
        let start = head.unicodeScalars.count - name.unicodeScalars.count
        let inner = SourceText(text)
        guard let call = inner.call(at: start, name: name),
            let index = source.rawLookupParameter(ofFunction: name), let given = call.positional(index)
        else { return argument }
        return SourceText.Argument(text: "getIdentifier(\(given.text), \"raw\")")
    }

    /// A name the code computes: said, not judged.
    static let computedName = RuleDescription(
        .computedName, .note, .bundle,
        step: .payloadKey,
        summary:
            "The app's code gives a notification sound a name computed at run time, which cannot be judged from the sources.",
        details:
            "Literal names in the calls that make notification sounds and channels are judged like a payload's; a variable, concatenation or interpolation is listed with its file and line, and not guessed."
    )
}
