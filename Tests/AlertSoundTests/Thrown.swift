import Testing

/// The error `body` throws, when it is an `E`: what Swift Testing 6.1's `try #require(throws:)` returns,
/// which Swift Testing 6.0 (Xcode 16.0-16.2, the swift:6.0 CI job) does not, so the target would not
/// compile there. Records an issue, and throws, when `body` throws nothing or something else.
func thrown<E: Error, R>(_ type: E.Type, _ body: () throws -> R) throws -> E {
    do {
        _ = try body()
    } catch let error as E {
        return error
    } catch {
        Issue.record("threw \(error), not \(E.self)")
        throw error
    }
    Issue.record("\(E.self) was not thrown")
    throw NothingThrown()
}

struct NothingThrown: Error {}
