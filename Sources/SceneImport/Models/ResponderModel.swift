/// UIKit's responders: `addKeyCommand(_:)`, which gives a responder one more command
/// (R11), and the responder types an app's code names.
enum ResponderModel: FrameworkModel {
    static let addKeyCommand = "addKeyCommand"
    /// The responder property UIKit reads for a responder's own commands.
    static let keyCommands = "keyCommands"
    static let functions: Set<String> = [addKeyCommand]
    static let methods: Set<String> = [addKeyCommand]
    static let types: Set<String> = ["UIApplication", "UIResponder"]
    /// The methods in which a controller or view sets itself up, once.
    static let setUpMethods: Set<String> = ["viewDidLoad", "awakeFromNib", "loadView"]

    /// Whether `text` (a getter's source) looks the first responder up.
    static func looksUpFirstResponder(_ text: String) -> Bool {
        text.containsBytes(of: "firstResponder") || text.containsBytes(of: "FirstResponder(")
    }

    /// `super.name` in an app's responder: UIKit's own `keyCommands` are none; anything else is
    /// unknown.
    static func superMember(_ name: String) -> Value? {
        name == keyCommands ? .array([]) : nil
    }

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        add(site.arguments, in: evaluator, frame: &frame)
    }

    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        add(site.arguments, in: evaluator, frame: &frame)
    }

    /// Logs the command the first argument gives as added to the running responder.
    private static func add(_ arguments: [CallSite.Argument], in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value {
        if let first = arguments.first {
            evaluator.recordAdded(evaluator.evaluate(first.expression, frame: &frame, hint: KeyCommandModel.typeName), in: frame)
        }
        return .null
    }
}
