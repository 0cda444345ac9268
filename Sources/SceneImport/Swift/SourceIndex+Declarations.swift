import Foundation
import SwiftParser
import SwiftSyntax

struct DeclarationCollector {
    let conditions: CompilationConditions
    let lines: LineTable
    let file: String
    var types: [SourceIndex.TypeInfo] = []
    var globalFunctions: [SourceIndex.FunctionInfo] = []
    var globalProperties: [SourceIndex.PropertyInfo] = []
    /// `typealias Name = A & B` at file level: name → the types it stands for.
    var typeAliases: [String: [String]] = [:]

    init(conditions: CompilationConditions, lines: LineTable, file: String) {
        self.conditions = conditions
        self.lines = lines
        self.file = file
    }

    func location(_ node: some SyntaxProtocol) -> SourceLocation {
        SourceLocation(file: file, line: lines.line(of: node))
    }

    /// The system modules whose name an app may write before a type it inherits from
    /// (`struct MyApp: SwiftUI.App`, when the app declares a type named `App` of its own).
    static let systemModules = ["SwiftUI.", "UIKit.", "Foundation."]

    /// A superclass or protocol as the index keeps it: without generic arguments, and without
    /// a system module's name before it.
    static func inheritedName(_ written: String) -> String {
        var name = written.split(separator: "<").first.map(String.init) ?? written
        // Only a name with a dot can carry a module's.
        if name.utf8.contains(UInt8(ascii: ".")), let module = systemModules.first(where: { name.hasPrefix($0) }) {
            name.removeFirst(module.count)
        }
        return name
    }

    /// The view a class whose superclass is `UIHostingController<View>` hosts, when `View` is
    /// a named type (not `AnyView` or `some View`).
    private func hostedView(_ clause: InheritanceClauseSyntax?) -> String? {
        guard let superclass = clause?.inheritedTypes.first?.type.as(IdentifierTypeSyntax.self),
              superclass.name.text == "UIHostingController",
              let arguments = superclass.genericArgumentClause?.arguments, arguments.count == 1,
              let argument = arguments.first?.argument.sourceText.trimmingCharacters(in: .whitespaces),
              argument != "AnyView", argument.first?.isUppercase == true,
              argument.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return argument
    }

    /// The name `@objc(Name)` gives a class in Objective-C.
    private func objectiveCName(_ attributes: AttributeListSyntax) -> String? {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self), attribute.attributeName.sourceText == "objc",
                  case .objCName(let pieces)? = attribute.arguments, pieces.count == 1,
                  let name = pieces.first?.name?.text, pieces.first?.colon == nil else { continue }
            return name
        }
        return nil
    }

    /// The type `decl` declares or extends, with its kind: checked node kind by node kind, which
    /// costs a fraction of a cast to `DeclGroupSyntax`.
    private func typeDeclaration(_ decl: DeclSyntax, in parent: String?) -> (any DeclGroupSyntax, String, SourceIndex.TypeInfo.Kind)? {
        func qualified(_ name: String) -> String { parent.map { "\($0).\(name)" } ?? name }
        if let c = decl.as(ClassDeclSyntax.self) { return (c, qualified(c.name.text), .class) }
        if let s = decl.as(StructDeclSyntax.self) { return (s, qualified(s.name.text), .struct) }
        if let e = decl.as(EnumDeclSyntax.self) { return (e, qualified(e.name.text), .enum) }
        if let x = decl.as(ExtensionDeclSyntax.self) {
            let name = x.extendedTypeName
            if let target = typeAliases[name], target.count == 1, let only = target.first { return (x, only, .extensionOnly) }
            return (x, name, .extensionOnly)
        }
        if let p = decl.as(ProtocolDeclSyntax.self) { return (p, qualified(p.name.text), .protocol) }
        if let a = decl.as(ActorDeclSyntax.self) { return (a, qualified(a.name.text), .actor) }
        return nil
    }

    /// The file's top-level type aliases, read before its declarations: `typealias Name = A & B`
    /// stands for its components, and `extension Name` of an alias for one type extends that
    /// type, wherever in the file the alias is (`private typealias Controller = PagingController`).
    mutating func collectTypeAliases(_ statements: CodeBlockItemListSyntax) {
        for item in statements {
            if let alias = item.item.as(TypeAliasDeclSyntax.self) { record(alias) }
        }
    }

    private mutating func record(_ alias: TypeAliasDeclSyntax) {
        let components = alias.initializer.value.sourceText.split(separator: "&").map {
            let text = $0.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.split(separator: "<").first.map(String.init) ?? text
        }
        if components.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) { typeAliases[alias.name.text] = components }
    }

    mutating func collect(_ statements: CodeBlockItemListSyntax, in parent: String?) {
        for item in statements {
            if let decl = item.item.as(DeclSyntax.self) {
                collect(decl: decl, in: parent)
            }
        }
    }

    /// Types a method declares in its body (`enum Menu: String { case panel … }` inside
    /// `constructMenu(builder:)`): recorded as nested types of the method's type, where the
    /// method's code finds them.
    mutating func collectLocalTypes(_ statements: CodeBlockItemListSyntax?, in parent: String) {
        for item in statements ?? [] {
            guard let decl = item.item.as(DeclSyntax.self),
                  decl.is(EnumDeclSyntax.self) || decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self) else { continue }
            collect(decl: decl, in: parent)
        }
    }

    mutating func collect(members: MemberBlockItemListSyntax, into type: inout SourceIndex.TypeInfo) {
        for member in members {
            collectMember(member.decl, into: &type)
        }
    }

    mutating func collectMember(_ decl: DeclSyntax, into type: inout SourceIndex.TypeInfo) {
        if let block = decl.as(IfConfigDeclSyntax.self) {
            guard let clause = conditions.activeClause(of: block) else { return }
            if case .decls(let members)? = clause.elements {
                for member in members { collectMember(member.decl, into: &type) }
            }
            return
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            type.functions.append(functionInfo(function))
            collectLocalTypes(function.body?.statements, in: type.name)
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            type.functions.append(initializerInfo(initializer))
            collectLocalTypes(initializer.body?.statements, in: type.name)
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            for property in propertyInfos(variable) {
                type.properties[property.name] = property
                if !property.isStatic && property.getter == nil { type.storedOrder.append(property.name) }
            }
        } else if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
            for element in enumCase.elements {
                let name = element.name.text
                let parameters = element.parameterClause?.parameters.map { $0.firstName?.text } ?? []
                type.enumCases[name] = .init(name: name, rawValue: element.rawValue?.value, parameters: parameters)
                type.enumCaseOrder.append(name)
            }
        } else {
            // A nested type: recorded under its qualified name.
            collect(decl: decl, in: type.name)
        }
    }

    mutating func collect(decl: DeclSyntax, in parent: String?) {
        func qualified(_ name: String) -> String { parent.map { "\($0).\(name)" } ?? name }
        if let block = decl.as(IfConfigDeclSyntax.self) {
            guard let clause = conditions.activeClause(of: block) else { return }
            switch clause.elements {
            case .statements(let items)?: collect(items, in: parent)
            case .decls(let members)?:
                for member in members { collect(decl: member.decl, in: parent) }
            default: break
            }
            return
        }
        if let (declaration, name, kind) = typeDeclaration(decl, in: parent) {
            var info = SourceIndex.TypeInfo(name: name, kind: kind)
            info.location = kind == .extensionOnly ? nil : location(declaration)
            info.isMain = kind != .extensionOnly && declaration.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.sourceText == "main"
            }
            info.inherited = declaration.inheritanceClause?.inheritedTypes.map { Self.inheritedName($0.type.sourceText) } ?? []
            info.hostedView = hostedView(declaration.inheritanceClause)
            info.objectiveCName = kind == .class ? objectiveCName(declaration.attributes) : nil
            collect(members: declaration.memberBlock.members, into: &info)
            types.append(info)
            return
        }
        guard parent == nil else { return }
        // Plain top-level aliases are read first (``collectTypeAliases(_:)``); one inside `#if` here.
        if let alias = decl.as(TypeAliasDeclSyntax.self) {
            record(alias)
            return
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            globalFunctions.append(functionInfo(function))
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            globalProperties += propertyInfos(variable)
        }
    }

    func isObjC(_ attributes: AttributeListSyntax) -> (Bool, String?) {
        for element in attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.sourceText
            if name == "objc" {
                if let arguments = attribute.arguments?.as(ObjCSelectorPieceListSyntax.self) {
                    let text = arguments.map { ($0.name?.text ?? "") + ($0.colon == nil ? "" : ":") }.joined()
                    return (true, text.isEmpty ? nil : text)
                }
                return (true, nil)
            }
            if name == "IBAction" || name == "NSManaged" { return (true, nil) }
        }
        return (false, nil)
    }

    func hasModifier(_ modifiers: DeclModifierListSyntax, _ names: [String]) -> Bool {
        // One or two names: a list compared in place costs less than building and hashing a set.
        modifiers.contains { names.contains($0.name.text) }
    }

    /// A function's parameters; in Swift 2 (`impliedFirstLabel` false) a method's first
    /// parameter has a label only when one is written before its name.
    func parameters(_ clause: FunctionParameterClauseSyntax, impliedFirstLabel: Bool = true) -> [SourceIndex.ParameterInfo] {
        clause.parameters.enumerated().map { position, parameter in
            let first = parameter.firstName.text
            let unlabelled = first == "_" || (position == 0 && !impliedFirstLabel && parameter.secondName == nil)
            let label: String? = unlabelled ? nil : first
            let name = parameter.secondName?.text ?? first
            return .init(label: label, name: name, type: parameter.type.sourceText,
                         defaultValue: parameter.defaultValue?.value, isVariadic: parameter.ellipsis != nil)
        }
    }

    func functionInfo(_ function: FunctionDeclSyntax) -> SourceIndex.FunctionInfo {
        let (objc, explicit) = isObjC(function.attributes)
        return .init(kind: .function, name: function.name.text,
                     parameters: parameters(function.signature.parameterClause,
                                            impliedFirstLabel: (conditions.swiftVersion.first ?? 5) >= 3),
                     body: function.body,
                     isStatic: hasModifier(function.modifiers, ["static", "class"]),
                     isObjC: objc || hasModifier(function.modifiers, ["override"]),
                     isOverride: hasModifier(function.modifiers, ["override"]),
                     explicitSelector: explicit, location: location(function),
                     returnType: function.signature.returnClause?.type.sourceText,
                     isFilePrivate: hasModifier(function.modifiers, ["private", "fileprivate"]))
    }

    func initializerInfo(_ initializer: InitializerDeclSyntax) -> SourceIndex.FunctionInfo {
        .init(kind: .initializer, name: "init",
              parameters: parameters(initializer.signature.parameterClause),
              body: initializer.body, isStatic: false, isObjC: false,
              isOverride: hasModifier(initializer.modifiers, ["override"]),
              explicitSelector: nil, location: location(initializer))
    }

    func propertyInfos(_ variable: VariableDeclSyntax) -> [SourceIndex.PropertyInfo] {
        let isStatic = hasModifier(variable.modifiers, ["static", "class"])
        let isOverride = hasModifier(variable.modifiers, ["override"])
        let isVariable = variable.bindingSpecifier.text == "var"
        let attributes = Set(variable.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.sourceText })
        let isUserSetting = attributes.contains("AppStorage") || attributes.contains("SceneStorage")
        let isViewOwned = !attributes.isDisjoint(with: SourceIndex.PropertyInfo.viewOwnedStorage)
        let isBackReference = hasModifier(variable.modifiers, ["weak", "unowned"]) && !attributes.contains("IBOutlet")
        return variable.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
            var getter: CodeBlockItemListSyntax?
            var didSet: CodeBlockItemListSyntax?
            switch binding.accessorBlock?.accessors {
            case .getter(let items)?:
                getter = items
            case .accessors(let accessors)?:
                getter = accessors.first { $0.accessorSpecifier.text == "get" }?.body?.statements
                didSet = accessors.first { $0.accessorSpecifier.text == "didSet" }?.body?.statements
            default:
                break
            }
            return .init(name: name, isStatic: isStatic, isOverride: isOverride,
                         type: binding.typeAnnotation?.type.sourceText,
                         initializer: binding.initializer?.value, getter: getter, didSet: didSet,
                         location: location(binding), isVariable: isVariable, isUserSetting: isUserSetting,
                         isViewOwned: isViewOwned, isBackReference: isBackReference)
        }
    }
}
