/// What `body` throws, as the error describes itself (a reader's error is its message for a
/// person), or nil when it returns: for tests that name the exact refusal of malformed input.
public func thrownDescription(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}
