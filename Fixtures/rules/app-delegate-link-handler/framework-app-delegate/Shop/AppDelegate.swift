import UIKit

@main
class AppDelegate: LinkingAppDelegate {
    let router = Router()

    func application(_ application: UIApplication, continue userActivity: NSUserActivity, restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return false }
        router.open(url)
        return true
    }
}
