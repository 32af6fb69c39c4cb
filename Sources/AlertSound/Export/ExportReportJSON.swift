import AlertSoundCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `export --format json`'s document (Schemas/export.schema.json) is the report's encoding: each
/// source's outcome, the lock's sounds kept from before and dropped, the lock as written, the keep
/// file and the constants files.
extension ExportReport: Encodable {
    enum Keys: String, CodingKey {
        case schemaVersion, dryRun, sounds, lock, lockWritten, keep, constants, summary, kept, dropped
    }
    enum DroppedKeys: String, CodingKey { case name, source, channelId }
    enum SoundKeys: String, CodingKey {
        case source, name, status, channelId, previousChannelId, written, replaced, removed, changes, androidChanges,
            error, blockers
    }
    enum FileKeys: String, CodingKey { case path, written }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(ReportSchema.version, forKey: .schemaVersion)
        try c.encode(dryRun, forKey: .dryRun)
        var sounds = c.nestedUnkeyedContainer(forKey: .sounds)
        for outcome in outcomes {
            var s = sounds.nestedContainer(keyedBy: SoundKeys.self)
            try s.encode(outcome.source, forKey: .source)
            try s.encode(outcome.name, forKey: .name)
            try s.encode(outcome.status.rawValue, forKey: .status)
            try s.encode(outcome.entry?.channelId, forKey: .channelId)
            try s.encode(outcome.previousChannelId, forKey: .previousChannelId)
            try s.encode(outcome.written, forKey: .written)
            try s.encode(outcome.replaced, forKey: .replaced)
            try s.encode(outcome.removed, forKey: .removed)
            try s.encode(outcome.changes.map(\.kind), forKey: .changes)
            try s.encode(outcome.androidChanges.map(\.kind), forKey: .androidChanges)
            // The same object as an error document's `error`.
            try s.encode(outcome.error, forKey: .error)
            try s.encode(outcome.blockers, forKey: .blockers)
        }
        try c.encode(kept, forKey: .kept)
        var gone = c.nestedUnkeyedContainer(forKey: .dropped)
        for entry in dropped {
            var d = gone.nestedContainer(keyedBy: DroppedKeys.self)
            try d.encode(entry.name, forKey: .name)
            try d.encode(entry.source, forKey: .source)
            try d.encode(entry.channelId, forKey: .channelId)
        }
        var lock = c.nestedContainer(keyedBy: FileKeys.self, forKey: .lock)
        try lock.encode(lockPath, forKey: .path)
        try lock.encode(lockWritten, forKey: .written)
        if let keepPath = keepPath {
            var keep = c.nestedContainer(keyedBy: FileKeys.self, forKey: .keep)
            try keep.encode(keepPath, forKey: .path)
            try keep.encode(keepWritten, forKey: .written)
        }
        var files = c.nestedUnkeyedContainer(forKey: .constants)
        for (path, written) in constants {
            var f = files.nestedContainer(keyedBy: FileKeys.self)
            try f.encode(path, forKey: .path)
            try f.encode(written, forKey: .written)
        }
        try c.encode(
            [
                "written": outcomes.count { $0.status == .written },
                "unchanged": outcomes.count { $0.status == .unchanged },
                "failed": outcomes.count { $0.status == .failed }
            ], forKey: .summary)
    }
}
