/// The version of aasalint, as reports and `aasalint version` show it.
public enum AASALintVersion {
    public static let current = "0.1.0"
}
