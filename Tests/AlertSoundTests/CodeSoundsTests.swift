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
}
