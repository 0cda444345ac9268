import Foundation
import Testing
@testable import SceneImportResources

/// English strings from `.strings` tables and String Catalogs.
@Suite struct StringsTableTests {
    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "label.text.format" : {
              "comment" : "Label: Format",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Format (de)" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Format" } }
              }
            },
            "button.text.only-german" : {
              "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Nur" } } }
            },
            "Plain source text" : { },
            "label.text.items" : {
              "localizations" : { "en" : { "variations" : { "plural" : { "one" : { "stringUnit" : { "value" : "%lld item" } } } } } }
            }
          },
          "version" : "1.0"
        }
        """#

    @Test func aStringCatalogGivesItsEnglishTextPerKey() {
        let values = StringsTable.catalogValues(Data(Self.catalog.utf8))
        #expect(values == ["label.text.format": "Format"])
    }

    @Test func aCatalogWhoseSourceLanguageIsNotEnglishGivesTheSourceText() {
        let text = #"{"sourceLanguage": "fr", "strings": {"menu.open": {"localizations": {"fr": {"stringUnit": {"value": "Ouvrir"}}}}}}"#
        #expect(StringsTable.catalogValues(Data(text.utf8)) == ["menu.open": "Ouvrir"])
    }

    @Test func anythingButACatalogGivesNothing() {
        #expect(StringsTable.catalogValues(Data("not json".utf8)).isEmpty)
        #expect(StringsTable.catalogValues(Data(#"{"strings": []}"#.utf8)).isEmpty)
        #expect(StringsTable.catalogValues(Data("[1, 2]".utf8)).isEmpty)
    }
}
