#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What Apple's CDN says about its copy, in the headers of its answer: why it has none
/// (`Apple-Failure-Reason` and its companions) and how long it keeps what it has
/// (`Cache-Control: max-age` and `Age`).
package struct CDNAnswer: Sendable {
    package let response: HTTPResponse
    /// When the answer was sent: its `Date` header, else when it arrived.
    package let sentAt: Date

    package init(_ response: HTTPResponse, receivedAt: Date) {
        self.response = response
        sentAt = response.header("Date").flatMap(HTTPDate.parse) ?? receivedAt
    }

    /// Why the CDN has no copy, in plain words, from the `Apple-*` headers; nil without them.
    /// Only the codes seen in Apple's answers with their meaning are explained: SWCERR00101
    /// carries the status the host gave Apple's crawler, SWCERR00301 says it timed out.
    package var failureExplanation: String? {
        var parts: [String] = []
        if let reason = response.header("Apple-Failure-Reason") {
            let code = reason.prefix { !$0.isWhitespace }
            let text = reason.dropFirst(code.count).trimmed()
            switch code {
            case "SWCERR00101":
                let status = text.hasPrefix("Bad HTTP Response:") ? String(text.dropFirst("Bad HTTP Response:".count)).trimmed() : text
                parts.append("the host answered Apple's crawler with \(status), not the file (Apple-Failure-Reason: \(reason))")
            case "SWCERR00301":
                parts.append("Apple's crawler gave up waiting for the host's answer (Apple-Failure-Reason: \(reason))")
            default:
                parts.append("Apple's CDN gives the reason \"\(reason)\" (Apple-Failure-Reason)")
            }
        }
        if let details = response.header("Apple-Failure-Details") {
            parts.append("its details: \(details)")
        }
        if let from = response.header("Apple-From") {
            parts.append("the addresses Apple's crawler went through: \(from) (Apple-From)")
        }
        if let tryDirect = response.header("Apple-Try-Direct") {
            parts.append("Apple-Try-Direct: \(tryDirect)\(tryDirect.lowercased() == "true" ? ", which tells devices to try the host itself" : "")")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// How long the CDN keeps this answer: `Cache-Control: max-age`, in seconds.
    package var maximumAge: Int? {
        guard let control = response.header("Cache-Control") else { return nil }
        for directive in control.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmed().lowercased() }
            if parts.count == 2, parts[0] == "max-age", let seconds = Int(parts[1].trimmingQuotes), seconds >= 0 {
                return seconds
            }
        }
        return nil
    }

    /// How old the CDN's copy was when it answered: `Age`, in seconds (0 without it).
    package var age: Int {
        response.header("Age").flatMap { Int($0.trimmed()) }.map { max($0, 0) } ?? 0
    }

    /// When the CDN's copy expires and it asks the host again, at the latest; nil without max-age.
    package var refreshedBy: Date? {
        maximumAge.map { sentAt.addingTimeInterval(Double(max($0 - age, 0))) }
    }

    /// `after about 11:00 UTC on 2026-12-03 (Cache-Control: max-age=3600)`: when the CDN asks
    /// the host again about an answer that is not the file; nil without max-age.
    package var retrySentence: String? {
        guard let maximumAge, let refreshedBy else { return nil }
        return "after about \(HTTPDate.minuteText(refreshedBy)) (Cache-Control: max-age=\(maximumAge)\(age > 0 ? ", Age: \(age)" : ""))"
    }

    /// `until about 09:00 UTC on 2026-12-04 (its copy is 1 hour old and is kept up to 1 day:
    /// Cache-Control: max-age=86400)`, or nil without max-age.
    package var refreshSentence: String? {
        guard let maximumAge, let refreshedBy else { return nil }
        return "until about \(HTTPDate.minuteText(refreshedBy)) (its copy is \(HTTPDate.durationText(age)) old and is kept up to \(HTTPDate.durationText(maximumAge)): Cache-Control: max-age=\(maximumAge)\(age > 0 ? ", Age: \(age)" : ""))"
    }
}

private extension String {
    var trimmingQuotes: String { filter { $0 != "\"" } }
}

/// The HTTP date of RFC 9110 (`Thu, 03 Dec 2026 10:00:00 GMT`), read and written without a
/// calendar library: FoundationEssentials has no date formatter on Linux.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The IMF-fixdate form, which RFC 9110 requires senders to use; nil for anything else.
    static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", let day = Int(fields[1]), let year = Int(fields[3]),
              let month = months.firstIndex(of: fields[2].lowercased()) else { return nil }
        let time = fields[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, (1...31).contains(day), (0...23).contains(time[0]), (0...59).contains(time[1]), (0...60).contains(time[2]) else {
            return nil
        }
        let days = daysSinceEpoch(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: Double(days * 86400 + time[0] * 3600 + time[1] * 60 + time[2]))
    }

    /// `09:00 UTC on 2026-12-04`.
    static func minuteText(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let ofDay = seconds - days * 86400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(ofDay / 3600)):\(two(ofDay % 3600 / 60)) UTC on \(year)-\(two(month))-\(two(day))"
    }

    /// `45 seconds`, `20 minutes`, `3 hours`, `2 days`, rounded down.
    static func durationText(_ seconds: Int) -> String {
        func plural(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
        switch seconds {
        case ..<120: return plural(seconds, "second")
        case ..<3600: return plural(seconds / 60, "minute")
        case ..<(2 * 86400): return plural(seconds / 3600, "hour")
        default: return plural(seconds / 86400, "day")
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    private static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719468
        let era = (shifted >= 0 ? shifted : shifted - 146096) / 146097
        let dayOfEra = shifted - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
