#import "AppDelegate.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    // application:continueUserActivity:restorationHandler: would go here.
    NSLog(@"launched: %@", @"webpageURL");
    return YES;
}

@end
