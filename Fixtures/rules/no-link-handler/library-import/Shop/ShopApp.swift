import SwiftUI
import FirebaseCore

@main
struct ShopApp: App {
    init() { FirebaseApp.configure() }

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
