import SceneImportVocabulary

extension SceneBuilder {
    /// What the scene's device (``idiom`` on the newest iPadOS) makes of a command's condition:
    /// the idiom and size-class tests among its parts, and the app's helpers for them, are
    /// decided (``IdiomTests/decides(_:)``), and so are availability checks (``NewestOS``); the
    /// others stay run-time conditions.
    struct IdiomReading: Equatable {
        /// Whether a part fails on the scene's device: the command is not provided there.
        var fails: Bool
        /// Whether the part that fails is an availability check, which only an older OS passes.
        var holdsOnlyOnAnOlderOS = false
        /// The condition without the parts that hold on the device; ``Condition/always`` when
        /// nothing is left.
        var remaining: Condition
    }

    /// ``IdiomReading`` of `condition` on `idiom`.
    static func idiomReading(_ condition: Condition, idiom: IdiomTests) -> IdiomReading {
        let parts = condition.parts
        var kept: [Condition.Test] = []
        for part in parts {
            if let available = NewestOS.decides(part) {
                if available { continue }
                return IdiomReading(fails: true, holdsOnlyOnAnOlderOS: true, remaining: condition)
            }
            switch idiom.decides(part) {
            case false?: return IdiomReading(fails: true, remaining: condition)
            case true?: continue
            case nil: kept.append(part)
            }
        }
        return IdiomReading(fails: false, remaining: kept.count == parts.count ? condition : Condition(kept))
    }

    /// Whether the scene's device shows what `edge` contains: a split view's compact column
    /// only on a phone, and its other columns on an iPad, or on a phone when the split view has
    /// no compact column (UIKit then collapses them into one stack) (``SplitViewColumn``).
    func isShownOnDevice(_ edge: AppModel.Edge) -> Bool {
        switch edge.kind {
        case .compactColumn: return idiom == .phone
        case .column: return idiom == .pad || !model.edges.contains { $0.parent == edge.parent && $0.kind == .compactColumn }
        default: return true
        }
    }

    /// The scene's device, with the app's own names for its tests (``IdiomHelpers``).
    var idiomTests: IdiomTests { IdiomTests(idiom, helpers: model.idiomHelpers) }

    /// Why a command only an older OS provides is left out.
    static let olderOSOmission = "it is provided only on an OS older than the newest; the scene is the app on the newest iPadOS"

    /// Why a command the scene's device does not provide is left out.
    var idiomOmission: String {
        let other = InterfaceIdiom.allCases.filter { $0 != idiom }.map(\.rawValue).joined(separator: " or ")
        return "it is provided only on another device; the scene is the \(idiom.rawValue) layout (--idiom \(other) builds that one)"
    }
}
