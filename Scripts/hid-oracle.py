#!/usr/bin/env python3
"""The keys HID reports hold, according to hid-tools (the Linux HID maintainers' library).

The tests' independent decoder for HID report descriptors: reads JSON from the file named by
the first argument (standard input without one),

    {"descriptor": "05010906…", "reports": ["0100040500…", …]}

and prints one JSON line per report: the extended usages (page << 16 | usage) of the keys the
report holds down, in field order, or {"error": "…"} when hid-tools cannot read it. A key is a
usage on the Keyboard/Keypad (0x07) or Consumer (0x0C) page other than 0, or a Generic Desktop
system control (0x81-0xB7): set bits of 1-bit variable fields with logical range 0-1, and the
usages named by array values within the logical range. Keyboard error codes (1-3) are listed
as they are; the caller decides what rollover means.

With `"kind": "output"` in the request, the reports are Output reports and each line lists the
LED usages (page 0x08, 1-5: Num Lock, Caps Lock, Scroll Lock, Compose, Kana) set in it.

Needs `pip install hid-tools`.
"""
import json
import sys

import hidtools.hid as hid


def is_key_usage(usage):
    page, code = usage >> 16, usage & 0xFFFF
    if page in (0x07, 0x0C):
        return code != 0
    if page == 0x01:
        return 0x81 <= code <= 0xB7
    return False


def is_led(usage):
    return usage >> 16 == 0x08 and 1 <= usage & 0xFFFF <= 5


def keys(descriptor, report, kind="input"):
    reports = descriptor.output_reports if kind == "output" else descriptor.input_reports
    is_key = is_led if kind == "output" else is_key_usage
    # hid-tools files the reports of a descriptor without report IDs under -1.
    report_id = -1 if -1 in reports else report[0]
    layout = reports.get(report_id)
    if layout is None:
        return {"error": "no %s report with ID %d" % (kind, report_id)}
    held = []
    for field in layout.fields:
        if field.is_const:
            continue
        values = field.get_values(report)
        if field.is_array:
            usages = field.usages or []
            for value in values:
                if not isinstance(value, int):
                    continue
                if field.logical_min <= value <= field.logical_max:
                    index = value - field.logical_min
                    if index < len(usages) and is_key(usages[index]) and usages[index] not in held:
                        held.append(usages[index])
        elif field.logical_min == 0 and field.logical_max == 1:
            for value in values:
                if value == 1 and is_key(field.usage) and field.usage not in held:
                    held.append(field.usage)
    return held


def main():
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as source:
            request = json.load(source)
    else:
        request = json.load(sys.stdin)
    try:
        descriptor = hid.ReportDescriptor.from_bytes(bytes.fromhex(request["descriptor"]))
    except Exception as error:  # hid-tools raises plain exceptions on bad descriptors
        print(json.dumps({"error": str(error)}))
        return
    for report in request["reports"]:
        print(json.dumps(keys(descriptor, list(bytes.fromhex(report)), request.get("kind", "input"))))


if __name__ == "__main__":
    main()
