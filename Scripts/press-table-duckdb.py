#!/usr/bin/env python3
"""Reads a folder of `keytrace export --format presses` CSV files with DuckDB and prints, as
JSON, what `keytrace analyze` reports for the same traces: presses, dispatches, keyCommands
calls, cache hits and misses, and count / p50 / p99 per stage and end to end.

Usage: Scripts/press-table-duckdb.py FOLDER

The tests use it as an independent check of the press table; docs/Analysis.md shows the query.
Needs DuckDB (Scripts/install-oracles.sh installs it in .build/oracles-venv)."""
import json
import sys

import duckdb

folder = sys.argv[1]
con = duckdb.connect()
con.execute(f"CREATE VIEW presses AS SELECT * FROM read_csv_auto('{folder}/*.csv', header = true, union_by_name = true)")
stages = [name for (name,) in con.execute(
    "SELECT column_name FROM (DESCRIBE presses) WHERE column_name LIKE '%\\_ns' ESCAPE '\\' AND column_name <> 't_ns'").fetchall()]
result = {"stages": {}}
result["presses"], result["dispatches"], result["calls"], result["hits"], result["misses"] = con.execute("""
    SELECT count(*), count(outcome), coalesce(sum(keycommands_calls), 0),
           count(*) FILTER (WHERE cache = 'hit'), count(*) FILTER (WHERE cache = 'miss')
    FROM presses""").fetchone()
for stage in stages:
    count, p50, p99 = con.execute(f"""
        SELECT count({stage}), quantile_disc({stage}, 0.5), quantile_disc({stage}, 0.99)
        FROM presses WHERE {stage} IS NOT NULL""").fetchone()
    result["stages"][stage] = {"count": count, "p50": p50, "p99": p99}
json.dump(result, sys.stdout, indent=1, sort_keys=True)
print()
