import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Code read as a reader follows names (issue 57): a helper function's parameters bound at each
/// call, a loop over a literal collection, a URI built over lines or assigned in turn.
@Suite struct CodeFollowTests {
    func read(_ text: String, _ ext: String) -> CodeSounds {
        CodeSounds.read(text, file: "F.\(ext)", fileExtension: ext)
    }

    func channels(_ text: String, _ ext: String) -> [String] {
        read(text, ext).channels.map { "\($0.id ?? "?")=\(Self.describe($0.sound))@\($0.position.line)" }
    }

    static func describe(_ sound: ChannelSound) -> String {
        switch sound {
        case .resource(let name): name
        case .defaultSound: "default"
        case .silent: "silent"
        case .computed: "computed"
        case .notificationsOwn(let dropping): "own" + (dropping.map { "-" + $0 } ?? "")
        }
    }

    /// Kotlin: a helper whose parameters reach `NotificationChannel` and `setSound`, called with
    /// constants (positional and named), a URI built from the package name, `null` and the
    /// default URI; each call is one channel, at the call's line.
    @Test(.bug(id: "57")) func aKotlinHelpersParametersAreBoundAtEachCall() {
        let kotlin = """
            object Channels {
                const val MESSAGES = "messages"
                private fun createChannel(context: Context, id: String, name: String, sound: Uri?) {
                    val ch = NotificationChannel(id, name, NotificationManager.IMPORTANCE_HIGH)
                    ch.setSound(sound, attrs)
                    manager.createNotificationChannel(ch)
                }
                fun register(context: Context) {
                    createChannel(context, MESSAGES, "Messages", Uri.parse("android.resource://" + context.packageName + "/raw/chime"))
                    createChannel(context, "calls", "Calls", Uri.parse("android.resource://${context.packageName}/" + R.raw.ring))
                    createChannel(context, name = "Uploads", id = "uploads", sound = null)
                    createChannel(context, "alerts", "Alerts", RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION))
                    createChannel(context, prefs.channelId(), "User", Uri.parse(prefs.sound()))
                }
            }
            """
        #expect(
            channels(kotlin, "kt") == [
                "messages=chime@9", "calls=ring@10", "uploads=silent@11", "alerts=default@12", "?=computed@13"
            ])
        // Without a call in the file, the parameters stay computed: said, never guessed.
        let uncalled = """
            fun createChannel(id: String, sound: Uri?) {
                val ch = NotificationChannel(id, "x", 4)
                ch.setSound(sound, null)
            }
            """
        #expect(channels(uncalled, "kt") == ["?=computed@2"])
    }

    /// Java: the same idiom, `static final` constants, and a default from the caller's own
    /// parameter followed one helper further up.
    @Test(.bug(id: "57")) func aJavaHelperAndAHelperCallingAHelper() {
        let java = """
            class Channels {
                static final String ORDERS = "orders";
                void make(String id, Uri sound) {
                    NotificationChannel c = new NotificationChannel(id, "Orders", 4);
                    c.setSound(sound, null);
                    manager.createNotificationChannel(c);
                }
                void orders(Uri sound) {
                    make(ORDERS, sound);
                }
                void setUp() {
                    orders(Uri.parse("android.resource://com.shop/raw/order_ready"));
                }
            }
            """
        #expect(channels(java, "java") == ["orders=order_ready@9"])
    }

    /// Kotlin's `Enum.ENTRY.name` and a data class's property passed in a constructor call.
    @Test(.bug(id: "57")) func anEnumsNameAndADataClassesProperty() {
        let kotlin = """
            enum class Ids { ORDERS, NEWS }
            private data class Spec(val id: String, val name: String)
            fun create(spec: Spec, sound: Uri?) {
                val channel = NotificationChannel(spec.id, spec.name, 4)
                channel.setSound(sound, null)
            }
            fun all() {
                create(Spec(Ids.ORDERS.name, "Orders"), "android.resource://p/raw/order_ready".toUri())
                create(Spec(Ids.NEWS.name, "News"), null)
            }
            """
        #expect(channels(kotlin, "kt") == ["ORDERS=order_ready@8", "NEWS=silent@9"])
    }

    /// Kotlin: `listOf(Channel(…), …).forEach { … }` and `for (c in CHANNELS)`: each element a
    /// channel; a loop over something computed stays computed.
    @Test(.bug(id: "57")) func kotlinLoopsOverLiteralLists() {
        let kotlin = """
            data class Spec(val id: String, val sound: Int)
            val CHANNELS = listOf(Spec("a", R.raw.alpha), Spec("b", R.raw.beta))
            fun setUp() {
                listOf(Spec("c", R.raw.gamma)).forEach { spec ->
                    val ch = NotificationChannel(spec.id, "n", 4)
                    ch.setSound(Uri.parse("android.resource://p/" + spec.sound), null)
                }
                for (spec in CHANNELS) {
                    val ch = NotificationChannel(spec.id, "n", 4)
                    ch.setSound(Uri.parse("android.resource://p/" + spec.sound), null)
                }
                for (spec in repository.load()) {
                    val ch = NotificationChannel(spec.id, "n", 4)
                }
            }
            """
        #expect(channels(kotlin, "kt") == ["c=gamma@5", "a=alpha@9", "b=beta@9", "?=default@13"])
    }

    /// notifee: `for (const [key, c] of Object.entries(X))`, `X.forEach(c => …)` over an array,
    /// and a helper taking the channel's config; Expo's channel in a helper too.
    @Test(.bug(id: "57")) func javaScriptLoopsAndHelpers() {
        let ts = """
            const SOUND_CHANNELS = {
                default: { id: 'alarm_default', sound: 'default' },
                one: { id: 'alarm_1', sound: 'alarm1' },
            };
            const QUIET = [{ id: 'quiet', sound: null }, { id: 'bell', sound: 'bell' }];
            export async function init(): Promise<void> {
                for (const [key, config] of Object.entries(SOUND_CHANNELS)) {
                    await notifee.createChannel({ id: config.id, name: 'n', sound: config.sound });
                }
                QUIET.forEach((c) => {
                    notifee.createChannel({ id: c.id, name: 'n', sound: c.sound });
                });
            }
            async function makeChannel(id: string, sound?: string) {
                await Notifications.setNotificationChannelAsync(id, { name: id, sound });
            }
            makeChannel('orders', 'order_ready.wav');
            makeChannel('plain');
            """
        #expect(
            channels(ts, "ts") == [
                "orders=order_ready.wav@17", "plain=default@18", "alarm_default=default@8", "alarm_1=alarm1@8",
                "quiet=silent@11", "bell=bell@11"
            ])
    }

    /// Dart: flutter_local_notifications' details built in a helper whose parameter has a default,
    /// called by a helper passing its own parameter on (two helpers deep).
    @Test(.bug(id: "57")) func dartHelpersWithDefaults() {
        let dart = """
            NotificationDetails _details({String channelId = 'default_channel', String sound = 'notification'}) {
              final android = AndroidNotificationDetails(channelId, 'Name',
                  sound: RawResourceAndroidNotificationSound(sound));
              return NotificationDetails(android: android);
            }
            Future<void> show({required int id, String channelId = 'default_channel'}) async {
              await plugin.show(id, 't', 'b', _details(channelId: channelId));
            }
            void alarm() {
              plugin.show(1, 't', 'b', _details(channelId: 'alarm', sound: 'siren'));
            }
            """
        let found = read(dart, "dart").channels
        // `show` is called nowhere in the file: its default, and, as another file may pass
        // another ID, one not known (so no other ID is said to be missing).
        #expect(found.map(\.id) == ["default_channel", nil, "alarm"])
        #expect(found.map(\.sound) == [.resource("notification"), .resource("notification"), .resource("siren")])
        #expect(found.allSatisfy { $0.implicit && $0.library == .flutterLocalNotifications })
    }

    /// Swift: a helper taking the sound's name gives `UNNotificationSound(named:)` each call's name.
    @Test(.bug(id: "57")) func aSwiftHelperTakingTheSoundsName() {
        let swift = """
            func schedule(named sound: String, after seconds: Double) {
                let content = UNMutableNotificationContent()
                content.sound = UNNotificationSound(named: UNNotificationSoundName(sound))
            }
            func setUp() {
                schedule(named: "bell.caf", after: 5)
                schedule(named: user.sound, after: 9)
            }
            """
        let references = read(swift, "swift").references
        #expect(references.map(\.name) == ["bell.caf", nil])
        #expect(references.map { $0.position?.line } == [6, 7])
        #expect(references[1].problems.map(\.code) == [.computedName])
    }

    /// A URI written over lines (`Uri.Builder()` then `.scheme(…)` …), built with `appendPath`,
    /// or given to one variable in turn before each channel: what reaches the channel is read.
    @Test(.bug(id: "57")) func urisOverLinesAndAssignedInTurn() {
        let kotlin = """
            class Helper(val context: Context) {
                private val uri = Uri.Builder().scheme(ContentResolver.SCHEME_ANDROID_RESOURCE)
                    .authority(context.packageName)
                    .path(R.raw.notification.toString())
                    .build()
                private val built = Uri.Builder().scheme(ContentResolver.SCHEME_ANDROID_RESOURCE)
                    .authority(context.packageName).appendPath("raw").appendPath("bell").build()
                fun create() {
                    val a = NotificationChannel("a", "A", 4)
                    a.setSound(uri, attrs)
                    val b = NotificationChannel("b", "B", 4)
                    b.setSound(built, attrs)
                }
            }
            """
        #expect(channels(kotlin, "kt") == ["a=notification@9", "b=bell@11"])
        let java = """
            void notify(boolean alert) {
                Uri uri = null;
                NotificationChannel channel = null;
                if (alert) {
                    uri = Uri.parse("android.resource://" + getPackageName() + "/" + R.raw.siren);
                    channel = new NotificationChannel(ID1, "Alert", 4);
                    channel.setSound(uri, att);
                } else {
                    uri = Uri.parse("android.resource://" + getPackageName() + "/" + R.raw.chime);
                    if (Build.VERSION.SDK_INT >= 26) {
                        channel = new NotificationChannel(ID2, "Sound", 4);
                        channel.setSound(uri, att);
                    }
                }
                if (quiet) uri = null;
                NotificationChannel last = new NotificationChannel(ID3, "Last", 4);
                last.setSound(uri, att);
            }
            static final String ID1 = "one", ID2 = "two", ID3 = "three";
            """
        // The third's `uri` is given in an `if` without braces: it cannot be told.
        #expect(read(java, "java").channels.map { Self.describe($0.sound) } == ["siren", "chime", "computed"])
    }

    /// A loop over a Kotlin enum this file declares (`Enum.values()`, `Enum.entries`, `for (x in
    /// Enum.values())`) is one channel per entry: the entry's `.name`, and the entry in a template,
    /// is its name (not in a template when the enum overrides `toString`).
    @Test(.bug(id: "57")) func aLoopOverAnEnumsEntries() {
        let kotlin = """
            enum class Prayer { FAJR, ISHA }
            enum class Tone { PLAIN, BELL; override fun toString() = name.lowercase() }
            object Channels {
                fun create() {
                    Prayer.values().forEach { prayer ->
                        val c = NotificationChannel("${prayer.name}-BELL", "P", 4)
                        c.setSound(Uri.parse("android.resource://com.x/raw/bell"), null)
                    }
                    for (p in Prayer.entries) {
                        val d = NotificationChannel("quiet-$p", "Q", 4)
                        d.setSound(null, null)
                    }
                    Tone.entries.forEach { tone ->
                        val e = NotificationChannel("tone-$tone", "T", 4)
                    }
                }
            }
            """
        #expect(
            Set(channels(kotlin, "kt")) == [
                "FAJR-BELL=bell@6", "ISHA-BELL=bell@6", "quiet-FAJR=silent@10", "quiet-ISHA=silent@10", "?=default@14"
            ], "\(channels(kotlin, "kt"))")
    }
}

/// The endings of a channel made by a helper, judged as a message on it is (issue 57): the
/// channel's sound plays, another sound plays, the default plays, nothing plays, not told.
@Suite struct CodeFollowEndingTests {
    @Test(.bug(id: "57")) func aHelpersChannelsEachDecideTheirMessages() throws {
        let book = ChannelBookTests()
        let scratch = try Scratch()
        let root = try book.app(
            scratch,
            kotlin: """
                object Channels {
                    private fun make(id: String, sound: Uri?) {
                        val ch = NotificationChannel(id, "n", NotificationManager.IMPORTANCE_HIGH)
                        ch.setSound(sound, null)
                        manager.createNotificationChannel(ch)
                    }
                    fun all() {
                        make("orders", Uri.parse("android.resource://" + context.packageName + "/raw/order_ready"))
                        make("bells", Uri.parse("android.resource://${context.packageName}/raw/bell"))
                        make("plain", RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION))
                        make("quiet", null)
                        make(prefs.channel(), Uri.parse(prefs.sound()))
                    }
                }
                """)
        func on(_ channel: String) throws -> [[DiagnosticCode]] {
            try book.codes(root, book.message(#""channel_id": "\#(channel)", "sound": "order_ready""#))
        }
        #expect(try on("orders") == [[]])
        #expect(try on("bells") == [[.channelSoundMismatch]])
        #expect(try on("plain") == [[.channelSoundMismatch]])
        #expect(try on("quiet") == [[.channelSoundMismatch]])
        // A channel the code makes with a computed ID may be this one: not told.
        #expect(try on("news") == [[.channelNotRead]])
    }

    /// A channel object kept only for its ID and name (its properties read, the object passed
    /// nowhere) is not created; one passed to `createNotificationChannel` is.
    @Test(.bug(id: "57")) func aChannelBuiltOnlyForItsIDIsNotCreated() {
        let dart = """
            Future<void> show(RemoteMessage message) async {
              AndroidNotificationChannel channel = AndroidNotificationChannel('orders', 'Orders', sound: null);
              final details = AndroidNotificationDetails(channel.id, channel.name,
                  sound: RawResourceAndroidNotificationSound('order_ready'));
            }
            Future<void> create() async {
              AndroidNotificationChannel channel = const AndroidNotificationChannel('orders', 'Orders',
                  sound: RawResourceAndroidNotificationSound('bell'));
              await plugin.resolvePlatformSpecificImplementation()?.createNotificationChannel(channel);
            }
            """
        let channels = CodeSounds.read(dart, file: "F.dart", fileExtension: "dart").channels
        // The created channel and the details' (its ID computed); not the one built for its ID.
        #expect(channels.map(\.position.line) == [7, 3])
        #expect(channels.map(\.sound) == [.resource("bell"), .resource("order_ready")])
        #expect(channels.map(\.implicit) == [false, true])
        let kotlin = """
            fun ids() {
                val held = NotificationChannel("held", "H", 4)
                builder.setChannelId(held.id)
                val made = NotificationChannel("made", "M", 4)
                made.setSound(null, null)
                manager.createNotificationChannel(made)
                val alone = NotificationChannel("alone", "A", 4)
                val also = NotificationChannel("also", "A", 4)
                also.let { manager.createNotificationChannel(it) }
            }
            """
        #expect(
            CodeSounds.read(kotlin, file: "F.kt", fileExtension: "kt").channels.map(\.id) == ["made", "alone", "also"])
    }
}
