#!/usr/bin/env python3
"""Writes a large usbmon capture by repeating a real one (classic pcap, link type 189 or 220).

    Benchmarks/CPcapLoop/repeat-capture.py ../shared/captures/sha2017.pcap 1000000 big.pcap

Copies the input's packets in order, again and again, each copy shifted in time to follow the
previous one, until PACKETS packets are written; the keyboard types the same text each time.
"""
import struct
import sys


def main():
    source, count, target = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(source, "rb") as f:
        data = f.read()
    magic = data[:4]
    endian = "<" if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    header, offset, records = data[:24], 24, []
    while offset + 16 <= len(data):
        sec, frac, incl, orig = struct.unpack(endian + "IIII", data[offset:offset + 16])
        records.append((sec, frac, data[offset + 16:offset + 16 + incl], orig))
        offset += 16 + incl
    span = records[-1][0] - records[0][0] + 1
    with open(target, "wb") as out:
        out.write(header)
        written, copy = 0, 0
        while written < count:
            for sec, frac, body, orig in records:
                if written == count:
                    break
                out.write(struct.pack(endian + "IIII", sec + copy * span, frac, len(body), orig) + body)
                written += 1
            copy += 1


if __name__ == "__main__":
    main()
