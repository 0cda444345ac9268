"""Recall and precision of imported key-command inventories against expected ones, over
(declared_in, input, modifiers, action).

Usage: score-inventory.py NAME EXPECTED.jsonl ACTUAL.jsonl [NAME EXPECTED ACTUAL ...]
Prints a line per app and, for several, a pooled line; writes ACTUAL.jsonl.missed and .extra
beside each actual file; exits 1 when an app is below recall 95 % or precision 98 %."""
import json
import sys


def keys(path):
    out = set()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                o = json.loads(line)
                modifiers = tuple(o["modifiers"]) if o["modifiers"] is not None else None
                out.add((o["declared_in"], o["input"], modifiers, o["action"]))
    return out


def report(name, expected, actual):
    hit = len(expected & actual)
    recall = hit / len(expected) if expected else 1.0
    precision = hit / len(actual) if actual else 1.0
    print(f"{name:14} expected {len(expected):5}  found {len(actual):5}  matched {hit:5}  "
          f"recall {recall:6.1%}  precision {precision:6.1%}")
    return recall >= 0.95 and precision >= 0.98


args = sys.argv[1:]
if not args or len(args) % 3:
    sys.exit(__doc__)
ok = True
pooled_expected, pooled_actual = set(), set()
for i in range(0, len(args), 3):
    name, expected_path, actual_path = args[i:i + 3]
    expected, actual = keys(expected_path), keys(actual_path)
    ok = report(name, expected, actual) and ok
    for suffix, rows in ((".missed", expected - actual), (".extra", actual - expected)):
        with open(actual_path + suffix, "w", encoding="utf-8") as f:
            for row in sorted(rows, key=str):
                f.write(json.dumps(row) + "\n")
    pooled_expected |= {(name,) + k for k in expected}
    pooled_actual |= {(name,) + k for k in actual}
if len(args) > 3:
    report("pooled", pooled_expected, pooled_actual)
sys.exit(0 if ok else 1)
