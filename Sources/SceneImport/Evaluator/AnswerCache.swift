/// The answers to one kind of question the evaluator works out by running other code (what a
/// field's callers pass, what other code assigns), each worked out once.
///
/// A class, so that the work that answers a question can ask this cache again (code that reads
/// the field it is working out) while the answer is being written.
final class AnswerCache<Question: Hashable> {
    private var answers: [Question: Value?] = [:]

    /// The answer held for `question`, or the one `work` gives, stored. While `work` runs, the
    /// question asked again has no value.
    func answer(_ question: Question, _ work: () -> Value?) -> Value? {
        if let known = answers[question] { return known }
        answers[question] = .some(nil)
        let value = work()
        answers[question] = .some(value)
        return value
    }
}
