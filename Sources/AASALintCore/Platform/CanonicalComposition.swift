#if !canImport(FoundationEssentials)
import Foundation
#endif

/// Text in Unicode's canonical composed form (NFC), as IDNA compares host names. Where
/// FoundationEssentials stands in for Foundation (Linux), the standard library's normalisation,
/// which String comparison itself uses, keeps ICU out of the binary; Darwin's Foundation has
/// its own.
enum CanonicalComposition {
    static func of(_ text: String) -> String {
        #if canImport(FoundationEssentials)
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
        #else
        text.precomposedStringWithCanonicalMapping
        #endif
    }
}
