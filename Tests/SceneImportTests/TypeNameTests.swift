import Testing
@testable import SceneImport

/// How the evaluator takes a declared collection type apart.
@Suite struct TypeNameTests {
    @Test func elementTypeOfArrayAndSetSpellings() {
        #expect(Evaluator.elementType("[UIKeyCommand]") == "UIKeyCommand")
        #expect(Evaluator.elementType("[UIKeyCommand]?") == "UIKeyCommand")
        #expect(Evaluator.elementType("[[String]]!") == "[String]")
        #expect(Evaluator.elementType("Array<Shortcut>") == "Shortcut")
        #expect(Evaluator.elementType("Set<Café>?") == "Café")
        #expect(Evaluator.elementType("[]") == "")
    }

    @Test func elementTypeOfAnythingElseIsNil() {
        #expect(Evaluator.elementType("UIKeyCommand") == nil)
        #expect(Evaluator.elementType("[String: Int") == nil)
        #expect(Evaluator.elementType("Dictionary<String, Int>") == nil)
        #expect(Evaluator.elementType("") == nil)
    }

    @Test func modifierTypesWithOrWithoutOptionalMarks() {
        for name in ["UIKeyModifierFlags", "UIKeyModifierFlags?", "?UIKeyModifierFlags", "UIKeyModifierFlags.Type",
                     "EventModifiers", "EventModifiers?", "SwiftUI.EventModifiers", "UIKeyModifierFlags!"] {
            #expect(ModifierFlagsModel.isModifierType(name), "\(name)")
        }
    }

    @Test func otherTypesAreNoModifierTypes() {
        for name in ["String", "Selector", "[UIKeyModifierFlags]", "[UIKeyCommand]?", "UIKeyCommand", "EventModifier",
                     "UIKeyModifierFlagsX", "self.view.keyCommandModifierFlags.rawValue", ""] {
            #expect(!ModifierFlagsModel.isModifierType(name), "\(name)")
        }
    }
}
