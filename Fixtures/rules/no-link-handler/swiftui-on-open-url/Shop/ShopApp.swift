import SwiftUI

@main
struct ShopApp: App {
    @State private var path: [String] = []

    var body: some Scene {
        WindowGroup {
            ContentView()
                .onOpenURL { url in
                    path.append(url.path)
                }
        }
    }
}
