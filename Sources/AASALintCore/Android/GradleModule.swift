/// What a Gradle module's build file says about the app's package name, where it says it with
/// a string literal: `applicationId` (the package name of the built app, which `assetlinks.json`
/// must name) and `namespace` (the manifest's package when there is no `applicationId`). A value
/// computed by the build (a variable, `"$base.shop"`) is not read, and the first `applicationId`
/// counts: the one of `defaultConfig`, which is written before the flavours' in Android Studio's
/// templates.
package struct GradleModule: Sendable, Equatable {
    /// The build file, as reports show it.
    package let buildFile: String
    package let applicationID: String?
    package let namespace: String?

    static let buildFileNames = ["build.gradle.kts", "build.gradle"]

    package init(buildFile: String, text: String) {
        self.buildFile = buildFile
        let code = Self.withoutComments(text)
        applicationID = Self.literal(assignedTo: "applicationId", in: code)
        namespace = Self.literal(assignedTo: "namespace", in: code)
    }

    /// The module of a Gradle source manifest (`app/src/main/AndroidManifest.xml` -> `app`),
    /// read from disk; nil when the manifest is not in a source set or the module has no
    /// readable build file.
    package static func of(manifestAt path: String) -> GradleModule? {
        let sourceSet = PathNames.folder(of: path)
        let source = PathNames.folder(of: sourceSet)
        guard PathNames.lastComponent(of: source) == "src" else { return nil }
        let module = PathNames.folder(of: source)
        for name in buildFileNames {
            let buildFile = module.isEmpty ? name : module + "/" + name
            if case .bytes(let bytes)? = try? FileReader().contents(ofFile: buildFile) {
                return GradleModule(buildFile: buildFile, text: String(decoding: bytes, as: UTF8.self))
            }
        }
        return nil
    }

    /// The string literal of `name "value"`, `name 'value'` or `name = "value"`, nil when the
    /// first such assignment is not a plain literal.
    static func literal(assignedTo name: String, in code: String) -> String? {
        let scalars = Array(code.unicodeScalars)
        let key = Array(name.unicodeScalars)
        var index = 0
        while index + key.count <= scalars.count {
            defer { index += 1 }
            guard scalars[index ..< index + key.count].elementsEqual(key),
                  index == 0 || !isIdentifier(scalars[index - 1]),
                  index + key.count == scalars.count || !isIdentifier(scalars[index + key.count])
            else { continue }
            var cursor = index + key.count
            func skipSpaces() { while cursor < scalars.count, scalars[cursor] == " " || scalars[cursor] == "\t" { cursor += 1 } }
            skipSpaces()
            if cursor < scalars.count, scalars[cursor] == "=" || scalars[cursor] == "(" { cursor += 1 }
            skipSpaces()
            guard cursor < scalars.count, scalars[cursor] == "\"" || scalars[cursor] == "'" else { continue }
            let quote = scalars[cursor]
            guard let end = scalars[(cursor + 1)...].firstIndex(where: { $0 == quote || $0 == "\n" }), scalars[end] == quote else { return nil }
            let value = String(String.UnicodeScalarView(scalars[(cursor + 1) ..< end]))
            return value.contains("$") || value.contains("\\") || value.isEmpty ? nil : value
        }
        return nil
    }

    private static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar) || scalar == "_"
    }

    /// The text with `//` and `/* */` comments blanked out (strings kept), so that a commented
    /// `applicationId` does not count.
    static func withoutComments(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var quote: Unicode.Scalar?
        var pending: Unicode.Scalar?
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }
        while let scalar = next() {
            if let open = quote {
                result.append(scalar)
                if scalar == open || scalar == "\n" { quote = nil }
                continue
            }
            guard scalar == "/" else {
                if scalar == "\"" || scalar == "'" { quote = scalar }
                result.append(scalar)
                continue
            }
            switch next() {
            case "/":
                while let skipped = next(), skipped != "\n" {}
                result.append("\n")
            case "*":
                var previous: Unicode.Scalar = " "
                while let skipped = next(), !(previous == "*" && skipped == "/") {
                    if skipped == "\n" { result.append("\n") }
                    previous = skipped
                }
                result.append(" ")
            case let other:
                result.append(scalar)
                pending = other
            }
        }
        return String(result)
    }
}
