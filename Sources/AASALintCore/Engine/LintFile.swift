#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One input file, read once, shared by every rule; what is parsed or built from it is derived
/// the first time a rule or command asks (see `Contents`).
///
/// Rules, closures and the engine pass files around by value; the contents live in one shared
/// object, so that a copy costs a retain rather than one per field.
package struct LintFile: Sendable {
    /// The path as reports show it: relative to the working directory when inside it.
    package var path: String { contents.path }
    package var kind: FileKind { contents.kind }
    /// Size on disk; known even when the file was too large to read.
    package var byteCount: Int { contents.byteCount }
    /// The contents; empty when the file was not read because it exceeds the reading limit.
    package var bytes: [UInt8] { contents.bytes }
    /// The CMS signature around the contents of a provisioning profile or of a signed (iOS 8)
    /// AASA file, or why it could not be read; nil for other files.
    package var signature: ParseOutcome<CMSSignedData, DERSyntaxError>? { contents.signature }
    /// What the tree is read from, and what its spans and lines refer to: the content inside the
    /// signature when there is one, else the contents.
    package var payload: [UInt8] { contents.payload }
    /// The parsed tree, or why the bytes are not strict JSON; nil for files not read as JSON.
    package var json: ParseOutcome<PositionedValue, JSONSyntaxError>? { contents.json }
    /// The typed AASA model, when the file is an AASA whose root is a JSON object.
    package var aasa: AASADocument? { contents.aasa }
    /// Whether the AASA schema's walk meets an unknown key or a wrong type, when the file is an
    /// AASA whose root is a JSON object: asked by `unknown-key` and `invalid-type`, read once.
    package var schemaDeviations: AASASchema.Deviations? { contents.schemaDeviations }
    /// The statement list of an `assetlinks.json` whose root is a JSON array.
    package var assetLinks: AssetLinksDocument? { contents.assetLinks }
    /// The elements of an `AndroidManifest.xml`, or why it is not well-formed XML; nil for other files.
    package var xml: ParseOutcome<XMLElementNode, PlistSyntaxError>? { contents.xml }
    /// The manifest's activities and intent filters, when its root element is `<manifest>`.
    package var androidManifest: AndroidManifest? { contents.androidManifest }
    /// The parsed property list, or why it is not one; nil for files not read as entitlements.
    package var plist: ParseOutcome<PositionedValue, PlistSyntaxError>? { contents.plist }
    /// The entitlements model (build settings unresolved: see `LintContext.entitlements(of:)`),
    /// when the file is an entitlements property list whose root is a dictionary.
    package var entitlements: EntitlementsDocument? { contents.entitlements }
    /// The profile's model, when the file is a provisioning profile whose payload is a dictionary.
    package var profile: ProvisioningProfile? { contents.profile }
    /// Positions for everything in the file.
    package var document: SourceDocument { contents.positions.document }
    /// Where the entitlements come from when they are those an executable inside an artifact
    /// was signed with; nil for files in the repository.
    package var signedBundle: SignedBundle? { contents.signedBundle }
    /// The Android app (`.apk`, `.aab`) this file stands for: its package name and signing
    /// certificates; nil for other files.
    package var androidPackage: AndroidPackage? { contents.androidPackage }
    /// The project whose file holds these entitlements among its other settings (XcodeGen's
    /// inline `properties`, Expo's `ios` keys); nil for a file of its own.
    package var embeddingProject: XcodeProject? { contents.embeddingProject }
    /// The target of `embeddingProject` these entitlements are written for: a project file may
    /// hold those of several targets, each a file of its own here, with the same path.
    package var embeddingTarget: String? { contents.embeddingTarget }

    private let contents: Contents

    package init(path: String, kind: FileKind, bytes: [UInt8], byteCount: Int? = nil, signedBundle: SignedBundle? = nil) {
        contents = Contents(path: path, kind: kind, bytes: bytes, byteCount: byteCount, signedBundle: signedBundle, androidPackage: nil)
    }

    /// A built Android app at `path`: an artifact without text of its own, whose findings point at the file.
    package init(path: String, androidPackage: AndroidPackage) {
        contents = Contents(path: path, kind: .artifact, bytes: [], byteCount: nil, signedBundle: nil, androidPackage: androidPackage)
    }

    /// Entitlements written inside a file of a project (at `path`, holding `bytes`): `root` is
    /// the dictionary of entitlements, read from (or made of nodes of) the file's tree, so that
    /// findings point into the project file.
    init(entitlements root: PositionedValue, at path: String, in project: XcodeProject, target: String, bytes: [UInt8]) {
        contents = Contents(embeddedEntitlements: root, at: path, in: project, target: target, bytes: bytes)
    }

    /// Whether `other` is this file: the same path and, inside a project file, the same target.
    package func isSameFile(as other: LintFile) -> Bool {
        path == other.path && embeddingTarget == other.embeddingTarget
    }

    /// What `LintFile` reads, held once however many copies of the file there are, and the views
    /// derived from it: each parsed or built the first time a rule or command asks, never for a
    /// file whose kind has no such view, and never when nothing asks (a `match` needs no line
    /// table until it writes a position; a lint with rules of one kind parses nothing else).
    ///
    /// The views are guarded by one lock per file, so that rules of one file run on several
    /// threads build each view once. A view is built outside the lock, marked as being built:
    /// meanwhile other threads read the views already built (the rules that read the tree run
    /// while another thread builds the model) and those that ask for the same view wait for it.
    /// A view asks for those it is derived from while it is built (the model for the tree, the
    /// tree for the payload, the payload for the signature), never the reverse, so no thread
    /// waits for itself or for a thread that waits for it. One lock rather than one per view:
    /// a file costs three allocations for it, not some per view.
    private final class Contents: @unchecked Sendable {
        let path: String
        let kind: FileKind
        let byteCount: Int
        let bytes: [UInt8]
        let signedBundle: SignedBundle?
        let androidPackage: AndroidPackage?
        let embeddingProject: XcodeProject?
        let embeddingTarget: String?
        private let lock = WaitableLock()
        /// The views being built, one bit each (`View`).
        private var building: UInt16 = 0
        private var signatureView: ParseOutcome<CMSSignedData, DERSyntaxError>??
        private var payloadView: [UInt8]?
        private var jsonView: ParseOutcome<PositionedValue, JSONSyntaxError>??
        private var plistView: ParseOutcome<PositionedValue, PlistSyntaxError>??
        private var xmlView: ParseOutcome<XMLElementNode, PlistSyntaxError>??
        private var aasaView: AASADocument??
        private var schemaDeviationsView: AASASchema.Deviations??
        private var assetLinksView: AssetLinksDocument??
        private var androidManifestView: AndroidManifest??
        private var entitlementsView: EntitlementsDocument??
        private var profileView: ProvisioningProfile??
        private var positionsView: Positions?

        private enum View: UInt16 {
            case signature, payload, json, plist, xml, aasa, schemaDeviations, assetLinks, androidManifest, entitlements, profile, positions

            var bit: UInt16 { 1 << rawValue }
        }
        /// Work derived from the parsed file that several rules need, done once.
        let derived = DerivedWork()

        init(path: String, kind: FileKind, bytes: [UInt8], byteCount: Int?, signedBundle: SignedBundle?, androidPackage: AndroidPackage?) {
            self.path = path
            self.kind = kind
            self.signedBundle = signedBundle
            self.androidPackage = androidPackage
            embeddingProject = nil
            embeddingTarget = nil
            self.bytes = bytes
            self.byteCount = byteCount ?? bytes.count
        }

        init(embeddedEntitlements root: PositionedValue, at path: String, in project: XcodeProject, target: String, bytes: [UInt8]) {
            self.path = path
            embeddingTarget = target
            kind = .entitlements
            signedBundle = nil
            androidPackage = nil
            embeddingProject = project
            self.bytes = bytes
            byteCount = bytes.count
            signatureView = .some(nil)
            payloadView = bytes
            jsonView = .some(nil)
            plistView = .some(.success(root))
        }

        private var isRead: Bool { bytes.count == byteCount }

        /// The value of `view` (`read` from and `kept` in its property under the lock), built the
        /// first time any thread asks, outside the lock; a thread that asks while another builds it waits.
        private func derive<Value>(_ view: View, _ read: () -> Value?, _ keep: (Value) -> Void, _ build: () -> Value) -> Value {
            lock.lock()
            while true {
                if let value = read() {
                    lock.unlock()
                    return value
                }
                guard building & view.bit != 0 else { break }
                lock.wait()
            }
            building |= view.bit
            lock.unlock()
            let value = build()
            lock.lock()
            keep(value)
            building &= ~view.bit
            lock.broadcast()
            lock.unlock()
            return value
        }

        var signature: ParseOutcome<CMSSignedData, DERSyntaxError>? {
            derive(.signature, { signatureView }, { signatureView = $0 }) {
                let isSigned = kind == .provisioningProfile || kind == .aasa && CMSSignedData.looksSigned(bytes)
                return isRead && isSigned ? ParseOutcome { () throws(DERSyntaxError) in try CMSSignedData(bytes) } : nil
            }
        }

        /// The signed content, or the JSON salvaged from inside a broken signature of an AASA file.
        private var content: [UInt8]? {
            guard let signature else { return nil }
            if let value = signature.value { return value.content }
            // A signed AASA file whose signature is broken may still hold its JSON: lint that.
            return kind == .aasa ? CMSSignedData.salvagedContent(bytes) : nil
        }

        var payload: [UInt8] { derive(.payload, { payloadView }, { payloadView = $0 }) { content ?? bytes } }

        var json: ParseOutcome<PositionedValue, JSONSyntaxError>? {
            derive(.json, { jsonView }, { jsonView = $0 }) {
                // Without content, the bytes are the broken signature's, not JSON: signed-aasa says so.
                guard kind == .aasa || kind == .assetLinks, isRead, signature == nil || content != nil else { return nil }
                let payload = payload
                return ParseOutcome { () throws(JSONSyntaxError) in try JSONParser.parse(payload) }
            }
        }

        var plist: ParseOutcome<PositionedValue, PlistSyntaxError>? {
            derive(.plist, { plistView }, { plistView = $0 }) {
                guard kind == .entitlements && isRead || kind == .provisioningProfile && content != nil else { return nil }
                let payload = payload
                return ParseOutcome { () throws(PlistSyntaxError) in try PlistReader.parse(payload) }
            }
        }

        /// The root of the tree, JSON or property list, when the file parsed.
        var root: PositionedValue? {
            switch kind {
            case .aasa, .assetLinks: json?.value
            case .entitlements, .provisioningProfile: plist?.value
            default: nil
            }
        }

        /// The root when it is an object (a dictionary), which every model but assetlinks' reads.
        private var object: PositionedValue? {
            let root = root
            return root?.members == nil ? nil : root
        }

        var aasa: AASADocument? {
            derive(.aasa, { aasaView }, { aasaView = $0 }) { kind == .aasa ? object.map(AASADocument.init(root:)) : nil }
        }

        var schemaDeviations: AASASchema.Deviations? {
            derive(.schemaDeviations, { schemaDeviationsView }, { schemaDeviationsView = $0 }) {
                kind == .aasa ? object.map { AASASchema.file.deviations(in: $0) } : nil
            }
        }

        var assetLinks: AssetLinksDocument? {
            derive(.assetLinks, { assetLinksView }, { assetLinksView = $0 }) { kind == .assetLinks ? root.flatMap(AssetLinksDocument.init(root:)) : nil }
        }

        var xml: ParseOutcome<XMLElementNode, PlistSyntaxError>? {
            derive(.xml, { xmlView }, { xmlView = $0 }) {
                guard kind == .androidManifest && isRead else { return nil }
                let payload = payload
                return ParseOutcome { () throws(PlistSyntaxError) in try XMLElementReader.root(of: payload) }
            }
        }

        var androidManifest: AndroidManifest? {
            derive(.androidManifest, { androidManifestView }, { androidManifestView = $0 }) { xml?.value.flatMap(AndroidManifest.init(root:)) }
        }

        var entitlements: EntitlementsDocument? {
            derive(.entitlements, { entitlementsView }, { entitlementsView = $0 }) { kind == .entitlements ? object.map { EntitlementsDocument(root: $0) } : nil }
        }

        var profile: ProvisioningProfile? {
            derive(.profile, { profileView }, { profileView = $0 }) { kind == .provisioningProfile ? object.map(ProvisioningProfile.init(root:)) : nil }
        }

        var positions: Positions {
            derive(.positions, { positionsView }, { positionsView = $0 }) { Positions(SourceDocument(path: path, lines: LineTable(payload), root: root)) }
        }
    }

    /// The file's document in a class, so that asking for a position borrows it rather than
    /// copying the document's arrays out of the lock (a report asks for thousands).
    private final class Positions: Sendable {
        let document: SourceDocument

        init(_ document: SourceDocument) {
            self.document = document
        }
    }

    package var isRead: Bool { bytes.count == byteCount }

    /// Whether fixes may rewrite the file: its spans are offsets into its own bytes (no signature
    /// around them), and it is a file of its own, not a part of a signed artifact, nor
    /// entitlements inside a project file (whose syntax, YAML or JSON, the fixes do not write).
    package var isFixable: Bool { signedBundle == nil && signature == nil && embeddingProject == nil }

    /// The kinds whose rules check this file: its own, and `artifact` for signed entitlements.
    package var kinds: [FileKind] { signedBundle == nil ? [kind] : [kind, .artifact] }

    package var hasByteOrderMark: Bool { payload.starts(with: [0xEF, 0xBB, 0xBF]) }

    package var root: PositionedValue? { contents.root }

    package var lines: LineTable { contents.positions.document.lines }

    package func location(_ pointer: JSONPointer, _ part: JSONPointerPart = .value) -> Location {
        contents.positions.document.location(pointer, part)
    }

    package func location(span: Range<Int>, pointer: JSONPointer?) -> Location {
        contents.positions.document.location(span: span, pointer: pointer)
    }

    package func location(offset: Int) -> Location {
        contents.positions.document.location(offset: offset)
    }

    package var fileLocation: Location { contents.positions.document.fileLocation }

    package func edit(replacing span: Range<Int>, with replacement: String) -> TextEdit {
        contents.positions.document.edit(replacing: span, with: replacement)
    }

    /// Files larger than this are not compiled for matching and rule-order analysis: Apple
    /// ignores files over 128 KB, and compiling every rule of a file of many megabytes takes
    /// gigabytes. The other rules still run on them.
    package static let compilationLimit = 1 << 20

    /// The compiled matcher of an AASA file, built once for every rule that asks; nil when the
    /// file is not an AASA JSON object, or is over `compilationLimit`. Each pattern is compiled
    /// when first asked about: the rules ask about few (the order analysis compares only
    /// components that share a path start with another).
    package var matcher: AASAMatcher? {
        guard byteCount <= Self.compilationLimit else { return nil }
        return contents.derived.matcher { AASAMatcher(file: self, determinisesEagerly: false, compilesOnFirstUse: true) }
    }

    /// Drops the compiled matcher and pattern catalog once every rule has seen the file, so that
    /// linting many files holds the compiled form of only those in progress.
    package func releaseDerivedWork() {
        contents.derived.release()
    }

    /// Every pattern of the file with its place and settings, read once for the pattern rules.
    package var patternCatalog: PatternCatalog {
        contents.derived.catalog { PatternCatalog(file: self) }
    }

}

/// What a rule can see beyond its own file: every file of the run (including files the
/// configuration names but that were not linted, such as a domain's AASA), the configuration
/// and the run's options.
package struct LintContext: Sendable {
    package let files: [LintFile]
    package let configuration: Configuration
    package let options: RunOptions
    /// The Xcode projects found under the linted paths, for release configurations and appIDs.
    package let xcodeProjects: [XcodeProject]
    /// Which entitlements files ship, from the configuration and the Xcode projects.
    package let releaseFiles: ReleaseFiles
    /// What each host served (lower-case host -> the downloaded file), when `lint --remote`
    /// checks signed apps against their domains; empty otherwise.
    package let servedFiles: [String: LintFile]
    /// The `assetlinks.json` each host served (lower-case host -> the downloaded file), when
    /// `lint --remote` checks the configured Android apps against their hosts; empty otherwise.
    package let servedAssetLinks: [String: LintFile]
    /// The apps' sources, read once when the rules about link handlers first ask.
    let appCodeCache: AppCodeCache

    package init(files: [LintFile], configuration: Configuration = Configuration(), options: RunOptions = RunOptions(),
                xcodeProjects: [XcodeProject] = [], servedFiles: [String: LintFile] = [:], servedAssetLinks: [String: LintFile] = [:]) {
        self.init(files: files, configuration: configuration, options: options, xcodeProjects: xcodeProjects, servedFiles: servedFiles,
                  servedAssetLinks: servedAssetLinks, appCodeCache: AppCodeCache())
    }

    init(files: [LintFile], configuration: Configuration, options: RunOptions, xcodeProjects: [XcodeProject], servedFiles: [String: LintFile],
         servedAssetLinks: [String: LintFile], appCodeCache: AppCodeCache) {
        self.appCodeCache = appCodeCache
        self.files = files
        self.configuration = configuration
        self.options = options
        self.xcodeProjects = xcodeProjects
        self.servedFiles = servedFiles
        self.servedAssetLinks = servedAssetLinks
        releaseFiles = ReleaseFiles(configuration: configuration, options: options, xcodeProjects: xcodeProjects, files: files)
    }

    /// The moment profile expiry is judged at: `--as-of`, else now.
    package var now: Date { options.asOf ?? Date() }

    /// The file a configuration path names (relative to the configuration's folder).
    package func file(atConfiguredPath path: String) -> LintFile? {
        let shown = configuration.displayPath(ofConfiguredPath: path)
        return files.first { $0.path == shown }
    }
}

/// Caches what `LintFile` derives lazily. Rules of one file may run on several threads
/// (`Linter` on a large file linted alone, embedders), so the cache is locked: a lock for each,
/// so that a thread building the matcher does not hold up one that asks for the pattern catalog.
private final class DerivedWork: @unchecked Sendable {
    private let matcherLock = Lock()
    private let catalogLock = Lock()
    private var compiled: AASAMatcher??
    private var patterns: PatternCatalog?

    func matcher(_ build: () -> AASAMatcher?) -> AASAMatcher? {
        matcherLock.lock()
        defer { matcherLock.unlock() }
        if let compiled { return compiled }
        let built = build()
        compiled = .some(built)
        return built
    }

    func release() {
        matcherLock.withLock { compiled = nil }
        catalogLock.withLock { patterns = nil }
    }

    func catalog(_ build: () -> PatternCatalog) -> PatternCatalog {
        catalogLock.lock()
        defer { catalogLock.unlock() }
        if let patterns { return patterns }
        let built = build()
        patterns = built
        return built
    }
}
