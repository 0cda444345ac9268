import KeyTraceCore
import ResponderEngine

extension SceneRuntime {
    /// Runs declared effects in order. `origin` locates "nearest" navigation and tab controllers.
    /// Effects that cannot apply at that moment are recorded in ``problems``, never fatal.
    func run(_ effects: [SceneEffect], from origin: Responder) {
        for effect in effects {
            switch effect {
            case .focus(let path):
                if let target = responder(at: path) {
                    if !application.makeFirstResponder(target) { problems.append("focus: `\(path)` cannot become first responder") }
                } else {
                    problems.append("focus: no responder at `\(path)`")
                }
            case .present(let name):
                guard let node = controllerDefinitionNamed(name), let built = try? build(node) as? ViewController else {
                    problems.append("present: no controller named `\(name)`")
                    continue
                }
                guard let root = application.keyWindow?.rootViewController else { continue }
                let presenter = root.topPresentedViewController ?? root
                presenter.present(built)
                (application.keyWindow)?.invalidateKeyCommands(.stateChange)
                showFocus(in: built)
            case .dismiss:
                guard let root = application.keyWindow?.rootViewController, let top = root.topPresentedViewController else {
                    problems.append("dismiss: nothing is presented")
                    continue
                }
                top.dismiss()
                (application.keyWindow)?.invalidateKeyCommands(.stateChange)
            case .set(let name, let value):
                setState(name, value)
            case .increment(let name, let delta):
                updateState(name) { [self] value in
                    let (sum, overflow) = value.addingReportingOverflow(delta)
                    guard overflow else { return sum }
                    let limit = delta < 0 ? Int.min : Int.max
                    problems.append("increment: `\(name)` saturated at \(limit) (\(value) + \(delta) is out of range)")
                    return limit
                }
            case .toggle(let name):
                updateState(name) { $0 == 0 ? 1 : 0 }
            case .push(let name):
                guard let navigation = nearest(NavigationController.self, from: origin) else {
                    problems.append("push: no navigation controller above `\(origin.path)`")
                    continue
                }
                guard let node = controllerDefinitionNamed(name), let built = try? build(node) as? ViewController else {
                    problems.append("push: no controller named `\(name)`")
                    continue
                }
                navigation.push(built, barButtons: node.barButtons.map(\.command))
            case .pop:
                guard let navigation = nearest(NavigationController.self, from: origin) else {
                    problems.append("pop: no navigation controller above `\(origin.path)`")
                    continue
                }
                navigation.pop()
            case .updateKeyCommands:
                origin.setNeedsKeyCommandsUpdate()
            case .rebuildMainMenu:
                do {
                    try application.rebuildMainMenu()
                } catch {
                    problems.append("rebuildMainMenu: \(error)")
                }
            case .selectTab(let index):
                guard let tabs = nearest(TabBarController.self, from: origin) else {
                    problems.append("selectTab: no tab bar controller above `\(origin.path)`")
                    continue
                }
                tabs.select(index)
            }
        }
    }

    /// The nearest controller of `type` along the chain from `origin`, else the first in the key window.
    private func nearest<T: ViewController>(_ type: T.Type, from origin: Responder) -> T? {
        (origin.firstInChain { $0 is T } as? T) ?? allResponders.lazy.compactMap { $0 as? T }.first
    }
}
