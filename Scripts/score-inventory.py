"""Recall and precision of an imported key-command inventory against an expected one, over
(declared_in, input, modifiers, action). Usage: score-inventory.py NAME EXPECTED.jsonl ACTUAL.jsonl
Writes ACTUAL.jsonl.missed and .extra beside the actual file; exits 1 below recall 95 % or
precision 98 %."""
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


name, expected_path, actual_path = sys.argv[1:4]
expected, actual = keys(expected_path), keys(actual_path)
hit = len(expected & actual)
recall = hit / len(expected) if expected else 1.0
precision = hit / len(actual) if actual else 1.0
print(f"{name:14} expected {len(expected):5}  found {len(actual):5}  matched {hit:5}  "
      f"recall {recall:6.1%}  precision {precision:6.1%}")
for suffix, rows in ((".missed", expected - actual), (".extra", actual - expected)):
    with open(actual_path + suffix, "w", encoding="utf-8") as f:
        for row in sorted(rows, key=str):
            f.write(json.dumps(row) + "\n")
sys.exit(0 if recall >= 0.95 and precision >= 0.98 else 1)
