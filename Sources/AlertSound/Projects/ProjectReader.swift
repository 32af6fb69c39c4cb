import AlertSoundCore

/// What people and the JSON are told about one kind of project: its name, how it is recognised,
/// what it is judged by and the bundle kinds (`kind` in the JSON) its apps are reported as. The
/// man page's and the guide's table of kinds, `validate-bundle --help`'s list and the schemas'
/// `kind` enum are made from these (``ProjectRegistry``).
package struct ProjectKind: Sendable {
    /// Its name for people: "Xcode project".
    package let name: String
    /// How it is recognised: a path's extension, or what a folder's listing holds.
    package let detected: String
    /// What it is judged by: the apps it builds, for which platform, and the files each ships.
    package let judged: String
    /// The bundle kinds its apps are reported as.
    package let reports: [BundleKind]
}

/// One folder the app search reached: its path, how deep it is and what it holds.
struct SearchedFolder {
    let path: String
    let depth: Int
    /// Its entries, sorted by name.
    let entries: [(name: String, kind: FolderEntries.Kind)]
    let names: Set<String>
}

/// What the search writes down as it goes, in the order found: notes (a workspace's, a folder
/// that cannot be read) and what was passed over on purpose, with why.
struct SearchLog {
    var notes: [String] = []
    var skipped: [String] = []
}

/// One app a reader found: its bundle and the folder its code is read under (nil: none is read,
/// as for a language code reading does not know), and notes said right after it.
struct ProjectApp {
    var scan: BundleScan
    var codeRoot: String?
    var notes: [String] = []
    /// Which files under ``codeRoot`` its build compiles, where the project says; nil: all of them.
    var compiles: CompiledFiles? = nil
}

/// Everything a reader found once the search is over.
struct ProjectApps {
    var apps: [ProjectApp] = []
    /// Said after its apps.
    var notes: [String] = []
    /// What it passed over on purpose, said with the search's other such notes at the end.
    var skipped: [String] = []
    /// Projects it could not read, each said in ``notes``: when the search finds no app at all,
    /// the first is thrown, as for a project given (there is nothing else to judge).
    var unreadable: [AlertSoundError] = []
}

/// A kind of project: how it is recognised in a folder's listing, the apps it builds (each a
/// ``BundleScan``: platform, minimum OS, the files it ships and where they land) and the code each
/// app is built from. ``AppSearch`` asks every reader of ``ProjectRegistry/readers`` about every
/// folder it reaches; nothing else in the search knows one kind from another.
///
/// A reader is a value made fresh for each search (``init()``), which keeps what it has seen
/// (``look(at:within:log:)``) until the search is over (``apps(under:within:)``). A kind judged by
/// the path given alone (a built app, an archive, a folder of resources) keeps the defaults: it
/// takes no part in the search, and says itself in ``kind``.
protocol ProjectReader: Sendable {
    /// What people and the JSON are told about this kind.
    static var kind: ProjectKind { get }
    /// Whether an entry of a folder's listing is one of this kind's files: a folder just past the
    /// search's depth holding one is named in a note (``AppSearch/holdsAppFiles(_:through:)``).
    static func marks(_ name: String) -> Bool
    /// Names at a repository root that say an app of this kind is expected there (`ios`, `app.json`):
    /// with them, a platform no app was found for is said (``ProjectRegistry/rootMarkers``).
    static var rootMarkers: [String] { get }
    init()
    /// The search reached `folder`: what this kind finds there is kept. Throws only for what
    /// stops the run (a workspace that cannot be read).
    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws
    /// After the search of `root`: the apps found, each with the folder its code is read under.
    func apps(under root: String, within confinement: Confinement) throws -> ProjectApps
}

extension ProjectReader {
    static func marks(_ name: String) -> Bool { false }
    static var rootMarkers: [String] { [] }
    mutating func look(at folder: SearchedFolder, within confinement: Confinement, log: inout SearchLog) throws {}
    func apps(under root: String, within confinement: Confinement) throws -> ProjectApps { ProjectApps() }
}
