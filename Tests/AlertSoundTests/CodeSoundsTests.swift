import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// The sound names and channels an app's code gives, read as text (issue 45, item 3).
@Suite struct CodeSoundsTests {
    func read(_ text: String, _ ext: String) -> CodeSounds {
        CodeSounds.read(text, file: "F.\(ext)", fileExtension: ext)
    }

    @Test(.bug(id: 45, "item 3")) func swiftAndObjectiveC() {
        let swift = read(
            """
            let a = UNNotificationSound(named: UNNotificationSoundName("alarm.caf"))
            // let b = UNNotificationSound(named: UNNotificationSoundName("commented.caf"))
            let c = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName(rawValue: name))
            /* UNNotificationSoundName("block.caf") */
            let d = UNNotificationSoundName(rawValue: "bell.caf")
            """, "swift")
        #expect(swift.references.map(\.name) == ["alarm.caf", nil, "bell.caf"])
        #expect(swift.references.map { $0.position?.line } == [1, 3, 5])
        #expect(swift.references[1].problems.map(\.code) == [.computedName])
        #expect(swift.references.allSatisfy { $0.platform == .ios })
        let objc = read(#"content.sound = [UNNotificationSound soundNamed:@"ping.caf"];"#, "m")
        #expect(objc.references.map(\.name) == ["ping.caf"])
        let critical = read(#"content.sound = [UNNotificationSound criticalSoundNamed:@"siren.caf"];"#, "m")
        #expect(critical.references.first?.critical == true)
    }

    @Test(.bug(id: 45, "item 3")) func dartChannelsAndDetails() {
        let dart = read(
            """
            const channel = AndroidNotificationChannel('orders', 'Orders',
                importance: Importance.high, sound: RawResourceAndroidNotificationSound('order_ready'));
            const quiet = AndroidNotificationChannel('quiet', 'Quiet', playSound: false);
            final details = AndroidNotificationDetails('chat', 'Chat');
            final ios = DarwinNotificationDetails(sound: 'order_ready.caf');
            """, "dart")
        #expect(dart.channels.map(\.id) == ["orders", "quiet", "chat"])
        #expect(dart.channels.map(\.sound) == [.resource("order_ready"), .silent, .defaultSound])
        #expect(dart.channels.map(\.implicit) == [false, false, true])
        #expect(dart.references.map(\.name) == ["order_ready", "order_ready.caf"])
        #expect(dart.references.map(\.platform) == [.android, .ios])
        #expect(dart.references[0].library == .flutterLocalNotifications)
    }

    @Test(.bug(id: 45, "item 3")) func kotlinChannelsWithConstants() {
        let kotlin = read(
            """
            const val ORDERS = "orders"
            fun make(context: Context) {
                val orders = NotificationChannel(ORDERS, "Orders", IMPORTANCE_HIGH).apply {
                    setSound(Uri.parse("android.resource://${context.packageName}/raw/order_ready"), attributes)
                }
                val silent = NotificationChannel("silent", "Silent", IMPORTANCE_LOW)
                silent.setSound(null, null)
                val plain = NotificationChannel("plain", "Plain", IMPORTANCE_LOW)
                val byId = NotificationChannel(intent.getStringExtra("id"), "?", IMPORTANCE_LOW)
                player = MediaPlayer.create(context, R.raw.ringback)
            }
            """, "kt")
        #expect(kotlin.channels.map(\.id) == ["orders", "silent", "plain", nil])
        #expect(kotlin.channels.map(\.sound) == [.resource("order_ready"), .silent, .defaultSound, .defaultSound])
        #expect(kotlin.rawUses == ["ringback"])
    }

    @Test(.bug(id: 57, "initialiser spellings")) func swiftInitialiserSpellingsNameTheSound() {
        let swift = read(
            """
            let a = UNNotificationSound.init(named: UNNotificationSoundName.init("ring.aif"))
            let b = UNNotificationSound(named: .init(rawValue: "call.caf"))
            let c = UNNotificationSound.criticalSoundNamed(.init("siren.caf"), withAudioVolume: 1)
            let d = UNNotificationSound(named: UNNotificationSoundName(""))
            let e = UNNotificationSound(named: .init(rawValue: chosen))
            """, "swift")
        // In the order of the lines, whichever call found each.
        let found = swift.references.sorted { ($0.position?.line ?? 0) < ($1.position?.line ?? 0) }
        #expect(found.map(\.name) == ["ring.aif", "call.caf", "siren.caf", "default", nil])
        #expect(found.map { $0.position?.line } == [1, 2, 3, 4, 5])
        #expect(found.map(\.critical) == [false, false, true, false, false])
        #expect(found[4].problems.map(\.code) == [.computedName])
    }

    @Test(.bug(id: 57, "critical alerts named by UNNotificationSoundName"))
    func aNameMadeInsideCriticalSoundNamedIsACriticalAlerts() {
        let swift = read(
            """
            let a = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("siren.caf"))
            let b = UNNotificationSound(named: UNNotificationSoundName("ping.caf"))
            let c = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName(rawValue: "horn.caf"), withAudioVolume: 0.5)
            let d = UNNotificationSoundName("after.caf")
            """, "swift")
        let found = swift.references.sorted { ($0.position?.line ?? 0) < ($1.position?.line ?? 0) }
        #expect(found.map(\.name) == ["siren.caf", "ping.caf", "horn.caf", "after.caf"])
        #expect(found.map(\.critical) == [true, false, true, false])
    }

    @Test(.bug(id: 57, "react-native-firebase v5 channels")) func aBuiltChannelObjectIsItsChannel() {
        let js = read(
            """
            export function createChannel() {
              const channel = new firebase.notifications.Android.Channel(
                "quake_alerts",
                "Quake alerts",
                firebase.notifications.Android.Importance.Max
              )
                .setSound("notification.wav")
                .setDescription("Alerts");
              firebase.notifications().android.createChannel(channel);
              const quiet = new firebase.notifications.Android.Channel("quiet", "Quiet", 1);
              firebase.notifications().android.createChannel(quiet);
            }
            """, "js")
        #expect(js.channels.map(\.id) == ["quake_alerts", "quiet"], "\(js.channels)")
        #expect(js.channels.map(\.sound) == [.resource("notification.wav"), .defaultSound])
        #expect(js.channels.allSatisfy { $0.library == .reactNativeFirebaseV5 })
    }

    @Test(.bug(id: 57, "URIs in variables")) func aChannelsURIKeptInAVariableIsRead() {
        let kotlin = read(
            """
            object Sounds {
                const val ALERT_URI =
                    "android.resource://" + BuildConfig.APPLICATION_ID + "/raw/alert"
            }
            fun make(context: Context) {
                val soundUri = Uri.parse("android.resource://${context.packageName}/raw/chime")
                val orders = NotificationChannel("orders", "Orders", IMPORTANCE_HIGH)
                orders.setSound(soundUri, attributes)
                val alerts = NotificationChannel("alerts", "Alerts", IMPORTANCE_HIGH).apply {
                    setSound(Uri.parse(ALERT_URI), attributes)
                }
                var either = Uri.parse("android.resource://x/raw/one")
                if (loud) either = Uri.parse("android.resource://x/raw/two")
                val picked = NotificationChannel("picked", "Picked", IMPORTANCE_HIGH)
                picked.setSound(either, attributes)
                val mySoundUri = RingtoneManager.getDefaultUri(TYPE_NOTIFICATION)
                val plain = NotificationChannel("plain", "Plain", IMPORTANCE_HIGH)
                plain.setSound(mySoundUri, attributes)
            }
            """, "kt")
        #expect(kotlin.channels.map(\.id) == ["orders", "alerts", "picked", "plain"])
        #expect(kotlin.channels.map(\.sound) == [.resource("chime"), .resource("alert"), .computed, .defaultSound])
    }

    @Test(.bug(id: 45, "item 3")) func javaScriptChannels() {
        let js = read(
            """
            await Notifications.setNotificationChannelAsync('orders', { name: 'Orders', sound: 'order_ready.wav' });
            await Notifications.setNotificationChannelAsync("news", { name: "News" });
            await notifee.createChannel({ id: 'chat', name: 'Chat', sound: 'ping' });
            await notifee.displayNotification({ android: { channelId: 'chat', sound: 'ping' }, ios: { sound: 'ping.caf' } });
            await Notifications.scheduleNotificationAsync({ content: { title: 'x', sound: `bell.wav` }, trigger: null });
            """, "ts")
        #expect(js.channels.map(\.id) == ["orders", "news", "chat"])
        #expect(js.channels.map(\.library) == [.expoNotifications, .expoNotifications, .notifee])
        #expect(js.channels.map(\.sound) == [.resource("order_ready.wav"), .defaultSound, .resource("ping")])
        #expect(js.references.map(\.name) == ["ping.caf", "ping", "bell.wav"])
        #expect(js.references[1].channel == "chat" && js.references[1].library == .notifee)
    }

    /// Hostile text costs time linear in its size and names nothing it should not: an unclosed
    /// string or comment, a call that never closes, interpolation.
    @Test(.bug(id: 45, "item 3")) func hostileTextIsBounded() {
        let open = "UNNotificationSoundName(\"" + String(repeating: "a", count: 200_000)
        #expect(read(open, "swift").references.isEmpty)
        let unclosed = "/* " + String(repeating: "UNNotificationSoundName(\"x.caf\") ", count: 10_000)
        #expect(read(unclosed, "swift").references.isEmpty)
        let deep = "UNNotificationSoundName(" + String(repeating: "(", count: 100_000)
        #expect(read(deep, "swift").references.isEmpty)
        let interpolated = read(#"UNNotificationSoundName("\(name).caf")"#, "swift")
        #expect(interpolated.references.map(\.name) == [nil])
        let many = String(repeating: "NotificationChannel(\"a\", \"b\", 1)\n", count: 5_000)
        #expect(read(many, "kt").channels.count == 5_000)
    }

    /// A long line after a constant's name (issue 55): each occurrence read the line to its end
    /// (a megabyte ran past a minute); now the line is read once, and the constant still resolves.
    @Test(.bug(id: 55, "item 2")) func aLongLineAfterAConstantsNameStillResolves() {
        let kotlin = read(
            "const val CHANNEL = \"orders\"\nval c = NotificationChannel(CHANNEL, \"b\", 1)\n"
                + String(repeating: "CHANNEL: ", count: 50_000) + "\n", "kt")
        #expect(kotlin.channels.map(\.id) == ["orders"])
        let swift = read(
            "let alertName = \"bell.caf\"\nlet s = UNNotificationSoundName(rawValue: alertName)\n"
                + String(repeating: "alertName: ", count: 50_000) + "\n", "swift")
        #expect(swift.references.map(\.name) == ["bell.caf"])
        // Every occurrence typed and assigned at the line's end: one value, read once for all.
        let typed = read(
            "val c = NotificationChannel(ID, \"b\", 1)\n" + String(repeating: "val ID: String ", count: 30_000)
                + "= \"calls\"\n", "kt")
        #expect(typed.channels.map(\.id) == ["calls"])
        // A second value on the long line makes it computed, as one would anywhere.
        let twice = read(
            "const val ID = \"one\"\nval c = NotificationChannel(ID, \"b\", 1)\n"
                + String(repeating: "ID: String ", count: 30_000) + "= \"two\"\n", "kt")
        #expect(twice.channels.map(\.id) == [nil])
    }

    /// Calls nested in calls (issue 55): each read up to 4 KB of the text after it; now each
    /// character is read about once, and the arguments are the same.
    @Test(.bug(id: 55, "item 2")) func nestedAndUnclosedCallsKeepTheirArguments() {
        let source = SourceText(#"f(a, g(b, [c, d]), "x,)y", { k: (1, 2) }) f( f(f("#)
        let call = source.call(at: 0, name: "f")
        #expect(
            call?.arguments.map { $0.text.trimmingWhitespace() } == ["a", "g(b, [c, d])", #""x,)y""#, "{ k: (1, 2) }"])
        let inner = source.occurrences(of: "g").first.flatMap { source.call(at: $0, name: "g") }
        #expect(inner?.arguments.map { $0.text.trimmingWhitespace() } == ["b", "[c, d]"])
        #expect(source.occurrences(of: "f").dropFirst().allSatisfy { source.call(at: $0, name: "f") == nil })
        // A thousand nested calls: only the innermost has a literal; all close within the bound.
        let nested = SourceText(String(repeating: "id(", count: 1000) + "\"a\"" + String(repeating: ")", count: 1000))
        let literals = nested.occurrences(of: "id").map { nested.call(at: $0, name: "id")?.positional(0)?.literal }
        #expect(literals.count == 1000 && literals.last == "a" && literals.dropLast().allSatisfy { $0 == nil })
        #expect(nested.occurrences(of: "id").allSatisfy { nested.call(at: $0, name: "id") != nil })
        // Past the bound a call is not read, however it nests.
        let long = SourceText("id(" + String(repeating: "x", count: SourceText.maximumCallLength) + ")")
        #expect(long.call(at: 0, name: "id") == nil)
        // A name of a few kilobytes over a megabyte of its letters is found where it stands.
        let name = String(repeating: "a", count: 4000)
        let text = SourceText(String(repeating: "a", count: 1 << 20) + " " + name + " ")
        #expect(text.occurrences(of: name) == [(1 << 20) + 1])
        #expect(SourceText.holds(Array((String(repeating: "a", count: 1 << 20) + "b").utf8), [name + "b"]))
    }
}

/// A channel's ID or sound given by a constant of another file (a Flutter app's constants file):
/// resolved when one declaration across the app gives it one literal, and left computed when the
/// calling file binds the name itself or the app gives it two values.
@Suite struct CrossFileConstantTests {
    func walk(_ files: [String: String]) throws -> CodeSounds {
        let scratch = try Scratch()
        let root = scratch.path("app")
        try AppSearchTests.tree(root, files.mapValues { Array($0.utf8) })
        return SourceWalk.read(root: root, within: try #require(Confinement(folder: root))).sounds
    }

    @Test func aConstantOfAnotherFileIsItsValue() throws {
        let found = try walk([
            "lib/constants.dart": "const String ordersChannelId = 'orders';\nconst orderSound = 'order_ready';\n",
            "lib/channels.dart": """
            const channel = AndroidNotificationChannel(
              ordersChannelId, 'Orders',
              sound: RawResourceAndroidNotificationSound(orderSound),
            );
            """,
            "src/expo.ts": "export const ALERTS = 'alerts';\n",
            "src/channels.ts":
                "import { ALERTS } from './expo';\nNotifications.setNotificationChannelAsync(ALERTS, { sound: 'ding.wav' });\n",
            "android/app/src/main/java/Keys.kt": "object Keys {\n    const val CALLS = \"calls\"\n}\n",
            "android/app/src/main/java/Channels.kt": "val c = NotificationChannel(Keys.CALLS, \"Calls\", 4)\n"
        ])
        let byID = Dictionary(found.channels.compactMap { c in c.id.map { ($0, c) } }, uniquingKeysWith: { a, _ in a })
        #expect(Set(byID.keys) == ["orders", "alerts", "calls"], "\(found.channels)")
        #expect(byID["orders"]?.sound == .resource("order_ready"))
        #expect(byID["alerts"]?.sound == .resource("ding.wav"))
        #expect(found.pending.isEmpty)
    }

    @Test(.bug(id: 57, "channel objects across files")) func aChannelsOptionsDeclaredApartAreItsOwn() throws {
        let found = try walk([
            "src/notification/data/notifee.ts": """
            export const soundChannel: AndroidChannel = {
              id: 'sound',
              name: 'Sound channel',
              sound: 'alarm_morning',
            };
            """,
            "src/notification/NotificationService.ts": """
            import { soundChannel } from './data/notifee';
            const quiet = { id: 'quiet', sound: null };
            export async function setUp(passed: AndroidChannel) {
              await notifee.createChannel(soundChannel);
              await notifee.createChannel(quiet);
              await notifee.createChannel(passed);
              await notifee.createChannel(nowhere);
            }
            """
        ])
        #expect(found.channels.count == 4, "\(found.channels)")
        let byLine = found.channels.sorted { $0.position.line < $1.position.line }
        #expect(byLine.map(\.id) == ["sound", "quiet", nil, nil])
        #expect(byLine.map(\.sound) == [.resource("alarm_morning"), .silent, .computed, .computed])
        #expect(found.pending.isEmpty)
    }

    @Test func aBoundNameOrTwoValuesStayComputed() throws {
        let found = try walk([
            "lib/a.dart": "const channelId = 'one';\nconst other = 'x';\n",
            "lib/b.dart": "const other = 'y';\n",
            // A parameter of the same name as a constant elsewhere is the parameter.
            "lib/make.dart": """
            void make(String channelId) {
              final c = AndroidNotificationChannel(channelId, 'A');
              final d = AndroidNotificationChannel(other, 'B');
            }
            """
        ])
        #expect(found.channels.count == 2)
        #expect(found.channels.allSatisfy { $0.id == nil }, "\(found.channels)")
    }

    /// Past `Limits.maximumConstantNames` names, the rest stay computed: a tree that names many
    /// costs no more than that many.
    @Test func atMostSoManyNamesAreLookedUp() throws {
        let count = Limits.maximumConstantNames + 4
        let names = (0..<count).map { String(format: "channel%02d", $0) }
        let found = try walk([
            "lib/constants.dart": names.map { "const \($0) = '\($0)_id';" }.joined(separator: "\n"),
            "lib/channels.dart": names.map { "final c\($0) = AndroidNotificationChannel(\($0), 'x');" }.joined(
                separator: "\n")
        ])
        #expect(found.channels.count == count)
        #expect(found.channels.filter { $0.id != nil }.count == Limits.maximumConstantNames, "\(found.channels)")
    }

    /// An iOS name from another file's constant is its value too; where the app writes sounds into
    /// Library/Sounds at run time (Element X's selected tone), that is found as well.
    @Test func anIOSNameFromAnotherFileAndARuntimeInstall() throws {
        let found = try walk([
            "App/Tones.swift": """
            enum Tones {
                static let selected = "currentAlert.caf"
                static let folder = URL.libraryDirectory.appending(components: "Sounds", "Available")
            }
            """,
            "App/Notify.swift": "let s = UNNotificationSound(named: UNNotificationSoundName(Tones.selected))\n"
        ])
        #expect(found.references.first?.name == "currentAlert.caf", "\(found.references)")
        #expect(found.references.first?.problems.isEmpty == true)
        #expect(found.installer.map { "\(($0.file as NSString).lastPathComponent):\($0.line)" } == "Tones.swift:3")
    }

    /// A constants file with a long line of declarations (issue 55): each occurrence read the
    /// words before it and the line after it; the constant still resolves across files.
    @Test(.bug(id: 55, "item 2")) func aLongDeclarationLineStillResolvesAcrossFiles() throws {
        let found = try walk([
            "android/app/src/main/java/Keys.kt": "object Keys {\n"
                + String(repeating: "val CALLS: String ", count: 30_000) + "= \"calls\"\n}\n",
            "android/app/src/main/java/Channels.kt": "val c = NotificationChannel(Keys.CALLS, \"Calls\", 4)\n"
        ])
        #expect(found.channels.map(\.id) == ["calls"], "\(found.channels)")
    }
}
