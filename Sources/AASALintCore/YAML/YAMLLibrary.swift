import CYaml

/// The libyaml the configuration reader is linked against, shown by `aasalint version`.
package enum YAMLLibrary {
    package static var version: String {
        String(cString: yaml_get_version_string())
    }
}
