import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// A channel's sound followed through what functions return and through branches (issue 57): a
/// function's expression body or `return`, a few levels deep; a preference with a constant
/// default (the fresh-install answer); `when`/`if`/`?:` naming several sounds.
@Suite struct CodeReturnsTests {
    func channels(_ text: String, _ ext: String = "kt") -> [ChannelDeclaration] {
        CodeSounds.read(text, file: "F.\(ext)", fileExtension: ext).channels
    }

    func plays(_ text: String, _ ext: String = "kt") -> [String] {
        channels(text, ext).map { "\($0.id ?? "?")=\(CodeFollowTests.describe($0.sound))" }
    }

    /// A function's value: Kotlin's expression body calling a function with a constant (two
    /// levels), a block's single `return` of a URI template, Java's `return` of a constant; the
    /// default URI returned is the default sound.
    @Test(.bug(id: "57")) func aFunctionsReturnValueIsTheChannelsSound() {
        let kotlin = """
            object Sounds {
                const val ORDER_URI =
                    "android.resource://" + BuildConfig.APPLICATION_ID + "/raw/order_ready"
                private fun uriOf(value: String): Uri = value.toUri()
                fun orderUri(context: Context): Uri? =
                    uriOf(ORDER_URI)
                fun bellUri(context: Context): Uri {
                    return Uri.parse("android.resource://${context.packageName}/raw/bell")
                }
                fun plainUri(): Uri = RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION)
                fun create(context: Context) {
                    val orders = NotificationChannel("orders", "Orders", 4)
                    orders.setSound(orderUri(context), null)
                    val soundUri = bellUri(context)
                    val bells = NotificationChannel("bells", "Bells", 4)
                    bells.setSound(soundUri, null)
                    val plain = NotificationChannel("plain", "Plain", 4)
                    plain.setSound(plainUri(), null)
                }
            }
            """
        #expect(plays(kotlin) == ["orders=order_ready", "bells=bell", "plain=default"])
        let java = """
            class Channels {
                static final String SIREN = "android.resource://com.shop/raw/siren";
                private Uri sirenUri() {
                    return Uri.parse(SIREN);
                }
                void create() {
                    NotificationChannel c = new NotificationChannel("alarms", "Alarms", 4);
                    c.setSound(sirenUri(), null);
                }
            }
            """
        #expect(plays(java, "java") == ["alarms=siren"])
        // A function called but declared nowhere in the file stays computed.
        #expect(
            plays(#"val c = NotificationChannel("x", "X", 4); c.setSound(elsewhere(context), null)"#) == ["x=computed"])
    }

    /// A helper's sound parameter given a local that holds a getter's value, the getter a
    /// preference with a constant default: on a fresh install nothing is stored, so the constant
    /// plays, said in the channel's origin. The channel IDs are an enum's entries' names.
    @Test(.bug(id: "57")) func aPreferenceWithAConstantDefaultIsTheFreshInstallSound() throws {
        let kotlin = Self.preferences
        let made = channels(kotlin)
        #expect(
            made.map { "\($0.id ?? "?")=\(CodeFollowTests.describe($0.sound))" } == [
                "CALLS=ring", "MESSAGES=chime", "UPLOADS=silent"
            ])
        let origin = try #require(made.first?.origin)
        #expect(origin.contains("fresh install") && origin.contains("'ring'"), "\(origin)")
        // The stored value is read without a default: nothing is known on a fresh install.
        let unknown = """
            object N {
                private fun getUri(context: Context, channelId: String): Uri? {
                    val channel = manager.getNotificationChannel(channelId)
                    if (channel != null) {
                        return channel.sound
                    }
                    return prefs.soundUri
                }
                fun create(context: Context) {
                    val c = NotificationChannel("news", "News", 4)
                    c.setSound(getUri(context, "news"), null)
                    val d = NotificationChannel("alerts", "Alerts", 4)
                    d.setSound(prefs.getString("alert_sound", DEFAULT_ALERT)?.toUri(), null)
                    val e = NotificationChannel("muted", "Muted", 4)
                    e.setSound(prefs.getString("muted_sound", null)?.toUri(), null)
                }
                const val DEFAULT_ALERT = "android.resource://com.shop/raw/siren"
            }
            """
        // SharedPreferences' `getString(key, default)` returns the default on a fresh install.
        #expect(plays(unknown) == ["news=computed", "alerts=siren", "muted=silent"])
    }

    static let preferences = """
        object NotificationUtils {
            enum class Channels { CALLS, MESSAGES, UPLOADS }
            const val DEFAULT_RING_URI =
                "android.resource://" + BuildConfig.APPLICATION_ID + "/raw/ring"
            const val DEFAULT_CHIME_URI =
                "android.resource://" + BuildConfig.APPLICATION_ID + "/raw/chime"
            private fun createChannel(context: Context, channel: Channel, sound: Uri?) {
                val made = NotificationChannel(channel.id, channel.name, 4)
                made.setSound(sound, null)
                manager.createNotificationChannel(made)
            }
            private fun createCalls(context: Context, prefs: AppPreferences) {
                val soundUri = getCallUri(context, prefs)
                createChannel(context, Channel(Channels.CALLS.name, "Calls"), soundUri)
            }
            private fun createMessages(context: Context, prefs: AppPreferences) {
                val soundUri = getMessageUri(context, prefs)
                createChannel(context, Channel(Channels.MESSAGES.name, "Messages"), soundUri)
            }
            private fun createUploads(context: Context) {
                createChannel(context, Channel(Channels.UPLOADS.name, "Uploads"), null)
            }
            private fun getUri(context: Context, stored: String?, defaultUri: String, channelId: String): Uri? {
                val channel = getNotificationChannel(context, channelId)
                if (channel != null) {
                    return channel.sound
                }
                return if (TextUtils.isEmpty(stored)) {
                    defaultUri.toUri()
                } else {
                    try {
                        val settings = Parser.parse(stored, RingtoneSettings::class.java)
                        settings.ringtoneUri
                    } catch (exception: IOException) {
                        defaultUri.toUri()
                    }
                }
            }
            fun getCallUri(context: Context, prefs: AppPreferences): Uri? =
                getUri(context, prefs.callRingtoneUri, DEFAULT_RING_URI, Channels.CALLS.name)
            fun getMessageUri(context: Context, prefs: AppPreferences): Uri? =
                getUri(context, prefs.messageRingtoneUri, DEFAULT_CHIME_URI, Channels.MESSAGES.name)
        }
        data class Channel(val id: String, val name: String)
        """

    /// Branches: `when` whose every branch is the default URI is the default sound; one whose
    /// branches differ in what plays is computed, each listed (the default among them); a
    /// value the caller passes or the default (`?:`) is computed, not the default.
    @Test(.bug(id: "57")) func branchesNamingSeveralSounds() throws {
        let kotlin = """
            enum class Tone { DEFAULT, BELL }
            object Channels {
                private fun uriFor(context: Context, tone: Tone): Uri = when (tone) {
                    Tone.DEFAULT ->
                        RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION)
                    Tone.BELL -> {
                        Uri.parse("${ContentResolver.SCHEME_ANDROID_RESOURCE}://${context.packageName}/${R.raw.bell}")
                    }
                }
                private fun plainFor(tone: Tone): Uri = when (tone) {
                    Tone.DEFAULT -> Settings.System.DEFAULT_NOTIFICATION_URI
                    else -> RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION)
                }
                fun create(context: Context, tone: Tone, sound: String?) {
                    val a = NotificationChannel("chosen", "Chosen", 4)
                    a.setSound(uriFor(context, tone), null)
                    val b = NotificationChannel("plain", "Plain", 4)
                    b.setSound(plainFor(tone), null)
                    val soundUri = sound?.let {
                        Uri.parse("android.resource://${context.packageName}/raw/${it.replace(".wav", "")}")
                    } ?: RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION)
                    val c = NotificationChannel("given", "Given", 4)
                    c.setSound(soundUri, null)
                }
            }
            """
        let made = channels(kotlin)
        #expect(
            made.map { "\($0.id ?? "?")=\(CodeFollowTests.describe($0.sound))" } == [
                "chosen=computed", "plain=default", "given=computed"
            ])
        let chosen = try #require(made.first?.origin)
        #expect(chosen.contains("the default sound") && chosen.contains("'bell'"), "\(chosen)")
        let given = try #require(made.last?.origin)
        #expect(given.contains("the default sound") && given.contains("computed at run time"), "\(given)")
    }
}

/// The endings of sounds followed through functions, as validate-bundle and explain judge a
/// message on them (issue 57): the fresh-install sound plays, another plays, the default plays,
/// not told (with the branches).
@Suite struct CodeReturnsEndingTests {
    @Test(.bug(id: "57")) func followedSoundsDecideTheirMessages() throws {
        let book = ChannelBookTests()
        let scratch = try Scratch()
        let root = try book.app(
            scratch,
            kotlin: CodeReturnsTests.preferences.replacingOccurrences(of: "/raw/ring", with: "/raw/order_ready")
                .replacingOccurrences(of: "/raw/chime", with: "/raw/bell")
                    + """

                    object Tones {
                        private fun uriFor(context: Context, tone: Tone): Uri = when (tone) {
                            Tone.DEFAULT -> RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION)
                            Tone.BELL -> Uri.parse("android.resource://${context.packageName}/raw/bell")
                        }
                        private fun plainFor(): Uri = if (quiet) RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION) else Settings.System.DEFAULT_NOTIFICATION_URI
                        fun create(context: Context, tone: Tone) {
                            val a = NotificationChannel("chosen", "Chosen", 4)
                            a.setSound(uriFor(context, tone), null)
                            val b = NotificationChannel("plain", "Plain", 4)
                            b.setSound(plainFor(), null)
                        }
                    }
                    """)
        func on(_ channel: String) throws -> [[DiagnosticCode]] {
            try book.codes(root, book.message(#""channel_id": "\#(channel)", "sound": "order_ready""#))
        }
        #expect(try on("CALLS") == [[]])
        #expect(try on("MESSAGES") == [[.channelSoundMismatch]])
        #expect(try on("plain") == [[.channelSoundMismatch]])
        #expect(try on("chosen") == [[.channelNotRead]])
        // explain says the fresh-install answer, and why.
        let explainer = ExplainTests()
        let calls = try explainer.only(
            try explainer.explain(root, .named(sound: "order_ready", channel: "CALLS")), .android)
        #expect(calls.fresh.plays == .namedSound, "\(calls.summary)")
        #expect(calls.steps.contains { $0.evidence.contains { $0.fact.contains("fresh install") } }, "\(calls.steps)")
        let plain = try explainer.only(
            try explainer.explain(root, .named(sound: "order_ready", channel: "plain")), .android)
        #expect(plain.fresh.plays == .defaultSound, "\(plain.summary)")
        let chosen = try explainer.only(
            try explainer.explain(root, .named(sound: "order_ready", channel: "chosen")), .android)
        #expect(chosen.fresh.plays == .unknown, "\(chosen.summary)")
        #expect(chosen.fresh.because?.contains("'bell'") == true, "\(chosen.fresh.because ?? "")")
    }
}

/// A helper that makes a channel from its parameters, declared in one file and called from
/// others (issue 57): each call makes its channel, the ID's package name and string resources
/// read from the module's Gradle file and `res/values`; a call passing a value computed at run
/// time leaves that channel's ID computed; a helper called nowhere stays computed.
@Suite struct HelperAcrossFilesTests {
    static let files: [String: String] = [
        "app/build.gradle": """
        plugins { id 'com.android.application' }
        android {
            defaultConfig {
                applicationId "com.shop"
                minSdkVersion 26
            }
        }
        """,
        "app/src/main/res/values/strings.xml": """
        <resources>
            <string name="updates_name">Updates</string>
        </resources>
        """,
        "app/src/main/java/com/shop/NotificationHelper.kt": """
        object NotificationHelper {
            fun createNotificationChannel(context: Context, name: String, descriptionText: String) {
                val channelId = "${context.packageName}-$name"
                val channel = NotificationChannel(channelId, name, NotificationManager.IMPORTANCE_HIGH)
                channel.setSound(Uri.parse("android.resource://" + context.packageName + "/raw/order_ready"), null)
                manager.createNotificationChannel(channel)
            }
            fun makeWith(id: String, sound: Uri?) {
                val c = NotificationChannel(id, "n", 4)
                c.setSound(sound, null)
                manager.createNotificationChannel(c)
            }
            fun never(id: String, sound: Uri?) {
                val c = NotificationChannel(id, "n", 4)
                c.setSound(sound, null)
                manager.createNotificationChannel(c)
            }
        }
        """,
        "app/src/main/java/com/shop/MainActivity.kt": """
        class MainActivity : AppCompatActivity() {
            fun setUp() {
                NotificationHelper.createNotificationChannel(this, getString(R.string.updates_name), "News")
                NotificationHelper.makeWith("bells", Uri.parse("android.resource://com.shop/raw/bell"))
                NotificationHelper.makeWith(id = "quiet", sound = null)
            }
            fun courses(result: List<Doc>) {
                for (document in result) {
                    val cn = document.getString("courseName")
                    NotificationHelper.createNotificationChannel(this, cn, "Course")
                }
            }
        }
        """
    ]

    @Test(.bug(id: "57")) func eachCallInAnotherFileMakesItsChannel() throws {
        let found = try CrossFileConstantTests().walk(Self.files)
        let described = Set(found.channels.map { "\($0.id ?? "?")=\(CodeFollowTests.describe($0.sound))" })
        #expect(
            described == ["com.shop-Updates=order_ready", "?=order_ready", "bells=bell", "quiet=silent", "?=computed"],
            "\(found.channels)")
        let updates = try #require(found.channels.first { $0.id == "com.shop-Updates" })
        #expect(updates.position.file.hasSuffix("MainActivity.kt") && updates.position.line == 3)
        #expect(updates.origin?.contains("NotificationHelper.kt") == true, "\(updates.origin ?? "")")
        #expect(found.pending.isEmpty)
    }

    /// The package name is not known when a flavor appends a suffix: the ID stays computed.
    @Test(.bug(id: "57")) func aSuffixedPackageLeavesTheIDComputed() throws {
        var files = Self.files
        files["app/build.gradle"] = """
            android {
                defaultConfig { applicationId "com.shop" }
                productFlavors { free { applicationIdSuffix ".free" } }
            }
            """
        let found = try CrossFileConstantTests().walk(files)
        #expect(!found.channels.contains { $0.id?.hasPrefix("com.shop") == true }, "\(found.channels)")
        #expect(found.channels.contains { $0.id == "bells" })
    }

    /// Through validate-bundle: a message on the channel the other file's call makes plays its
    /// sound; one on a channel the app never makes is not told while a computed ID remains.
    @Test(.bug(id: "57")) func aMessageOnTheHelpersChannel() throws {
        let scratch = try Scratch()
        let root = scratch.path("shop")
        var files = Self.files.mapValues { Array($0.utf8) }
        files["app/src/main/res/raw/order_ready.wav"] = AndroidTests.pcm16
        files["app/src/main/res/raw/bell.wav"] = AndroidTests.pcm16
        try AppSearchTests.tree(root, files)
        let book = ChannelBookTests()
        #expect(
            try book.codes(root, book.message(#""channel_id": "com.shop-Updates", "sound": "order_ready""#)) == [[]])
        #expect(
            try book.codes(root, book.message(#""channel_id": "bells", "sound": "order_ready""#))
                == [[.channelSoundMismatch]])
    }
}
