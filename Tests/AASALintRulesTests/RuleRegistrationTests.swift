import AASALintCore
import AASALintRules
import Foundation
import Testing

/// The registry is a hand-kept list (`BuiltInRules.all`), so nothing in the compiler notices a
/// rule written and never registered, or a fixture folder left for a rule that was renamed. The
/// layout notices: each rule lives in `Rules/<group>/<Name>Rule.swift`, named after its ID.
@Suite struct RuleRegistrationTests {
    static let rulesSources = FixtureSupport.packageRoot.appendingPathComponent("Rules")

    /// `Rules/AASA/ByteOrderMarkRule.swift` -> `ByteOrderMarkRule`, for every rule file.
    static func ruleFileTypeNames() throws -> [String] {
        let groups = try FileManager.default.contentsOfDirectory(atPath: rulesSources.path)
        return try groups.flatMap { group -> [String] in
            var isFolder: ObjCBool = false
            let folder = rulesSources.appendingPathComponent(group)
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else { return [] }
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix("Rule.swift") }
                .map { String($0.dropLast(".swift".count)) }
        }.sorted()
    }

    /// `ByteOrderMarkRule` -> `byte-order-mark`; an acronym is one word, with its plural
    /// (`InvalidJSONRule` -> `invalid-json`, `JSONKeyRule` -> `json-key`, `SimilarAppIDsRule` ->
    /// `similar-app-ids`).
    static func ruleID(ofTypeName name: String) -> String {
        let characters = Array(name.dropLast("Rule".count))
        func isPluralOfAcronym(at index: Int) -> Bool {
            characters[index] == "s" && (index + 1 == characters.count || characters[index + 1].isUppercase)
        }
        var id = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let startsAcronymEndingWord = index + 1 < characters.count && characters[index + 1].isLowercase && !isPluralOfAcronym(at: index + 1)
            let startsWord = character.isUppercase && previous.map { !$0.isUppercase || startsAcronymEndingWord } == true
            if startsWord { id += "-" }
            id += character.lowercased()
        }
        return id
    }

    @Test func everyRuleFileIsRegisteredUnderTheIDItIsNamedAfter() throws {
        let registered = Dictionary(uniqueKeysWithValues: BuiltInRules.all.map { (String(describing: $0), $0.description.id) })
        let files = try Self.ruleFileTypeNames()
        #expect(files.count > 40, "found only \(files.count) rule files under \(Self.rulesSources.path)")
        for typeName in files {
            let id = registered[typeName]
            #expect(id != nil, "\(typeName) has a file under Rules/ but is not in BuiltInRules.all")
            if let id { #expect(id == Self.ruleID(ofTypeName: typeName), "\(typeName) is registered as '\(id)'; name the file and type after the ID") }
        }
        let unfiled = Set(registered.keys).subtracting(files).sorted()
        #expect(unfiled.isEmpty, "registered rules without a Rules/<group>/<Name>Rule.swift file: \(unfiled)")
    }

    /// `checksHosts` says, without a cast, which rules `fetch` and `lint --remote` turn on: exactly
    /// the rules of `Rules/Remote/`, which are the ones that check a host's answer.
    @Test func theRulesThatCheckHostsAreThoseOfRulesRemote() throws {
        let remoteFiles = try FileManager.default.contentsOfDirectory(atPath: Self.rulesSources.appendingPathComponent("Remote").path)
            .filter { $0.hasSuffix("Rule.swift") }.map { Self.ruleID(ofTypeName: String($0.dropLast(".swift".count))) }
        #expect(remoteFiles.count >= 3)
        #expect(Set(BuiltInRules.all.filter { $0.checksHosts }.map { $0.description.id }) == Set(remoteFiles))
        #expect(BuiltInRules.all.filter { $0.checksHosts }.allSatisfy { $0.init().remoteCheck != nil })
    }

    /// A rule is made with its defaults and adopts exactly one capability: what it checks decides
    /// where a run calls it (files, hosts or the `ignore:` entries), so two would run it twice.
    @Test(arguments: BuiltInRules.all.map { RegisteredRule(type: $0) })
    func everyRuleAdoptsOneCapability(_ rule: RegisteredRule) {
        let made = rule.type.init()
        let capabilities = [made.fileCheck != nil, made.remoteCheck != nil, made.ignoreAudit != nil].filter { $0 }.count
        #expect(capabilities == 1, "\(rule) adopts \(capabilities) capabilities")
    }

    @Test func everyFixtureFolderNamesARegisteredRule() throws {
        let ids = Set(BuiltInRules.all.map { $0.description.id })
        let folders = try FileManager.default.contentsOfDirectory(atPath: FixtureSupport.rulesFolder.path).filter { !$0.hasPrefix(".") }
        #expect(!folders.isEmpty)
        let orphans = folders.filter { !ids.contains($0) }.sorted()
        #expect(orphans.isEmpty, "Fixtures/rules/ has folders for no rule: \(orphans)")
    }

    @Test func theDerivedIDFollowsTheNamingConvention() {
        #expect(Self.ruleID(ofTypeName: "ByteOrderMarkRule") == "byte-order-mark")
        #expect(Self.ruleID(ofTypeName: "InvalidJSONRule") == "invalid-json")
        #expect(Self.ruleID(ofTypeName: "JSONKeyRule") == "json-key")
        #expect(Self.ruleID(ofTypeName: "InvalidUTF8Rule") == "invalid-utf8")
        #expect(Self.ruleID(ofTypeName: "SimilarAppIDsRule") == "similar-app-ids")
        #expect(Self.ruleID(ofTypeName: "DuplicateAppIDRule") == "duplicate-app-id")
    }
}

/// A registered rule type, named by its ID in the test list.
struct RegisteredRule: CustomTestStringConvertible, Sendable {
    let type: any Rule.Type
    var testDescription: String { type.description.id }
}
