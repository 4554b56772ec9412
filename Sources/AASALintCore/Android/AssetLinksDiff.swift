/// What changes between two versions of an `assetlinks.json` (`aasalint diff OLD NEW`): which
/// apps (package and relation) are granted or no longer granted, which signing certificates each
/// gains or loses, which includes come or go, and whether Android's own verifier starts or stops
/// losing the whole file. Statements are read as Google's API reads them (a statement it cannot
/// parse is dropped); fingerprints compare as written, as both verifiers compare them.
package struct AssetLinksDiff: Sendable {
    package struct Change: Sendable, Equatable {
        package enum Kind: String, Sendable {
            case appGranted, appNoLongerGranted, certificatesAdded, certificatesRemoved
            case includeAdded, includeRemoved, aospFailureStarts, aospFailureEnds
        }

        package let kind: Kind
        package let packageName: String?
        package let relation: String?
        package let fingerprints: [String]
        /// The include URL, or why AOSP fails on the file.
        package let detail: String?
    }

    /// An app a statement grants a relation.
    struct Grantee: Hashable, Comparable {
        let packageName: String
        let relation: String

        static func < (first: Grantee, second: Grantee) -> Bool {
            (first.packageName, first.relation) < (second.packageName, second.relation)
        }
    }

    package let changes: [Change]

    /// `packageName` limits the comparison to that app.
    package init(old: AssetLinksDocument, new: AssetLinksDocument, packageName: String? = nil) {
        let before = Self.certificates(in: old, packageName: packageName)
        let after = Self.certificates(in: new, packageName: packageName)
        var changes: [Change] = []
        for grantee in Set(before.keys).union(after.keys).sorted() {
            let was = before[grantee] ?? []
            let now = after[grantee] ?? []
            func change(_ kind: Change.Kind, _ fingerprints: [String]) -> Change {
                Change(kind: kind, packageName: grantee.packageName, relation: grantee.relation, fingerprints: fingerprints, detail: nil)
            }
            if was.isEmpty {
                changes.append(change(.appGranted, now))
            } else if now.isEmpty {
                changes.append(change(.appNoLongerGranted, was))
            } else {
                let added = now.filter { !was.contains($0) }
                let removed = was.filter { !now.contains($0) }
                if !added.isEmpty { changes.append(change(.certificatesAdded, added)) }
                if !removed.isEmpty { changes.append(change(.certificatesRemoved, removed)) }
            }
        }
        let oldIncludes = old.statements.compactMap { $0.include?.value }
        let newIncludes = new.statements.compactMap { $0.include?.value }
        for include in newIncludes where !oldIncludes.contains(include) {
            changes.append(Change(kind: .includeAdded, packageName: nil, relation: nil, fingerprints: [], detail: include))
        }
        for include in oldIncludes where !newIncludes.contains(include) {
            changes.append(Change(kind: .includeRemoved, packageName: nil, relation: nil, fingerprints: [], detail: include))
        }
        switch (old.aospFailure, new.aospFailure) {
        case (nil, let failure?):
            changes.append(Change(kind: .aospFailureStarts, packageName: nil, relation: nil, fingerprints: [], detail: failure))
        case (let failure?, nil):
            changes.append(Change(kind: .aospFailureEnds, packageName: nil, relation: nil, fingerprints: [], detail: failure))
        default:
            break
        }
        self.changes = changes
    }

    package var isEquivalent: Bool { changes.isEmpty }

    /// Each app's certificates per relation, in the order the file first lists them.
    static func certificates(in document: AssetLinksDocument, packageName: String?) -> [Grantee: [String]] {
        var certificates: [Grantee: [String]] = [:]
        for (statement, target) in document.androidAppTargets where statement.aospRejection == nil {
            guard let package = target.packageName?.value, packageName == nil || package == packageName else { continue }
            for relation in statement.relations ?? [] {
                let grantee = Grantee(packageName: package, relation: relation.value)
                for fingerprint in target.fingerprints ?? [] where !certificates[grantee, default: []].contains(fingerprint.value) {
                    certificates[grantee, default: []].append(fingerprint.value)
                }
            }
        }
        return certificates
    }
}

extension AssetLinksDocument {
    /// Why Android's own verifier (AOSP) reads no statement of the file: the first statement it
    /// cannot parse, or the first number or null; nil when it reads them all (ANDROID.md 1.2).
    package var aospFailure: String? {
        statements.lazy.compactMap { statement -> String? in
            if let rejection = statement.aospRejection { return "\(rejection) (statement \(statement.pointer))" }
            if let value = statement.unsupportedValue { return "a \(value.value) at \(value.pointer)" }
            return nil
        }.first
    }
}
