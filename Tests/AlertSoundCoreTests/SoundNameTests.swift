import AlertSoundTestSupport
import Foundation
import Testing

@testable import AlertSoundCore

/// One type owns every normalisation of a sound's name (issue 56): each form, each library rule's
/// steps, and a search of the sources that fails on a copy anywhere else.
@Suite struct SoundNameTests {
    @Test(.bug(id: "56")) func eachForm() {
        let name = SoundName("sounds/Order-Ready.v2.wav")
        #expect(name.fileName == "Order-Ready.v2.wav")
        #expect(name.stem == "sounds/Order-Ready.v2")
        #expect(SoundName(".caf").stem == ".caf" && SoundName("chime").stem == "chime")
        #expect(SoundName("alarm.mp3").resourceName == "alarm" && SoundName("a.b.wav").resourceName == "a")
        #expect(name.looseKey == "order_ready")
        #expect(name.exportName == "order_ready_v2")
        #expect(SoundName("Order Ready!.wav").exportName == "order_ready")
        #expect(SoundName("!!!.wav").exportName == nil)
        #expect(SoundName.validResourceName(from: "2tone") == "sound_2tone")
        #expect(SoundName.validResourceName(from: "class") == "class_sound")
        #expect(SoundName("order_ready").isValidResourceName)
        for invalid in ["Order", "order.wav", "order-ready", "2tone", "class", ""] {
            #expect(!SoundName(invalid).isValidResourceName, "\(invalid)")
        }
    }

    @Test(.bug(id: "56")) func lookupRulesAreStepsInOrder() {
        let exact = SoundName.LookupRule.exact
        #expect(SoundName("chime.wav").lookups(exact) == ["chime.wav"])
        #expect(SoundName("default").lookups(exact).isEmpty && SoundName("Default").lookups(exact) == ["Default"])
        let thenCut = SoundName.LookupRule(
            tries: [[.lowercased, .dashAsUnderscore], [.cutAtLastDot, .lowercased, .dashAsUnderscore]],
            defaultWord: .anyCase)
        #expect(SoundName("Order-Ready.mp3").lookups(thenCut) == ["order_ready.mp3", "order_ready"])
        // A name already tried is not tried again.
        #expect(SoundName("chime").lookups(thenCut) == ["chime"])
        #expect(SoundName("DEFAULT").lookups(thenCut).isEmpty)
        let cut = SoundName.LookupRule(tries: [[.cutAtLastDot]], defaultWord: .looksUp)
        #expect(SoundName("default").lookups(cut) == ["default"])
        #expect(SoundName(".wav").lookups(cut) == [""], "Java's substring(0, lastIndexOf('.'))")
        let base = SoundName.LookupRule(tries: [[.lastPathComponentElseCutAtLastDot]], defaultWord: .looksUp)
        #expect(SoundName("raw/beep").lookups(base) == ["beep"])
        #expect(SoundName("raw/beep.wav").lookups(base) == ["beep.wav"], "a path keeps its extension")
        #expect(SoundName("beep.wav").lookups(base) == ["beep"])
        let file = SoundName.LookupRule(tries: [[.lastPathComponent, .cutAtLastDot]], defaultWord: .looksUp)
        #expect(SoundName("Resources/raw/beep.wav").lookups(file) == ["beep"])
    }

    /// What a library comes to without looking at the app is the first name it tries that a
    /// resource can have: notifee's `order_ready.mp3` finds nothing, `order_ready` does.
    @Test(.bug(id: "56")) func theResourceIsTheFirstLookupAResourceCanHave() {
        let thenCut = SoundName.LookupRule(
            tries: [[.lowercased, .dashAsUnderscore], [.cutAtLastDot, .lowercased, .dashAsUnderscore]],
            defaultWord: .anyCase)
        #expect(SoundName("Order-Ready.mp3").resource(thenCut) == "order_ready")
        #expect(SoundName("Chime").resource(.exact) == "Chime", "none valid: the first")
        #expect(SoundName("default").resource(.exact) == nil)
        #expect(SoundName("Order-Ready").namedResource(resolved: "order_ready") == "order_ready")
        #expect(SoundName("chime.wav").namedResource(resolved: nil) == "chime")
    }

    /// What cuts, lowercases or rewrites a name, as the code spells it.
    static let normalisations: [(name: String, pattern: String)] = [
        (
            "a cut at a dot",
            #"(lastIndex|firstIndex)\(of: "\."\)|prefix \{ \$0 != "\." \}|split\(separator: "\.", maxSplits"#
        ),
        ("'-' as '_'", #"== "-" \? "_""#),
        ("a resource name made valid", #"func suggestedName|javaKeywords: Set"#)
    ]

    /// The files that may, and why.
    static let allowed: [String: String] = [
        "Sources/AlertSoundCore/Rules/SoundName.swift": "the one place",
        "Sources/AlertSoundCLI/Subcommands/ValidateBundle.swift":
            "isBundlePath: a command-line path's extension (.app, .ipa), not a sound's name"
    ]

    /// Nothing but ``SoundName`` normalises a sound's name: a seventh copy fails here.
    @Test(.bug(id: "56")) func nothingElseNormalisesAName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let (found, used) = try SourceSearch.lines(
            under: root, matching: Self.normalisations.map { ($0.name, $0.pattern) }, allowed: Set(Self.allowed.keys))
        #expect(found.isEmpty, "normalise through SoundName instead:\n\(found.joined(separator: "\n"))")
        #expect(Set(Self.allowed.keys).subtracting(used).isEmpty, "\(Set(Self.allowed.keys).subtracting(used))")
    }
}
