@testable import AASALintCore
import Testing

/// The Android keys of `apps:` and `domains:`, and what a Gradle build file says.
extension ConfigurationLoaderTests {
    static let releaseKey = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    @Test func anAppEntryCanBeAnIOSAppAnAndroidAppOrBoth() throws {
        let configuration = try load("""
            apps:
              - {id: 9JA89QQLNQ.com.example.shop, entitlements: ios/Shop.entitlements}
              - package: com.example.shop
                module: android/app
                fingerprints: ["\(Self.releaseKey.lowercased())"]
              - {id: 9JA89QQLNQ.com.example.blog, package: com.example.blog, manifest: blog/AndroidManifest.xml}
            """)
        #expect(configuration.apps.map { $0.id?.value } == ["9JA89QQLNQ.com.example.shop", "9JA89QQLNQ.com.example.blog"])
        #expect(configuration.androidApps.map { $0.packageName?.value } == ["com.example.shop", "com.example.blog"])
        #expect(configuration.androidApps.map { $0.manifest?.value } == ["android/app/src/main/AndroidManifest.xml", "blog/AndroidManifest.xml"])
        #expect(configuration.androidApps[0].releaseFingerprints.map(\.value) == [Self.releaseKey])
        #expect(configuration.androidApps[0].releaseFingerprints[0].pointer.description == "/apps/1/fingerprints/0")
    }

    @Test func aHostMapsToItsAASAFileItsAssetLinksOrBoth() throws {
        let configuration = try load("""
            domains:
              example.com: {aasa: web/.well-known/apple-app-site-association, assetlinks: web/.well-known/assetlinks.json}
              shop.example.com: shop/.well-known/assetlinks.json
              blog.example.com: blog/.well-known/apple-app-site-association
            """)
        #expect(configuration.domains.map(\.host.value) == ["example.com", "blog.example.com"])
        #expect(configuration.assetLinksDomains.map(\.host.value) == ["example.com", "shop.example.com"])
        #expect(configuration.assetLinksDomains.map(\.path.value) == ["web/.well-known/assetlinks.json", "shop/.well-known/assetlinks.json"])
        #expect(configuration.androidReferencedFiles.map(\.0) == ["web/.well-known/assetlinks.json", "shop/.well-known/assetlinks.json"])
    }

    @Test func mistakesInTheAndroidKeysArePositionedErrors() {
        #expect(errors("apps:\n  - {package: com..shop, fingerprints: [AB:CD]}\n") == [
            ".aasalint.yml:2:15: error: 'com..shop' is not an Android package name: it has an empty part (\"..\", or a leading or trailing dot)",
            ".aasalint.yml:2:41: error: 'AB:CD' is not a SHA-256 certificate fingerprint: write the 32 bytes in hex joined by ':' (14:6D:E9:...), as Play Console shows the app signing key",
        ])
        #expect(errors("apps:\n  - {fingerprints: [\"\(Self.releaseKey)\"]}\n") == [
            ".aasalint.yml:2:5: error: an Android app needs 'package' (its applicationId), 'manifest' or 'module' (where aasalint reads it)",
        ])
        #expect(errors("apps:\n  - {manifest: a/AndroidManifest.xml, module: a}\n") == [
            ".aasalint.yml:2:47: error: 'manifest' and 'module' both say where the app's manifest is: keep one",
        ])
        #expect(errors("domains:\n  example.com: {assetlink: a.json}\n") == [
            ".aasalint.yml:2:16: error: 'example.com' needs 'aasa' (its apple-app-site-association), 'assetlinks' (its assetlinks.json), or both",
            ".aasalint.yml:2:17: error: unknown key 'assetlink' in the files of 'example.com'; did you mean 'assetlinks'?",
        ])
    }

    @Test func gradleLiteralsAreReadAndComputedValuesAndCommentsAreNot() {
        let kotlin = GradleModule(buildFile: "app/build.gradle.kts", text: """
            android {
                namespace = "com.example.shop.app"
                // applicationId = "com.example.old"
                /* applicationId = "com.example.older" */
                defaultConfig {
                    testApplicationId = "com.example.test"
                    applicationId = "com.example.shop"
                    applicationIdSuffix = ".x"
                }
                productFlavors { create("free") { applicationId = "com.example.shop.free" } }
            }
            """)
        #expect(kotlin.applicationID == "com.example.shop")
        #expect(kotlin.namespace == "com.example.shop.app")
        let groovy = GradleModule(buildFile: "app/build.gradle", text: "android {\n  defaultConfig {\n    applicationId 'com.example.shop'\n  }\n}\n")
        #expect(groovy.applicationID == "com.example.shop")
        #expect(groovy.namespace == nil)
        let computed = GradleModule(buildFile: "app/build.gradle", text: "def base = \"com.example\"\nandroid { defaultConfig { applicationId \"${base}.shop\" } }\n")
        #expect(computed.applicationID == nil)
        let url = GradleModule(buildFile: "app/build.gradle", text: "repositories { maven { url 'https://x.example.com/a' } }\nandroid { namespace 'com.example.a' }\n")
        #expect(url.namespace == "com.example.a")
    }

    @Test func theSchemaDescribesTheAndroidKeys() {
        let schema = ConfigurationSchema.text(rules: [])
        for key in ["\"package\"", "\"manifest\"", "\"module\"", "\"fingerprints\"", "\"assetlinks\""] {
            #expect(schema.contains(key), "\(key) is not in the schema")
        }
    }
}
