import Foundation

/// Writes the benchmark's inputs, the same bytes on every run:
/// `aasalint-bench generate --bytes N --output FILE`, an AASA file of at least N bytes of
/// realistic rules; `aasalint-bench tree --files N --output FOLDER`, a repository of N small
/// AASA and entitlements files, as in a monorepo of many sites and apps.
enum InputGenerator {
    static func generate(_ options: BenchOptions) -> Int32 {
        guard let size = options.number("bytes"), let output = options.text("output") else {
            return usage("aasalint-bench generate --bytes N --output FILE")
        }
        let json = aasa(atLeast: size)
        guard FileManager.default.createFile(atPath: output, contents: Data(json.utf8)) else { return usage("cannot write \(output)") }
        print("wrote \(json.utf8.count) bytes to \(output)")
        return 0
    }

    static func tree(_ options: BenchOptions) -> Int32 {
        guard let count = options.number("files"), let output = options.text("output") else {
            return usage("aasalint-bench tree --files N --output FOLDER")
        }
        var random = BenchRandom(seed: 1_000)
        for index in 0..<count {
            // One app for every four sites.
            let isApp = index % 5 == 4
            let folder = isApp ? "\(output)/ios/App\(index)" : "\(output)/web/site\(index)/.well-known"
            let file = isApp ? "\(folder)/App\(index).entitlements" : "\(folder)/apple-app-site-association"
            let contents = isApp ? entitlements(site: index - 1) : BenchCorpus(ruleCount: 5 + random.next(below: 40), random: &random).json
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                return usage("cannot create \(folder): \(error)")
            }
            guard FileManager.default.createFile(atPath: file, contents: Data(contents.utf8)) else { return usage("cannot write \(file)") }
        }
        print("wrote \(count) files under \(output)")
        return 0
    }

    /// The rules of the match benchmark's 128 KB file (same seed), as many as `size` needs.
    static func aasa(atLeast size: Int) -> String {
        var ruleCount = 100
        while true {
            var random = BenchRandom(seed: 7)
            let json = BenchCorpus(ruleCount: ruleCount, random: &random).json
            if json.utf8.count >= size { return json }
            // Grow in proportion, so that 10 MB takes a few rounds rather than thousands.
            ruleCount = max(ruleCount + 100, ruleCount * size / json.utf8.count)
        }
    }

    private static func entitlements(site: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \t\t<string>applinks:site\(site).example.com</string>
        \t\t<string>webcredentials:site\(site).example.com</string>
        \t</array>
        \t<key>aps-environment</key>
        \t<string>development</string>
        </dict>
        </plist>

        """
    }

    private static func usage(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("usage: \(message)\n".utf8))
        return 2
    }
}
