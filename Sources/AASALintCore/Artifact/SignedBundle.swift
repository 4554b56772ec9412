import Foundation

/// An app, App Clip or extension found in a signed artifact (`.app`, `.ipa`, `.xcarchive`), with
/// what its executable was signed with: the input of the rules that check what ships.
public struct SignedBundle: Sendable {
    public enum Kind: String, Sendable {
        case application
        case appClip
        case appExtension
    }

    /// The artifact as reports show it, e.g. `Shop.ipa`.
    public let artifactPath: String
    /// The bundle inside it, e.g. `Payload/Shop.app`; empty for the `.app` named itself.
    public let innerPath: String
    /// `CFBundleIdentifier` of its Info.plist.
    public let bundleIdentifier: String?
    /// The executable inside the artifact, e.g. `Payload/Shop.app/Shop` (`CFBundleExecutable`).
    public let executablePath: String
    /// One per architecture, in the order of the fat header.
    public let slices: [SignedSlice]
    /// The bytes of `embedded.mobileprovision` (CMS SignedData), when the bundle has one.
    public let embeddedProfile: [UInt8]?
    public let kind: Kind

    public init(artifactPath: String, innerPath: String, bundleIdentifier: String?, executablePath: String,
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
    public var displayPath: String { artifactPath + Self.separator + executablePath }

    static let separator = "!"
    static let artifactExtensions = [".ipa", ".app", ".xcarchive"]

    /// The artifact and the path inside it of a display path made by `displayPath`; nil for
    /// the path of a plain file.
    public static func split(displayPath path: String) -> (artifact: String, inner: String)? {
        for suffix in artifactExtensions {
            if let range = path.range(of: suffix + separator, options: [.caseInsensitive, .backwards]) {
                return (String(path[..<range.lowerBound]) + String(path[range.lowerBound..<range.upperBound].dropLast()),
                        String(path[range.upperBound...]))
            }
        }
        return nil
    }
}

/// One architecture of a signed executable and the entitlements it was signed with.
public struct SignedSlice: Sendable, Equatable {
    public let architecture: String
    /// The XML property list of the entitlements blob (`0xfade7171`); nil when there is none.
    public let entitlements: [UInt8]?
    /// The DER entitlements blob (`0xfade7172`); nil when there is none.
    public let derEntitlements: [UInt8]?

    public init(architecture: String, entitlements: [UInt8]?, derEntitlements: [UInt8]?) {
        self.architecture = architecture
        self.entitlements = entitlements
        self.derEntitlements = derEntitlements
    }
}
