import UIKit

// Outside the sources project.yml lists: left from an earlier version.
class OldSceneDelegate: UIResponder, UIWindowSceneDelegate {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        _ = connectionOptions.userActivities
    }
}
