import AlertSoundCore

/// How a name that no sound answers exactly is judged, on each platform: rules in order, and the
/// first with something to say decides (a name gets one finding, about its nearest miss). The
/// resolvers only find sounds (``ReferenceResolver``, ``AndroidResolver``); what a miss means and
/// how it is said is here, one rule each, as ``Rule`` does for one file. Each rule's code has its
/// examples in ``BundleRule``.
struct ReferenceRule<Lookup>: Sendable {
    let code: DiagnosticCode
    /// Set where a finding is not at its code's severity.
    var severity: Severity? = nil
    /// What the rule says about a name, and the sound the name nearly names; `nil` when it has nothing to say.
    let evaluate:
        @Sendable (_ name: String, _ reference: SoundReference, _ lookup: Lookup) -> (
            message: String, nearly: FoundSound?
        )?

    /// The first finding of `rules` about `name`, and the sound it nearly names.
    static func judge(
        _ name: String, _ reference: SoundReference, _ lookup: Lookup, by rules: [Self]
    ) -> (diagnostic: Diagnostic, nearly: FoundSound?)? {
        for rule in rules {
            if let said = rule.evaluate(name, reference, lookup) {
                return (rule.code.diagnostic(said.message, severity: rule.severity), said.nearly)
            }
        }
        return nil
    }
}
