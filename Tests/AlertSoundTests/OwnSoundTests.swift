import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// A channel created with the sound of the notification about to be posted on it (issue 57): a
/// helper builds the `setSound` URI from its parameter's name, and its caller passes the sound of
/// the notification it then builds. The channel plays the sound of the notification that first
/// creates it (``ChannelSound/notificationsOwn(dropping:)``).
@Suite struct OwnSoundTests {
    static let files: [String: String] = [
        "app/build.gradle": """
        plugins { id 'com.android.application' }
        android {
            defaultConfig {
                applicationId "com.memo"
                minSdkVersion 24
            }
        }
        """,
        "app/src/main/java/com/memo/Alerts.kt": """
        object Alerts {
            fun ensureChannel(channelId: String?, tone: String?) {
                if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.O) {
                    val toneUri = tone?.let {
                        Uri.parse("android.resource://${App.context.packageName}/raw/${it.replace(".wav", "")}")
                    } ?: RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION)
                    val channel = NotificationChannel(channelId ?: "memo-alerts", "Memos", NotificationManager.IMPORTANCE_HIGH).apply {
                        setSound(toneUri, attributes)
                    }
                    manager.createNotificationChannel(channel)
                }
            }
        }
        """,
        "app/src/main/java/com/memo/MemoReceiver.kt": """
        class MemoReceiver : BroadcastReceiver() {
            override fun onReceive(context: Context?, intent: Intent?) {
                val memo = intent?.getStringExtra("memo")?.decode()
                Alerts.ensureChannel(memo?.channel, memo?.tone)
                val notification = NotificationCompat.Builder(context, memo?.channel ?: "memo-alerts")
                    .setContentTitle(memo?.title)
                    .build()
                NotificationManagerCompat.from(context).notify(1, notification)
            }
            fun quiet() { Alerts.ensureChannel("quiet", null) }
            fun bells() { Alerts.ensureChannel("bells", "bell.wav") }
            fun chosen() { Alerts.ensureChannel("chosen", prefs.getString("tone", null)) }
        }
        """
    ]

    /// Each call's channel: the notification's own sound where the caller passes its model's
    /// sound and builds the notification; the `?:` fallback ID beside the computed one; `null`
    /// ends in the default sound; a literal is that resource; a preference stays computed.
    @Test(.bug(id: "57")) func aChannelMadeWithTheNotificationsSound() throws {
        let found = try CrossFileConstantTests().walk(Self.files)
        let described = Set(found.channels.map { "\($0.id ?? "?")=\(CodeFollowTests.describe($0.sound))" })
        #expect(
            described == ["memo-alerts=own-.wav", "?=own-.wav", "quiet=default", "bells=bell", "chosen=computed"],
            "\(found.channels)")
        let own = try #require(found.channels.first { $0.id == "memo-alerts" })
        #expect(own.position.file.hasSuffix("MemoReceiver.kt") && own.position.line == 4)
        #expect(own.origin?.contains("first creates it") == true, "\(own.origin ?? "")")
    }

    /// Without a notification built after the call, the sound passed is not the notification's:
    /// computed.
    @Test(.bug(id: "57")) func aModelsSoundWithNoNotificationBuiltStaysComputed() throws {
        var files = Self.files
        files["app/src/main/java/com/memo/MemoReceiver.kt"] = """
            class Setup {
                fun prepare(memo: Memo) { Alerts.ensureChannel(memo.channel, memo.tone) }
            }
            """
        let found = try CrossFileConstantTests().walk(files)
        let described = Set(found.channels.map { "\($0.id ?? "?")=\(CodeFollowTests.describe($0.sound))" })
        #expect(described == ["memo-alerts=computed", "?=computed"], "\(found.channels)")
    }

    /// The spellings of a raw resource URI built from a parameter's name.
    @Test(.bug(id: "57")) func theParameterARawURIIsBuiltFrom() {
        func read(_ text: String) -> String? {
            CodeFollow.rawName(in: text, parameters: ["sound", "id"]).map { "\($0.parameter)|\($0.dropping ?? "-")" }
        }
        #expect(read(#"Uri.parse("android.resource://${pkg}/raw/$sound")"#) == "sound|-")
        #expect(read(#"Uri.parse("android.resource://${pkg}/raw/${sound.removeSuffix(".mp3")}")"#) == "sound|.mp3")
        #expect(read(#"Uri.parse("android.resource://${pkg}/raw/${sound?.substringBeforeLast(".")}")"#) == "sound|.")
        #expect(read(#"Uri.parse("android.resource://" + getPackageName() + "/raw/" + sound)"#) == "sound|-")
        #expect(read(#"sound?.let { s -> Uri.parse("android.resource://${pkg}/raw/$s") }"#) == "sound|-")
        #expect(
            read(#"sound.let { Uri.parse("android.resource://${pkg}/raw/${it.replace(".ogg", "")}") }"#) == "sound|.ogg"
        )
        // Not the parameter, or more than one call on it: not read.
        #expect(read(#"Uri.parse("android.resource://${pkg}/raw/$other")"#) == nil)
        #expect(read(#"Uri.parse("android.resource://${pkg}/raw/${sound.replace(".wav", "x")}")"#) == nil)
        #expect(read(#"Uri.parse("android.resource://${pkg}/raw/${sound.trim().lowercase()}")"#) == nil)
        #expect(ChannelSound.ownResource(of: "chime.wav", dropping: ".wav") == "chime")
        #expect(ChannelSound.ownResource(of: "a.b.mp3", dropping: ".") == "a.b")
        #expect(ChannelSound.ownResource(of: "chime", dropping: nil) == "chime")
    }

    /// Through validate-bundle and explain: the channel plays the sound the message names when
    /// the resource exists; `default` and a channel made with `null` end in the default sound.
    @Test(.bug(id: "57")) func aMessageOnTheNotificationsOwnChannel() throws {
        let scratch = try Scratch()
        let root = scratch.path("memo")
        var files = Self.files.mapValues { Array($0.utf8) }
        files["app/src/main/res/raw/chime.wav"] = AndroidTests.pcm16
        files["app/src/main/res/raw/bell.wav"] = AndroidTests.pcm16
        try AppSearchTests.tree(root, files)
        let explainer = ExplainTests()
        func explained(_ sound: String, _ channel: String) throws -> PushExplanation {
            try explainer.only(try explainer.explain(root, .named(sound: sound, channel: channel)), .android)
        }
        let chime = try explained("chime.wav", "memo-alerts")
        #expect(chime.fresh.plays == .namedSound, "\(chime.summary)")
        #expect(chime.fresh.sound?.contains("chime") == true, "\(chime.fresh)")
        #expect(
            chime.steps.contains { $0.evidence.contains { $0.fact.contains("first creates it") } }, "\(chime.steps)")
        let bell = try explained("chime.wav", "bells")
        #expect(bell.fresh.plays == .otherSound, "\(bell.summary)")
        let quiet = try explained("chime.wav", "quiet")
        #expect(quiet.fresh.plays == .defaultSound, "\(quiet.summary)")
        let asked = try explained("default", "memo-alerts")
        #expect([.requestedDefault, .defaultSound].contains(asked.fresh.plays), "\(asked.summary)")
        let book = ChannelBookTests()
        #expect(
            try book.codes(root, book.message(#""channel_id": "bells", "sound": "chime""#))
                == [[.channelSoundMismatch]])
        #expect(try book.codes(root, book.message(#""channel_id": "memo-alerts", "sound": "chime""#)) == [[]])
        // validate-bundle says the same of each.
        let pushes: [Push] = [
            .named(sound: "chime.wav", channel: "memo-alerts"), .named(sound: "chime", channel: "memo-alerts"),
            .named(sound: "chime", channel: "bells"), .named(sound: "chime", channel: "quiet"),
            .named(sound: "default", channel: "memo-alerts")
        ]
        let disagreements = try ExplainAgreementTests.disagreements(
            ExplainAgreementTests.Case(what: "own sound", paths: [root], pushes: pushes))
        #expect(disagreements.isEmpty, "\(disagreements)")
    }
}
