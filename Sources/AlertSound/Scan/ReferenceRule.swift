import AlertSoundCore

/// How a name that no sound answers exactly is judged, on each platform: rules in order, and the
/// first with something to say decides (a name gets one finding, about its nearest miss). The
/// resolvers only find sounds (``ReferenceResolver``, ``AndroidResolver``); what a miss means and
/// how it is said is here, one rule each, as ``Rule`` does for one file. Each rule's code has its
/// examples in ``BundleRule``.
struct ReferenceRule<Lookup>: Sendable {
    /// What a rule says about a name, and the sound the name nearly names.
    struct Finding {
        var diagnostic: Diagnostic
        var nearly: FoundSound?
    }

    let code: DiagnosticCode
    let evaluate: @Sendable (_ name: String, _ reference: SoundReference, _ lookup: Lookup) -> Finding?

    /// The first finding of `rules` about `name`, if any rule has one.
    static func judge(_ name: String, _ reference: SoundReference, _ lookup: Lookup, by rules: [Self]) -> Finding? {
        for rule in rules {
            if let finding = rule.evaluate(name, reference, lookup) { return finding }
        }
        return nil
    }

    /// A rule whose finding is at its code's severity unless it says otherwise.
    init(
        _ code: DiagnosticCode, severity: Severity? = nil,
        _ evaluate: @escaping @Sendable (String, SoundReference, Lookup) -> (message: String, nearly: FoundSound?)?
    ) {
        self.code = code
        self.evaluate = { name, reference, lookup in
            evaluate(name, reference, lookup).map {
                Finding(diagnostic: code.diagnostic($0.message, severity: severity), nearly: $0.nearly)
            }
        }
    }
}
