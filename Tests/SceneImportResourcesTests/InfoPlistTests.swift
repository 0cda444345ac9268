import Foundation
import Testing

@testable import SceneImportResources

/// An `Info.plist` names the storyboards windows start from; values of other types are
/// ignored, as UIKit ignores them, whatever format the file is written in.
struct InfoPlistTests {
    static func xml(_ body: String) -> Data {
        Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(body)
            </plist>
            """.utf8)
    }

    static let manifest = """
        <dict>
            <key>CFBundleDocumentTypes</key>
            <array><dict><key>CFBundleTypeName</key><string>Text</string></dict></array>
            <key>UIMainStoryboardFile</key>
            <string>Main</string>
            <key>UIApplicationSceneManifest</key>
            <dict>
                <key>UISceneConfigurations</key>
                <dict>
                    <key>UIWindowSceneSessionRoleApplication</key>
                    <array>
                        <dict><key>UISceneStoryboardFile</key><string>Scene</string></dict>
                        <dict><key>UISceneConfigurationName</key><string>Default</string></dict>
                    </array>
                    <key>UIWindowSceneSessionRoleExternalDisplay</key>
                    <array>
                        <dict><key>UISceneStoryboardFile</key><string>External</string></dict>
                        <string>not a role</string>
                    </array>
                </dict>
            </dict>
        </dict>
        """

    @Test func readsTheMainStoryboardAndEachSceneRolesStoryboards() throws {
        let plist = try #require(InfoPlist(data: Self.xml(Self.manifest)))
        // The external-display roles hold a string, so that list is ignored whole.
        #expect(plist.entryStoryboards.sorted() == ["Main", "Scene"])
    }

    @Test func aBinaryPlistReadsTheSame() throws {
        let value = try PropertyListSerialization.propertyList(from: Self.xml(Self.manifest), format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let plist = try #require(InfoPlist(data: binary))
        #expect(plist.entryStoryboards.sorted() == ["Main", "Scene"])
    }

    @Test func valuesOfAnotherTypeAreIgnored() throws {
        let plist = try #require(InfoPlist(data: Self.xml("<dict><key>UIMainStoryboardFile</key><integer>3</integer></dict>")))
        #expect(plist.entryStoryboards.isEmpty)
    }

    @Test func aPlistThatIsNoDictionaryOrNoPlistIsNone() {
        #expect(InfoPlist(data: Self.xml("<array><string>Main</string></array>")) == nil)
        #expect(InfoPlist(data: Data("not a property list".utf8)) == nil)
    }

    @Test func anOldStyleTextPlistIsRead() throws {
        let text = Data(#"{ UIMainStoryboardFile = "Main"; }"#.utf8)
        let plist = try #require(InfoPlist(data: text))
        #expect(plist.entryStoryboards == ["Main"])
    }
}
