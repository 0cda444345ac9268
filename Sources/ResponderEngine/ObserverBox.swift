/// Holds a dispatcher's observer so that the dispatcher can call it without a reference count.
///
/// Calling a method on an observer read from a `var` makes Swift retain and release it around
/// the call: three atomic operations per event, a third of what an in-process recorder added
/// to a dispatch. The dispatcher keeps this box alive and calls through an unretained reference
/// to it (`Unmanaged._withUnsafeGuaranteedRef`); the observer is a `let` of the box, so reading
/// it from the guaranteed box is a borrow. A box replaced while a callback may still be running
/// is kept until no callback is (``KeyDispatcher`` `retiredObservers`).
final class ObserverBox {
    let observer: DispatchObserver

    init(_ observer: DispatchObserver) {
        self.observer = observer
    }
}
