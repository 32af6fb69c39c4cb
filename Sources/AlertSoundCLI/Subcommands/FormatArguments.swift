import AlertSound
import ArgumentParser

// `-d` and `-f` are parsed by ArgumentParser, with the library's own parsers over the one table of
// names (OutputDataFormat.all, FileType's cases), passed as `transform:` rather than through
// ExpressibleByArgument: its `init?(argument:)` cannot say why a value is wrong, and the table's
// parsers do (the names there are, the rates allowed). Completion scripts offer the same names.

extension OutputDataFormat {
    /// `-d`'s names for shell completion.
    static let completion = CompletionKind.list(all.map(\.name))
}

extension FileType {
    /// `-f`'s names for shell completion.
    static let completion = CompletionKind.list(allCases.map(\.rawValue))
}
