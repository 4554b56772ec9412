/// A project rule that also compares the signed apps of linted artifacts with what their
/// domains serve: `lint --remote` with artifacts runs it on their executables and on the
/// downloaded files (`LintContext.servedFiles`), after the per-host checks.
package protocol ServedFileCrossCheck: FileCheck {}
