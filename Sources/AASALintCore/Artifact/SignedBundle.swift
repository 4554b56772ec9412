#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An app, App Clip or extension found in a signed artifact (`.app`, `.ipa`, `.xcarchive`), with
/// what its executable was signed with: the input of the rules that check what ships.
package struct SignedBundle: Sendable {
    package enum Kind: String, Sendable {
        case application
        case appClip
        case appExtension
    }

    /// The artifact as reports show it, e.g. `Shop.ipa`.
    package let artifactPath: String
    /// The bundle inside it, e.g. `Payload/Shop.app`; empty for the `.app` named itself.
    package let innerPath: String
    /// `CFBundleIdentifier` of its Info.plist.
    package let bundleIdentifier: String?
    /// The executable inside the artifact, e.g. `Payload/Shop.app/Shop` (`CFBundleExecutable`).
    package let executablePath: String
    /// One per architecture, in the order of the fat header.
    package let slices: [SignedSlice]
    /// The bytes of `embedded.mobileprovision` (CMS SignedData), when the bundle has one.
    package let embeddedProfile: [UInt8]?
    package let kind: Kind

    package init(artifactPath: String, innerPath: String, bundleIdentifier: String?, executablePath: String,
                slices: [SignedSlice], embeddedProfile: [UInt8]?, kind: Kind) {
        self.artifactPath = artifactPath
        self.innerPath = innerPath
        self.bundleIdentifier = bundleIdentifier
        self.executablePath = executablePath
        self.slices = slices
        self.embeddedProfile = embeddedProfile
        self.kind = kind
    }

    /// How reports name the executable's signed entitlements: `Shop.ipa!Payload/Shop.app/Shop`.
    package var displayPath: String { artifactPath + Self.separator + executablePath }

    static let separator = "!"
    static let artifactExtensions = [".ipa", ".app", ".xcarchive"]

    /// The artifact and the path inside it of a display path made by `displayPath`; nil for
    /// the path of a plain file.
    package static func split(displayPath path: String) -> (artifact: String, inner: String)? {
        for suffix in artifactExtensions {
            if let range = path.lastRange(of: suffix + separator, ignoringASCIICase: true) {
                return (String(path[..<range.upperBound].dropLast(separator.count)), String(path[range.upperBound...]))
            }
        }
        return nil
    }
}

/// One architecture of a signed executable and the entitlements it was signed with.
package struct SignedSlice: Sendable, Equatable {
    package let architecture: String
    /// The XML property list of the entitlements blob (`0xfade7171`); nil when there is none.
    package let entitlements: [UInt8]?
    /// The DER entitlements blob (`0xfade7172`); nil when there is none.
    package let derEntitlements: [UInt8]?

    package init(architecture: String, entitlements: [UInt8]?, derEntitlements: [UInt8]?) {
        self.architecture = architecture
        self.entitlements = entitlements
        self.derEntitlements = derEntitlements
    }
}

extension SignedBundle {
    /// A slice signed with other entitlements than the first slice (whose entitlements are the
    /// ones linted), and the top-level keys that differ: added, removed or with another value.
    package struct SliceDisagreement: Sendable, Equatable {
        package let architecture: String
        package let keys: [String]
    }

    /// The slices whose entitlements differ from the first slice's, compared as property lists
    /// (the same values written differently agree).
    package var sliceDisagreements: [SliceDisagreement] {
        guard let first = slices.first else { return [] }
        let reference = Self.entries(of: first)
        return slices.dropFirst().compactMap { slice in
            let entries = Self.entries(of: slice)
            let keys = Set(reference.keys).union(entries.keys).filter { reference[$0] != entries[$0] }.sorted()
            return keys.isEmpty ? nil : SliceDisagreement(architecture: slice.architecture, keys: keys)
        }
    }

    /// Each top-level key with its value written canonically (JSON with sorted keys).
    private static func entries(of slice: SignedSlice) -> [String: String] {
        guard let bytes = slice.entitlements, let members = (try? PlistReader.parse(bytes))?.members else { return [:] }
        return Dictionary(members.map { ($0.key, canonical($0.value)) }) { _, last in last }
    }

    private static func canonical(_ node: PositionedValue) -> String {
        func sorted(_ node: PositionedValue) -> JSONWriter.Value {
            switch node.value {
            case .object(let members): .object(members.sorted { $0.key < $1.key }.map { ($0.key, sorted($0.value)) })
            case .array(let elements): .array(elements.map(sorted))
            default: .document(node)
            }
        }
        return JSONWriter.prettyPrinted(sorted(node))
    }
}
