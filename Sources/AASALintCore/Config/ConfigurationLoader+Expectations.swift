#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `expectations:`: URLs that must open an app or stay on the web, inline or in files.
extension ConfigurationLoader {
    func readExpectations(_ node: PositionedValue, at pointer: JSONPointer, directory: String,
                                  _ reader: inout ConfigurationReader) -> [URLExpectationSet] {
        reader.list(node, at: pointer, what: "'expectations'").compactMap { element, elementPointer in
            let keys = reader.members(of: element, at: elementPointer, known: ["app", "opens", "stays_on_web", "file", "opens_from", "stays_on_web_from", "paths"],
                                      what: "an expectation")
            let app = keys["app"].flatMap { reader.string($0.value, at: elementPointer.appending("app"), what: "'app'") }
            let filter = keys["paths"].map { pathFilter($0.value, at: elementPointer.appending("paths"), &reader) } ?? []
            let opens = (keys["opens"].map { urls($0.value, at: elementPointer.appending("opens"), &reader) } ?? [])
                + (keys["opens_from"].map { sourcedURLs($0.value, at: elementPointer.appending("opens_from"), directory: directory, filter: filter, &reader) } ?? [])
            let staysOnWeb = (keys["stays_on_web"].map { urls($0.value, at: elementPointer.appending("stays_on_web"), &reader) } ?? [])
                + (keys["stays_on_web_from"].map { sourcedURLs($0.value, at: elementPointer.appending("stays_on_web_from"), directory: directory, filter: filter, &reader) } ?? [])
            if let fileMember = keys["file"] {
                guard let file = reader.string(fileMember.value, at: elementPointer.appending("file"), what: "'file'") else { return nil }
                return readExpectationFile(file, app: app, directory: directory, &reader)
            }
            if ["opens", "stays_on_web", "opens_from", "stays_on_web_from"].allSatisfy({ keys[$0] == nil }) {
                reader.error("an expectation needs 'opens' or 'stays_on_web' (lists of URLs), 'opens_from' or 'stays_on_web_from' "
                    + "(a sitemap or a file of URLs), or 'file'", at: elementPointer)
            } else if keys["paths"] != nil && keys["opens_from"] == nil && keys["stays_on_web_from"] == nil {
                reader.error("'paths' filters the URLs of 'opens_from' and 'stays_on_web_from'; give one of them, or remove 'paths'", atKeyOf: keys["paths"]!, under: elementPointer)
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

    /// The URLs of a sitemap or URL file, relative to the configuration; a file that cannot be
    /// read, or a line without a URL, is an error of the configuration. Sitemaps and URL lists are
    /// streamed from disk (they can be large), not read through `readNamedFile`.
    private func sourcedURLs(_ node: PositionedValue, at pointer: JSONPointer, directory: String, filter: [PatternLanguage],
                             _ reader: inout ConfigurationReader) -> [Located<String>] {
        guard let name = reader.string(node, at: pointer, what: "'\(pointer.lastToken ?? "")'") else { return [] }
        do throws(URLSourceError) {
            let (urls, unreadable) = try ExpectationURLSource(name: name, directory: directory, pathFilter: filter).urls()
            for line in unreadable { reader.error(line, at: pointer) }
            return urls
        } catch {
            reader.error("cannot read the URLs of '\(name.value)': \(error.description)", at: pointer)
            return []
        }
    }

    /// Path patterns in the AASA syntax, matched case-sensitively with the encoded path.
    private func pathFilter(_ node: PositionedValue, at pointer: JSONPointer, _ reader: inout ConfigurationReader) -> [PatternLanguage] {
        var compiler = PatternCompiler(variables: SubstitutionVariables([]))
        return reader.strings(node, at: pointer, what: "'paths'").map { pattern in
            if !pattern.value.hasPrefix("/") && !pattern.value.hasPrefix("*") {
                reader.error("'\(pattern.value)' is not a path pattern: start it with / (such as /product/*)", at: pattern.pointer)
            }
            return compiler.language(of: pattern.value, as: .path, caseSensitive: true)
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
