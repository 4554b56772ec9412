import SwiftUI

struct ContentView: View {
    // onOpenURL is not called here: this comment does not count.
    let title = "onOpenURL"
    var body: some View {
        Text("Shop: \(title)")
    }
}
