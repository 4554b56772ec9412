/// The generations of the system that read a details entry differently (AASA.md section 1).
package enum DetailsReader: Sendable, CaseIterable {
    /// Reads `appIDs` when it is an array, else `appID`; `components` when it is an array, else `paths`.
    case iOS13AndLater
    /// Knows only `appID` and `paths`.
    case iOS12AndEarlier

    package var versions: String {
        switch self {
        case .iOS13AndLater: "iOS 13 and later"
        case .iOS12AndEarlier: "iOS 12 and earlier"
        }
    }

    /// Whether this reader tries in `entry` what iOS 13 and later try there: iOS 12 and earlier
    /// read only the paths, which are what the newer systems try when the entry has no components.
    package func triesWhatIOS13Tries(in entry: DetailsEntry) -> Bool {
        self == .iOS13AndLater || entry.components == nil
    }

    /// Whether this reader finds components (or legacy paths) to try in `entry`; an entry without any still decides for its apps.
    package func findsComponents(in entry: DetailsEntry) -> Bool {
        switch self {
        case .iOS13AndLater: true
        case .iOS12AndEarlier: entry.paths != nil
        }
    }
}

extension DetailsEntry {
    /// The apps this entry lists for `reader`.
    package func appIDs(readBy reader: DetailsReader) -> [Located<String>] {
        switch reader {
        case .iOS13AndLater: effectiveAppIDs
        case .iOS12AndEarlier: appID.map { [$0] } ?? []
        }
    }

    /// Every place of the entry that some reader takes as naming an app: the `appIDs` items, or
    /// `appID`, or both.
    package var appListings: [Located<String>] {
        var listings: [Located<String>] = []
        for listing in DetailsReader.allCases.flatMap({ appIDs(readBy: $0) }) where !listings.contains(where: { $0.pointer == listing.pointer }) {
            listings.append(listing)
        }
        return listings
    }

    /// The readers that take `listing`, one of `appListings`, as naming an app.
    package func readers(of listing: Located<String>) -> [DetailsReader] {
        DetailsReader.allCases.filter { reader in appIDs(readBy: reader).contains { $0.pointer == listing.pointer } }
    }
}

/// Which details entry decides for each app on each generation of the system: the first entry
/// that lists the app, whatever its components say (AASA.md section 2). iOS 12 and earlier ignore
/// `appIDs`, so an entry with only `appID` and `paths` after an `appIDs` entry for the same app
/// is what they read: a fallback, not a dead entry.
package struct DetailsPrecedence: Sendable {
    package let details: [DetailsEntry]
    /// Each app's deciding entry, per reader (not keyed by reader: start-up, scripts/check-startup-budget.sh).
    private let iOS13Deciders: [String: Int]
    private let iOS12Deciders: [String: Int]

    package init(_ details: [DetailsEntry]) {
        self.details = details
        iOS13Deciders = Self.deciders(in: details, on: .iOS13AndLater)
        iOS12Deciders = Self.deciders(in: details, on: .iOS12AndEarlier)
    }

    private static func deciders(in details: [DetailsEntry], on reader: DetailsReader) -> [String: Int] {
        var first: [String: Int] = [:]
        for (index, entry) in details.enumerated() {
            for appID in entry.appIDs(readBy: reader) where first[appID.value] == nil {
                first[appID.value] = index
            }
        }
        return first
    }

    /// The index of the entry that decides for `appID` on `reader`; nil when no entry lists it.
    package func decider(of appID: String, on reader: DetailsReader) -> Int? {
        switch reader {
        case .iOS13AndLater: iOS13Deciders[appID]
        case .iOS12AndEarlier: iOS12Deciders[appID]
        }
    }

    /// The readers on which the entry at `index` is the first to list one of its apps and finds
    /// components in it. Empty for an entry none of whose components ever runs.
    package func readersApplying(_ index: Int) -> [DetailsReader] {
        let entry = details[index]
        return DetailsReader.allCases.filter { reader in
            reader.findsComponents(in: entry) && entry.appIDs(readBy: reader).contains { decider(of: $0.value, on: reader) == index }
        }
    }

    /// Whether the entry at `index` lists apps, but no version of the system ever runs its components
    /// because earlier entries decide for every one of them.
    package func neverApplies(_ index: Int) -> Bool {
        readersApplying(index).isEmpty && !earlierDeciders(of: index).isEmpty
    }

    /// The earlier entries that decide, on some reader, for an app the entry at `index` lists.
    package func earlierDeciders(of index: Int) -> [Int] {
        let entry = details[index]
        let indices = DetailsReader.allCases.flatMap { reader in
            entry.appIDs(readBy: reader).compactMap { decider(of: $0.value, on: reader) }
        }
        return Set(indices.filter { $0 < index }).sorted()
    }
}
