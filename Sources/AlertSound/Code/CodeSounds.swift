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

    /// A channel created at `position`.
    public init(
        id: String?, sound: ChannelSound, position: SourcePosition, library: AndroidLibrary? = nil,
        implicit: Bool = false
    ) {
        self.id = id
        self.sound = sound
        self.position = position
        self.library = library
        self.implicit = implicit
    }

    /// The same channel, its library the one of `libraries` its call goes to
    /// (``AndroidLibraries/library(ofChannelCallBy:)``).
    func attributed(to libraries: AndroidLibraries) -> ChannelDeclaration {
        var declaration = self
        declaration.library = library.map(libraries.library(ofChannelCallBy:))
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

    /// A name to resolve, and where its value goes.
    struct Pending: Sendable {
        enum Slot: Sendable {
            case channelID(Int)
            /// `defaultIsDefault`: the library reads `default` as the default sound (Expo, notifee).
            case channelSound(Int, defaultIsDefault: Bool)
            case reference(Int)
            /// The channel's options are the object literal another file assigns to the name.
            case channelOptions(Int)
        }
        var slot: Slot
        var name: String
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
        case .channelOptions: break
        }
    }

    /// The words a file of each language must hold for ``read(_:file:fileExtension:)`` to find
    /// anything: most of an app's files hold none, and are passed over after one search of their
    /// bytes (14 MB of Kotlin took 4.6 s read whole, issue 45).
    /// The words are the platform's and each library's (``AndroidLibrary/codeWords(forExtension:)``).
    static func words(forExtension ext: String) -> [String] { AndroidLibrary.codeWords(forExtension: ext) }

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
        func reference(
            _ argument: SourceText.Argument?, line: Int, platform: Platform, call: String, critical: Bool = false,
            library: AndroidLibrary? = nil, channel: String? = nil
        ) {
            guard var argument else { return }
            // Swift infers the type of `.init(rawValue: "call.caf")` or `.init("call.caf")` from the
            // parameter: the name is the initialiser's argument.
            if platform == .ios, let inner = Self.inferredInitialiser(argument) { argument = inner }
            var name = source.resolve(argument)
            // `UNNotificationSoundName("")` on purpose: no file has that name, so iOS plays the
            // default sound, as a payload's "default" asks (issue 57).
            if platform == .ios, name == "" { name = "default" }
            var named = SoundReference(
                name: name, source: "\(file):\(line)", critical: critical, platform: platform, field: call)
            named.position = position(line)
            named.library = library
            named.channel = channel
            if name == nil {
                named.problems = [
                    CodeSounds.computedName.diagnostic(
                        "\(call) is given a name computed at run time (\(argument.preview(60))): not judged"
                    )
                ]
                pend(argument, .reference(found.references.count))
            }
            found.references.append(named)
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
            for offset in source.occurrences(of: "UNNotificationSoundName") {
                guard let call = source.call(at: offset, name: "UNNotificationSoundName") else { continue }
                reference(
                    call.labelled("rawValue") ?? call.positional(0), line: call.line, platform: .ios,
                    call: "UNNotificationSoundName")
            }
            for name in ["soundNamed", "criticalSoundNamed"] {
                for offset in source.occurrences(of: name) {
                    guard let call = source.call(at: offset, name: name), let argument = call.positional(0),
                        !argument.text.contains("UNNotificationSoundName")
                    else { continue }
                    reference(
                        argument, line: call.line, platform: .ios, call: name, critical: name.hasPrefix("critical"))
                }
            }
            for offset in source.occurrences(of: "UNNotificationSound") {
                guard let call = source.call(at: offset, name: "UNNotificationSound"),
                    let named = call.labelled("named"), !named.text.contains("UNNotificationSoundName")
                else { continue }
                reference(named, line: call.line, platform: .ios, call: "UNNotificationSound(named:)")
            }
        case "dart":
            for offset in source.occurrences(of: "RawResourceAndroidNotificationSound") {
                guard let call = source.call(at: offset, name: "RawResourceAndroidNotificationSound") else { continue }
                reference(
                    call.positional(0), line: call.line, platform: .android,
                    call: "RawResourceAndroidNotificationSound",
                    library: .flutterLocalNotifications)
            }
            for name in ["DarwinNotificationDetails", "IOSNotificationDetails"] {
                for offset in source.occurrences(of: name) {
                    guard let call = source.call(at: offset, name: name), let sound = call.labelled("sound"),
                        !sound.isNull
                    else { continue }
                    reference(sound, line: call.line, platform: .ios, call: "\(name)(sound:)")
                }
            }
            // flutter_local_notifications creates a channel from the details the first time it shows them.
            for name in ["AndroidNotificationChannel", "AndroidNotificationDetails"] {
                for offset in source.occurrences(of: name) {
                    guard let call = source.call(at: offset, name: name) else { continue }
                    let idArgument = call.labelled("id") ?? call.positional(0)
                    let id = idArgument.flatMap(source.resolve)
                    var soundArgument: SourceText.Argument?
                    var sound = ChannelSound.defaultSound
                    if call.labelled("playSound")?.text.trimmingWhitespace() == "false" {
                        sound = .silent
                    } else if let value = call.labelled("sound"), !value.isNull {
                        let inner = SourceText(value.text)
                        let o = inner.occurrences(of: "RawResourceAndroidNotificationSound").first
                        soundArgument = o.flatMap {
                            inner.call(at: $0, name: "RawResourceAndroidNotificationSound")?.positional(0)
                        }
                        sound = soundArgument.flatMap(source.resolve).map(ChannelSound.resource) ?? .computed
                    }
                    found.channels.append(
                        ChannelDeclaration(
                            id: id, sound: sound, position: position(call.line), library: .flutterLocalNotifications,
                            implicit: name == "AndroidNotificationDetails"))
                    if id == nil { pend(idArgument, .channelID(found.channels.count - 1)) }
                    if sound == .computed {
                        pend(soundArgument, .channelSound(found.channels.count - 1, defaultIsDefault: false))
                    }
                }
            }
        case "kt", "java":
            for name in ["NotificationChannel", "NotificationChannelCompat.Builder"] {
                let starts = source.occurrences(of: name)
                let all =
                    (source.occurrences(of: "NotificationChannel") + source.occurrences(of: "NotificationChannelCompat"))
                    .sorted()
                var following = 0
                for offset in starts {
                    guard let call = source.call(at: offset, name: name) else { continue }
                    let id = call.positional(0).flatMap(source.resolve)
                    // Its settings: the code up to the next channel made in the file.
                    while following < all.count, all[following] <= offset + name.unicodeScalars.count { following += 1 }
                    let end = following < all.count ? all[following] : source.scalars.count
                    let segment = SourceText(String(String.UnicodeScalarView(source.scalars[offset..<end])))
                    var sound = ChannelSound.defaultSound
                    if let s = segment.occurrences(of: "setSound").first,
                        let argument = segment.call(at: s, name: "setSound")?.positional(0)
                    {
                        sound = Self.androidURI(argument, in: source)
                    }
                    found.channels.append(ChannelDeclaration(id: id, sound: sound, position: position(call.line)))
                    if id == nil { pend(call.positional(0), .channelID(found.channels.count - 1)) }
                }
            }
            for line in textLines(source.text) {
                found.rawUses.formUnion(ResourceIDURIs.idUses(in: line, evenWhenNamed: true))
            }
        case "js", "jsx", "ts", "tsx", "mjs", "cjs":
            for offset in source.occurrences(of: "setNotificationChannelAsync") {
                guard let call = source.call(at: offset, name: "setNotificationChannelAsync") else { continue }
                let declaration = ChannelDeclaration(
                    id: call.positional(0).flatMap(source.resolve),
                    sound: Self.namedSound(call.positional(1)?.labelled("sound"), in: source),
                    position: position(call.line), library: .expoNotifications)
                found.channels.append(declaration)
                pendChannel(declaration, id: call.positional(0), sound: call.positional(1)?.labelled("sound"))
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
                let declaration = ChannelDeclaration(
                    id: call.positional(0).flatMap(source.resolve),
                    sound: sound.map { Self.namedSound($0, in: source) } ?? .defaultSound,
                    position: position(call.line), library: .reactNativeFirebaseV5)
                found.channels.append(declaration)
                pendChannel(declaration, id: call.positional(0), sound: sound)
            }
            for offset in source.occurrences(of: "createChannel") {
                guard let call = source.call(at: offset, name: "createChannel"), var options = call.positional(0)
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
                let declaration = ChannelDeclaration(
                    id: options.labelled("id").flatMap(source.resolve),
                    sound: Self.namedSound(options.labelled("sound"), in: source),
                    position: position(call.line), library: .notifee)
                found.channels.append(declaration)
                pendChannel(declaration, id: options.labelled("id"), sound: options.labelled("sound"))
            }
            for offset in source.occurrences(of: "displayNotification") {
                guard let call = source.call(at: offset, name: "displayNotification"), let options = call.positional(0)
                else { continue }
                if let ios = options.labelled("ios"), let sound = ios.labelled("sound"), !sound.isNull {
                    reference(sound, line: call.line, platform: .ios, call: "displayNotification(ios.sound)")
                }
                if let android = options.labelled("android"), let sound = android.labelled("sound"), !sound.isNull {
                    reference(
                        sound, line: call.line, platform: .android, call: "displayNotification(android.sound)",
                        library: .notifee, channel: android.labelled("channelId").flatMap(source.resolve))
                }
            }
            // Capacitor's `LocalNotifications.schedule({ notifications: [{ sound, channelId }] })`: the
            // one `sound` is the iOS file name (UNNotificationSoundName) and, by the plugin's rule, the
            // Android resource (issue 57).
            for offset in source.occurrences(of: "schedule") {
                guard let call = source.call(at: offset, name: "schedule"),
                    let list = call.positional(0)?.labelled("notifications")
                else { continue }
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
                    reference(sound, line: call.line, platform: .ios, call: "\(name)(content.sound)")
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

    /// A channel's sound given by name (Expo's and notifee's `sound`): absent is the default sound,
    /// `null` none.
    static func namedSound(_ value: SourceText.Argument?, in source: SourceText) -> ChannelSound {
        guard let value else { return .defaultSound }
        if value.isNull { return .silent }
        if let name = source.resolve(value) { return name == "default" ? .defaultSound : .resource(name) }
        return .computed
    }

    /// A channel's `setSound(uri, …)` argument as ``androidURI(_:)`` reads it, or, when it is
    /// a variable (`soundUri`, `Uri.parse(SOUND_URI)`), what this file assigns to it: one sound
    /// from every assignment, else computed (issue 57: a URI built in a variable, the pattern
    /// the docs recommend, was "computed").
    static func androidURI(_ argument: SourceText.Argument, in source: SourceText) -> ChannelSound {
        let direct = androidURI(argument)
        guard direct == .computed else { return direct }
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
        guard sounds.count == 1, let sound = sounds.first else { return .computed }
        return sound
    }

    /// A channel's `setSound(uri, …)` argument: `null` is none; `R.raw.x` or a literal
    /// `…/raw/x` a resource; the default URIs the default sound; anything else computed.
    static func androidURI(_ argument: SourceText.Argument) -> ChannelSound {
        let text = argument.text
        if argument.isNull { return .silent }
        if text.contains("getDefaultUri") || text.contains("DEFAULT_NOTIFICATION_URI") { return .defaultSound }
        if let name = ResourceIDURIs.idUses(in: text, evenWhenNamed: true).first { return .resource(name) }
        let parts = text.split(separator: "/raw/", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            let name = parts[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { return .resource(String(name)) }
        }
        return .computed
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
