extension Limits {
    /// One bound as the documents state it: what it bounds, and the limit in words made from the
    /// constants, so the man page's LIMITS and the command-line guide's table cannot quote another
    /// number. Text with `code spans`, as the diagnostic codes' summaries.
    package struct Documented: Sendable {
        package let what: String
        package let limit: String
    }

    /// Every bound a user may meet, in the order the documents list them.
    package static var documented: [Documented] {
        let rates = outputSampleRates, readable = readableSampleRates
        return [
            Documented(
                what: "header chunks",
                limit: "\(grouped(maximumChunkRead)) bytes of one chunk read into memory; at most "
                    + "\(grouped(maximumChunks)) chunks walked per file; an Ogg file's header packets followed "
                    + "over at most \(grouped(oggHeaderPages)) page headers; audio is never read to check a file"),
            Documented(
                what: "plausible headers",
                limit: "1–\(grouped(maximumChannels)) channels; \(readable.lowerBound)–"
                    + "\(grouped(Int64(readable.upperBound))) Hz, read as stated (AudioToolbox reads AIFF at 0.01 Hz "
                    + "and 2.9 MHz; outside \(grouped(Int64(rates.lowerBound)))–\(grouped(Int64(rates.upperBound))) Hz "
                    + "it is `unusual-sample-rate`); integer PCM of 1–4 bytes a sample, floats of 32 or 64 bits; "
                    + "else `malformed`, in every container (an Ogg's or FLAC's identification header too, and one "
                    + "cut off). Every size is overflow-checked"),
            Documented(
                what: "rates written",
                limit: "\(grouped(Int64(rates.lowerBound)))–\(grouped(Int64(rates.upperBound))) Hz "
                    + "(`-d FORMAT@RATE`, `fix --rate`); else a usage error"),
            Documented(
                what: "archives (.ipa, .apk)",
                limit: "\(grouped(maximumArchiveEntries)) central-directory entries; a sound entry over "
                    + "\(mebibytes(maximumArchiveEntrySize)) uncompressed is reported, not inflated; each entry is "
                    + "inflated only as far as its headers reach, through a \(mebibytes(inflateWindowBytes)) window; "
                    + "stored and deflated entries only; names split at `/` with empty, `.` and `..` parts removed "
                    + "(an entry with `..` is reported)"),
            Documented(
                what: "payloads and name lists",
                limit: "a payload file of \(mebibytes(maximumPayloadBytes)) (APNs itself takes 4 KB); a "
                    + "`--sounds-from` list of \(mebibytes(maximumNameListBytes)) and "
                    + "\(grouped(maximumNameListEntries)) names, lines ended by LF, CRLF or CR"),
            Documented(
                what: "nesting",
                limit: "JSON payloads and property lists (XML or binary) at most \(maximumNesting) levels deep, "
                    + "else `too-large` (a payload's `bad-payload`) with the byte offset; read in one pass, a "
                    + "binary plist's objects decoded once each (one that contains itself is reported)"),
            Documented(
                what: "signing",
                limit: "`Info.plist` and entitlements plists of \(mebibytes(maximumPlistBytes)); a provisioning "
                    + "profile of \(mebibytes(maximumProfileBytes)); Mach-O load commands of "
                    + "\(mebibytes(maximumLoadCommandBytes)), \(maximumArchitectures) architectures and "
                    + "\(maximumSignatureBlobs) signature blobs"),
            Documented(
                what: "Android",
                limit: "`resources.arsc` of \(mebibytes(maximumResourceTableBytes)) and "
                    + "\(grouped(maximumResourceTableStrings)) strings; `keep.xml` of "
                    + "\(mebibytes(maximumPlistBytes)); a source file searched for `R.raw` URIs of "
                    + "\(mebibytes(maximumAndroidSourceBytes)); a project searched \(androidSearchDepth) levels "
                    + "deep, into \(grouped(androidSearchFolders)) folders (a search that stops there fails the run)"),
            Documented(
                what: "finding apps",
                limit:
                    "a folder given to `validate-bundle` is searched \(appSearchDepth) levels deep for apps (a folder "
                    + "just past that depth holding an app's files, or one that cannot be opened or entered, is named "
                    + "in a note; the first stops the run, exit 2, when no app is found within the depth), into "
                    + "\(grouped(appSearchFolders)) folders (a search that stops there stops the run, exit 2); a "
                    + "Gradle build file read for its plugins of \(mebibytes(maximumAndroidSourceBytes)); an app's code "
                    + "read for sound names and channels in at most \(grouped(maximumSourceFiles)) source files of "
                    + "\(mebibytes(maximumAndroidSourceBytes)) each and \(mebibytes(maximumSourceBytes)) in all, \(sourceSearchDepth) levels "
                    + "deep (a note says when more were left); at most \(maximumConstantNames) names of another file's "
                    + "constants looked up, within \(mebibytes(Int(maximumConstantSearchBytes))) of searching (past it, none); "
                    + "the build files of \(maximumHostModules) module folders beside an Xcode project read to learn whether "
                    + "it is Kotlin Multiplatform's"
            ),
            Documented(
                what: "Xcode projects",
                limit: "a `project.pbxproj` of \(mebibytes(maximumXcodeProjectBytes)), building at most "
                    + "\(maximumXcodeApps) different apps (targets that copy the same files are one) of "
                    + "\(grouped(maximumProjectSounds)) sound files each (more is reported as not judged); a workspace's "
                    + "`contents.xcworkspacedata` of \(mebibytes(maximumXcodeWorkspaceBytes)); an XcodeGen spec of "
                    + "\(maximumXcodeGenSpecFiles) files (`project.yml` and what it includes) of "
                    + "\(mebibytes(maximumXcodeGenSpecBytes)) each, nested as payloads are, each source's first "
                    + "\(maximumXcodeGenPatterns) `excludes` and `includes` globs"),
            Documented(
                what: "lock files",
                limit: "a lock of \(mebibytes(maximumLockBytes)), read as untrusted input (people edit it): sound "
                    + "names of \(maximumLockNameBytes) bytes, channel IDs of \(maximumLockChannelIDLength) ASCII "
                    + "letters, digits, `_`, `-` and `.`, `source` paths of \(grouped(maximumLockSourceBytes)) bytes; "
                    + "nesting as for payloads"),
            Documented(
                what: "documentation made from the code",
                // maximumReferenceInputBytes: the hidden command that makes it is not named in the man page.
                limit: "for alertsound's own repository: the help dump and each document rewritten from the code "
                    + "of at most \(mebibytes(maximumReferenceInputBytes)), else `too-large`"),
            Documented(
                what: "folder walks",
                limit: "\(grouped(maximumFolderDepth)) levels (deeper folders are reported); any path length, any "
                    + "name (not UTF-8: shown with `\\x` escapes); each folder opened from its parent's descriptor "
                    + "(at most \(keptFolderDescriptors) kept open), so a walk's time grows with the number of "
                    + "folders, not with their depth"),
            Documented(
                what: "reports",
                limit: "`check` and `validate-bundle` print each batch of \(reportBatch) verdicts as it is made "
                    + "and keep none (`validate-bundle` prints references after the sounds): memory grows with the "
                    + "number of sounds, not with their reports; `--format markdown` builds its tables whole"),
            Documented(
                what: "conversion",
                limit: "1–\(grouped(maximumChannels)) channels, processed in blocks of "
                    + "\(mebibytes(conversionBlockBytes)) whatever the channel count, so memory stays flat however "
                    + "long or wide the input")
        ]
    }

    /// `4,294,967,295`: thousands grouped, as the documents write them.
    static func grouped(_ value: some BinaryInteger) -> String {
        let digits = Array(String(value.magnitude))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// `64 MiB`, or the bytes when they are not a whole number of mebibytes.
    static func mebibytes(_ bytes: some BinaryInteger) -> String {
        bytes % (1 << 20) == 0 ? "\(grouped(bytes / (1 << 20))) MiB" : "\(grouped(bytes)) bytes"
    }
}
