/// Gathers the pieces of a report and hands them on in writes of about 64 KB: a report of
/// 100,000 findings is neither held whole nor written in 100,000 system calls.
struct BufferedOutput {
    private let destination: (String) -> Void
    private var pending = ""
    private static let size = 1 << 16

    init(_ destination: @escaping (String) -> Void) {
        self.destination = destination
    }

    mutating func write(_ text: String) {
        pending += text
        if pending.utf8.count >= Self.size { flush() }
    }

    mutating func flush() {
        guard !pending.isEmpty else { return }
        destination(pending)
        pending = ""
    }
}
