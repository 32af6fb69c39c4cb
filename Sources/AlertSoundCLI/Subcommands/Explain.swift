import AlertSound
import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "For one push, what each platform plays and why, step by step.",
        discussion: """
            Finds every app under each PATH as validate-bundle does (Xcode projects, built apps, \
            Android projects and packages, Flutter, React Native and Expo apps) and, for each app and \
            each platform the push reaches, lists the decisions the device makes in order, each with \
            its evidence and the file and line it was read from. iOS: the payload's key; critical or \
            not (the entitlement); the folders searched (the app's Library/Sounds, its app groups', \
            then the main bundle's top level; the first match plays); the file's format and length, \
            and for a format Apple does not document, the iOS versions it is seen to play on. A \
            macOS app (an Xcode target built for macosx) is explained by the same rules, its main \
            bundle's files in Contents/Resources; a watchOS app plays the default sound and a tvOS \
            app none, whatever the push names (its "os" says which system; --platform macos, \
            watchos or tvos explains only that system's apps). \
            Android: the library that shows the message and its name rule; the channel (the \
            message's, else the manifest's default channel, else FCM's fallback), where the app \
            creates it and with which sound, which plays on Android 8 and later; the raw resource, \
            its file, and whether release shrinking keeps it. Each ends with what plays on a fresh \
            install and, where it may differ, where the app was installed before (a channel keeps \
            the sound it was first created with), and one sentence to paste into a reply. The push \
            is --payload FILE (APNs, FCM HTTP v1, legacy FCM, Expo or OneSignal's fields; - reads \
            standard input), or --sound NAME and/or --channel ID. The verdicts are validate-bundle's: \
            the same rules and codes. \(CommandExits.explain.sentence)
            """
    )

    @OptionGroup var configuration: ConfigurationOption
    @OptionGroup var iosMinimum: IOSMinimumOption
    @OptionGroup var entitlements: EntitlementsOption

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The push: an APNs or FCM payload (JSON) or Xcode .apns file; - reads it from standard input (a pipe such as /dev/stdin is read too).",
            valueName: "file"))
    var payload: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The sound the push names: alone, a name judged on the apps given, as validate-bundle's --sound; with --channel, aps.sound on iOS and android.notification.sound on Android.",
            valueName: "name"))
    var sound: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The Android notification channel the push names (android.notification.channel_id).", valueName: "id"))
    var channel: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The lock alertsound export wrote: the channels it made and their sounds.", valueName: "file"))
    var lock: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Explain only this platform (ios, android, macos, watchos or tvos; repeatable): a push that also reaches another is not explained there, and a note says so.",
            valueName: "platform"))
    var platform: [PlatformChoice] = []

    @Option(
        name: .long,
        help: ArgumentHelp("text (default), json, markdown or html (a timeline per platform).", valueName: "format"))
    var format: ExplainFormat = .text

    @Argument(
        help: ArgumentHelp(
            "A folder holding the apps (a repository), an .xcodeproj, .app, .ipa, .xcarchive, Android project, .apk or .aab.",
            valueName: "path"))
    var paths: [String] = []

    func validate() throws {
        if paths.isEmpty {
            throw ValidationError("give the app: a folder, an .xcodeproj, .app, .ipa, Android project or .apk")
        }
        if payload == nil && sound == nil && channel == nil {
            throw ValidationError("give the push: --payload FILE (- for standard input), --sound NAME or --channel ID")
        }
        if payload != nil && (sound != nil || channel != nil) {
            throw ValidationError("give the push once: --payload, or --sound and --channel")
        }
    }

    func run() throws {
        do {
            let configuration = try self.configuration.load()
            var validator = BundleValidator(strict: configuration.strict == true)
            validator.entitlements = try entitlements.read()
            try validator.configure(configuration, iosMinimum: iosMinimum, platforms: platform, lock: lock)
            let push: Push
            switch payload {
            case "-"?: push = .payload(try Self.standardInput(), source: "-")
            case let file?: push = try .read(at: file)
            case nil: push = .named(sound: sound, channel: channel)
            }
            let explanation = try Explainer(validator: validator).explain(paths: paths, push: push)
            switch format {
            case .text:
                for note in explanation.notes { Printers.note(note) }
                Printers.text(ExplainPrinter.text(explanation))
            case .json: Printers.document(JSONPrinter.render(explanation) + "\n")
            case .markdown: Printers.document(ExplainPrinter.markdown(explanation))
            case .html: Printers.document(ExplainPrinter.html(explanation))
            }
            Printers.flush()
            if !explanation.playsAsNamed { throw ExitStatus.failure.code }
        } catch let error as AlertSoundError {
            throw error.stopRun(command: "explain", json: format == .json, otherwise: .stopped)
        }
    }

    /// A payload on standard input, at most `Limits.maximumPayloadBytes` (as from a file).
    static func standardInput() throws -> Data {
        let bytes: [UInt8]
        do {
            bytes = try Door.drain(descriptor: 0, limit: Limits.maximumPayloadBytes)
        } catch {
            throw AlertSoundError(.unreadable, "cannot read the payload from standard input", path: "-")
        }
        guard bytes.count <= Limits.maximumPayloadBytes else {
            throw AlertSoundError(
                .tooLarge, "the payload on standard input is over \(Limits.maximumPayloadBytes) bytes", path: "-")
        }
        return Data(bytes)
    }
}

enum ExplainFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown, html
}
