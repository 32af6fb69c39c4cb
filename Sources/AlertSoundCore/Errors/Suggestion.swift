/// What would get past a problem, as data rather than as a sentence: the command-line tool turns it
/// into a command line, a GUI could turn it into a button. Only the members the action needs are set.
public struct Suggestion: Sendable, Hashable, Codable {
    /// What to do.
    public enum Action: String, Sendable, Hashable, Codable, CaseIterable {
        /// Make a valid alert sound of ``Suggestion/path`` with ``Fixer`` (`alertsound fix`), in
        /// ``Suggestion/dataFormat`` when one is advised.
        case fix
        /// Repair ``Suggestion/path``'s levels with ``Fixer`` and ``FixOptions/repairsLevels``
        /// (`alertsound fix --levels`): fades, DC, peaks, loudness.
        case fixLevels = "fix-levels"
        /// Convert ``Suggestion/path`` to ``Suggestion/output`` as ``Suggestion/fileType`` and
        /// ``Suggestion/dataFormat`` with ``Converter``, then remove the original.
        case convert
        /// Keep only the first ``Suggestion/channels`` channels, or mix down to that many
        /// (``ConversionOptions/channels``, ``ConversionOptions/mix``).
        case reduceChannels = "reduce-channels"
        /// Resample to ``Suggestion/sampleRate``, or choose a file type that stores the rate exactly.
        case resample
        /// Give the validator the app's entitlements (``BundleValidator/entitlements``).
        case provideEntitlements = "provide-entitlements"
        /// Replace the existing ``Suggestion/output`` (``FixOptions/force``).
        case replaceOutput = "replace-output"
        /// Write the output somewhere else, such as a folder of its own (``FixOptions/outputFolder``).
        case chooseOutput = "choose-output"
        /// Install FFmpeg, which alertsound uses to decode formats it does not read itself.
        case installDecoder = "install-decoder"
        /// Install ``Suggestion/library`` (libsndfile or libsamplerate), which alertsound loads
        /// only for the features that need it.
        case installLibrary = "install-library"
        /// It is a single sound, not a bundle: check it with ``Checker``.
        case checkFile = "check-file"
        /// Warnings fail only in strict mode; run without it, or fix the warnings.
        case relaxStrictness = "relax-strictness"
    }

    /// What to do.
    public var action: Action
    /// The file to act on.
    public var path: String?
    /// Where the result goes.
    public var output: String?
    /// The file type to write.
    public var fileType: FileType?
    /// The data format to write, by its afconvert `-d` name (`ima4`, `LEI16`).
    public var dataFormat: String?
    /// The number of channels to keep.
    public var channels: Int?
    /// The sample rate to resample to, in hertz.
    public var sampleRate: Double?
    /// The C library to install (`libsndfile`, `libsamplerate`).
    public var library: String?

    /// Makes a suggestion; set only what `action` needs.
    public init(
        _ action: Action, path: String? = nil, output: String? = nil, fileType: FileType? = nil,
        dataFormat: String? = nil, channels: Int? = nil, sampleRate: Double? = nil, library: String? = nil
    ) {
        self.action = action
        self.path = path
        self.output = output
        self.fileType = fileType
        self.dataFormat = dataFormat
        self.channels = channels
        self.sampleRate = sampleRate
        self.library = library
    }

    /// Its members in JSON; the writing is in Support/Suggestion+JSON.swift, the layer of the writer.
    package enum CodingKeys: String, CodingKey {
        case action, channels, dataFormat, fileType, library, output, path, sampleRate
    }
}
