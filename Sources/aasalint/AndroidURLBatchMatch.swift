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

/// `aasalint match AndroidManifest.xml --urls FILE | --sitemap FILE | --access-log FILE --domain HOST`:
/// every URL of the source decided against the manifest's intent filters in one process; JSON
/// Lines per URL, or a summary, as `URLBatchMatch` does for an AASA file.
struct AndroidURLBatchMatch {
    let file: LintFile
    let manifest: AndroidManifest
    let source: URLBatchMatch.Source
    let writesJSONLines: Bool
    let listsEveryIdleFilter: Bool
    let output: StandardStreams

    func run() throws(UsageError) -> Int32 {
        var coverage = AndroidURLCoverage(manifest: manifest)
        var lines = AndroidDecisionLines(file: file)
        let progress = URLBatchProgress(stderrIsTerminal: isatty(STDERR_FILENO) != 0, path: source.path,
                                        size: (try? FileManager.default.attributesOfItem(atPath: source.path))?[.size] as? Int)
        var pending: [UInt8] = []
        func flush() {
            output.writePiece(pending)
            pending.removeAll(keepingCapacity: true)
        }
        do {
            try source.forEachItem { item, consumed in
                switch item {
                case .url(let text, let line):
                    // Android takes any scheme; a line without one is not a URL.
                    guard let uri = AndroidURI(text) else {
                        let reason = "\"\(text)\" is not a URL (no scheme)"
                        coverage.recordUnreadable(line: line, reason: reason)
                        source.reportSkipped(line: line, why: reason, on: output)
                        return
                    }
                    let decisions = AndroidLinkMatcher.decisions(for: uri, in: manifest)
                    coverage.record(text, decisions)
                    if writesJSONLines {
                        lines.append(for: text, decisions, to: &pending)
                        if pending.count >= URLBatchMatch.pieceSize { flush() }
                    }
                    progress?.show(decided: coverage.urlCount, consumed: consumed, on: output)
                case .unreadable(let line, let why):
                    coverage.recordUnreadable(line: line, reason: why)
                    source.reportSkipped(line: line, why: why, on: output)
                case .notAPageView:
                    coverage.recordNotAPageView()
                }
            }
        } catch {
            flush()
            throw error
        }
        flush()
        if progress != nil { output.writeErrorPiece("\r", endsLine: false) }
        if !writesJSONLines {
            output.write(AndroidURLCoverageReport(coverage: coverage, file: file, source: source.displayName,
                                                  listsEveryIdleFilter: listsEveryIdleFilter).text())
        }
        return ExitStatus.success
    }
}

extension URLBatchMatch.Source {
    /// Every item of the source in order, with the bytes read so far (0 for a sitemap).
    func forEachItem(_ body: (URLSourceItem, _ consumed: Int) -> Void) throws(UsageError) {
        do {
            switch self {
            case .list(let path):
                try LineStream(path: path).forEachLine { line, number, consumed in
                    URLListReader.item(of: line, number: number).map { body($0, consumed) }
                }
            case .accessLog(let path, let domain):
                let reader = AccessLogReader(domain: domain)
                try LineStream(path: path).forEachLine { line, number, consumed in
                    reader.item(of: line, number: number).map { body($0, consumed) }
                }
            case .sitemap(let path):
                try SitemapReader().forEachItem(ofFile: path) { body($0, 0) }
            }
        } catch {
            throw UsageError(error.description)
        }
    }
}
