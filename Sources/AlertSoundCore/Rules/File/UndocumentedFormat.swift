extension Rule {
    static let undocumentedFormat = Rule(
        RuleDescription(
            .undocumentedFormat, .error, .file,
            step: .file,
            summary:
                "AAC (in CAF or M4A), MP3 or Apple Lossless: not among the formats Apple documents, played by current iOS in shipping apps; a warning when the app's minimum iOS is at or above the version its evidence names, otherwise an error.",
            details:
                "The app's minimum iOS version is read from the project (`IPHONEOS_DEPLOYMENT_TARGET` of the app target, "
                + "the Podfile's `platform :ios`, Expo's `expo-build-properties` `ios.deploymentTarget`, "
                + "`MinimumOSVersion` in a built app's `Info.plist`) or given with `--ios-minimum` or the configuration "
                + "file's `ios-minimum`; `check` knows it only from those two. `fix` and `export` write CAF IMA4, "
                + "which every iOS plays. The evidence (`check --explain undocumented-format` prints it): "
                + UndocumentedFormat.evidenceText),
        evaluate: { subject in
            guard let info = subject.info, let format = UndocumentedFormat.of(info) else { return nil }
            let minimum = subject.minimumIOS
            let warning = format.isWarning(for: minimum)
            let observed =
                format.lowestObserved.map { "shipping apps play it on iOS \($0) and later" }
                ?? "nothing first-hand says from which iOS version it plays"
            let app: String
            switch (minimum, format.lowestObserved) {
            case (let minimum?, _) where warning:
                app = "this app's minimum is iOS \(minimum.version) (\(minimum.source)), so a warning"
            case (let minimum?, let lowest?):
                app =
                    "this app's minimum is iOS \(minimum.version) (\(minimum.source)), below iOS \(lowest): "
                    + "a device on an older version may play the default sound"
            case (let minimum?, nil):
                app =
                    "this app's minimum is iOS \(minimum.version) (\(minimum.source)): any device may play the default sound"
            case (nil, _):
                app = "the app's minimum iOS version is not known, so an error"
            }
            return Finding(
                "\(format.name) is not among the formats Apple documents for notification sounds "
                    + "(\(UndocumentedFormat.documented)); \(observed); \(app). "
                    + "`fix` makes CAF IMA4 of it, which every iOS plays",
                severity: warning ? .warning : nil,
                suggestion: Suggestion(.fix, path: subject.path))
        },
        triggering: [
            Example.sound(.caf, .codec(.aac)), Example.sound(.mp4, .codec(.aac)), Example.sound(.mp3, .codec(.mp3)),
            Example.sound(.caf, .codec(.mp3)), Example.sound(.caf, .codec(.alac)), Example.sound(.mp4, .codec(.alac))
        ],
        passing: [
            Example.sound(.caf, .ima4), Example.sound(.wav), Example.sound(.adts, .codec(.aac)),
            Example.sound(.caf, .codec(.opus)), Example.sound(.flac, .codec(.flac))
        ])
}
