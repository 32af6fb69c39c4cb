import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSound

/// Generated constants compile, and carry each string exactly, whatever the lock holds: the
/// library's `SoundConstants.source` takes a lock built in code, which no validation has seen.
@Suite struct SoundConstantsTests {
    /// Names that once gave one identifier for two sounds, or a reserved word.
    static let collidingNames = [
        "all", "all sound", "all_sound", "in", "in_sound", "fileprivate", "precedencegroup", "rethrow", "toString",
        "hashCode", "runtimeType", "noSuchMethod", "Type", "self", "Self", "sound", "sound2", "2", "_", "", "é"
    ]

    @Test func identifiersAreDistinctAndUnreserved() {
        let ids = SoundConstants.identifiers(Self.collidingNames)
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.allSatisfy { !SoundConstants.reserved.contains($0) }, "\(ids)")
        #expect(ids.allSatisfy(Self.isIdentifier), "\(ids)")
        // The first of two names keeps the plain form; the choice is the same on every run.
        #expect(ids[0] == "allSound" && ids[1] == "allSound2" && ids[2] == "allSound3")
        #expect(SoundConstants.identifiers(Self.collidingNames) == ids)
        #expect(SoundConstants.identifier("order_ready") == "orderReady" && SoundConstants.identifier("a_1") == "a_1")
    }

    @Test func literalsEscapeEachLanguagesSpecials() {
        let hostile = "a$b${x}\"\\\n\u{202E}"
        #expect(SoundConstants.literal(hostile, in: .kotlin) == #""a\$b\${x}\"\\\u000A\u202E""#)
        #expect(SoundConstants.literal(hostile, in: .dart) == #""a\$b\${x}\"\\\u{A}\u{202E}""#)
        #expect(SoundConstants.literal(hostile, in: .swift) == #""a$b${x}\"\\\u{A}\u{202E}""#)
        #expect(SoundConstants.literal(hostile, in: .typescript) == #""a$b${x}\"\\\u000A\u202E""#)
    }

    /// Random names and channel IDs (a fixed seed, so a failure repeats), the hostile cases above
    /// and the attack's template, compiled and run in each language whose tool is installed: each
    /// program prints every string's code points, which must be the lock's exactly.
    @Test(.tags(.compilers)) func hostileLocksCompileAndCarryTheirStrings() throws {
        var random = SplitMix(seed: 0x5EED_0031)
        let pool: [Unicode.Scalar] =
            Array("abcXYZ019_-. $\"'\\{}()`<>&;#/\n\r\t".unicodeScalars)
            + [
                "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}", "\u{2066}", "\u{2028}", "é", "ß", "中", "😀",
                "\u{FEFF}"
            ]
        func randomText() -> String {
            var text = ""
            for _ in 0..<random.next(upTo: 12) { text.unicodeScalars.append(pool[random.next(upTo: pool.count)]) }
            return text
        }
        var names = Self.collidingNames + ["chime_${Runtime.getRuntime().exec(\"touch /tmp/alertsound-pwned\")}"]
        for _ in 0..<150 { names.append(randomText()) }
        let entries = names.enumerated().map { i, name in
            var entry = SoundLock.Entry(
                name: name, source: randomText(), ios: i % 3 == 0 ? nil : name + ".caf",
                android: i % 2 == 0 ? nil : name,
                androidFile: nil, contentHash: String(repeating: "a", count: 64), iosSHA256: nil, androidSHA256: nil)
            entry.channelId =
                i == names.count - 151
                ? "chime_${Runtime.getRuntime().exec(\"touch /tmp/alertsound-pwned\")}" : randomText()
            return entry
        }
        let lock = SoundLock(sounds: entries)
        let expected = lock.sounds.map {
            "\(Self.codePoints($0.name))|\(Self.codePoints($0.channelId))|\($0.ios.map(Self.codePoints) ?? "-")"
        }
        let dir = try FixTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }

        // Swift: compiled with a main that prints the strings, and run.
        let swiftSource = SoundConstants.source(lock, language: .swift)
        try swiftSource.write(toFile: dir + "/AlertSounds.swift", atomically: true, encoding: .utf8)
        try """
        func points(_ s: String) -> String { s.unicodeScalars.map { String($0.value) }.joined(separator: " ") }
        for s in AlertSounds.all { print(points(s.name) + "|" + points(s.channelId) + "|" + (s.iosFileName.map(points) ?? "-")) }
        """.write(toFile: dir + "/main.swift", atomically: true, encoding: .utf8)
        if let swiftc = ExportTests.which("swiftc") {
            try Self.run(swiftc, ["-o", dir + "/swift-out", dir + "/AlertSounds.swift", dir + "/main.swift"])
            #expect(try Self.run(dir + "/swift-out", []) == expected)
        }

        // TypeScript: type-checked strictly, then run by node.
        try SoundConstants.source(lock, language: .typescript).write(
            toFile: dir + "/AlertSounds.ts", atomically: true, encoding: .utf8)
        try """
        import { allAlertSounds } from "./AlertSounds";
        const points = (s: string): string => Array.from(s).map((c) => c.codePointAt(0)).join(" ");
        for (const s of allAlertSounds) console.log(points(s.name) + "|" + points(s.channelId) + "|" + (s.iosFileName === null ? "-" : points(s.iosFileName)));
        """.write(toFile: dir + "/main.ts", atomically: true, encoding: .utf8)
        if let tsc = ExportTests.which("tsc") {
            try Self.run(
                tsc,
                [
                    "--strict", "--module", "commonjs", "--target", "es2019", "--outDir", dir + "/ts-out",
                    dir + "/AlertSounds.ts", dir + "/main.ts"
                ])
            if let node = ExportTests.which("node") {
                #expect(try Self.run(node, [dir + "/ts-out/main.js"]) == expected)
            }
        } else if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("tsc is not installed: the TypeScript constants go unchecked")
        }

        // Kotlin: compiled with a main and run on the JVM. `$` unescaped would run the template.
        try SoundConstants.source(lock, language: .kotlin, package: "com.example.app").write(
            toFile: dir + "/AlertSounds.kt", atomically: true, encoding: .utf8)
        try """
        package com.example.app
        fun points(s: String): String = s.codePoints().toArray().joinToString(" ")
        fun main() { for (s in AlertSounds.all) println(points(s.name) + "|" + points(s.channelId) + "|" + (s.iosFileName?.let { points(it) } ?: "-")) }
        """.write(toFile: dir + "/Main.kt", atomically: true, encoding: .utf8)
        if let kotlinc = ExportTests.which("kotlinc"), let java = Self.javaRuntime() {
            try Self.run(
                kotlinc, [dir + "/AlertSounds.kt", dir + "/Main.kt", "-include-runtime", "-d", dir + "/kotlin.jar"])
            #expect(try Self.run(java, ["-cp", dir + "/kotlin.jar", "com.example.app.MainKt"]) == expected)
        } else if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("kotlinc is not installed: the Kotlin constants go unchecked")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/alertsound-pwned"))

        // Dart has no Debian package: its source is held to the escapes it needs instead.
        let dart = SoundConstants.source(lock, language: .dart)
        #expect(
            dart.contains("\\${Runtime") && !dart.replacingOccurrences(of: "\\$", with: "").contains("$"),
            "every $ in Dart's strings is escaped")
    }

    static func codePoints(_ s: String) -> String { s.unicodeScalars.map { String($0.value) }.joined(separator: " ") }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, (first >= "a" && first <= "z") || (first >= "A" && first <= "Z")
        else { return false }
        return s.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
        }
    }

    /// Runs a tool; its standard output as lines, or a failure recorded with its error output.
    @discardableResult
    /// A `java` that runs: macOS ships a `/usr/bin/java` stub that only says no runtime is installed
    /// (and cannot see Homebrew's keg-only openjdk), so being on PATH is not enough.
    static func javaRuntime() -> String? {
        guard let java = ExportTests.which("java") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: java)
        process.arguments = ["-version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? java : nil
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(
            process.terminationStatus == 0, "\(tool) failed: \(String(decoding: errors, as: UTF8.self).prefix(3000))")
        return String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast().map(String.init)
    }
}

extension SplitMix {
    mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
