import KeyTraceSupport
import SwiftSyntax

/// The build an import models, for `#if` conditions and `#available` checks.
///
/// The default is an iOS (iPadOS) app, not Mac Catalyst: `os(iOS)` is true,
/// `targetEnvironment(macCatalyst)` false, `DEBUG` true, `canImport` true for Apple's iOS
/// frameworks and the modules in ``importableModules``. Conditions the model cannot decide
/// (`hasFeature`, an unknown function) are false, as an unknown compilation flag is.
public struct CompilationConditions: Sendable, Equatable {
    /// The platform the app is compiled for.
    public enum Platform: String, Sendable, CaseIterable {
        /// iPhone and iPad.
        case iOS = "ios"
        /// Mac Catalyst: `os(iOS)` and `targetEnvironment(macCatalyst)` are both true.
        case macCatalyst = "catalyst"

        /// The platform's name in an Xcode project's platform filters.
        public var xcodeName: String { self == .macCatalyst ? "maccatalyst" : "ios" }

        /// The platform a command line names: `ipad` (the spelling of every `--platform` of
        /// `keytrace`) or `ios` for iPhone and iPad, `catalyst` for Mac Catalyst.
        public init?(named name: String) {
            if name == "ipad" { self = .iOS } else { self.init(rawValue: name) }
        }
    }

    /// The platform compiled for.
    public var platform: Platform
    /// Active compilation flags (`-D` names).
    public var flags: Set<String>
    /// Modules `canImport` finds besides the system frameworks (the app's own package
    /// dependencies).
    public var importableModules: Set<String>
    /// The oldest iOS version the app runs on: `#available(iOS 15, *)` always holds when this
    /// is 15 or later, and is a run-time condition otherwise.
    public var deploymentTarget: [Int]
    /// The Swift language version the app is written in. Before Swift 3 a function's first
    /// parameter had no argument label unless one was written (`func cancel(sender: Any)` is
    /// `cancel(_:)`, selector `cancel:`).
    public var swiftVersion: [Int] = [5]

    static let systemModules: Set<String> = [
        "UIKit", "SwiftUI", "Foundation", "Combine", "CoreGraphics", "QuartzCore", "WebKit",
        "AVFoundation", "CoreData", "MapKit", "Intents", "IntentsUI", "AppIntents", "WidgetKit",
        "UniformTypeIdentifiers", "LinkPresentation", "SafariServices", "StoreKit", "os",
        "OSLog", "CloudKit", "CoreLocation", "UserNotifications", "Network", "Darwin",
        "PhotosUI", "Photos", "ActivityKit", "CoreSpotlight", "MessageUI", "VisionKit",
    ]

    /// An iOS app with `DEBUG` set.
    public init(platform: Platform = .iOS, flags: Set<String> = ["DEBUG"], importableModules: Set<String> = [],
                deploymentTarget: [Int] = [13, 0]) {
        self.platform = platform
        self.deploymentTarget = deploymentTarget
        self.flags = flags
        self.importableModules = importableModules
    }

    /// Whether a `#if` condition holds for this build.
    func holds(_ condition: ExprSyntax) -> Bool {
        if let sequence = condition.as(SequenceExprSyntax.self) {
            return holds(sequence: Array(sequence.elements))
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self) {
            let op = infix.operator.sourceText
            if op == "&&" { return holds(infix.leftOperand) && holds(infix.rightOperand) }
            if op == "||" { return holds(infix.leftOperand) || holds(infix.rightOperand) }
            return false
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return !holds(prefix.expression)
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1,
           let only = tuple.elements.first {
            return holds(only.expression)
        }
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let reference = condition.as(DeclReferenceExprSyntax.self) {
            return flags.contains(reference.baseName.text)
        }
        if let call = condition.as(FunctionCallExprSyntax.self),
           let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            let argument = call.arguments.first?.expression.sourceText ?? ""
            switch name {
            case "os":
                return argument == "iOS"
            case "targetEnvironment":
                return argument == "macCatalyst" && platform == .macCatalyst
            case "canImport":
                let module = argument.split(separator: ".").first.map(String.init) ?? argument
                return Self.systemModules.contains(module) || importableModules.contains(module)
            case "arch":
                return argument == "arm64"
            case "swift", "compiler":
                return true
            case "hasAttribute":
                return true
            default:
                return false
            }
        }
        return false
    }

    /// An unfolded `a && b || !c` sequence: `||` binds loosest, then `&&`.
    private func holds(sequence elements: [ExprSyntax]) -> Bool {
        var disjuncts: [[ExprSyntax]] = [[]]
        for element in elements {
            if let op = element.as(BinaryOperatorExprSyntax.self), op.operator.text == "||" {
                disjuncts.append([])
            } else {
                disjuncts[disjuncts.count - 1].append(element)
            }
        }
        return disjuncts.contains { conjunction in
            conjunction.allSatisfy { element in
                if let op = element.as(BinaryOperatorExprSyntax.self) { return op.operator.text == "&&" }
                return holds(element)
            }
        }
    }

    /// Whether `#available(…)`'s arguments always hold (`true`), never (`false`, not for this
    /// platform at all) or only on some OS versions (`nil`).
    func isAvailable(_ arguments: AvailabilityArgumentListSyntax) -> Bool? {
        let names = platform == .macCatalyst ? ["macCatalyst", "iOS"] : ["iOS", "iOSApplicationExtension"]
        for name in names {
            for argument in arguments {
                guard case .availabilityVersionRestriction(let restriction) = argument.argument,
                      restriction.platform.text == name else { continue }
                guard let version = restriction.version else { return true }
                let required = version.sourceText.split(separator: ".").compactMap { Int($0) }
                return VersionNumbers.compare(deploymentTarget, required) >= 0 ? true : nil
            }
        }
        return true
    }

    /// Whether an `#available(…)` or `#unavailable(…)` condition always holds for this build
    /// (`true`), never (`false`) or only on some OS versions (`nil`).
    func holds(_ availability: AvailabilityConditionSyntax) -> Bool? {
        let available = isAvailable(availability.availabilityArguments)
        return availability.availabilityKeyword.tokenKind == .poundUnavailable ? available.map(!) : available
    }

    /// Whether `node` is a clause of a `#if` block that this build leaves out.
    func isExcludedClause(_ node: Syntax) -> Bool {
        guard let clause = node.as(IfConfigClauseSyntax.self), let block = clause.parent?.parent?.as(IfConfigDeclSyntax.self) else {
            return false
        }
        return activeClause(of: block)?.id != clause.id
    }

    /// Whether `node` lies in a `#if` clause this build leaves out, looking up to `root` (to
    /// the top of the tree when `nil`).
    func excludes(_ node: some SyntaxProtocol, within root: Syntax? = nil) -> Bool {
        var current = Syntax(node)
        while let parent = current.parent, current.id != root?.id {
            if isExcludedClause(parent) { return true }
            current = parent
        }
        return false
    }

    /// The clause of a `#if` block that is compiled, if any.
    func activeClause(of block: IfConfigDeclSyntax) -> IfConfigClauseSyntax? {
        for clause in block.clauses {
            guard let condition = clause.condition else { return clause }  // #else
            if holds(condition) { return clause }
        }
        return nil
    }
}
