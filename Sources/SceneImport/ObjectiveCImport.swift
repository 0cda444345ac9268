import SceneImportObjectiveC
import SceneImportVocabulary
import SceneImportResources

/// Takes an app's Objective-C files (``ObjectiveCFile``) into the import: their classes join
/// the ``SourceIndex`` (so a Swift `extension` of an Objective-C class lands on the right class,
/// with its superclass), their key commands join the inventory, and their actions, validation
/// rules and containment join the ``AppModel``.
///
/// Commands are attributed as in Swift: `keyCommands` in `@implementation X` (or a category
/// of `X`) → `X`, following `[self helper]` calls in `X` and its Objective-C superclasses;
/// `addKeyCommand:` → `X`; `buildMenuWithBuilder:` → `X` as main-menu commands. A method a
/// category's `+load` swaps in for `keyCommands` counts as `X`'s `keyCommands`. A command a
/// method or C function creates that none of these reaches is found but not followed.
struct ObjectiveCImport {
    let files: [ObjectiveCFile]
    let strings: StringsTable

    /// One `@implementation` block and the path of the file that holds it.
    private struct Block {
        var implementation: ObjectiveCImplementation
        var path: String
    }

    /// Implementations by class: every `@implementation` block of the class and its categories,
    /// in file order; gathered once, since every provider and helper look-up reads it.
    private let implementations: [String: [Block]]

    init(files: [ObjectiveCFile], strings: StringsTable) {
        self.files = files
        self.strings = strings
        var byClass: [String: [Block]] = [:]
        for file in files {
            for implementation in file.implementations {
                byClass[implementation.className, default: []].append(Block(implementation: implementation, path: file.path))
            }
        }
        implementations = byClass
    }

    /// The build's conditions as the Objective-C scanner takes them.
    static func conditions(for build: CompilationConditions) -> ObjectiveCConditions {
        ObjectiveCConditions(platform: build.platform == .macCatalyst ? .macCatalyst : .iOS, flags: build.flags,
                             decidedFlags: build.flags.union(["DEBUG"]), deploymentTarget: build.deploymentTarget)
    }

    /// Every key command the Objective-C code provides, in file and line order.
    func commands() -> [ImportedCommand] {
        var result: [ImportedCommand] = []
        var reached: Set<String> = []
        for (className, blocks) in implementations.sorted(by: { $0.key < $1.key }) {
            for located in blocks {
                let block = located.implementation
                for method in block.methods where !method.isClassMethod {
                    guard let body = method.body else { continue }
                    switch block.isKeyCommandsGetter(method) ? "keyCommands" : method.selector {
                    case "keyCommands":
                        var seen: Set<String> = []
                        for (command, conditions, file) in returned(by: method, body: body, in: className, file: located.path, seen: &seen) {
                            reached.insert("\(file):\(command.line)")
                            result.append(row(command, provider: className, mechanism: .keyCommands, condition: conditions, file: file))
                        }
                    case "buildMenuWithBuilder:":
                        for command in body.keyCommands {
                            reached.insert("\(located.path):\(command.line)")
                            result.append(row(command, provider: className, mechanism: .menu, condition: command.condition, file: located.path))
                        }
                    default:
                        break
                    }
                    for added in body.addedKeyCommands {
                        for index in added.commands where index < body.keyCommands.count {
                            let command = body.keyCommands[index]
                            reached.insert("\(located.path):\(command.line)")
                            result.append(row(command, provider: className, mechanism: .addKeyCommand,
                                              condition: added.condition.nesting(command.condition), file: located.path))
                        }
                    }
                }
            }
        }
        // A command reached along several return paths (a cache check and the path that fills
        // the cache, say) is one row.
        var seen: Set<ImportedCommand.Site> = []
        result = result.filter { seen.insert($0.site).inserted }
        // Commands created where no provider reaches them.
        var functionsRun: [String: Set<String>] = [:]
        for (className, blocks) in implementations.sorted(by: { $0.key < $1.key }) {
            for located in blocks {
                let block = located.implementation
                let file = located.path
                // Helpers a provider runs in place have their commands followed there, and so do
                // helpers run by a method whose commands a provider reached (an initialiser that
                // fills the array `keyCommands` returns).
                let providers = block.methods.filter { method in
                    block.isKeyCommandsGetter(method) || method.selector == "buildMenuWithBuilder:" || !(method.body?.addedKeyCommands.isEmpty ?? true)
                        || (method.body?.keyCommands.contains { reached.contains("\(file):\($0.line)") } ?? false)
                }
                let helpersRun = providers.reduce(into: Set<String>()) { $0.formUnion($1.body?.helpersRun ?? []) }
                functionsRun[file, default: []].formUnion(helpersRun)
                for method in block.methods where !helpersRun.contains(method.selector) {
                    for command in method.body?.keyCommands ?? [] where !reached.contains("\(file):\(command.line)") {
                        reached.insert("\(file):\(command.line)")
                        var entry = row(command, provider: className, mechanism: .keyCommands, condition: .always, file: file)
                        entry.notFollowed = "created in -\(method.selector), which no keyCommands, addKeyCommand: or buildMenuWithBuilder: the importer reads returns or adds"
                        result.append(entry)
                    }
                }
            }
        }
        // A C function no provider calls.
        for file in files {
            for function in file.functions where !(functionsRun[file.path]?.contains(function.name) ?? false) {
                for command in function.scanned?.keyCommands ?? [] where reached.insert("\(file.path):\(command.line)").inserted {
                    var entry = row(command, provider: "?", mechanism: .keyCommands, condition: .always, file: file.path)
                    entry.notFollowed = "created in the C function \(function.name)(), which no keyCommands, addKeyCommand: or buildMenuWithBuilder: the importer reads calls"
                    result.append(entry)
                }
            }
        }
        return result
    }

    /// The main-menu changes each `buildMenuWithBuilder:` makes (C72), class by class, each
    /// method's in the order it sends them.
    func menuOperations() -> [MainMenuOperation] {
        let calls: [String: (MainMenuOperation.Call, MainMenuOperation.Placement?)] = [
            "insertChildMenu:atStartOfMenuForIdentifier:": (.insertChild, .start), "insertChildMenu:atEndOfMenuForIdentifier:": (.insertChild, .end),
            "insertSiblingMenu:beforeMenuForIdentifier:": (.insertSibling, .before), "insertSiblingMenu:afterMenuForIdentifier:": (.insertSibling, .after),
            "replaceMenuForIdentifier:withMenu:": (.replace, nil), "removeMenuForIdentifier:": (.remove, nil),
            "replaceChildrenOfMenuForIdentifier:fromChildrenBlock:": (.replaceChildren, nil),
        ]
        var result: [MainMenuOperation] = []
        for (className, blocks) in implementations.sorted(by: { $0.key < $1.key }) {
            for located in blocks {
                for method in located.implementation.methods where !method.isClassMethod && method.selector == "buildMenuWithBuilder:" {
                    guard let body = method.body else { continue }
                    func elements(_ children: [ObjectiveCMethodBody.MenuChild]) -> [MainMenuElement] {
                        children.compactMap { child -> MainMenuElement? in
                            if let index = child.command, body.keyCommands.indices.contains(index) {
                                let command = body.keyCommands[index]
                                return .command(row(command, provider: className, mechanism: .menu, condition: command.condition, file: located.path))
                            }
                            guard let index = child.element, body.menuElements.indices.contains(index) else { return nil }
                            switch body.menuElements[index] {
                            case .menu(let title, let identifier, let isInline, let children):
                                return .menu(MainMenuNode(title: title, identifier: identifier.map(Self.menuIdentifier), isInline: isInline,
                                                          children: elements(children)))
                            case .item(let title, let action, let line):
                                return .command(ImportedCommand(
                                    declaredIn: className, mechanism: .menu, input: "", modifiers: [], action: action, title: title,
                                    condition: child.condition.isAlways ? nil : child.condition, attributes: [],
                                    wantsPriority: false, alternates: [], file: located.path, line: line))
                            }
                        }
                    }
                    for change in body.menuChanges {
                        guard let (call, placement) = calls[change.selector] else { continue }
                        result.append(MainMenuOperation(call: call, target: Self.menuIdentifier(change.target), placement: placement,
                                                        elements: elements(change.elements), provider: className, file: located.path,
                                                        line: change.line))
                    }
                }
            }
        }
        return result
    }

    /// A menu identifier as the scene names it: `UIMenuFile` is `file`; a string is itself.
    private static func menuIdentifier(_ written: String) -> String {
        let bare = written.filter { $0 != "(" && $0 != ")" && $0 != " " }
        return MenuModel.standardMenu(objectiveC: bare) ?? written
    }

    /// What each Objective-C `keyCommands` method costs a call: built per call, or an array
    /// cached in a `static` or an instance variable.
    func getterCosts() -> [GetterCost] {
        var result: [GetterCost] = []
        for (className, blocks) in implementations.sorted(by: { $0.key < $1.key }) {
            for block in blocks.map(\.implementation) {
                guard let method = block.keyCommandsGetter, let returned = method.body?.returnedCommands else { continue }
                let computed = returned.storage == .builtPerCall
                result.append(GetterCost(type: className, computed: computed,
                                         commandsBuiltPerCall: computed ? returned.commandsCreatedPerBuild : 0,
                                         storedCommands: computed ? 0 : returned.commandsCreatedPerBuild, costly: []))
            }
        }
        return result
    }

    /// The commands a method returns, following `[self helper]` (in the class and its
    /// Objective-C superclasses) and stored arrays filled elsewhere in the class.
    private func returned(by method: ObjectiveCMethod, body: ObjectiveCMethodBody, in className: String, file: String,
                          seen: inout Set<String>) -> [(ObjectiveCKeyCommand, Condition, String)] {
        guard seen.insert("\(className) \(method.selector)").inserted, seen.count < 64 else { return [] }
        guard let returned = body.returnedCommands else {
            return body.keyCommands.map { ($0, $0.condition, file) }
        }
        var result: [(ObjectiveCKeyCommand, Condition, String)] = []
        for entry in returned.elements {
            switch entry.element {
            case .command(let index) where index < body.keyCommands.count:
                let command = body.keyCommands[index]
                result.append((command, entry.condition.merging(command.condition), file))
            case .selfCall(let selector):
                if let (helper, helperFile, owner) = lookUp(selector, from: className), let helperBody = helper.body {
                    for (command, conditions, where_) in self.returned(by: helper, body: helperBody, in: owner, file: helperFile, seen: &seen) {
                        result.append((command, entry.condition.merging(conditions), where_))
                    }
                }
            case .stored(let name):
                // An array filled by another method of the class: an initialiser (`_commands =
                // @[…]`), `viewDidLoad`, or a method without parameters that assigns it
                // (`sharedCommands = commands.copy` in `-buildCommands`). A method with
                // parameters that stores into it is a helper its callers run with their values.
                for located in implementations[className] ?? [] {
                    for other in located.implementation.methods where other.selector != method.selector {
                        guard let otherBody = other.body, otherBody.returnedCommands == nil,
                              otherBody.addedKeyCommands.isEmpty, !otherBody.keyCommands.isEmpty,
                              (otherBody.storedMembers.contains(name) && other.parameters.isEmpty) || other.selector.lowercased().contains(name.lowercased())
                                || other.selector.hasPrefix("init") || other.selector == "viewDidLoad"
                        else { continue }
                        for command in otherBody.keyCommands {
                            result.append((command, entry.condition.merging(command.condition), located.path))
                        }
                    }
                }
            default:
                break
            }
        }
        return result
    }

    /// A method of `className` or its Objective-C superclasses, with its file and owner.
    private func lookUp(_ selector: String, from className: String) -> (ObjectiveCMethod, String, String)? {
        var current: String? = className
        var visited: Set<String> = []
        while let name = current, visited.insert(name).inserted {
            for located in implementations[name] ?? [] {
                if let method = located.implementation.method(selector) { return (method, located.path, name) }
            }
            current = files.lazy.flatMap(\.interfaces).first { $0.className == name && $0.superclass != nil }?.superclass
        }
        return nil
    }


    private func text(_ value: ObjectiveCText?) -> String? {
        switch value {
        case .literal(let text)?: return text
        case .localized(let key, _, let value)?: return strings.lookup(key) ?? value ?? key
        default: return nil
        }
    }

    private func row(_ command: ObjectiveCKeyCommand, provider: String, mechanism: ImportedCommand.Mechanism,
                     condition: Condition, file: String) -> ImportedCommand {
        let title = text(command.title)
        let discoverability = text(command.discoverabilityTitle)
        var titleExpression: String?
        if title == nil, case .expression(let expression)? = command.title { titleExpression = expression }
        return ImportedCommand(
            declaredIn: provider, mechanism: mechanism, input: command.input, modifiers: command.modifiers,
            action: command.action, title: title ?? discoverability, titleExpression: titleExpression,
            condition: condition.isAlways ? nil : condition,
            attributes: command.attributes, wantsPriority: command.wantsPriority, discoverabilityTitle: discoverability,
            alternates: [], propertyList: command.propertyList, file: file, line: command.line)
    }
}

extension SourceIndex {
    /// Adds the classes, categories and protocols Objective-C files declare: each class with its
    /// superclass and protocols, its properties (for containment), and its action methods
    /// (`IBAction`s and `(id)sender` methods) as `@objc` functions, so Swift code and the scene
    /// see them as they see Swift classes.
    mutating func add(objectiveC files: [ObjectiveCFile]) {
        for file in files {
            for interface in file.interfaces {
                var type = TypeInfo(name: interface.className, kind: interface.superclass == nil ? .extensionOnly : .class)
                type.inherited = (interface.superclass.map { [$0] } ?? []) + interface.protocols
                type.location = SourceLocation(file: file.path, line: interface.line)
                for property in interface.properties {
                    type.properties[property.name] = Self.property(for: property, file: file.path)
                }
                Self.addInstanceVariables(interface.instanceVariables, to: &type, file: file.path)
                addObjectiveCType(type)
            }
            for implementation in file.implementations {
                var type = TypeInfo(name: implementation.className, kind: .extensionOnly)
                for method in implementation.methods where method.isAction {
                    type.functions.append(Self.function(for: method, file: file.path))
                }
                Self.addInstanceVariables(implementation.instanceVariables, to: &type, file: file.path)
                if !type.functions.isEmpty || !type.properties.isEmpty { addObjectiveCType(type) }
            }
        }
    }

    /// An Objective-C property as the index records Swift's.
    private static func property(for property: ObjectiveCProperty, file: String) -> PropertyInfo {
        PropertyInfo(name: property.name, isStatic: false, isOverride: false, type: property.typeName,
                     initializer: nil, getter: nil, location: SourceLocation(file: file, line: property.line), isVariable: true)
    }

    /// Instance variables (`UITextView *_body;`, `IBOutlet GrowingTextView *composer;`) as the
    /// properties `self.name` reads, named without their `_`; a property of the name wins.
    private static func addInstanceVariables(_ variables: [ObjectiveCProperty], to type: inout TypeInfo, file: String) {
        for variable in variables {
            var property = property(for: variable, file: file)
            property.name = variable.name.hasPrefix("_") ? String(variable.name.dropFirst()) : variable.name
            if type.properties[property.name] == nil { type.properties[property.name] = property }
        }
    }

    /// An Objective-C method as the index records Swift functions: the first selector piece as
    /// the name, the rest as labels, the whole selector as its explicit Objective-C name.
    static func function(for method: ObjectiveCMethod, file: String) -> FunctionInfo {
        let pieces = method.selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = pieces.first ?? method.selector
        let parameters = method.parameters.enumerated().map { offset, parameter in
            ParameterInfo(label: offset == 0 ? nil : parameter.label, name: parameter.name, type: parameter.type, defaultValue: nil)
        }
        return FunctionInfo(kind: .function, name: name, parameters: parameters, body: nil, isStatic: method.isClassMethod,
                            isObjC: true, isOverride: false, explicitSelector: method.selector,
                            location: SourceLocation(file: file, line: method.line), returnType: method.returnType)
    }
}
