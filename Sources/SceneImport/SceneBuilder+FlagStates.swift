import Scenes
import SwiftSyntax

extension SceneBuilder {
    /// A state flag whose test reads one Boolean property of the type whose commands it gates
    /// (`self.in_ime == true`, `isEditing`, `!searching`): the flag is 1 while the property is
    /// `holdsWhen`.
    struct FlagProperty {
        var flag: String
        var owner: String
        var property: String
        var holdsWhen: Bool
    }

    /// What a method does on its unconditional path to the flags of its type and the focus:
    /// the flags it sets, in order, and the view it makes first responder last.
    struct FlagWrites {
        var sets: [(flag: String, value: Int)] = []
        var focus: String?

        var isEmpty: Bool { sets.isEmpty && focus == nil }
    }

    /// The flags of the scene that stand for a Boolean property of their owner
    /// (``FlagProperty``), read from the tests they stand for.
    func flagProperties(state: BuildState) -> [FlagProperty] {
        Self.sortedNames(state.flagTests.keys).compactMap { flag in
            guard let test = state.flagTests[flag], let owner = state.flagOwners[flag],
                  let (property, holdsWhen) = Self.propertyTest(test) else { return nil }
            return FlagProperty(flag: flag, owner: owner, property: property, holdsWhen: holdsWhen)
        }
    }

    /// The property a test reads and the value for which it holds: `self.x == true`, `x`,
    /// `x != false` hold while `x` is `true`; `x == false` while it is `false`. `nil` for any
    /// other test (a call, a chain of members, a comparison with something else).
    static func propertyTest(_ test: String) -> (property: String, holdsWhen: Bool)? {
        var text = Substring(test.trimmingCharacters(in: .whitespaces))
        var holdsWhen = true
        for (suffix, value) in [("== true", true), ("== false", false), ("!= true", false), ("!= false", true)] where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count)
            while text.last == " " { text = text.dropLast() }
            holdsWhen = value
            break
        }
        if text.hasPrefix("self.") { text = text.dropFirst(5) }
        guard let first = text.first, first.isLetter || first == "_",
              text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return (String(text), holdsWhen)
    }

    /// The scene states a user reaches by a method that sets a flag away from its launch value
    /// (`start_ime()` sets `in_ime = true` and focuses `ime_input`): one per method of a type the
    /// key window holds, named `Type.method`, whose steps set the flags the method sets and
    /// whose first responder is the view it focuses. Methods UIKit calls as a screen loads
    /// and appears are left out: what they set is the launch value. `writes` are what each
    /// owner's methods do (``flagWrites(_:state:)``).
    func flagStates(_ writes: [String: [String: FlagWrites]], values: [SceneDefinition.StateValue], taken: Set<String>,
                    state: BuildState) -> [SceneState] {
        let initial = Dictionary(values.map { ($0.name, $0.initial) }, uniquingKeysWith: { first, _ in first })
        var states: [SceneState] = []
        var names = taken
        var seen: Set<[String]> = []
        for owner in Self.sortedNames(writes.keys) {
            guard state.paths[owner]?.hasPrefix("window") == true, let info = model.index.type(named: owner),
                  let methods = writes[owner] else { continue }
            for function in info.functions where function.kind == .function && !function.isStatic && function.body != nil
                && !FirstResponderReader.lifecycleMethods.contains(function.name) {
                guard let method = methods[function.name], method.sets.contains(where: { initial[$0.flag] != $0.value }) else { continue }
                let name = Self.nodeName(owner) + "." + function.name
                // Several methods that do the same (`showSearch` and `toggleSearch`) make one state.
                let fingerprint = method.sets.map { "\($0.flag)=\($0.value)" } + [method.focus ?? ""]
                guard names.insert(name).inserted, seen.insert(fingerprint).inserted else { continue }
                let location = " (\(function.location.file):\(function.location.line))"
                let set = method.sets.map { "\($0.flag) = \($0.value)" }.joined(separator: ", ")
                let focus = method.focus.map { ", focusing \($0)" } ?? ""
                states.append(SceneState(name: name, summary: "\(owner).\(function.name)() sets \(set)\(focus)\(location)",
                                         steps: method.sets.map { SceneState.Step(effect: .set($0.flag, $0.value)) },
                                         firstResponder: method.focus))
            }
        }
        return states
    }

    /// What each instance method of the flags' owners (and of their ancestors, by name, the
    /// owner's own first) does to the owner's flags and the focus on its unconditional path,
    /// following the type's own methods it calls there (`exit_ime(self)`). Methods that write
    /// nothing are left out.
    func flagWrites(_ properties: [FlagProperty], state: BuildState) -> [String: [String: FlagWrites]] {
        var result: [String: [String: FlagWrites]] = [:]
        for (owner, flags) in Dictionary(grouping: properties, by: \.owner) {
            var methods: [String: CodeBlockSyntax] = [:]
            for type in ([model.index.type(named: owner)].compactMap { $0 } + model.index.ancestors(of: owner)).reversed() {
                for function in type.functions where function.kind == .function && !function.isStatic {
                    if let body = function.body { methods[function.name] = body }
                }
            }
            var reader = FlagWriteReader(owner: owner, flags: flags, methods: methods, heldPaths: state.heldPaths)
            var written: [String: FlagWrites] = [:]
            // In name order, so that a cycle of calls reads the same way on every run.
            for name in Self.sortedNames(methods.keys) {
                let writes = reader.writes(of: name)
                if !writes.isEmpty { written[name] = writes }
            }
            if !written.isEmpty { result[owner] = written }
        }
        return result
    }

    /// The property and value of a statement `x = true` or `self.x = false`.
    static func booleanAssignment(in statement: Syntax) -> (property: String, value: Bool)? {
        guard let sequence = statement.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
              let literal = elements[2].as(BooleanLiteralExprSyntax.self) else { return nil }
        let target = elements[0].sourceText
        let property = target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
        guard property.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return (property, literal.literal.tokenKind == .keyword(.true))
    }
}

/// Reads what a type's methods do to its flags and the focus (``SceneBuilder/flagWrites(_:state:)``),
/// each method once.
struct FlagWriteReader {
    let owner: String
    let flags: [SceneBuilder.FlagProperty]
    /// The type's instance methods with a body, by name.
    let methods: [String: CodeBlockSyntax]
    let heldPaths: [String: String]
    private var known: [String: SceneBuilder.FlagWrites] = [:]

    init(owner: String, flags: [SceneBuilder.FlagProperty], methods: [String: CodeBlockSyntax], heldPaths: [String: String]) {
        self.owner = owner
        self.flags = flags
        self.methods = methods
        self.heldPaths = heldPaths
    }

    /// What the method `name` does on its unconditional path: statements after a `return`, a
    /// `guard` or a branch that may leave the method do not count. A branch is read for a
    /// `return` only when a later statement writes something.
    mutating func writes(of name: String) -> SceneBuilder.FlagWrites {
        if let found = known[name] { return found }
        known[name] = SceneBuilder.FlagWrites()  // a method calling itself adds nothing
        var writes = SceneBuilder.FlagWrites()
        var branches: [Syntax] = []
        func mayHaveLeft() -> Bool {
            defer { branches.removeAll() }
            return branches.contains(where: SceneBuilder.mayLeave)
        }
        for item in methods[name]?.statements ?? [] {
            // The item's statement, read once: each read of `item` builds it anew.
            let statement = Syntax(item.item)
            if statement.is(ReturnStmtSyntax.self) || statement.is(GuardStmtSyntax.self) { break }
            if let (property, value) = SceneBuilder.booleanAssignment(in: statement) {
                let sets = flags.filter { $0.property == property }.map { (flag: $0.flag, value: value == $0.holdsWhen ? 1 : 0) }
                if sets.isEmpty { continue }
                if mayHaveLeft() { break }
                writes.sets += sets
                continue
            }
            guard let call = SceneBuilder.call(in: statement) else {
                branches.append(statement)
                continue
            }
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
            let called = member?.declName.baseName.text ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            // Only a focus or a call of the type's own method can write: the receiver's text is
            // read for those alone.
            guard called == FirstResponderReader.becomeFirstResponder || methods[called] != nil else { continue }
            let receiver = member?.base.map { $0.sourceText.withoutOptionality.filter { $0 != "?" && $0 != "!" } }
            if called == FirstResponderReader.becomeFirstResponder, let receiver {
                let property = receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver
                guard let path = heldPaths[owner + "." + property] else { continue }
                if mayHaveLeft() { break }
                writes.focus = path
            } else if receiver == nil || receiver == "self" {
                let inner = self.writes(of: called)
                if inner.isEmpty { continue }
                if mayHaveLeft() { break }
                writes.sets += inner.sets
                writes.focus = inner.focus ?? writes.focus
            }
        }
        known[name] = writes
        return writes
    }
}
