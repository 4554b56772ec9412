#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One input file, read and parsed once, shared by every rule.
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
    package var document: SourceDocument { contents.document }
    /// Where the entitlements come from when they are those an executable inside an artifact
    /// was signed with; nil for files in the repository.
    package var signedBundle: SignedBundle? { contents.signedBundle }
    /// The project whose file holds these entitlements among its other settings (XcodeGen's
    /// inline `properties`, Expo's `ios` keys); nil for a file of its own.
    package var embeddingProject: XcodeProject? { contents.embeddingProject }
    /// The target of `embeddingProject` these entitlements are written for: a project file may
    /// hold those of several targets, each a file of its own here, with the same path.
    package var embeddingTarget: String? { contents.embeddingTarget }

    private let contents: Contents

    package init(path: String, kind: FileKind, bytes: [UInt8], byteCount: Int? = nil, signedBundle: SignedBundle? = nil) {
        contents = Contents(path: path, kind: kind, bytes: bytes, byteCount: byteCount, signedBundle: signedBundle)
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

    /// What `LintFile` reads and derives, held once however many copies of the file there are.
    private final class Contents: Sendable {
        let path: String
        let kind: FileKind
        let byteCount: Int
        let bytes: [UInt8]
        let signature: ParseOutcome<CMSSignedData, DERSyntaxError>?
        let payload: [UInt8]
        let json: ParseOutcome<PositionedValue, JSONSyntaxError>?
        let aasa: AASADocument?
        let assetLinks: AssetLinksDocument?
        let xml: ParseOutcome<XMLElementNode, PlistSyntaxError>?
        let androidManifest: AndroidManifest?
        let plist: ParseOutcome<PositionedValue, PlistSyntaxError>?
        let entitlements: EntitlementsDocument?
        let profile: ProvisioningProfile?
        let document: SourceDocument
        let signedBundle: SignedBundle?
        let embeddingProject: XcodeProject?
        let embeddingTarget: String?
        /// Work derived from the parsed file that several rules need, done once.
        let derived = DerivedWork()

        init(path: String, kind: FileKind, bytes: [UInt8], byteCount: Int?, signedBundle: SignedBundle?) {
            self.path = path
            self.kind = kind
            self.signedBundle = signedBundle
            embeddingProject = nil
            embeddingTarget = nil
            self.bytes = bytes
            self.byteCount = byteCount ?? bytes.count
            let isRead = bytes.count == self.byteCount
            let isSigned = kind == .provisioningProfile || kind == .aasa && CMSSignedData.looksSigned(bytes)
            signature = isRead && isSigned ? ParseOutcome { () throws(DERSyntaxError) in try CMSSignedData(bytes) } : nil
            // A signed AASA file whose signature is broken may still hold its JSON: lint that.
            let salvaged = kind == .aasa && signature != nil && signature?.value == nil ? CMSSignedData.salvagedContent(bytes) : nil
            let content = signature?.value?.content ?? salvaged
            let payload = content ?? bytes
            self.payload = payload
            // Without content, the bytes are the broken signature's, not JSON: signed-aasa says so.
            if kind == .aasa || kind == .assetLinks, isRead, signature == nil || content != nil {
                json = ParseOutcome { () throws(JSONSyntaxError) in try JSONParser.parse(payload) }
            } else {
                json = nil
            }
            if kind == .entitlements && isRead || kind == .provisioningProfile && content != nil {
                plist = ParseOutcome { () throws(PlistSyntaxError) in try PlistReader.parse(payload) }
            } else {
                plist = nil
            }
            let root = json?.value ?? plist?.value
            let object = root?.members == nil ? nil : root
            aasa = kind == .aasa ? object.map(AASADocument.init(root:)) : nil
            assetLinks = kind == .assetLinks ? root.flatMap(AssetLinksDocument.init(root:)) : nil
            xml = kind == .androidManifest && isRead ? ParseOutcome { () throws(PlistSyntaxError) in try XMLElementReader.root(of: payload) } : nil
            androidManifest = xml?.value.flatMap(AndroidManifest.init(root:))
            entitlements = kind == .entitlements ? object.map { EntitlementsDocument(root: $0) } : nil
            profile = kind == .provisioningProfile ? object.map(ProvisioningProfile.init(root:)) : nil
            document = SourceDocument(path: path, lines: LineTable(payload), root: root)
        }

        init(embeddedEntitlements root: PositionedValue, at path: String, in project: XcodeProject, target: String, bytes: [UInt8]) {
            self.path = path
            embeddingTarget = target
            kind = .entitlements
            signedBundle = nil
            embeddingProject = project
            self.bytes = bytes
            byteCount = bytes.count
            signature = nil
            payload = bytes
            json = nil
            plist = .success(root)
            aasa = nil
            assetLinks = nil
            xml = nil
            androidManifest = nil
            entitlements = root.members == nil ? nil : EntitlementsDocument(root: root)
            profile = nil
            document = SourceDocument(path: path, lines: LineTable(bytes), root: root)
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

    package var root: PositionedValue? { document.root }

    package var lines: LineTable { document.lines }

    package func location(_ pointer: JSONPointer, _ part: JSONPointerPart = .value) -> Location {
        document.location(pointer, part)
    }

    package func location(span: Range<Int>, pointer: JSONPointer?) -> Location {
        document.location(span: span, pointer: pointer)
    }

    package func location(offset: Int) -> Location {
        document.location(offset: offset)
    }

    package var fileLocation: Location { document.fileLocation }

    package func edit(replacing span: Range<Int>, with replacement: String) -> TextEdit {
        document.edit(replacing: span, with: replacement)
    }

    /// Files larger than this are not compiled for matching and rule-order analysis: Apple
    /// ignores files over 128 KB, and compiling every rule of a file of many megabytes takes
    /// gigabytes. The other rules still run on them.
    package static let compilationLimit = 1 << 20

    /// The compiled matcher of an AASA file, built once for every rule that asks; nil when the
    /// file is not an AASA JSON object, or is over `compilationLimit`.
    package var matcher: AASAMatcher? {
        guard byteCount <= Self.compilationLimit else { return nil }
        return contents.derived.matcher { AASAMatcher(file: self, determinisesEagerly: false) }
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
    /// The apps' sources, read once when the rules about link handlers first ask.
    let appCodeCache: AppCodeCache

    package init(files: [LintFile], configuration: Configuration = Configuration(), options: RunOptions = RunOptions(),
                xcodeProjects: [XcodeProject] = [], servedFiles: [String: LintFile] = [:]) {
        self.init(files: files, configuration: configuration, options: options, xcodeProjects: xcodeProjects, servedFiles: servedFiles,
                  appCodeCache: AppCodeCache())
    }

    init(files: [LintFile], configuration: Configuration, options: RunOptions, xcodeProjects: [XcodeProject], servedFiles: [String: LintFile],
         appCodeCache: AppCodeCache) {
        self.appCodeCache = appCodeCache
        self.files = files
        self.configuration = configuration
        self.options = options
        self.xcodeProjects = xcodeProjects
        self.servedFiles = servedFiles
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

/// Caches what `LintFile` derives lazily. Rules of one file may run on several threads in
/// embedders, so the cache is locked.
private final class DerivedWork: @unchecked Sendable {
    private let lock = Lock()
    private var compiled: AASAMatcher??
    private var patterns: PatternCatalog?

    func matcher(_ build: () -> AASAMatcher?) -> AASAMatcher? {
        lock.lock()
        defer { lock.unlock() }
        if let compiled { return compiled }
        let built = build()
        compiled = .some(built)
        return built
    }

    func release() {
        lock.lock()
        defer { lock.unlock() }
        compiled = nil
        patterns = nil
    }

    func catalog(_ build: () -> PatternCatalog) -> PatternCatalog {
        lock.lock()
        defer { lock.unlock() }
        if let patterns { return patterns }
        let built = build()
        patterns = built
        return built
    }
}
