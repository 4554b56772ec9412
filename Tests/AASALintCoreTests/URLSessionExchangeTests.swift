#if !os(Linux)
@testable import AASALintTooling
import Foundation
import Testing

/// URLSession finds its delegate's callbacks by Objective-C selector. A Swift method whose
/// signature misses the SDK's by a little compiles with a warning and is never called, and a
/// missed redirect callback means redirects are followed silently; this fails instead.
@Suite struct URLSessionExchangeTests {
    @Test(arguments: [
        "URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:",
        "URLSession:dataTask:didReceiveResponse:completionHandler:",
        "URLSession:dataTask:didReceiveData:",
        "URLSession:task:didCompleteWithError:",
    ])
    func theDelegateAnswers(_ selector: String) {
        #expect(URLSessionExchangeDelegate(maximumBytes: 1).responds(to: NSSelectorFromString(selector)))
    }
}
#endif
