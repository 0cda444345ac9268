import SwiftUI

struct SettingsView: View {
    var body: some View {
        Form {
            Button("Done") {}.keyboardShortcut(.defaultAction)
        }
    }
}
