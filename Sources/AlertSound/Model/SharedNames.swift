import AlertSoundCore

/// The sounds that share a key with another (a name differing only in case, one resource name
/// given by two files), found from names alone before any sound is judged. Only shared keys are
/// kept, so what a bundle of 100,000 distinct names costs is one pass, not an index of them all.
struct SharedNames: Sendable {
    private var groupOf: [Int: Int] = [:]
    private var groups: [[Int]] = []

    /// Groups sounds `0..<count` by `key`; a sound whose key is `nil` is in no group.
    init(count: Int, key: (Int) -> String?) {
        var first: [String: Int] = [:]
        var groupOfKey: [String: Int] = [:]
        for i in 0..<count {
            guard let key = key(i) else { continue }
            guard let earlier = first[key] else {
                first[key] = i
                continue
            }
            if let group = groupOfKey[key] {
                groups[group].append(i)
                groupOf[i] = group
            } else {
                groupOfKey[key] = groups.count
                groupOf[earlier] = groups.count
                groupOf[i] = groups.count
                groups.append([earlier, i])
            }
        }
    }

    /// The sounds sharing sound `i`'s key, `i` among them, in order; `nil` when it shares it with none.
    func group(of i: Int) -> [Int]? {
        groupOf[i].map { groups[$0] }
    }
}
