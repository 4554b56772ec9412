import AASALintCore

/// `aasalint diff OLD NEW` for two `assetlinks.json` files: the apps and certificates granted
/// and no longer granted.
struct AssetLinksDiffRun {
    let output: StandardStreams

    func run(oldPath: String, newPath: String, packageName: String?, json: Bool) throws(UsageError) -> Int32 {
        let old = try document(oldPath)
        let new = try document(newPath)
        let difference = AssetLinksDiff(old: old, new: new, packageName: packageName)
        let report = AssetLinksDiffReport(oldPath: oldPath, newPath: newPath, difference: difference)
        output.write(json ? report.json() : report.text())
        return difference.isEquivalent ? ExitStatus.success : ExitStatus.findings
    }

    private func document(_ path: String) throws(UsageError) -> AssetLinksDocument {
        let file = try AndroidMatch.read(path, kind: .assetLinks)
        if case .failure(let error)? = file.json {
            let position = file.lines.position(ofOffset: error.offset)
            throw UsageError("\(file.path):\(position.line):\(position.column): not valid JSON: \(error.message) (aasalint lint lists every problem)")
        }
        guard let document = file.assetLinks else {
            throw UsageError("\(file.path): not a statement list: its root must be a JSON array (aasalint lint lists every problem)")
        }
        return document
    }
}
