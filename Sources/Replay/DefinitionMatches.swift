import TraceFormat

/// For each resolution definition of the trace's current chunk, the number of the replay's
/// resolution (``ResolutionTable``) it was found equal to.
///
/// A definition describes one resolution and a number one resolution, so once a definition
/// and a number agree, a recorded resolution naming that definition agrees with a replayed
/// one exactly when the replayed one has that number: a comparison is two integer compares.
/// A definition not yet matched, or matched to another number, is compared field by field.
struct DefinitionMatches {
    /// The chunk whose definitions `numbers` indexes.
    private var chunk = -1
    /// By definition number: the matched resolution number, −1 for none yet.
    private var numbers: [Int32] = []

    /// The resolution number `reference`'s definition was found equal to, if any.
    @inline(__always)
    func number(matching reference: ResolutionReference) -> Int32? {
        guard reference.chunk == chunk, reference.definition < numbers.count else { return nil }
        let number = numbers[reference.definition]
        return number < 0 ? nil : number
    }

    /// Remembers that `reference`'s definition equals resolution `number`.
    mutating func remember(_ number: Int32, for reference: ResolutionReference) {
        if reference.chunk != chunk {
            chunk = reference.chunk
            numbers.removeAll(keepingCapacity: true)
        }
        guard reference.definition >= 0 else { return }
        if reference.definition >= numbers.count {
            numbers.append(contentsOf: repeatElement(-1, count: reference.definition + 1 - numbers.count))
        }
        numbers[reference.definition] = number
    }

    /// Forgets every match (the resolution numbers changed meaning).
    mutating func removeAll() {
        chunk = -1
        numbers.removeAll(keepingCapacity: true)
    }
}
