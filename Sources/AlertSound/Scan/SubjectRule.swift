import AlertSoundCore

/// A rule about one subject of a bundle's judging — a sound among the others (``SoundInBundle``), a
/// resolved reference once its sound is judged (``PlayedReference``) — as ``Rule`` is for one file: a
/// code and what it says. Lists of them are evaluated in order where their subject is complete; each
/// code has its examples in ``BundleRule``.
struct SubjectRule<Subject>: Sendable {
    let code: DiagnosticCode
    let evaluate: @Sendable (Subject) -> Rule.Finding?

    func check(_ subject: Subject) -> Diagnostic? {
        evaluate(subject).map { code.diagnostic($0.message, suggestion: $0.suggestion) }
    }
}
