import AASALintCore

struct MisplacedAASARule: Rule, FileCheck {
    static let description = RuleDescription(
        id: "misplaced-aasa",
        summary: "The file is in a folder that no web server serves at `/.well-known/apple-app-site-association`",
        rationale: """
            The system and Apple's CDN request exactly \
            `https://<domain>/.well-known/apple-app-site-association`: a folder named \
            `.well-known`, with its dot and hyphen, at the root of the site, holding a file of \
            that name without an extension. A file in `well-known/`, `.wellknown/`, \
            `.well_known/` or `.well-knwon/` is served at another URL, and so is \
            `.well-known/apple-app-site-association/index.json`, which only a server that maps \
            folders to their index files answers for, usually through a redirect that Apple \
            does not follow. The links then open the browser. Move the file to \
            `.well-known/apple-app-site-association` (some static-site generators skip folders \
            whose name starts with a dot: configure them to include it).
            """,
        severity: .warning,
        examples: [
            RuleExample(triggers: true, "a file at public/well-known/apple-app-site-association", fixture: "well-known"),
            RuleExample(triggers: true, "a file at public/.well-known/apple-app-site-association/index.json", fixture: "folder-index"),
            RuleExample(triggers: false, "a file at public/.well-known/apple-app-site-association", fixture: "served-right"),
        ]
    )

    static let folderName = ".well-known"
    private static let fileName = "apple-app-site-association"

    func check(_ file: LintFile, in context: LintContext) -> [Diagnostic] {
        guard file.signedBundle == nil, !file.path.contains("://") else { return [] }
        let name = PathNames.lastComponent(of: file.path)
        let folder = PathNames.lastComponent(of: PathNames.folder(of: file.path))
        let place: String, fix: String
        if name == Self.fileName, folder != Self.folderName, Self.meansWellKnown(folder) {
            place = "in a folder named \"\(folder)\", so a web server serves it at /\(folder)/\(name)"
            fix = "move it to \(Self.folderName)/\(Self.fileName)"
        } else if folder == Self.fileName, PathNames.lastComponent(of: PathNames.folder(of: PathNames.folder(of: file.path))) == Self.folderName {
            place = "inside a folder named \"\(Self.fileName)\", so a web server serves it at /\(Self.folderName)/\(Self.fileName)/\(name), or answers the exact URL with a redirect that Apple does not follow"
            fix = "serve this file itself at that path: replace the folder \(Self.folderName)/\(Self.fileName) with the file, named \(Self.fileName), without an extension"
        } else {
            return []
        }
        return [diagnostic(
            "this AASA file is \(place), but the system and Apple's CDN request https://<domain>/\(Self.folderName)/\(Self.fileName) exactly, so links open the browser; \(fix)",
            at: file.fileLocation
        )]
    }

    /// A near miss of `.well-known`: without its dot, with `_` or no hyphen, or a slip of a letter or two.
    private static func meansWellKnown(_ folder: String) -> Bool {
        let lowered = folder.lowercased()
        let letters = lowered.filter { $0.isLetter }
        return letters == "wellknown" || Suggestion.editDistance(lowered, folderName) <= 2
    }
}
