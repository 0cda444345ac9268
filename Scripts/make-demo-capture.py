#!/usr/bin/env python3
"""Writes Traces/captures/notes-session.pcap: a USB keyboard session captured the way Linux
usbmon records it (pcap, link type 220 USB_LINUX_MMAPPED, 64-byte headers), generated from a
fixed, seeded typing script so the repository carries a capture of its own for the demo.

The keyboard is bus 1, device 4, interrupt-IN endpoint 0x81, polling every 8 ms: timestamps are
quantised to the polling interval, as real captures are. Each report is a boot keyboard report:
modifier byte, reserved byte, six key slots. Submits ('S') precede completions ('C').

Usage: Scripts/make-demo-capture.py [OUT]   (default Traces/captures/notes-session.pcap)
"""
import random
import struct
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else "Traces/captures/notes-session.pcap"
BUS, DEVICE, ENDPOINT, POLL_US = 1, 4, 0x81, 8000
START = 1_763_800_000  # 2025-11-22 in Unix seconds: a fixed capture start
rng = random.Random(2017)

LCTRL, LSHIFT, LALT, LGUI = 0x01, 0x02, 0x04, 0x08
US = {}
for i, c in enumerate("abcdefghijklmnopqrstuvwxyz"):
    US[c] = (0x04 + i, 0)
    US[c.upper()] = (0x04 + i, LSHIFT)
for i, (plain, shifted) in enumerate(zip("1234567890", "!@#$%^&*()")):
    US[plain] = (0x1E + i, 0)
    US[shifted] = (0x1E + i, LSHIFT)
for c, code in [("\n", 0x28), (" ", 0x2C), ("-", 0x2D), ("=", 0x2E), ("[", 0x2F), ("]", 0x30), (";", 0x33),
                ("'", 0x34), (",", 0x36), (".", 0x37), ("/", 0x38), ("\t", 0x2B)]:
    US[c] = (code, 0)
for c, code in [("_", 0x2D), ("+", 0x2E), (":", 0x33), ('"', 0x34), ("<", 0x36), (">", 0x37), ("?", 0x38)]:
    US[c] = (code, LSHIFT)
KEYS = {"backspace": 0x2A, "left": 0x50, "right": 0x4F, "up": 0x52, "down": 0x51, "esc": 0x29}

# (kind, value): text to type, a shortcut (modifier mask, key), or a pause in ms.
SCRIPT = [
    ("text", "Meeting notes\n"),
    ("pause", 600),
    ("text", "- ship the keyboard shortcuts release\n- write the golden traces\n"),
    ("shortcut", (LGUI, US["s"][0])),          # ⌘S save
    ("pause", 900),
    ("text", "- review latency reportt"),
    ("key", "backspace"),
    ("text", "s\n"),
    ("shortcut", (LGUI, US["a"][0])),          # ⌘A select all
    ("shortcut", (LGUI, US["c"][0])),          # ⌘C copy
    ("key", "right"),
    ("shortcut", (LGUI, US["v"][0])),          # ⌘V paste
    ("shortcut", (LGUI, US["z"][0])),          # ⌘Z undo (nothing implements it: unhandled)
    ("key", "left"), ("key", "left"), ("key", "left"),
    ("shortcut", (LGUI, US["n"][0])),          # ⌘N new note
    ("text", "Follow-ups: ping Ana?\n"),
    ("shortcut", (LGUI, US["s"][0])),
]

reports = []  # (time_us, 8-byte report)
t = 0

def quantise(us):
    return (us // POLL_US + 1) * POLL_US

def emit(mods, keys):
    global t
    t = max(quantise(t), reports[-1][0] + POLL_US if reports else 0)
    reports.append((t, bytes([mods, 0] + keys + [0] * (6 - len(keys)))))

def tap(code, mods=0, dwell=None):
    global t
    if mods:
        emit(mods, [])
        t += rng.randint(30, 70) * 1000
    emit(mods, [code])
    t += (dwell or rng.randint(60, 110)) * 1000
    emit(mods, [])
    t += rng.randint(70, 220) * 1000
    if mods:
        emit(0, [])
        t += rng.randint(40, 90) * 1000

for kind, value in SCRIPT:
    if kind == "text":
        for ch in value:
            code, mods = US[ch]
            tap(code, mods)
    elif kind == "shortcut":
        mods, code = value
        tap(code, mods, dwell=rng.randint(90, 140))
    elif kind == "key":
        tap(KEYS[value])
    else:
        t += value * 1000

def usbmon(kind, request_id, time_us, data, status=0):
    sec, usec = START + time_us // 1_000_000, time_us % 1_000_000
    length = len(data) if kind == "C" else 8
    header = struct.pack("<QBBBBHbbqiiII8siiII", request_id, ord(kind), 1, ENDPOINT, DEVICE, BUS,
                         ord("<"), 0 if kind == "C" else ord("<"), sec, usec,
                         status if kind == "C" else -115, length, len(data), b"\0" * 8, 8, 0, 0x204, 0)
    assert len(header) == 64
    return header + data

with open(OUT, "wb") as f:
    f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 220))
    request = 0xFFFF_8800_1234_0000
    previous = 0
    for time_us, report in reports:
        for kind, when, data in (("S", max(previous, time_us - POLL_US), b""), ("C", time_us, report)):
            packet = usbmon(kind, request, when, data)
            sec, usec = START + when // 1_000_000, when % 1_000_000
            f.write(struct.pack("<IIII", sec, usec, len(packet), len(packet)) + packet)
        previous = time_us
        request += 0x100
print(f"wrote {OUT}: {len(reports)} reports over {reports[-1][0] / 1e6:.1f} s", file=sys.stderr)
