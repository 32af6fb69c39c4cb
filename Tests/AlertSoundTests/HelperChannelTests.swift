import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// Channels made in helpers and URIs made of a raw resource's ID (issue 57).
@Suite struct HelperChannelTests {
    /// `getIdentifier(NAME, "raw", package)` names raw resource NAME, in Java's and Kotlin's URIs
    /// and through a helper of the file that returns such a URI; a name the code computes stays
    /// computed, and a `getIdentifier` of another type names no sound.
    @Test(.bug(id: "57", "getIdentifier URI")) func aURIOfARawResourcesID() throws {
        let java = """
            class Channels {
                static final String CHIME = "chime";
                void make(Context c, NotificationManager m, String computed) {
                    NotificationChannel a = new NotificationChannel("a", "A", 4);
                    a.setSound(Uri.parse("android.resource://" + c.getPackageName() + "/" + c.getResources().getIdentifier("ding", "raw", c.getPackageName())), null);
                    m.createNotificationChannel(a);
                    NotificationChannel b = new NotificationChannel("b", "B", 4);
                    b.setSound(Uri.parse("android.resource://" + c.getPackageName() + "/" + c.getResources().getIdentifier(CHIME, "raw", c.getPackageName())), null);
                    m.createNotificationChannel(b);
                    NotificationChannel d = new NotificationChannel("d", "D", 4);
                    d.setSound(Uri.parse("android.resource://" + c.getPackageName() + "/" + c.getResources().getIdentifier(computed, "raw", c.getPackageName())), null);
                    m.createNotificationChannel(d);
                    NotificationChannel e = new NotificationChannel("e", "E", 4);
                    e.setSound(soundOf(c, "bell"), null);
                    m.createNotificationChannel(e);
                    NotificationChannel f = new NotificationChannel("f", "F", 4);
                    f.setSound(Uri.parse("android.resource://x/" + c.getResources().getIdentifier("logo", "drawable", "x")), null);
                    m.createNotificationChannel(f);
                }
                Uri soundOf(Context c, String name) {
                    int id = c.getResources().getIdentifier(name, "raw", c.getPackageName());
                    return Uri.parse("android.resource://" + c.getPackageName() + "/" + id);
                }
            }
            """
        let found = CodeSounds.read(java, file: "Channels.java", fileExtension: "java")
        let sounds = Dictionary(found.channels.map { ($0.id ?? "?", $0.sound) }, uniquingKeysWith: { a, _ in a })
        #expect(sounds["a"] == .resource("ding"))
        #expect(sounds["b"] == .resource("chime"))
        #expect(sounds["d"] == .computed)
        #expect(sounds["e"] == .resource("bell"))
        #expect(sounds["f"] == .computed)
    }

    /// A helper's channel made in one file and called from another is one channel per call, at
    /// the call; a call passing something other than a literal leaves that one computed, and a
    /// file that only imports the helper calls nothing.
    @Test(.bug(id: "57", "helper across files")) func aHelpersCallsInOtherFiles() throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        try AppSearchTests.tree(
            root,
            [
                "src/channels.ts": Array(NativeScriptReaderTests.helperFile.utf8),
                "src/main.ts": Array(
                    """
                    import { createAndroidNotificationChannel } from "./channels";
                    createAndroidNotificationChannel({ id: "one", name: "1", soundFilename: "alarma" });
                    createAndroidNotificationChannel(settings.channel);
                    """.utf8),
                "src/other.ts": Array(#"import { createAndroidNotificationChannel } from "./channels";"#.utf8)
            ])
        let read = SourceWalk.read(root: root, within: try #require(Confinement(folder: root))).sounds
        let made = read.channels.map {
            "\($0.id ?? "?")=\($0.sound)@\(lastComponent($0.position.file)):\($0.position.line)"
        }
        #expect(made == ["one=resource(\"alarma\")@main.ts:2", "?=computed@main.ts:3"], "\(made)")
        #expect(read.helpers.isEmpty)
    }

    /// react-native-push-notification's channel made in a service class's method from its
    /// parameter, which another method passes on, called from another file with the ID: the
    /// library's channels were read with no helper followed, so the channel had no ID and every
    /// message on it "cannot be told". A call that gives no literal stays computed.
    @Test(.bug(id: "57", "library channel in a helper")) func aLibrarysChannelMadeFromAMethodsParameter() throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        try AppSearchTests.tree(
            root,
            [
                "src/LocalNotificationService.js": Array(
                    """
                    import PushNotification from "react-native-push-notification"
                    class LocalNotificationService {
                        showNotification = (id, title, data = {}, channelId) => {
                            this.createChannelFor(channelId);
                            PushNotification.localNotification({ channelId: channelId, title: title });
                        }
                        createChannelFor = (channelId) => {
                            PushNotification.createChannel({ channelId: channelId, channelName: "n", soundName: "ping.mp3" });
                        }
                    }
                    export const service = new LocalNotificationService();
                    """.utf8),
                "src/Handler.js": Array(
                    """
                    import { service } from "./LocalNotificationService";
                    service.showNotification(0, "t", {}, "orders");
                    service.showNotification(1, "t", {}, remote.channel);
                    """.utf8)
            ])
        let read = SourceWalk.read(root: root, within: try #require(Confinement(folder: root))).sounds
        let made = read.channels.map {
            "\($0.id ?? "?")=\($0.sound)@\(lastComponent($0.position.file)):\($0.position.line)"
        }
        #expect(
            made == ["orders=resource(\"ping.mp3\")@Handler.js:2", "?=resource(\"ping.mp3\")@Handler.js:3"], "\(made)")
        // Called in its own file with a literal: that channel, at the call.
        let scratch2 = try Scratch()
        let local = scratch2.path("app")
        try AppSearchTests.tree(
            local,
            [
                "src/channels.js": Array(
                    """
                    import PushNotification from "react-native-push-notification"
                    const make = (channelId) => {
                        PushNotification.createChannel({ channelId: channelId, channelName: "n", soundName: "default" });
                    }
                    make("news");
                    """.utf8)
            ])
        let own = SourceWalk.read(root: local, within: try #require(Confinement(folder: local))).sounds
        #expect(own.channels.map { "\($0.id ?? "?")=\($0.sound)" } == ["news=defaultSound"], "\(own.channels)")
    }
}
