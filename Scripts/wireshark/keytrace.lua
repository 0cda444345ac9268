-- KeyTrace pcap dissector: decodes packets written by `keytrace export --format pcap`
-- (LINKTYPE_USER0 = 147, nanosecond pcap, one packet per trace record).
--
--   tshark -X lua_script:Scripts/wireshark/keytrace.lua -r OUT.pcap -V
--
-- Packet layout (all integers little-endian, strings are u16 length + UTF-8);
-- docs/TraceFormat.md §13, "pcap export", is the reference.

local p = Proto("keytrace", "KeyTrace")

local kinds = { [1] = "key", [2] = "resolution", [3] = "timing", [4] = "counters", [5] = "cache",
                [6] = "chain", [7] = "dropped", [8] = "marker", [9] = "report", [255] = "unknown" }
local directions = { [0] = "in", [1] = "out" }
local led_names = { "Num Lock", "Caps Lock", "Scroll Lock", "Compose", "Kana" }
local phases = { [0] = "began", [1] = "changed", [2] = "ended", [3] = "cancelled" }
local outcomes = { [0] = "performed", [1] = "press", [2] = "text-input", [3] = "unhandled", [4] = "disabled",
                   [5] = "shadowed", [6] = "repeat-suppressed", [7] = "release-consumed", [8] = "cancelled" }
local cache_events = { [0] = "hit", [1] = "miss", [2] = "invalidation" }
local reasons = { [0] = "first-responder-change", [1] = "chain-mutation", [2] = "explicit-update",
                  [3] = "state-change", [4] = "main-menu-rebuild", [5] = "layout-change" }
local chain_kinds = { [0] = "first-responder", [1] = "text-input", [2] = "modal", [3] = "navigation", [4] = "tab" }
local stages = { [0] = "ReceiveToChainWalk", [1] = "ChainWalkToCollect", [2] = "CollectToMatch",
                 [3] = "MatchToResolveTarget", [4] = "ResolveTargetToPerform", [5] = "PerformToDeliver",
                 [6] = "DeliverToEnd" }

local f = {
  version = ProtoField.uint8("keytrace.version", "Packet format version"),
  kind = ProtoField.uint8("keytrace.kind", "Kind", base.DEC, kinds),
  length = ProtoField.uint16("keytrace.length", "Length"),
  t_ns = ProtoField.uint64("keytrace.t_ns", "Timestamp (ns)"),
  phase = ProtoField.uint8("keytrace.key.phase", "Phase", base.DEC, phases),
  is_repeat = ProtoField.bool("keytrace.key.repeat", "Auto-repeat"),
  usage = ProtoField.uint16("keytrace.key.usage", "HID usage", base.HEX),
  usage_page = ProtoField.uint16("keytrace.key.usage_page", "HID usage page", base.HEX),
  modifier_flags = ProtoField.uint32("keytrace.key.modifier_flags", "Modifier flags", base.HEX),
  modifier_sides = ProtoField.uint8("keytrace.key.modifier_sides", "Modifier sides", base.HEX),
  device_raw = ProtoField.uint64("keytrace.device_raw", "Device id (packed)", base.HEX),
  device = ProtoField.string("keytrace.device", "Device"),
  uncertainty = ProtoField.uint64("keytrace.key.uncertainty_ns", "Timestamp uncertainty (ns)"),
  characters = ProtoField.string("keytrace.key.characters", "Characters"),
  characters_plain = ProtoField.string("keytrace.key.characters_ignoring_modifiers", "Characters ignoring modifiers"),
  press_seq = ProtoField.uint64("keytrace.press_seq", "Press sequence"),
  outcome = ProtoField.uint8("keytrace.resolution.outcome", "Outcome", base.DEC, outcomes),
  up_action = ProtoField.bool("keytrace.resolution.up_action", "Up-action"),
  has_command = ProtoField.bool("keytrace.resolution.has_command", "Command matched"),
  command_modifiers = ProtoField.uint32("keytrace.resolution.command_modifiers", "Command modifiers", base.HEX),
  command_input = ProtoField.string("keytrace.resolution.command_input", "Command input"),
  title = ProtoField.string("keytrace.resolution.title", "Title"),
  action = ProtoField.string("keytrace.resolution.action", "Action"),
  provider = ProtoField.string("keytrace.resolution.provider", "Provider path"),
  target = ProtoField.string("keytrace.resolution.target", "Target path"),
  blocking = ProtoField.string("keytrace.resolution.blocking_action", "Blocking action"),
  stage_count = ProtoField.uint8("keytrace.timing.stage_count", "Stage count"),
  stage = ProtoField.uint64("keytrace.timing.stage_ns", "Stage (ns)"),
  total = ProtoField.uint64("keytrace.timing.total_ns", "Total (ns)"),
  calls = ProtoField.uint64("keytrace.counters.calls", "keyCommands calls"),
  policy_calls = ProtoField.uint64("keytrace.counters.policy_calls", "Policy calls"),
  enumerations = ProtoField.uint64("keytrace.counters.enumerations", "Enumerations"),
  cache_event = ProtoField.uint8("keytrace.cache.event", "Cache event", base.DEC, cache_events),
  reason = ProtoField.uint8("keytrace.cache.reason", "Invalidation reason", base.DEC, reasons),
  change = ProtoField.uint8("keytrace.chain.change", "Change", base.DEC, chain_kinds),
  from = ProtoField.string("keytrace.chain.from", "From path"),
  to = ProtoField.string("keytrace.chain.to", "To path"),
  count = ProtoField.uint64("keytrace.dropped.count", "Dropped events"),
  label = ProtoField.string("keytrace.marker.label", "Label"),
  text = ProtoField.string("keytrace.marker.text", "Text"),
  direction = ProtoField.uint8("keytrace.report.direction", "Direction", base.DEC, directions),
  interface = ProtoField.uint8("keytrace.report.interface", "Interface (255 = unknown)"),
  endpoint = ProtoField.uint8("keytrace.report.endpoint", "Endpoint (0 = control, 255 = unknown)", base.HEX),
  report_id = ProtoField.uint8("keytrace.report.id", "Report ID"),
  report_flags = ProtoField.uint8("keytrace.report.flags", "Flags (1 keys held, 2 phantom state, 4 LEDs present)", base.HEX),
  leds = ProtoField.uint8("keytrace.report.leds", "LEDs", base.HEX),
  report_length = ProtoField.uint16("keytrace.report.length", "Report length"),
  report_bytes = ProtoField.bytes("keytrace.report.bytes", "Report bytes"),
  unknown_type = ProtoField.uint8("keytrace.unknown.type", "Record type", base.HEX),
  payload = ProtoField.bytes("keytrace.unknown.payload", "Payload"),
}
p.fields = {}
for _, field in pairs(f) do table.insert(p.fields, field) end

local function device_text(raw)
  local kind = raw:rshift(56):band(0xFF):tonumber()
  local a = raw:rshift(32):band(0xFFFF):tonumber()
  local b = raw:rshift(16):band(0xFFFF):tonumber()
  local c = raw:band(0xFFFF):tonumber()
  local names = { [0] = "unspecified", [1] = "usb", [2] = "evdev", [3] = "terminal", [4] = "script",
                  [5] = "synthetic", [6] = "in-process", [7] = "hidraw" }
  if kind == 1 then return string.format("%d.%d.%d", a, b, c) end
  if kind == 2 or kind == 4 or kind == 7 then return string.format("%s.%d", names[kind], a) end
  return names[kind] or "unspecified"
end

-- Adds a u16-length-prefixed string field; returns the new offset.
local function add_string(tree, field, buf, offset)
  if offset + 2 > buf:len() then return offset end
  local n = buf(offset, 2):le_uint()
  if n > 0 and offset + 2 + n <= buf:len() then
    tree:add(field, buf(offset + 2, n), buf(offset + 2, n):string(ENC_UTF_8))
  elseif n == 0 then
    tree:add(field, buf(offset, 2), "")
  end
  return offset + 2 + n
end

local function add_device(tree, buf, offset)
  local raw = buf(offset, 8):le_uint64()
  tree:add_le(f.device_raw, buf(offset, 8))
  tree:add(f.device, buf(offset, 8), device_text(raw))
end

function p.dissector(buf, pinfo, root)
  if buf:len() < 12 then return 0 end
  pinfo.cols.protocol = "KeyTrace"
  local kind = buf(1, 1):uint()
  local tree = root:add(p, buf(), "KeyTrace " .. (kinds[kind] or "record"))
  tree:add(f.version, buf(0, 1))
  tree:add(f.kind, buf(1, 1))
  tree:add_le(f.length, buf(2, 2))
  tree:add_le(f.t_ns, buf(4, 8))
  local o = 12
  local info = kinds[kind] or "record"
  if kind == 1 and buf:len() >= o + 25 then
    tree:add(f.phase, buf(o, 1))
    tree:add(f.is_repeat, buf(o + 1, 1))
    tree:add_le(f.usage, buf(o + 2, 2))
    tree:add_le(f.modifier_flags, buf(o + 4, 4))
    tree:add(f.modifier_sides, buf(o + 8, 1))
    add_device(tree, buf, o + 9)
    local u = buf(o + 17, 8):le_uint64()
    if u ~= UInt64(0xFFFFFFFF, 0xFFFFFFFF) then tree:add_le(f.uncertainty, buf(o + 17, 8)) end
    local n = add_string(tree, f.characters, buf, o + 25)
    n = add_string(tree, f.characters_plain, buf, n)
    -- Keys of another page than the keyboard's (0x07) end with their usage page.
    local page = 7
    if n + 2 <= buf:len() then
      tree:add_le(f.usage_page, buf(n, 2))
      page = buf(n, 2):le_uint()
    end
    info = string.format("key %s usage 0x%02x", phases[buf(o, 1):uint()] or "?", buf(o + 2, 2):le_uint())
    if page ~= 7 then info = info .. string.format(" page 0x%02x", page) end
  elseif kind == 2 and buf:len() >= o + 14 then
    tree:add_le(f.press_seq, buf(o, 8))
    tree:add(f.outcome, buf(o + 8, 1))
    local flags = buf(o + 9, 1):uint()
    tree:add(f.up_action, buf(o + 9, 1), bit.band(flags, 1) ~= 0)
    tree:add(f.has_command, buf(o + 9, 1), bit.band(flags, 2) ~= 0)
    tree:add_le(f.command_modifiers, buf(o + 10, 4))
    local n = o + 14
    for _, field in ipairs({ f.command_input, f.title, f.action, f.provider, f.target, f.blocking }) do
      n = add_string(tree, field, buf, n)
    end
    info = "resolution " .. (outcomes[buf(o + 8, 1):uint()] or "?")
  elseif kind == 3 and buf:len() >= o + 9 then
    tree:add_le(f.press_seq, buf(o, 8))
    local count = buf(o + 8, 1):uint()
    tree:add(f.stage_count, buf(o + 8, 1))
    local n = o + 9
    for i = 0, count - 1 do
      if n + 8 > buf:len() then break end
      local item = tree:add_le(f.stage, buf(n, 8))
      item:set_text((stages[i] or ("stage" .. i)) .. " (ns): " .. tostring(buf(n, 8):le_uint64()))
      n = n + 8
    end
    if n + 8 <= buf:len() then tree:add_le(f.total, buf(n, 8)) end
  elseif kind == 4 and buf:len() >= o + 32 then
    tree:add_le(f.press_seq, buf(o, 8))
    tree:add_le(f.calls, buf(o + 8, 8))
    tree:add_le(f.policy_calls, buf(o + 16, 8))
    tree:add_le(f.enumerations, buf(o + 24, 8))
  elseif kind == 5 and buf:len() >= o + 2 then
    tree:add(f.cache_event, buf(o, 1))
    if buf(o, 1):uint() == 2 then tree:add(f.reason, buf(o + 1, 1)) end
    info = "cache " .. (cache_events[buf(o, 1):uint()] or "?")
  elseif kind == 6 and buf:len() >= o + 1 then
    tree:add(f.change, buf(o, 1))
    local n = add_string(tree, f.from, buf, o + 1)
    add_string(tree, f.to, buf, n)
  elseif kind == 7 and buf:len() >= o + 16 then
    add_device(tree, buf, o)
    tree:add_le(f.count, buf(o + 8, 8))
  elseif kind == 8 then
    local n = add_string(tree, f.label, buf, o)
    add_string(tree, f.text, buf, n)
  elseif kind == 9 and buf:len() >= o + 17 then
    add_device(tree, buf, o)
    tree:add(f.direction, buf(o + 8, 1))
    tree:add(f.interface, buf(o + 9, 1))
    tree:add(f.endpoint, buf(o + 10, 1))
    tree:add(f.report_id, buf(o + 11, 1))
    tree:add(f.report_flags, buf(o + 12, 1))
    local flags = buf(o + 12, 1):uint()
    info = "report " .. (directions[buf(o + 8, 1):uint()] or "?")
    if bit.band(flags, 4) ~= 0 then
      tree:add(f.leds, buf(o + 13, 1))
      local on = {}
      for i, name in ipairs(led_names) do
        if bit.band(buf(o + 13, 1):uint(), bit.lshift(1, i - 1)) ~= 0 then table.insert(on, name) end
      end
      info = info .. " LEDs: " .. (#on == 0 and "none" or table.concat(on, ", "))
    end
    if bit.band(flags, 2) ~= 0 then info = info .. " phantom state" end
    tree:add_le(f.report_length, buf(o + 14, 2))
    local stored = buf(o + 16, 1):uint()
    if stored > 0 and buf:len() >= o + 17 + stored then tree:add(f.report_bytes, buf(o + 17, stored)) end
  elseif kind == 255 and buf:len() >= o + 1 then
    tree:add(f.unknown_type, buf(o, 1))
    if buf:len() > o + 1 then tree:add(f.payload, buf(o + 1)) end
  end
  pinfo.cols.info = info
  return buf:len()
end

DissectorTable.get("wtap_encap"):add(wtap.USER0, p)
