import AASALintTestSupport
import Foundation
import Testing

/// `aasalint diff OLD NEW` on two `assetlinks.json` files, run as a user runs it, on
/// `Fixtures/diff/assetlinks`: each case `NAME.old.assetlinks.json`, `NAME.new.assetlinks.json`
/// and the text it prints, `NAME.expected`.
@Suite struct AssetLinksDiffTests {
    static let folder = DiffCommandTests.diffFolder.appendingPathComponent("assetlinks")
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    static func cases() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".old.assetlinks.json") }.map { String($0.dropLast(".old.assetlinks.json".count)) }.sorted()
    }

    func diff(_ arguments: [String], standardInput: Data? = nil) throws -> BinaryRun {
        try BinaryRunner.run(["diff"] + arguments, standardInput: standardInput, workingDirectory: Self.folder)
    }

    /// Each case prints its `.expected` text; exit 0 exactly when it reports no change.
    @Test(arguments: try cases())
    func textOutputMatchesTheGolden(name: String) throws {
        let run = try diff([name + ".old.assetlinks.json", name + ".new.assetlinks.json"])
        if let mismatch = try Golden.mismatch(of: run.standardOutput, with: Self.folder.appendingPathComponent(name + ".expected")) {
            Issue.record(Comment(rawValue: mismatch))
        }
        #expect(run.status == (run.standardOutput.hasPrefix("no change in what is granted") ? 0 : 1))
        #expect(run.standardError.isEmpty)
    }

    @Test func everyCaseButTheReorderedOneReportsAChange() throws {
        #expect(try Self.cases().filter { try diff([$0 + ".old.assetlinks.json", $0 + ".new.assetlinks.json"]).status == 0 } == ["reordered"])
    }

    @Test func jsonNamesThePackageRelationAndCertificates() throws {
        let run = try diff(["app-removed.old.assetlinks.json", "app-removed.new.assetlinks.json", "--format", "json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["equivalent"] as? Bool == false)
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.map { $0["change"] as? String } == ["appGranted", "appNoLongerGranted"])
        #expect(changes.map { $0["package"] as? String } == ["com.example.shop", "com.example.shop.debug"])
        #expect(changes.first?["relation"] as? String == "delegate_permission/common.get_login_creds")
        #expect(changes.last?["fingerprints"] as? [String] == [Self.fingerprint])
    }

    @Test func theAppOptionLimitsTheComparisonToOnePackage() throws {
        let run = try diff(["app-removed.old.assetlinks.json", "app-removed.new.assetlinks.json", "--app", "com.example.shop.debug"])
        #expect(run.status == 1)
        #expect(run.standardOutput.hasPrefix("com.example.shop.debug (delegate_permission/common.handle_all_urls): no longer granted"))
        #expect(!run.standardOutput.contains("get_login_creds"))
        let other = try diff(["app-removed.old.assetlinks.json", "app-removed.new.assetlinks.json", "--app", "com.example.other"])
        #expect(other.status == 0)
    }

    /// `aasalint diff <(git show main:PATH) PATH`: the one named assetlinks.json decides for both.
    @Test func dashReadsTheOldFileFromStandardInput() throws {
        let old = try Data(contentsOf: Self.folder.appendingPathComponent("certificate-replaced.old.assetlinks.json"))
        let run = try diff(["-", "certificate-replaced.new.assetlinks.json"], standardInput: old)
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("certificates removed: \(Self.fingerprint)"))
    }

    @Test(arguments: [
        ("[", "<stdin>:1:2: not valid JSON"),
        (#"{"relation": []}"#, "<stdin>: not a statement list: its root must be a JSON array"),
    ])
    func unreadableInputExitsTwo(input: String, message: String) throws {
        let run = try diff(["-", "reordered.new.assetlinks.json"], standardInput: Data(input.utf8))
        #expect(run.status == 2)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }
}
