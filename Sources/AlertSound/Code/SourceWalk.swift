import AlertSoundCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The source files of an app, read for ``CodeSounds``: one bounded walk of the app's root (the
/// folder with `pubspec.yaml` or `package.json` above `ios/` and `android/`, else the project's
/// own folder), links not followed, dependencies, build output and tests left out. Each root is
/// walked once per run (``SourceWalk/Cache``), however many of its apps ask.
enum SourceWalk {
    /// The languages read.
    static let extensions: Set<String> = [
        "swift", "m", "mm", "kt", "java", "dart", "js", "jsx", "ts", "tsx", "mjs", "cjs", "cs"
    ]
    /// Folders never read: dependencies, build output, tool state, tests (a test's sound is not the app's).
    static let skippedFolders: Set<String> = [
        "node_modules", "Pods", "Carthage", "build", "Build", "DerivedData", "intermediates", "vendor", "test", "tests",
        "Tests", "androidTest", "__tests__", "__mocks__", "e2e", "bin", "obj"
    ]
    /// Folders of an app's root that a framework's tool makes or fills, by the file that marks the
    /// framework: Cordova's generated native projects and installed plugins (whose own sources
    /// create channels the app does not), NativeScript's generated projects (issue 57).
    static let generatedFolders: [(marker: String, folders: Set<String>)] = [
        ("config.xml", ["platforms", "plugins"]), ("nativescript.config.ts", ["platforms"]),
        ("nativescript.config.js", ["platforms"])
    ]

    /// What the code under `root` gives, and whether the walk stopped at its bound.
    static func read(root: String, within confinement: Confinement) -> (sounds: CodeSounds, incomplete: Bool) {
        var found = CodeSounds()
        guard confinement.contains(root) else { return (found, false) }
        var pending: [(String, Int)] = [(root, 0)]
        var next = 0
        var files = 0
        var bytesRead: Int64 = 0
        var sources: [String] = []
        var incomplete = false
        let generated = generatedFolders.filter { isFile(joinPath(root, $0.marker)) }.reduce(into: Set<String>()) {
            $0.formUnion($1.folders)
        }
        walk: while next < pending.count {
            let (folder, level) = pending[next]
            next += 1
            for (name, kind) in FolderEntries.list(folder, through: confinement.door).sorted(by: { $0.name < $1.name })
            {
                let path = joinPath(folder, name)
                if kind == .folder {
                    // A Kotlin Multiplatform module's test source sets (`src/commonTest`,
                    // `src/androidHostTest`, `src/iosTest`) are tests too (issue 57).
                    guard !skippedFolders.contains(name), !name.hasPrefix("."), !name.hasSuffix("Tests"),
                        !(name.hasSuffix("Test") && lastComponent(folder) == "src"),
                        level > 0 || !generated.contains(name),
                        !["xcodeproj", "xcworkspace", "xcassets", "lproj", "bundle", "framework"].contains(
                            lowercasedExtension(name)),
                        level + 1 <= Limits.sourceSearchDepth
                    else { continue }
                    pending.append((path, level + 1))
                    continue
                }
                let ext = lowercasedExtension(name)
                guard kind == .file, extensions.contains(ext) else { continue }
                files += 1
                guard files <= Limits.maximumSourceFiles else {
                    incomplete = true
                    break walk
                }
                guard
                    let bytes = try? confinement.door.bytes(
                        path, limit: Limits.maximumAndroidSourceBytes, what: "source file")
                else { continue }
                bytesRead += Int64(bytes.count)
                guard bytesRead <= Limits.maximumSourceBytes else {
                    incomplete = true
                    break walk
                }
                found.files += 1
                sources.append(path)
                guard SourceText.holds(bytes, CodeSounds.words(forExtension: ext)) else { continue }
                let sounds = CodeSounds.read(String(decoding: bytes, as: UTF8.self), file: path, fileExtension: ext)
                // Slots count from this file's first reference and channel; here they count from the app's.
                found.append(sounds)
            }
        }
        resolveAcrossFiles(&found, sources, through: confinement.door)
        HelperChannel.resolve(&found, sources, through: confinement.door)
        // Last: it replaces channels by index, which the passes above use.
        CSharpCallers.resolve(&found, sources, incomplete: incomplete, through: confinement.door)
        return (found, incomplete)
    }

    /// The names calls pass without their file declaring them, looked up in every source file read
    /// (`const messagingChannelId = 'messages'` in a constants file): a name declared with one
    /// literal across the app, and nowhere with anything else, is that literal; otherwise it stays
    /// computed. Only files that hold one of the names are read again, within the same bounds.
    static func resolveAcrossFiles(_ found: inout CodeSounds, _ sources: [String], through door: Door) {
        defer { found.pending = [] }
        let sorted = Array(Set(found.pending.map(\.name)).sorted().prefix(Limits.maximumConstantNames))
        guard !sorted.isEmpty else { return }
        var literals: [String: Set<String>] = [:]
        var other: Set<String> = []
        // A channel's options another file declares: each name's objects, read in their own file.
        let objectNames = Set(found.pending.compactMap { if case .channelOptions = $0.slot { $0.name } else { nil } })
        var objects: [String: [(id: String?, sound: ChannelSound)]] = [:]
        // Helpers that make channels, called from other files: each call's channel (issue 57).
        let helpers = found.pending.compactMap { item -> (index: Int, helper: CodeSounds.HelperCall)? in
            if case .helperChannel(let i, let helper) = item.slot { return (i, helper) }
            return nil
        }
        let helperNames = Set(helpers.map(\.helper.name))
        var made: [Int: [ChannelDeclaration]] = [:]
        var modules: [String: AndroidValues] = [:]
        var searched: Int64 = 0
        for path in sources {
            guard
                let bytes = try? door.bytes(path, limit: Limits.maximumAndroidSourceBytes, what: "source file")
            else { continue }
            // Each name is searched for in each file: bounded, as a hostile tree could name many.
            searched += Int64(bytes.count) * Int64(sorted.count)
            guard searched <= Limits.maximumConstantSearchBytes else { return }
            guard SourceText.holds(bytes, sorted) else { continue }
            let text = SourceText(String(decoding: bytes, as: UTF8.self))
            for (index, helper) in helpers where SourceText.holds(bytes, [helper.name]) {
                for offset in text.occurrences(of: helper.name) where !CodeSounds.declaration(at: offset, in: text) {
                    guard made[index, default: []].count < CodeFollow.maximumBindings,
                        let call = text.call(at: offset, name: helper.name)
                    else { continue }
                    let module = parentFolder(path)
                    let values = modules[module] ?? AndroidValues.of(sourceFile: path, through: door)
                    modules[module] = values
                    made[index, default: []] += helper.channels(
                        call, at: offset, in: text, values: values, file: path)
                }
            }
            for name in sorted where !helperNames.contains(name) {
                if objectNames.contains(name) {
                    for object in text.objectLiterals(assignedTo: name) {
                        objects[name, default: []].append(
                            (
                                object.labelled("id").flatMap(text.resolve),
                                CodeSounds.namedSound(object.labelled("sound"), in: text)
                            ))
                    }
                    continue
                }
                let declared = text.declarations(of: name)
                literals[name, default: []].formUnion(declared.literals)
                if declared.other { other.insert(name) }
            }
        }
        for item in found.pending {
            guard case .channelOptions(let i) = item.slot, let declared = objects[item.name], declared.count == 1
            else { continue }
            found.channels[i].id = declared[0].id
            found.channels[i].sound = declared[0].sound
        }
        for item in found.pending where !other.contains(item.name) {
            guard let values = literals[item.name], values.count == 1, let value = values.first else { continue }
            found.settle(item, as: value)
        }
        // A helper's channel is the ones its calls make, when any does; else it stays computed.
        for (index, byCalls) in made.sorted(by: { $0.key < $1.key }) {
            // The importance the helper gives its channel is theirs (issue 57).
            var channels = byCalls
            for i in channels.indices { channels[i].importance = found.channels[index].importance }
            guard let first = channels.first else { continue }
            found.channels[index] = first
            found.channels += channels.dropFirst()
        }
    }

    /// Walks shared by a run's apps.
    final class Cache: @unchecked Sendable {
        private var walks: [String: (sounds: CodeSounds, incomplete: Bool)] = [:]

        init() {}

        /// The code under `root`, walked the first time it is asked for.
        func read(root: String, within confinement: Confinement) -> (sounds: CodeSounds, incomplete: Bool) {
            if let done = walks[root] { return done }
            let done = SourceWalk.read(root: root, within: confinement)
            walks[root] = done
            return done
        }
    }
}
