#import <UIKit/UIKit.h>
#import "LinkingAppDelegate.h"

// The superclass, not this code, receives links.
@interface AppDelegate : LinkingAppDelegate
@end
