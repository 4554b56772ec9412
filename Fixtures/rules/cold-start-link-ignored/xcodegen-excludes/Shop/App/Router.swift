import Foundation

final class Router {
    func open(_ url: URL) {
        print("open \(url.path)")
    }
}
