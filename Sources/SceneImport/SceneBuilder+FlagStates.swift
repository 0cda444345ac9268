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
    /// and appears are left out: what they set is the launch value.
    func flagStates(_ properties: [FlagProperty], values: [SceneDefinition.StateValue], taken: Set<String>,
                    state: BuildState) -> [SceneState] {
        let initial = Dictionary(values.map { ($0.name, $0.initial) }, uniquingKeysWith: { first, _ in first })
        var states: [SceneState] = []
        var names = taken
        var seen: Set<[String]> = []
        for owner in Self.sortedNames(Set(properties.map(\.owner))) {
            guard state.paths[owner]?.hasPrefix("window") == true, let info = model.index.type(named: owner) else { continue }
            let flags = properties.filter { $0.owner == owner }
            for function in info.functions where function.kind == .function && !function.isStatic && function.body != nil
                && !FirstResponderReader.lifecycleMethods.contains(function.name) {
                let writes = flagWrites(of: function.name, in: owner, flags: flags, state: state)
                guard writes.sets.contains(where: { initial[$0.flag] != $0.value }) else { continue }
                let name = Self.nodeName(owner) + "." + function.name
                // Several methods that do the same (`showSearch` and `toggleSearch`) make one state.
                let fingerprint = writes.sets.map { "\($0.flag)=\($0.value)" } + [writes.focus ?? ""]
                guard names.insert(name).inserted, seen.insert(fingerprint).inserted else { continue }
                let location = " (\(function.location.file):\(function.location.line))"
                let set = writes.sets.map { "\($0.flag) = \($0.value)" }.joined(separator: ", ")
                let focus = writes.focus.map { ", focusing \($0)" } ?? ""
                states.append(SceneState(name: name, summary: "\(owner).\(function.name)() sets \(set)\(focus)\(location)",
                                         steps: writes.sets.map { SceneState.Step(effect: .set($0.flag, $0.value)) },
                                         firstResponder: writes.focus))
            }
        }
        return states
    }

    /// What the method `name` of `owner` does to `flags` and the focus on its unconditional
    /// path, following the type's own methods it calls there (`exit_ime(self)`), three deep.
    func flagWrites(of name: String, in owner: String, flags: [FlagProperty], state: BuildState, depth: Int = 0) -> FlagWrites {
        var writes = FlagWrites()
        guard depth < 3, let body = ownMethod(name, of: owner)?.body else { return writes }
        for item in body.statements {
            if item.item.is(ReturnStmtSyntax.self) || item.item.is(GuardStmtSyntax.self) || Self.mayLeave(item) { break }
            if let (property, value) = Self.booleanAssignment(in: item) {
                for flag in flags where flag.property == property {
                    writes.sets.append((flag.flag, value == flag.holdsWhen ? 1 : 0))
                }
                continue
            }
            guard let call = Self.call(in: item) else { continue }
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
            let receiver = member?.base.map { $0.sourceText.withoutOptionality.filter { $0 != "?" && $0 != "!" } }
            let called = member?.declName.baseName.text ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
            if called == FirstResponderReader.becomeFirstResponder, let receiver {
                let property = receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver
                if let path = state.heldPaths[owner + "." + property] { writes.focus = path }
            } else if receiver == nil || receiver == "self" {
                let inner = flagWrites(of: called, in: owner, flags: flags, state: state, depth: depth + 1)
                writes.sets += inner.sets
                writes.focus = inner.focus ?? writes.focus
            }
        }
        return writes
    }

    /// The instance method `name` of `owner` or of its nearest ancestor declaring one with a body.
    private func ownMethod(_ name: String, of owner: String) -> SourceIndex.FunctionInfo? {
        let owners = [model.index.type(named: owner)].compactMap { $0 } + model.index.ancestors(of: owner)
        for type in owners {
            if let function = type.functions.first(where: { $0.name == name && $0.kind == .function && !$0.isStatic && $0.body != nil }) {
                return function
            }
        }
        return nil
    }

    /// The property and value of a statement `x = true` or `self.x = false`.
    static func booleanAssignment(in item: CodeBlockItemSyntax) -> (property: String, value: Bool)? {
        guard let sequence = item.item.as(ExprSyntax.self)?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(sequence.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
              let literal = elements[2].as(BooleanLiteralExprSyntax.self) else { return nil }
        let target = elements[0].sourceText
        let property = target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
        guard property.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return (property, literal.literal.tokenKind == .keyword(.true))
    }
}
