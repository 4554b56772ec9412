import SwiftUI

@main
@DeepLinkable
struct ShopApp: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
