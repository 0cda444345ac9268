import KeyTraceCore

/// What a trace says about itself: the tool, the source, the devices, the scene, the clock.
///
/// Stored once in the file header as tagged fields; unknown tags from newer writers are
/// skipped. ``custom`` carries free key/value pairs, written sorted by key so identical
/// metadata always encodes to identical bytes.
public struct TraceMetadata: Hashable, Sendable {
    /// The writing tool's version (``KeyTraceVersion/current`` by default).
    public var toolVersion: String
    /// The source kind: `usb-pcap`, `evdev`, `terminal`, `script`, `synthetic`, `engine`, …
    public var sourceKind: String?
    /// The pcap link type of a capture source (e.g. 220 for `LINKTYPE_USB_LINUX_MMAPPED`).
    public var pcapLinkType: UInt32?
    /// The devices whose presses the trace holds.
    public var devices: [DeviceInfo]
    /// The scene the presses were dispatched to.
    public var sceneName: String?
    /// A content hash of the scene description, so a replay can check it runs the same scene.
    public var sceneContentHash: String?
    /// The clock the timestamps come from: `monotonic`, `unix-epoch`, `synthetic`, …
    public var clockDomain: String?
    /// The timestamp unit in nanoseconds; always 1 for this version.
    public var timestampUnitNanoseconds: UInt64
    /// A pairing of a trace timestamp with a wall-clock instant, when known.
    public var wallClockAnchor: WallClockAnchor?
    /// Free key/value pairs.
    public var custom: [String: String]

    /// Creates metadata; every field but the tool version is optional.
    public init(toolVersion: String = KeyTraceVersion.current, sourceKind: String? = nil, pcapLinkType: UInt32? = nil,
                devices: [DeviceInfo] = [], sceneName: String? = nil, sceneContentHash: String? = nil,
                clockDomain: String? = nil, timestampUnitNanoseconds: UInt64 = 1,
                wallClockAnchor: WallClockAnchor? = nil, custom: [String: String] = [:]) {
        self.toolVersion = toolVersion
        self.sourceKind = sourceKind
        self.pcapLinkType = pcapLinkType
        self.devices = devices
        self.sceneName = sceneName
        self.sceneContentHash = sceneContentHash
        self.clockDomain = clockDomain
        self.timestampUnitNanoseconds = timestampUnitNanoseconds
        self.wallClockAnchor = wallClockAnchor
        self.custom = custom
    }
}

/// One input device as the source described it.
public struct DeviceInfo: Hashable, Sendable {
    /// The device id its presses carry.
    public var id: DeviceID
    /// The USB vendor id, when known.
    public var vendorID: UInt16?
    /// The USB product id, when known.
    public var productID: UInt16?
    /// The interrupt endpoint's `bInterval` descriptor value, when known.
    public var bInterval: UInt8?
    /// The polling interval in nanoseconds that `bInterval` implies at the device's speed.
    public var pollingIntervalNanoseconds: UInt64?
    /// A human-readable name (product string), when known.
    public var name: String?

    /// Describes a device.
    public init(id: DeviceID, vendorID: UInt16? = nil, productID: UInt16? = nil, bInterval: UInt8? = nil,
                pollingIntervalNanoseconds: UInt64? = nil, name: String? = nil) {
        self.id = id
        self.vendorID = vendorID
        self.productID = productID
        self.bInterval = bInterval
        self.pollingIntervalNanoseconds = pollingIntervalNanoseconds
        self.name = name
    }
}

/// A trace timestamp and the wall-clock instant it corresponds to.
public struct WallClockAnchor: Hashable, Sendable {
    /// A timestamp in the trace's clock domain, in nanoseconds.
    public var traceTime: UInt64
    /// The same instant as nanoseconds since the Unix epoch.
    public var unixTimeNanoseconds: Int64

    /// Pairs a trace timestamp with a Unix time.
    public init(traceTime: UInt64, unixTimeNanoseconds: Int64) {
        self.traceTime = traceTime
        self.unixTimeNanoseconds = unixTimeNanoseconds
    }
}
