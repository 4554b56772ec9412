/// A project rule that also compares the signed apps of linted artifacts, or the configured
/// Android apps' manifests, with what their domains serve: `lint --remote` runs it on those and
/// on the downloaded files (`LintContext.servedFiles`, `servedAssetLinks`), after the per-host checks.
package protocol ServedFileCrossCheck: FileCheck {}
