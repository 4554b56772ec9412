/// The version of aasalint, as reports and `aasalint version` show it.
package enum AASALintVersion {
    package static let current = "0.1.0"
}
