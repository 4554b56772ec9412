import AASALintCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `aasalint match AASA --urls FILE | --sitemap FILE | --access-log FILE --domain HOST`:
/// every URL of the source decided in one process; JSON Lines per URL and app, or a summary.
struct URLBatchMatch {
    /// Where the URLs come from; at most one is given.
    struct Options: CommandOptions {
        let urls = ValueOption("urls", valueName: "FILE", help: "Decide every URL of FILE (- reads standard input), one a line; blank lines and # comments skipped")
        let sitemap = ValueOption("sitemap", valueName: "FILE", help: "Decide every URL of a sitemap, or of the child sitemaps beside a sitemap index")
        let accessLog = ValueOption("access-log", valueName: "FILE", help: "Decide the page views (GET, 2xx or 3xx) of a common or combined access log")
        let domain = ValueOption("domain", valueName: "HOST", help: "With --access-log: the host the logged paths were served on")
        let allIdle = Flag("all-idle", help: "In the summary, list every component that decided none of the URLs (default: the first \(URLCoverageReport.idleShown))")

        static var fields: [OptionField<Self>] {
            [.option(\.urls), .option(\.sitemap), .option(\.accessLog), .option(\.domain), .option(\.allIdle)]
        }
    }

    enum Source {
        case list(String)
        case sitemap(String)
        case accessLog(String, domain: String)

        var path: String {
            switch self {
            case .list(let path), .sitemap(let path), .accessLog(let path, _): path
            }
        }

        var displayName: String { path == "-" ? "<stdin>" : path }

        /// Says on standard error why the item of `line` is skipped.
        func reportSkipped(line: Int, why: String, on output: StandardStreams) {
            output.writeError("\(displayName):\(line): \(why); skipped")
        }
    }

    static let pieceSize = 1 << 16
    let file: LintFile
    let matcher: AASAMatcher
    let source: Source
    let apps: [String]
    let writesJSONLines: Bool
    let listsEveryIdleComponent: Bool
    let output: StandardStreams

    init(file: LintFile, matcher: AASAMatcher, source: Source, apps: [String], writesJSONLines: Bool, listsEveryIdleComponent: Bool,
         output: StandardStreams) {
        self.file = file
        self.matcher = matcher
        self.source = source
        self.apps = apps
        self.writesJSONLines = writesJSONLines
        self.listsEveryIdleComponent = listsEveryIdleComponent
        self.output = output
    }

    static func source(_ parsed: ParsedArguments<Options>) throws(UsageError) -> Source? {
        let given = [parsed[\.urls].map(Source.list), parsed[\.sitemap].map(Source.sitemap),
                     try parsed[\.accessLog].map { path throws(UsageError) in
                         guard let domain = parsed[\.domain] else {
                             throw UsageError("--access-log needs --domain HOST: a log holds paths, and the URL is https://HOST/path")
                         }
                         return Source.accessLog(path, domain: domain)
                     }].compactMap { $0 }
        guard given.count <= 1 else { throw UsageError("give one of --urls, --sitemap and --access-log") }
        if given.isEmpty && parsed[\.allIdle] { throw UsageError("--all-idle lists the components that no URL of --urls, --sitemap or --access-log decided: give one of them") }
        return given.first
    }

    func run() throws(UsageError) -> Int32 {
        let components = matcher.componentsByOrdinal
        let tally = Tally(source: source, output: output, coverage: URLCoverage(appIDs: apps, components: components),
                          lines: writesJSONLines ? URLDecisionLines(file: file, appIDs: apps, components: components) : nil,
                          progress: URLBatchProgress(stderrIsTerminal: isatty(STDERR_FILENO) != 0, path: source.path,
                                                     size: (try? FileManager.default.attributesOfItem(atPath: source.path))?[.size] as? Int))
        var state = BatchState(decider: URLBatchDecider(matcher: matcher, appIDs: apps), memo: URLDecisionMemo(appCount: apps.count),
                               tally: tally)
        do {
            switch source {
            case .list(let path):
                try LineStream(path: path).forEachLineBytes { line, number, consumed in
                    guard let url = URLListReader.url(ofLine: line) else { return }
                    state.gather(url, line: number, consumed: consumed)
                }
            case .accessLog(let path, let domain):
                let reader = AccessLogReader(domain: domain)
                try LineStream(path: path).forEachLine { line, number, consumed in
                    reader.item(of: line, number: number).map { state.gather($0, consumed: consumed) }
                }
            case .sitemap(let path):
                try SitemapReader().forEachItem(ofFile: path) { state.gather($0, consumed: 0) }
            }
        } catch {
            state.finish()
            throw UsageError(error.description)
        }
        state.finish()
        if tally.progress != nil { output.writeErrorPiece("\r", endsLine: false) }
        if !writesJSONLines {
            output.write(URLCoverageReport(coverage: state.tally.coverage, matcher: matcher, file: file, source: source.displayName,
                                           listsEveryIdleComponent: listsEveryIdleComponent).text())
        }
        return ExitStatus.success
    }

    /// What a run gathers, in one value that the reading closures change through its methods:
    /// variables captured by closures cost a dynamic exclusivity check at each access, several per URL.
    private struct BatchState {
        let decider: URLBatchDecider
        var memo: URLDecisionMemo
        var tally: Tally
        /// The source is read in chunks decided a batch at a time, each chunk on a core, and
        /// reported in the source's order.
        private var chunk = URLChunk()
        private var batch: [URLChunk] = []

        init(decider: URLBatchDecider, memo: URLDecisionMemo, tally: Tally) {
            (self.decider, self.memo, self.tally) = (decider, memo, tally)
        }

        mutating func gather(_ url: UnsafeBufferPointer<UInt8>, line: Int, consumed: Int) {
            chunk.appendURL(url, line: line, memo: &memo)
            gathered(consumed: consumed)
        }

        mutating func gather(_ item: URLSourceItem, consumed: Int) {
            chunk.append(item, memo: &memo)
            gathered(consumed: consumed)
        }

        private mutating func gathered(consumed: Int) {
            chunk.consumed = consumed
            guard chunk.isFull else { return }
            batch.append(chunk)
            chunk = URLChunk()
            if batch.count == URLBatchDecider.chunksPerBatch { decideBatch() }
        }

        /// Decides and reports what is gathered, and writes every line.
        mutating func finish() {
            decideBatch()
            tally.flush()
        }

        private mutating func decideBatch() {
            if !chunk.isEmpty { batch.append(chunk) }
            chunk = URLChunk()
            for decided in decider.decide(batch) {
                decided.forEachEvent(remembering: &memo, to: &tally) { tally, event in tally.take(event, consumed: decided.chunk.consumed) }
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// The counts of what the URLs decided, and their lines.
    private struct Tally {
        let source: Source
        let output: StandardStreams
        var coverage: URLCoverage
        /// Nil for the summary, which writes no line per URL.
        var lines: URLDecisionLines?
        let progress: URLBatchProgress?
        /// The lines go out in writes of about 64 KB, not one system call per URL.
        private var pending: [UInt8] = []

        init(source: Source, output: StandardStreams, coverage: URLCoverage, lines: URLDecisionLines?, progress: URLBatchProgress?) {
            (self.source, self.output, self.coverage, self.lines, self.progress) = (source, output, coverage, lines, progress)
            pending.reserveCapacity(lines == nil ? 0 : URLBatchMatch.pieceSize + 4096)
        }

        /// `consumed`: the bytes of the source read when the URL's chunk was gathered.
        mutating func take(_ event: URLChunkDecisions.Event, consumed: Int) {
            switch event {
            case .decided(let url, let ordinals):
                coverage.record(url, decidedBy: ordinals)
                writeLines(of: url, decidedBy: ordinals)
                progress?.show(decided: coverage.urlCount, consumed: consumed, on: output)
            case .unreadable(let line, let why):
                skip(line: line, why: why)
            case .notAPageView:
                coverage.recordNotAPageView()
            }
        }

        private mutating func writeLines(of url: UnsafeBufferPointer<UInt8>, decidedBy ordinals: ArraySlice<Int32>) {
            guard lines != nil else { return }
            lines!.append(for: url, decidedBy: ordinals, to: &pending)
            if pending.count >= URLBatchMatch.pieceSize { flush() }
        }

        private mutating func skip(line: Int, why: String) {
            coverage.recordUnreadable(line: line, reason: why)
            source.reportSkipped(line: line, why: why, on: output)
        }

        mutating func flush() {
            output.writePiece(pending)
            pending.removeAll(keepingCapacity: true)
        }
    }
}

/// The progress line on standard error: only on a terminal (a log or a pipe would fill with
/// it), and only for a file large enough to take a moment.
struct URLBatchProgress {
    static let smallestFile = 1 << 20
    static let urlsPerUpdate = 10_000
    let total: Int

    /// Nil when no progress is shown: not a terminal, standard input (no size), or a small file.
    init?(stderrIsTerminal: Bool, path: String, size: Int?) {
        guard stderrIsTerminal, path != "-", let size, size >= Self.smallestFile else { return nil }
        total = size
    }

    /// Shows the line after `decided` URLs and `consumed` bytes, when there is one.
    func show(decided: Int, consumed: Int, on output: StandardStreams) {
        if let line = line(decided: decided, consumed: consumed) { output.writeErrorPiece(line, endsLine: false) }
    }

    /// The line to show after `decided` URLs and `consumed` bytes, every `urlsPerUpdate` URLs.
    func line(decided: Int, consumed: Int) -> String? {
        guard decided % Self.urlsPerUpdate == 0 else { return nil }
        return "\rdecided \(decided) URLs (\(consumed * 100 / total)%)"
    }
}
