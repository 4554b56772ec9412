import Foundation

/// Writes the benchmark's inputs, the same bytes on every run:
/// `aasalint-bench generate --bytes N --output FILE [--shape dense|catalog]`, an AASA file of
/// about N bytes: `dense` (the default, at least N) packs the rules of the match benchmark, a
/// sixth of them with wildcards inside the path, so that each rule overlaps dozens of others;
/// `catalog` (at most N) is shaped like a large store's file, one rule per product or section.
/// `aasalint-bench tree --files N --output FOLDER`, a repository of N small AASA and
/// entitlements files, as in a monorepo of many sites and apps.
enum InputGenerator {
    static func generate(_ options: BenchOptions) -> Int32 {
        guard let size = options.number("bytes"), let output = options.text("output") else {
            return usage("aasalint-bench generate --bytes N --output FILE [--shape dense|catalog]")
        }
        let json: String
        switch options.text("shape") ?? "dense" {
        case "dense": json = BenchCorpus.dense(atLeast: size).json
        case "catalog": json = catalog(atMost: size)
        default: return usage("--shape is dense or catalog")
        }
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

    /// A store's file of at most `size` bytes (a file at Apple's limit is still read): product
    /// and section pages, localised pages, exclusions for pages inside sections, a query item
    /// and a fragment here and there.
    static func catalog(atMost size: Int) -> String {
        var random = BenchRandom(seed: 11)
        var components: [String] = []
        var length = document([]).utf8.count
        while true {
            let index = components.count
            let section = BenchCorpus.words[random.next(below: BenchCorpus.words.count)]
            let slug = "\(BenchCorpus.words[random.next(below: BenchCorpus.words.count)])-\(index)"
            let component: String = switch index % 7 {
            case 0: #"{"/": "/\#(section)/\#(slug)"}"#
            case 1: #"{"/": "/\#(section)/\#(slug)/*"}"#
            case 2: #"{"/": "/$(lang)/\#(section)/\#(slug)"}"#
            case 3: #"{"/": "/\#(section)/\#(slug)/reviews", "exclude": true}"#
            case 4: #"{"/": "/p/\#(index)", "?": {"ref": "?*"}}"#
            case 5: ##"{"/": "/\##(section)/\##(slug)/*", "#": "details"}"##
            default: #"{"/": "/stores/\#(slug)/*", "caseSensitive": false}"#
            }
            length += component.utf8.count + (components.isEmpty ? 0 : ",\n        ".utf8.count)
            guard length <= size else { return document(components) }
            components.append(component)
        }
    }

    private static func document(_ components: [String]) -> String {
        """
        {
          "applinks": {
            "details": [{
              "appIDs": ["ABCDE1234X.com.example.shop"],
              "components": [
                \(components.joined(separator: ",\n        "))
              ]
            }]
          }
        }

        """
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
