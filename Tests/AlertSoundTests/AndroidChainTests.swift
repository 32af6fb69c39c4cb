import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound
@testable import AlertSoundCore

/// explain's Android chain: what a message on a channel plays.
@Suite struct AndroidChainTests {
    /// What explain says a push of `sound` on `channel` plays on Android in the app at `root`.
    static func plays(_ root: String, sound: String, channel: String) throws -> PushExplanation {
        let explanation = try Explainer().explain(paths: [root], push: .named(sound: sound, channel: channel))
        let pushes = explanation.pushes.filter { $0.platform == .android }
        try #require(pushes.count == 1, "\(explanation.pushes.map(\.summary))")
        return pushes[0]
    }

    /// A channel created with the sound the message names, as the channel's library turns the name
    /// into a resource (@capacitor/local-notifications cuts `sound.wav` to res/raw/sound), plays it
    /// on Android 8 and later, though FCM, showing the message, finds no resource `sound.wav`: the
    /// lookup fails only where channels do not exist, which degrades it (issue 57, cap-devices-1).
    /// A channel whose resource is missing, or made with another sound, is not "the named sound".
    @Test(.bug(id: "57", "Capacitor channel sound")) func aChannelMadeWithTheNamedSoundPlaysIt() throws {
        let scratch = try Scratch()
        let root = scratch.path("app")
        var files = AppSearchTests.app("", iosSound: nil, raw: ["sound.wav": AndroidTests.pcm16])
        files["package.json"] = Array(
            #"{"dependencies": {"@capacitor/android": "4", "@capacitor/local-notifications": "4"}}"#.utf8)
        files["src/app.ts"] = Array(
            """
            LocalNotifications.createChannel({ id: '1', name: 'local', sound: 'sound.wav' });
            LocalNotifications.createChannel({ id: '2', name: 'gone', sound: 'gone.wav' });
            LocalNotifications.createChannel({ id: '3', name: 'plain' });
            """.utf8)
        try AppSearchTests.tree(root, files)
        let named = try Self.plays(root, sound: "sound.wav", channel: "1")
        #expect(named.fresh.plays == .namedSound, "\(named.summary)")
        #expect(named.fresh.sound == "res/raw/sound", "\(named.summary)")
        #expect(named.steps.contains { $0.step == .lookup && $0.verdict == .degraded }, "\(named.steps.map(\.text))")
        // The resource the channel names is not there: not said to play.
        #expect(try Self.plays(root, sound: "gone.wav", channel: "2").fresh.plays != .namedSound)
        // A channel made without a sound plays the default, whatever the message names.
        #expect(try Self.plays(root, sound: "sound.wav", channel: "3").fresh.plays == .defaultSound)
        // The message's own name, where FCM finds it, is judged as before.
        #expect(try Self.plays(root, sound: "sound", channel: "1").fresh.plays == .namedSound)
    }
}
