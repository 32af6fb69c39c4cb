import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// The pushes an app's own server code sends (Firebase Cloud Functions, an Expo app's backend):
/// each sound they name is judged as a payload's (issue 57: an Expo app's backend sent
/// `critical.wav`, which nothing shipped, and the app passed).
@Suite struct ServerPayloadsTests {
    func read(_ text: String, _ ext: String = "ts") -> [SoundReference] {
        CodeSounds.read(text, file: "F.\(ext)", fileExtension: ext).references
    }

    func described(_ references: [SoundReference]) -> [String] {
        references.map {
            "\($0.platform?.rawValue ?? "both") \($0.field ?? "") \($0.name ?? "nil")"
                + ($0.channel.map { " on \($0)" } ?? "") + ($0.critical ? " critical" : "")
        }
    }

    @Test(.bug(id: "57")) func firebaseAdminsMessagesNameTheirSounds() {
        let found = read(
            """
            import * as admin from 'firebase-admin';
            const ORDERS = 'orders';
            await admin.messaging().send({
              token,
              notification: { title: 'Order', body: 'Ready' },
              android: { priority: 'high', notification: { sound: 'order_ready', channelId: ORDERS } },
              apns: { payload: { aps: { sound: 'order_ready.caf', badge: 1 } } },
            });
            await admin.messaging().send({ token, apns: { payload: { "aps": { "sound": { "critical": 1, "name": "siren.caf", "volume": 1.0 } } } } });
            """)
        #expect(
            described(found) == [
                "ios aps.sound order_ready.caf", "ios aps.sound.name siren.caf critical",
                "android android.notification.sound order_ready on orders"
            ], "\(described(found))")
        #expect(found.map { $0.position?.line } == [7, 9, 6])
    }

    @Test(.bug(id: "57")) func theLegacyAPIsNotificationReachesBothPlatforms() {
        let found = read(
            """
            exports.notify = functions.firestore.document('chats/{id}').onCreate(async () => {
              const payload = { notification: { title: 'New', sound: 'chime.wav', android_channel_id: 'chat' } };
              return admin.messaging().sendToDevice(tokens, payload);
            });
            """, "js")
        #expect(
            described(found) == ["ios notification.sound chime.wav", "android notification.sound chime.wav on chat"],
            "\(described(found))")
        // Without the legacy API's call, a `notification` object is not taken for a payload.
        #expect(read("const n = { notification: { sound: 'chime.wav' } };", "js").isEmpty)
    }

    @Test(.bug(id: "57")) func anExpoPushMessageNamesIOSsSoundAndBothSidesOfAChoice() {
        let found = read(
            """
            import { Expo, ExpoPushMessage } from 'expo-server-sdk';
            const messages: ExpoPushMessage[] = [];
            messages.push({
              to: user.pushToken,
              sound: data.severity === 'CRITICAL' ? 'critical.wav' : 'default',
              channelId: 'alerts',
            });
            const note = { title: 'x', sound: 'not-a-message.wav' };
            """)
        #expect(described(found) == ["ios sound critical.wav", "ios sound default"], "\(described(found))")
        #expect(found.map { $0.position?.line } == [5, 5])
        // The same object outside a file that uses Expo's push service is not read as one.
        #expect(read("messages.push({ to: token, sound: 'x.wav' });").isEmpty)
    }

    /// A value chosen at run time from anything but two literals stays a computed name, said so.
    @Test(.bug(id: "57")) func aComputedSoundIsSaidToBeComputed() {
        let found = read("admin.messaging().send({ apns: { payload: { aps: { sound: pick(user) } } } });")
        #expect(found.map(\.name) == [nil])
        #expect(found.first?.problems.map(\.code) == [.computedName])
    }

    /// A notifee notification's `android: { sound }` is the app's own display call, read as such,
    /// not a server payload (it has no `notification` member).
    @Test(.bug(id: "57")) func aClientDisplayCallIsNoServerPayload() {
        let found = read(
            "await notifee.displayNotification({ title: 't', android: { channelId: 'orders', sound: 'bell' } });")
        #expect(
            described(found) == ["android displayNotification(android.sound) bell on orders"], "\(described(found))")
    }

    /// End to end: an Expo app whose backend sends a sound its `sounds` list does not ship fails on
    /// iOS, naming the file and line; the sound it ships passes.
    @Test(.bug(id: "57")) func anExpoAppsBackendNamingAnUnshippedSoundFails() throws {
        let scratch = try Scratch()
        let root = try ExpoSoundsTests.app(scratch, sounds: ["./assets/ok.wav"])
        try AppSearchTests.tree(
            root,
            [
                "package.json": AppSearchTests.text(#"{"dependencies": {"expo-notifications": "~0.28.0"}}"#),
                "backend/src/push.ts": AppSearchTests.text(
                    """
                    import { Expo } from 'expo-server-sdk';
                    export const message = (token: string, urgent: boolean) => ({
                      to: token, sound: urgent ? 'critical.wav' : 'ok.wav', body: 'x' });
                    """)
            ])
        let report = try BundleValidator().validate(paths: [root])
        let ios = try #require(report.bundles.first { $0.kind == .resources })
        let failing = ios.references.filter { !$0.valid }
        #expect(failing.map(\.name) == ["critical.wav"], "\(ios.references.map(\.name))")
        #expect(failing.first?.diagnostics.map(\.code) == [.noSuchSound])
        #expect(failing.first?.source.hasSuffix("backend/src/push.ts:3") == true, "\(failing.first?.source ?? "")")
        #expect(ios.references.first { $0.name == "ok.wav" }?.valid == true)
        #expect(!report.valid)
    }
}
