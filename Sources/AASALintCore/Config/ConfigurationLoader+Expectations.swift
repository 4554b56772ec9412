import Foundation

/// Reads `expectations:`: URLs that must open an app or stay on the web, inline or in files.
extension ConfigurationLoader {
    func readExpectations(_ node: PositionedValue, at pointer: JSONPointer, directory: String,
                                  _ reader: inout ConfigurationReader) -> [URLExpectationSet] {
        reader.list(node, at: pointer, what: "'expectations'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["app", "opens", "stays_on_web", "file"], what: "an expectation")
            let app = keys["app"].flatMap { reader.string($0.value, at: elementPointer.appending("app"), what: "'app'") }
            let opens = keys["opens"].map { urls($0.value, at: elementPointer.appending("opens"), &reader) } ?? []
            let staysOnWeb = keys["stays_on_web"].map { urls($0.value, at: elementPointer.appending("stays_on_web"), &reader) } ?? []
            if let fileMember = keys["file"] {
                guard let file = reader.string(fileMember.value, at: elementPointer.appending("file"), what: "'file'") else { return nil }
                return readExpectationFile(file, app: app, directory: directory, &reader)
            }
            if keys["opens"] == nil && keys["stays_on_web"] == nil {
                reader.error("an expectation needs 'opens' or 'stays_on_web' (lists of URLs), or 'file'", at: elementPointer)
            }
            return URLExpectationSet(app: app, opens: opens, staysOnWeb: staysOnWeb, document: reader.document)
        }
    }

    func urls(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [Located<String>] {
        reader.strings(node, at: pointer, what: "'\(pointer.lastToken ?? "")'").filter { url in
            guard let components = URLComponents(string: url.value), components.scheme == "https", components.host?.isEmpty == false else {
                reader.error("'\(url.value)' is not an https URL with a host (universal links are https only)", at: url.pointer)
                return false
            }
            return true
        }
    }

    /// `{"deep_linkable_urls": [...], "non_deep_linkable_urls": [...]}`, relative to the configuration.
    func readExpectationFile(_ file: Located<String>, app: Located<String>?, directory: String,
                                     _ reader: inout ConfigurationReader) -> URLExpectationSet? {
        let path = directory == "." ? file.value : directory + "/" + file.value
        let bytes: [UInt8]
        do throws(UsageError) {
            guard case .bytes(let contents) = try readNamedFile(path) else {
                reader.error("the expectation file '\(file.value)' is too large to read", at: file.pointer)
                return nil
            }
            bytes = contents
        } catch {
            reader.error("cannot read the expectation file '\(file.value)': \(error.message)", at: file.pointer)
            return nil
        }
        let root: PositionedValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            reader.error("the expectation file '\(file.value)' is not valid JSON: \(error.message)", at: file.pointer)
            return nil
        }
        let document = SourceDocument(path: DisplayPath.of(path), lines: LineTable(bytes), root: root)
        var fileReader = ConfigurationReader(document: document)
        let keys = fileReader.members(of: root, at: .root, known: ["deep_linkable_urls", "non_deep_linkable_urls"], what: "an expectation file")
        let opens = keys["deep_linkable_urls"].map { urls($0.value, at: JSONPointer.root.appending("deep_linkable_urls"), &fileReader) } ?? []
        let staysOnWeb = keys["non_deep_linkable_urls"].map { urls($0.value, at: JSONPointer.root.appending("non_deep_linkable_urls"), &fileReader) } ?? []
        reader.append(fileReader.errors)
        return URLExpectationSet(app: app, opens: opens, staysOnWeb: staysOnWeb, document: document)
    }
}
