#import "AppDelegate.h"

@interface AppDelegate ()
@property (nonatomic) BOOL launched;
@end

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    self.launched = YES;
    return [super application:application didFinishLaunchingWithOptions:launchOptions];
}

@end
