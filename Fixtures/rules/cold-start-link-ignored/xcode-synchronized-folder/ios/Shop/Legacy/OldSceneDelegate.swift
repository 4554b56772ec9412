import UIKit

// Not a member of the target: left from an earlier version.
class OldSceneDelegate: UIResponder, UIWindowSceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        _ = connectionOptions.userActivities
    }
}
