/// Whether one normalised absolute path lies below another, by whole components: `/a/bc` is
/// not below `/a/b`, and everything is below `/`.
package enum PathContainment {
    package static func path(_ path: String, isBelow folder: String) -> Bool {
        path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
