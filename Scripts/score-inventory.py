"""Scores imported key-command inventories against hand-read expected ones.

Recall and precision over (declared_in, input, modifiers, action); the share of inventory rows
that reach the scene (the report's commands minus its unresolved ones); the import time and
the import time over swift-syntax's parse time (from `keytrace-scene-import --timings`).

Usage: score-inventory.py [--timings FILE] APP HALF EXPECTED.jsonl IMPORT_DIR [APP HALF ...]
IMPORT_DIR holds inventory.jsonl and report.json (the JSON report). Writes
IMPORT_DIR/inventory.jsonl.missed and .extra. Prints a line per app and a pooled line per half;
exits 1 when an app misses a target: recall >= 95 %, precision >= 98 %, scene share >= 95 %,
import within 3x parse (imports under MIN_TIMED_IMPORT seconds have no ratio)."""
import json
import os
import sys

TARGETS = {"recall": 0.95, "precision": 0.98, "scene": 0.95, "ratio": 3.0}
MIN_TIMED_IMPORT = 0.05


def keys(path):
    out = set()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                o = json.loads(line)
                modifiers = tuple(o["modifiers"]) if o["modifiers"] is not None else None
                out.add((o["declared_in"], o["input"], modifiers, o["action"]))
    return out


def read_timings(path):
    table = {}
    if not path or not os.path.exists(path):
        return table
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            parts = line.split()
            if len(parts) < 3:
                continue
            values = dict(p.split("=", 1) for p in parts[3:] if "=" in p)
            table[parts[0]] = (float(parts[2]), float(values.get("parse", "nan")), float(values.get("import", "nan")))
    return table


def main(argv):
    timings = {}
    if argv[:1] == ["--timings"]:
        timings = read_timings(argv[1])
        argv = argv[2:]
    if not argv or len(argv) % 4:
        sys.exit(__doc__)
    ok = True
    pooled = {}
    print(f"{'app':14} {'half':12} {'expected':>8} {'found':>6} {'matched':>7} {'recall':>7} {'precision':>9} "
          f"{'scene':>6} {'not followed':>12} {'import s':>8} {'parse s':>7} {'÷ parse':>7}")
    for i in range(0, len(argv), 4):
        app, half, expected_path, directory = argv[i:i + 4]
        actual_path = os.path.join(directory, "inventory.jsonl")
        report_path = os.path.join(directory, "report.json")
        # An import that failed wrote neither file: it found nothing and placed nothing.
        failed = not (os.path.exists(actual_path) and os.path.exists(report_path))
        expected, actual = keys(expected_path), (set() if failed else keys(actual_path))
        hit = len(expected & actual)
        recall = hit / len(expected) if expected else 1.0
        precision = hit / len(actual) if actual else (0.0 if failed else 1.0)
        report = {}
        if not failed:
            with open(report_path, encoding="utf-8") as f:
                report = json.load(f)
        commands = report.get("commands", 0)
        scene_share = 0.0 if failed else (commands - len(report.get("unresolved", []))) / commands if commands else 1.0
        not_followed = report.get("notFollowed", 0)
        wall, parse, total = timings.get(app, (float("nan"), float("nan"), float("nan")))
        # Below MIN_TIMED_IMPORT seconds the parse takes a few milliseconds or none (an
        # Objective-C app), and their ratio measures the clock, not the importer: no ratio.
        ratio = total / parse if parse == parse and parse > 0 and total >= MIN_TIMED_IMPORT else float("nan")
        for suffix, rows in ((".missed", expected - actual), (".extra", actual - expected)):
            with open(actual_path + suffix, "w", encoding="utf-8") as f:
                for row in sorted(rows, key=str):
                    f.write(json.dumps(row) + "\n")
        print(f"{app:14} {half:12} {len(expected):8} {len(actual):6} {hit:7} {recall:7.1%} {precision:9.1%} "
              f"{scene_share:6.1%} {not_followed:12} {total:8.2f} {parse:7.2f} {ratio:7.2f}")
        passed = (recall >= TARGETS["recall"] and precision >= TARGETS["precision"]
                  and scene_share >= TARGETS["scene"] and not (ratio > TARGETS["ratio"]))
        ok = ok and passed
        group = pooled.setdefault(half, [set(), set(), 0, 0])
        group[0] |= {(app,) + k for k in expected}
        group[1] |= {(app,) + k for k in actual}
        group[2] += commands
        group[3] += commands - len(report.get("unresolved", []))
    for half, (expected, actual, commands, placed) in sorted(pooled.items()):
        hit = len(expected & actual)
        recall = hit / len(expected) if expected else 1.0
        precision = hit / len(actual) if actual else 1.0
        share = placed / commands if commands else 1.0
        print(f"{'pooled':14} {half:12} {len(expected):8} {len(actual):6} {hit:7} {recall:7.1%} {precision:9.1%} {share:6.1%}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
