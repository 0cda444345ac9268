import KeyTraceCore
import KeyTraceSupport

/// Turns key events into key-command actions or press deliveries, as UIKit does
/// (responder-semantics R10–R23), timing every stage and counting `keyCommands` reads.
///
/// ```swift
/// let app = Application()
/// let dispatcher = try KeyDispatcher(application: app, policy: .cached)
/// let resolution = dispatcher.dispatch(KeyPress(.began, .a, modifiers: .command))
/// resolution.outcome   // .performedCommand
/// resolution.action    // "selectAll:" if something in the chain can select all
/// ```
///
/// The flow of one key-down (R18):
///
/// ```
///  key-down ─▶ non-deferred commands ──fired──▶ done (no pressesBegan)
///                    │ none
///                    ▼
///              pressesBegan along the chain ──handled──▶ done (press / text input)
///                    │ unhandled
///                    ▼
///              deferred commands ──fired──▶ done
///                    │ none
///                    ▼
///              unhandled (or disabled / shadowed, naming the command)
/// ```
///
/// A dispatcher is not thread-safe: use it from one thread, like UIKit's main thread.
public final class KeyDispatcher {
    /// The application whose chain events go through.
    public let application: Application
    /// How `keyCommands` are queried (R23). Changing it drops the cache.
    public var policy: QueryPolicy {
        get { queryPolicy }
        set {
            queryPolicy = newValue
            collection = nil
        }
    }
    /// Read on every lookup: stored apart from ``policy`` (whose setter has an effect) so that
    /// reading it skips the dynamic exclusivity check.
    @exclusivity(unchecked) private(set) var queryPolicy: QueryPolicy
    /// The clock for stage timing; `nil` turns timing off (no clock reads at all).
    @exclusivity(unchecked) public var clock: NanosecondClock? {
        didSet { stageTimerSource = StageTimer.Source(clock) }
    }
    /// How each dispatch reads ``clock``, worked out once when it is set.
    @exclusivity(unchecked) private var stageTimerSource: StageTimer.Source
    /// Receives every resolution, chain change and invalidation.
    ///
    /// Held strongly: a weak reference would put every retain of the observer on the runtime's
    /// slow path (its side table), on every event. An observer must therefore not hold its
    /// dispatcher strongly; set this to `nil` to detach it. It may be replaced from inside one
    /// of its own callbacks.
    public var observer: DispatchObserver? {
        get { observerBox?.observer }
        set {
            if let observerBox {  // a callback of it may be running
                retiredObservers.append(observerBox)
                hasRetiredObservers = true
            }
            observerBox = newValue.map(ObserverBox.init)
            unretainedObserver = observerBox.map { Unmanaged.passUnretained($0) }
            observedEvents = newValue?.observedEvents ?? []
            releaseRetiredObservers()
        }
    }
    private var observerBox: ObserverBox?
    @exclusivity(unchecked) private var unretainedObserver: Unmanaged<ObserverBox>?
    /// The observer's ``DispatchObserver/observedEvents``, none without an observer.
    @exclusivity(unchecked) private var observedEvents: DispatchObserverEvents = []
    private var retiredObservers: [ObserverBox] = []
    /// `!retiredObservers.isEmpty`, kept as a flag: it is checked after every event, and an
    /// array's emptiness costs several loads there.
    @exclusivity(unchecked) private var hasRetiredObservers = false
    /// Callbacks running outside a dispatch (chain changes, invalidations).
    @exclusivity(unchecked) private var notifying = 0
    /// Running totals.
    @exclusivity(unchecked) public internal(set) var statistics = DispatchStatistics()

    @exclusivity(unchecked) var collection: CommandCollection?
    @exclusivity(unchecked) var collectionStart: Responder?
    /// The `keyCommands` calls ``prepare()`` made for ``collection``, until the lookup that
    /// first uses it counts them, and its miss.
    @exclusivity(unchecked) var preparedCalls: Int32?
    /// The contents of the last few collections (`cached` policy): a re-collection whose
    /// `keyCommands` reads return what one of them was built from reuses it (focus moving back
    /// and forth between two responders re-reads, but does not rebuild).
    @exclusivity(unchecked) var recentContents: [CommandCollection.Contents] = []
    @exclusivity(unchecked) var knownStart: Responder?
    @exclusivity(unchecked) var inFlight = ContiguousArray<InFlightPress>()
    @exclusivity(unchecked) var lastTimestamp: UInt64 = 0
    /// How many entries of ``inFlight`` the system took (R24): key-ups and repeats look for
    /// theirs only while there are some.
    @exclusivity(unchecked) var systemPressesInFlight = 0
    @exclusivity(unchecked) var dispatching = false

    /// The clock dispatchers time their stages with unless told otherwise: the process's
    /// ``TickCounterClock`` where the kernel keeps time with the tick counter, otherwise a
    /// ``MonotonicClock``. `KEYTRACE_STAGE_CLOCK=monotonic` in the environment chooses the
    /// latter everywhere (to compare the two, or where the counter is not to be trusted).
    public static var defaultStageClock: NanosecondClock {
        if !prefersMonotonicStageClock, let ticks = TickCounterClock.shared { return ticks }
        return MonotonicClock()
    }

    private static let prefersMonotonicStageClock: Bool = {
        guard let value = getenv("KEYTRACE_STAGE_CLOCK") else { return false }
        return String(cString: value) == "monotonic"
    }()

    /// Creates a dispatcher for `application`, building its main menu; throws
    /// ``MenuBuildError`` when two menu commands share a shortcut (R22).
    public init(application: Application, policy: QueryPolicy = .cached,
                clock: NanosecondClock? = KeyDispatcher.defaultStageClock) throws {
        self.application = application
        self.queryPolicy = policy
        self.clock = clock
        self.stageTimerSource = StageTimer.Source(clock)
        inFlight.reserveCapacity(32)
        try application.rebuildMainMenu()
        application.dispatcher = self
    }

    /// Dispatches one event and returns what became of it.
    @discardableResult
    public func dispatch(_ press: KeyPress) -> Resolution {
        var resolution = Resolution(unresolved: press)
        dispatch(press, into: &resolution)
        return resolution
    }

    /// Dispatches one event and writes what became of it over `resolution`, which may hold an
    /// earlier event's: every field is set anew.
    ///
    /// A loop that dispatches event after event into one variable builds each resolution in
    /// place; returning one by value copies it on its way out (a `memcpy` of a few hundred bytes).
    public func dispatch(_ press: KeyPress, into resolution: inout Resolution) {
        let wasDispatching = dispatching
        dispatching = true  // the observer's callbacks count as inside the dispatch
        if observedEvents.contains(.presses) { withObserver { $0.dispatcher(self, willDispatch: press) } }
        var timer = StageTimer(source: stageTimerSource)
        timer.mark(.receive)
        lastTimestamp = press.timestamp
        // The resolution starts out anew once it is known whether the system takes the press
        // and, if not, which chain it goes through.
        if _slowPath(systemPressesInFlight > 0 || press.modifierFlags.isSuperset(of: application.systemShortcutModifiers)),
           let row = systemShortcut(taking: press) {
            // The system took the key-down (R24): no responder, `keyCommands` read or press
            // delivery. The resolution names the row as a command without an action.
            resolution.start(press: press, chain: .empty, queries: .none)
            resolution.outcome = .system
            resolution.command = KeyCommand(title: row.effect, input: row.shortcut.input, modifierFlags: row.shortcut.modifiers,
                                            action: nil)
        } else {
            dispatchToApp(press, into: &resolution, timer: &timer)
        }
        timer.mark(.end)
        resolution.timings = timer.timings
        statistics.record(resolution.outcome, resolution.queries)
        if observedEvents.contains(.resolutions) { withObserver { $0.dispatcher(self, didResolve: resolution) } }
        dispatching = wasDispatching
        if _slowPath(hasRetiredObservers) { releaseRetiredObservers() }
    }

    /// Dispatches a press the system did not take through the app's responder chain.
    @inline(__always)
    private func dispatchToApp(_ press: KeyPress, into resolution: inout Resolution, timer: inout StageTimer) {
        switch press.phase {
        case .began, .ended:
            timer.mark(.chainWalk)
            var queries = KeyCommandQueries.none
            let collection = lookupCollection(timer: &timer, queries: &queries)
            resolution.start(press: press, chain: collection.chain, queries: queries)
            noteChainDiagnostics(collection.chain, into: &resolution)
            if press.phase == .began {
                keyDown(press, in: collection, into: &resolution, timer: &timer)
            } else {
                keyUp(press, in: collection, into: &resolution, timer: &timer)
            }
        case .changed, .cancelled:
            timer.mark(.deliver)
            let index = inFlightIndex(for: press)
            resolution.start(press: press, chain: chainOfUpdate(at: index), queries: .none)
            pressUpdate(press, at: index, into: &resolution)
        }
    }

    /// Calls `body` with the observer, if any, without retaining it (see ``ObserverBox``).
    @inline(__always)
    func withObserver(_ body: (DispatchObserver) -> Void) {
        unretainedObserver?._withUnsafeGuaranteedRef { body($0.observer) }
    }

    /// Calls `body` with the observer for a chain change or an invalidation, which may come
    /// during a dispatch (its effects) or between events (a scene's own change).
    func notifyObserver(_ body: (DispatchObserver) -> Void) {
        guard unretainedObserver != nil else { return }
        notifying += 1
        withObserver(body)
        notifying -= 1
        if hasRetiredObservers { releaseRetiredObservers() }
    }

    /// Releases replaced observers once none of their callbacks can be running.
    private func releaseRetiredObservers() {
        guard !dispatching && notifying == 0 else { return }
        retiredObservers.removeAll()
        hasRetiredObservers = false
    }

    /// Dispatches a sequence of events, returning their resolutions in order.
    public func dispatch<S: Sequence>(_ presses: S) -> [Resolution] where S.Element == KeyPress {
        presses.map { dispatch($0) }
    }

    /// Resets ``statistics`` to zero (per-responder call counts are kept).
    public func resetStatistics() { statistics = DispatchStatistics() }

    /// The timestamp of the last event dispatched (source clock, ns); chain changes made between
    /// events carry it. A recorder may move it forward before the first event.
    public var lastDispatchTimestamp: UInt64 {
        get { lastTimestamp }
        set { lastTimestamp = newValue }
    }

    /// Whether an event is being dispatched: a chain change reported now is the event's own
    /// effect (its action's), reported before the event's resolution.
    public var isDispatching: Bool { dispatching }

    /// The responder chain events would go through now.
    public var currentChain: ResponderChain { ResponderChain.walk(from: application.chainStart) }
}
