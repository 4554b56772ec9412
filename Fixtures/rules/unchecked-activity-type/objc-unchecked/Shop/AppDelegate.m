#import "AppDelegate.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application continueUserActivity:(NSUserActivity *)userActivity restorationHandler:(void (^)(NSArray<id<UIUserActivityRestoring>> *))restorationHandler {
    NSString *note = @"activityType is not checked";
    [self openURL:userActivity.webpageURL];
    return YES;
}

@end
