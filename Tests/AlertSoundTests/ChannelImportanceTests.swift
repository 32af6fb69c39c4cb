import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// A channel's importance (issue 57): on Android 8 and later a channel created below
/// `IMPORTANCE_DEFAULT` makes no sound whatever its sound, and a fresh install keeps the
/// importance the code created it with. Read from Android's own calls and each library's field.
@Suite struct ChannelImportanceTests {
    /// The channels `code`, a file of extension `ext`, creates, by ID.
    static func channels(_ code: String, ext: String) -> [String: ChannelDeclaration] {
        let read = CodeSounds.read(code, file: "Channels.\(ext)", fileExtension: ext)
        return Dictionary(read.channels.compactMap { c in c.id.map { ($0, c) } }, uniquingKeysWith: { a, _ in a })
    }

    /// Every scale's words, by name, and numbers on the library's scale (Expo's counts from
    /// `UNKNOWN`); a name of no importance type is no word.
    @Test(.bug(id: "57")) func theWordsOfEachScale() {
        let cases: [(String, Int, Int??)] = [
            ("NotificationManager.IMPORTANCE_LOW", 0, 2), ("IMPORTANCE_MIN", 0, 1),
            ("NotificationManagerCompat.IMPORTANCE_NONE", 0, 0), ("NotificationManager.IMPORTANCE_DEFAULT", 0, 3),
            ("AndroidImportance.HIGH", 0, 4), ("Notifications.AndroidImportance.LOW", 2, 2),
            ("Importance.low", 0, 2), ("Importance.defaultImportance", 0, 3), ("Importance.max", 0, 5),
            ("NotificationImportance.Low", 0, 2), ("Android.App.NotificationImportance.Min", 0, 1),
            ("(int) NotificationImportance.High", 0, 4), ("NotificationManager.ImportanceLow", 0, 2),
            ("firebase.notifications.Android.Importance.Max", 0, 5),
            ("2", 0, 2), ("4", 0, 4), ("4", 2, 2), ("5", 2, 3),
            ("NotificationManager.IMPORTANCE_UNSPECIFIED", 0, .some(nil)), ("-1000", 0, .some(nil)),
            ("Priority.LOW", 0, nil), ("lowImportance", 0, nil), ("importance", 0, nil)
        ]
        for (text, none, level) in cases {
            #expect(ChannelImportance.level(of: text, none: none) == level, "\(text)")
        }
    }

    /// Kotlin and Java: the third argument of `NotificationChannel`, the second of the compat
    /// builder, a `setImportance` before creation, a local, a constant, a helper's parameter every
    /// call gives alike; computed otherwise.
    @Test(.bug(id: "57")) func androidsOwnChannels() {
        let kotlin = """
            const val QUIET = NotificationManager.IMPORTANCE_MIN
            fun make(m: NotificationManager, level: Int) {
                val uri = Uri.parse("android.resource://x/raw/ping")
                val low = NotificationChannel("low", "Low", NotificationManager.IMPORTANCE_LOW).apply { setSound(uri, null) }
                val min = NotificationChannel("min", "Min", QUIET)
                val none = NotificationChannel("none", "None", IMPORTANCE_NONE)
                val high = NotificationChannel("high", "High", IMPORTANCE_HIGH).apply { setSound(uri, null) }
                val plain = NotificationChannel("plain", "Plain", NotificationManager.IMPORTANCE_DEFAULT)
                val set = NotificationChannel("set", "Set", IMPORTANCE_HIGH)
                set.setImportance(NotificationManager.IMPORTANCE_LOW)
                val local = NotificationManager.IMPORTANCE_LOW
                val held = NotificationChannel("held", "Held", local)
                val compat = NotificationChannelCompat.Builder("compat", NotificationManagerCompat.IMPORTANCE_LOW).build()
                val computed = NotificationChannel("computed", "Computed", level)
                val numbered = NotificationChannel("numbered", "Numbered", 2)
                m.createNotificationChannels(listOf(low, min, none, high, plain, set, held, compat, computed, numbered))
            }
            """
        let found = Self.channels(kotlin, ext: "kt")
        for id in ["low", "min", "none", "set", "held", "compat", "numbered"] {
            #expect(found[id]?.heard == .silent, "\(id): \(String(describing: found[id]))")
        }
        #expect(found["low"]?.sound == .resource("ping"), "its sound is kept: the user may raise its importance")
        #expect(found["low"]?.importance?.level == 2)
        #expect(found["set"]?.importance?.position.line == 10)
        #expect(found["high"]?.heard == .resource("ping"))
        #expect(found["plain"]?.heard == .defaultSound)
        #expect(found["computed"]?.importance?.level == nil)
        #expect(found["computed"]?.heard == .computed)
        // A helper whose calls all give LOW; one whose calls differ gives each channel its call's.
        let helper = """
            fun channel(id: String, importance: Int) {
                val c = NotificationChannel(id, "n", importance)
                manager.createNotificationChannel(c)
            }
            fun all() {
                channel("a", NotificationManager.IMPORTANCE_LOW)
                channel("b", NotificationManager.IMPORTANCE_LOW)
            }
            """
        let helped = Self.channels(helper, ext: "kt")
        #expect(helped["a"]?.heard == .silent && helped["b"]?.heard == .silent, "\(helped)")
        let mixed = Self.channels(
            helper.replacingOccurrences(
                of: #"channel("b", NotificationManager.IMPORTANCE_LOW)"#,
                with: #"channel("b", NotificationManager.IMPORTANCE_HIGH)"#),
            ext: "kt")
        // Calls that give different levels: each channel its own call's (they were both computed).
        #expect(mixed["a"]?.heard == .silent && mixed["b"]?.heard == .defaultSound, "\(mixed)")
        // A local chosen by a member of the helper's parameter, which each call gives
        // (nextcloud talk's shape): the branch each call takes.
        let chosen = """
            private data class Channel(val id: String, val isImportant: Boolean)
            fun create(channel: Channel) {
                val importance = if (channel.isImportant) {
                    NotificationManager.IMPORTANCE_HIGH
                } else {
                    NotificationManager.IMPORTANCE_LOW
                }
                val c = NotificationChannel(channel.id, "n", importance)
                manager.createNotificationChannel(c)
            }
            fun calls() { create(Channel("calls", true)) }
            fun messages() { create(Channel("messages", true)) }
            """
        let chosenFound = Self.channels(chosen, ext: "kt")
        #expect(chosenFound["calls"]?.heard == .defaultSound, "\(chosenFound)")
        #expect(chosenFound["messages"]?.importance?.level == 4, "\(chosenFound)")
        let quiet = Self.channels(chosen.replacingOccurrences(of: "true", with: "false"), ext: "kt")
        #expect(quiet["calls"]?.heard == .silent && quiet["messages"]?.heard == .silent, "\(quiet)")
        let either = Self.channels(
            chosen.replacingOccurrences(of: #"Channel("messages", true)"#, with: #"Channel("messages", false)"#),
            ext: "kt")
        #expect(either["calls"]?.heard == .defaultSound && either["messages"]?.heard == .silent, "\(either)")
        let java = """
            NotificationChannel quiet = new NotificationChannel("quiet", "Quiet", NotificationManager.IMPORTANCE_LOW);
            manager.createNotificationChannel(quiet);
            NotificationChannel loud = new NotificationChannel("loud", "Loud", NotificationManager.IMPORTANCE_HIGH);
            manager.createNotificationChannel(loud);
            """
        let javaFound = Self.channels(java, ext: "java")
        #expect(javaFound["quiet"]?.heard == .silent)
        #expect(javaFound["loud"]?.heard == .defaultSound)
    }

    /// Each library's importance field (``AndroidLibrary/channelImportance``), as its own words.
    @Test(.bug(id: "57")) func eachLibrarysField() {
        let js = """
            notifee.createChannel({ id: 'nlow', name: 'n', sound: 'ping', importance: AndroidImportance.LOW });
            notifee.createChannel({ id: 'nhigh', name: 'n', sound: 'ping', importance: AndroidImportance.HIGH });
            notifee.createChannel({ id: 'nplain', name: 'n', sound: 'ping' });
            Notifications.setNotificationChannelAsync('elow', { name: 'e', sound: 'ping.wav', importance: Notifications.AndroidImportance.LOW });
            Notifications.setNotificationChannelAsync('emax', { name: 'e', sound: 'ping.wav', importance: Notifications.AndroidImportance.MAX });
            Notifications.setNotificationChannelAsync('enum', { name: 'e', sound: 'ping.wav', importance: 4 });
            LocalNotifications.createChannel({ id: 'c2', name: 'c', sound: 'ping.wav', importance: 2 });
            LocalNotifications.createChannel({ id: 'c4', name: 'c', sound: 'ping.wav', importance: 4 });
            LocalNotifications.createChannel({ id: 'cx', name: 'c', sound: 'ping.wav', importance: level });
            PushNotification.createChannel({ channelId: 'rlow', channelName: 'r', soundName: 'ping.wav', importance: Importance.LOW });
            PushNotification.createChannel({ channelId: 'rhigh', channelName: 'r', soundName: 'ping.wav', importance: Importance.HIGH });
            """
        let found = Self.channels(js, ext: "ts")
        for id in ["nlow", "elow", "enum", "c2", "rlow"] {
            #expect(found[id]?.heard == .silent, "\(id): \(String(describing: found[id]))")
        }
        for id in ["nhigh", "nplain", "emax", "c4", "rhigh"] {
            #expect(found[id]?.heard == found[id]?.sound && found[id]?.sound != .silent, "\(id)")
        }
        #expect(found["cx"]?.heard == .computed)
        let dart = """
            plugin.createNotificationChannel(const AndroidNotificationChannel('flow', 'f', importance: Importance.low, sound: RawResourceAndroidNotificationSound('ping')));
            plugin.createNotificationChannel(const AndroidNotificationChannel('fhigh', 'f', importance: Importance.high, sound: RawResourceAndroidNotificationSound('ping')));
            plugin.show(1, 't', 'b', NotificationDetails(android: AndroidNotificationDetails('fdetails', 'f', importance: Importance.min)));
            NotificationChannel(channelKey: 'alow', channelName: 'a', soundSource: 'resource://raw/ping', importance: NotificationImportance.Low);
            NotificationChannel(channelKey: 'ahigh', channelName: 'a', soundSource: 'resource://raw/ping', importance: NotificationImportance.High);
            """
        let dartFound = Self.channels(dart, ext: "dart")
        for id in ["flow", "fdetails", "alow"] { #expect(dartFound[id]?.heard == .silent, "\(id)") }
        for id in ["fhigh", "ahigh"] { #expect(dartFound[id]?.heard == .resource("ping"), "\(id)") }
        let cs = """
            var quiet = new NotificationChannel("cslow", "Quiet", NotificationImportance.Low);
            manager.CreateNotificationChannel(quiet);
            var loud = new NotificationChannel("cshigh", "Loud", NotificationImportance.High);
            manager.CreateNotificationChannel(loud);
            var request = new AndroidNotificationChannelRequest { Id = "plnlow", Sound = "ping", Importance = AndroidImportance.Low };
            var other = new AndroidNotificationChannelRequest { Id = "plnhigh", Sound = "ping", Importance = AndroidImportance.High };
            """
        let csFound = Self.channels(cs, ext: "cs")
        for id in ["cslow", "plnlow"] {
            #expect(csFound[id]?.heard == .silent, "\(id): \(String(describing: csFound[id]))")
        }
        #expect(csFound["cshigh"]?.heard == .defaultSound)
        #expect(csFound["plnhigh"]?.heard == .resource("ping"))
        let kmp = """
            val channels = listOf(
                AlarmeeNotificationChannel(id = "alarmlow", name = "A", importance = NotificationManager.IMPORTANCE_LOW, soundFilename = "ping"),
                AlarmeeNotificationChannel(id = "alarmhigh", name = "A", importance = 4, soundFilename = "ping"),
            )
            """
        let kmpFound = Self.channels(kmp, ext: "kt")
        #expect(kmpFound["alarmlow"]?.heard == .silent)
        #expect(kmpFound["alarmhigh"]?.heard == .resource("ping"))
    }

    /// An app whose channels are LOW, MIN, NONE, DEFAULT, HIGH and computed: explain says nothing
    /// plays on the quiet ones (importance at file:line), as before on the others, not known on the
    /// computed one; validate-bundle agrees (android-phoenix-2's shape).
    @Test(.bug(id: "57")) func explainAndValidateBundleOnAQuietChannel() throws {
        let scratch = try Scratch()
        let kotlin = """
            fun make(m: NotificationManager, level: Int) {
                val uri = Uri.parse("android.resource://x/raw/ping")
                val low = NotificationChannel("low", "Low", NotificationManager.IMPORTANCE_LOW)
                val min = NotificationChannel("min", "Min", NotificationManager.IMPORTANCE_MIN)
                min.setSound(uri, null)
                val none = NotificationChannel("none", "None", NotificationManager.IMPORTANCE_NONE)
                val plain = NotificationChannel("plain", "Plain", NotificationManager.IMPORTANCE_DEFAULT)
                val high = NotificationChannel("high", "High", NotificationManager.IMPORTANCE_HIGH)
                high.setSound(uri, null)
                val computed = NotificationChannel("computed", "Computed", level)
                computed.setSound(uri, null)
                m.createNotificationChannels(listOf(low, min, none, plain, high, computed))
            }
            """
        let root = try ExplainTests.app(scratch, ios: [:], kotlin: kotlin)
        func plays(_ sound: String, _ channel: String) throws -> PushExplanation {
            try AndroidChainTests.plays(root, sound: sound, channel: channel)
        }
        for channel in ["low", "min", "none"] {
            let push = try plays("ping", channel)
            #expect(push.fresh.plays == .noSound, "\(channel): \(push.summary)")
            let step = push.steps.first { $0.step == .channel }
            #expect(step?.text.contains("importance") == true, "\(String(describing: step?.text))")
        }
        let low = try plays("ping", "low").steps.first { $0.step == .channel }?.text ?? ""
        #expect(low.contains("importance LOW (2) at ") && low.contains("Channels.kt:3"), "\(low)")
        #expect(try plays("ping", "plain").fresh.plays == .defaultSound)
        #expect(try plays("ping", "high").fresh.plays == .namedSound)
        let computed = try plays("ping", "computed")
        #expect(computed.fresh.plays == .unknown, "\(computed.summary)")
        let pushes = ["low", "min", "none", "plain", "high", "computed"].map {
            Push.named(sound: "ping", channel: $0)
        }
        let disagreements = try ExplainAgreementTests.disagreements(
            ExplainAgreementTests.Case(what: "quiet channels", paths: [root], pushes: pushes))
        #expect(disagreements.isEmpty, "\(disagreements)")
        // validate-bundle fails a message that names a sound on a quiet channel, and says why.
        let report = try BundleValidator().validate(
            paths: [root], references: Push.named(sound: "ping", channel: "low").references)
        let findings = report.bundles.flatMap(\.references).flatMap(\.diagnostics)
        #expect(
            findings.contains { $0.code == .channelSoundMismatch && $0.message.contains("importance LOW") },
            "\(findings)")
    }
}
