/// The framework models the evaluator consults, in the order it asks them (``FrameworkModel``).
///
/// Free calls go to the model that declares the callee's name (each name has one). Methods are
/// offered to the models in this order, the first that answers winning, and an implicit member
/// with no type in context is looked up in the types the models extend in this order. The
/// tables below are derived from the models' declarations once.
enum FrameworkModels {
    /// Every model, in the order methods are offered to them.
    static let all: [any FrameworkModel.Type] = [
        ResponderModel.self,
        SelectorModel.self,
        LocalizedStringModel.self,
        KeyCommandModel.self,
        SwiftUIShortcutModel.self,
        ModifierFlagsModel.self,
        UnicodeModel.self,
        ResourceModel.self,
        // Before the collections: `builder.remove(menu:)` is the main menu's.
        MenuModel.self,
        CollectionModel.self,
        KeyInputModel.self,
        ContainmentModel.self,
        PlatformModel.self,
        SwiftUICommandsModel.self,
    ]

    /// The model answering each free function or initialiser name.
    static let byFunction: [String: any FrameworkModel.Type] = {
        var table: [String: any FrameworkModel.Type] = [:]
        for model in all {
            for name in model.functions { table[name] = table[name] ?? model }
        }
        return table
    }()

    /// The models answering each method name, in ``all``'s order.
    static let byMethod: [String: [any FrameworkModel.Type]] = {
        var table: [String: [any FrameworkModel.Type]] = [:]
        for model in all {
            for name in model.methods { table[name, default: []].append(model) }
        }
        return table
    }()

    /// The models that claim names they do not declare (``FrameworkModel/claimsOtherNames``).
    static let claimants: [any FrameworkModel.Type] = all.filter { $0.claimsOtherNames }
    /// Every framework type some model stands for.
    static let types: Set<String> = all.reduce(into: []) { $0.formUnion($1.types) }
    /// Every model's ``FrameworkModel/openTypes``.
    static let openTypes: Set<String> = all.reduce(into: []) { $0.formUnion($1.openTypes) }
    /// Every model's ``FrameworkModel/extendedTypes``, in ``all``'s order.
    static let extendedTypes: [String] = all.flatMap { $0.extendedTypes }

    /// The model answering free call `name`, if any: by its declared names, else a model that
    /// claims the name as a subclass or a helper of its own (``FrameworkModel/claims(_:in:)``).
    static func model(forFunction name: String, in evaluator: Evaluator) -> (any FrameworkModel.Type)? {
        if functionNames.mayContain(name), let model = byFunction[name] { return model }
        return claimants.first { $0.claims(name, in: evaluator) }
    }
}

extension FrameworkModels {
    /// The first answer of the models declaring method `site.name`, asked before the receiver
    /// is evaluated (``FrameworkModel/methodOnReceiver(_:in:frame:)``).
    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard let models = models(forMethod: site.name) else { return nil }
        for model in models {
            if let value = model.methodOnReceiver(site, in: evaluator, frame: &frame) { return value }
        }
        return nil
    }

    /// The first answer of the models declaring method `site.name` on an evaluated receiver
    /// (``FrameworkModel/method(_:on:in:frame:)``).
    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard let models = models(forMethod: site.name) else { return nil }
        for model in models {
            if let value = model.method(site, on: base, in: evaluator, frame: &frame) { return value }
        }
        return nil
    }
}

extension FrameworkModels {
    /// The model of each framework type, by every spelling a receiver may be written with.
    static let byWrittenType: [String: any FrameworkModel.Type] = {
        var table: [String: any FrameworkModel.Type] = [:]
        for model in all {
            for type in model.types.union(model.receiverSpellings) { table[type] = table[type] ?? model }
        }
        return table
    }()

    /// `Type.name` with a framework type written as the receiver, as its model answers it.
    static func staticMember(_ name: String, of type: String) -> Value? {
        // Most receivers (`self`, a local) are turned away before their text is hashed.
        guard writtenTypes.mayContain(type) else { return nil }
        return byWrittenType[type]?.staticMember(name, of: type)
    }

    /// Every method name some model declares: most method calls are of the app's own names,
    /// turned away by this before their name is hashed.
    private static let methodNames = NameFilter(byMethod.keys)
    /// Every free function name some model declares.
    private static let functionNames = NameFilter(byFunction.keys)
    /// Every spelling of a framework type.
    private static let writtenTypes = NameFilter(byWrittenType.keys)

    /// The models declaring method `name`, in ``all``'s order, or `nil`.
    private static func models(forMethod name: String) -> [any FrameworkModel.Type]? {
        guard methodNames.mayContain(name) else { return nil }
        return byMethod[name]
    }

    /// The models that answer properties of values (``FrameworkModel/property(_:of:in:)``), in
    /// ``all``'s order.
    static let valueModels: [any FrameworkModel.Type] = all.filter { $0.describesValues }

    /// The first model's answer for `.name` where the context expects `type`.
    static func implicitMember(_ name: String, expecting type: String?) -> Value? {
        for model in all {
            if let value = model.implicitMember(name, expecting: type) { return value }
        }
        return nil
    }

    /// The first model's answer for property `name` of a value the evaluator holds.
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value? {
        for model in valueModels {
            if let value = model.property(name, of: base, in: evaluator) { return value }
        }
        return nil
    }
}
