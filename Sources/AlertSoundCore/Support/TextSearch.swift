/// Knuth-Morris-Pratt's table for `needle`: for each prefix, the length of its longest proper
/// prefix that is also a suffix. A search that falls back through it reads its text once however
/// the needle repeats itself, where trying each start costs the needle's length at every one (issue
/// 55: a constant's name of kilobytes over a megabyte of its letters; a glob's long piece).
package func prefixTable<Element: Equatable>(_ needle: [Element]) -> [Int] {
    var table = [Int](repeating: 0, count: needle.count)
    var length = 0
    for i in needle.indices.dropFirst() {
        while length > 0, needle[i] != needle[length] { length = table[length - 1] }
        if needle[i] == needle[length] { length += 1 }
        table[i] = length
    }
    return table
}
