"""Soak: the property tests with many random games per game, and the decoder fuzz.

    python tools/soak.py [--games 10000] [--fuzz 10000] [--only algo,fuzz]

Runs every game's tests/games/<game>/test_properties.py with ``BODOGE_PROPERTY_GAMES`` (and
``BODOGE_PLAYME_GAMES`` for Play Me!, whose default suite plays fewer) set to ``--games``,
and tests/unit/test_fuzz.py with ``BODOGE_FUZZ_EXAMPLES`` set to ``--fuzz`` (random bytes and
text, mutated codes and records, deep nesting: every input a game or a BadCode). Each test
file runs in its own pytest process; hypothesis reports how many examples each test passed.
Writes benchmarks/soak.md (and soak.json with the raw figures); exits 1 if anything failed.
``make soak`` runs it with the defaults.
"""

import argparse
import os
import re
import subprocess
import sys
import time

from benchlib import ROOT, OUT, header, measuring, save_results, start_results, write

PARTS = {g: os.path.join("tests", "games", g, "test_properties.py")
         for g in ("algo", "alter", "alluvium", "playme", "bossa")}
PARTS["fuzz"] = os.path.join("tests", "unit", "test_fuzz.py")
NAMES = {"algo": "algo", "alter": "ALTER", "alluvium": "ALLUVIUM", "playme": "Play Me!",
         "bossa": "Bossa", "fuzz": "decoder fuzz"}
# "tests/x.py::test_name:" then, within its block, "- 123 passing examples, 0 failing examples"
TEST_LINE = re.compile(r"^\S+::(test_\w+)(?:\[[^\]]*\])?:\s*$")
PASSING = re.compile(r"(\d+) passing(?: examples?)?, (\d+) failing")


def run_part(part, path, games, fuzz):
    env = dict(os.environ, BODOGE_PROPERTY_GAMES=str(games), BODOGE_PLAYME_GAMES=str(games),
               BODOGE_FUZZ_EXAMPLES=str(fuzz), PYTHONPATH=os.path.join(ROOT, "py"))
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "--hypothesis-show-statistics", path],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.monotonic() - start
    tests, current = {}, None
    for line in proc.stdout.splitlines():
        m = TEST_LINE.match(line.strip())
        if m:
            current = m.group(1)
            tests.setdefault(current, 0)
            continue
        m = PASSING.search(line)
        if m and current is not None:
            tests[current] += int(m.group(1))
    summary = next((line for line in reversed(proc.stdout.splitlines()) if " in " in line
                    and ("passed" in line or "failed" in line)), proc.stdout[-300:])
    return {"file": path, "seconds": round(seconds, 1), "ok": proc.returncode == 0,
            "summary": summary.strip("= "), "examples": tests,
            "output": "" if proc.returncode == 0 else proc.stdout[-4000:] + proc.stderr[-2000:]}


def table(results):
    lines = header(results, "Soak: property tests and decoder fuzz", "tools/soak.py")
    lines += [f"Settings: `BODOGE_PROPERTY_GAMES={results['games']}` (every game, Play Me! "
              f"included through `BODOGE_PLAYME_GAMES`), `BODOGE_FUZZ_EXAMPLES={results['fuzz']}`. "
              "Examples are what hypothesis counted as passing for each test (a test derives "
              "its own count from the setting: some play a fraction of it, with longer games). "
              "The default suite runs the same tests with 2,000 games (Play Me! 50) and 300 "
              "fuzz inputs per strategy.", "",
              "| part | result | time | examples per test |", "|---|---|---|---|"]
    for part in PARTS:
        r = results.get("parts", {}).get(part)
        if r is None:
            continue
        examples = ", ".join(f"{name.removeprefix('test_')} {n:,}" for name, n in r["examples"].items())
        lines.append(f"| {NAMES[part]} | {'pass' if r['ok'] else '**FAIL**'} ({r['summary']}) | "
                     f"{r['seconds'] / 60:.1f} min | {examples} |")
    total = sum(r["seconds"] for r in results.get("parts", {}).values())
    lines += ["", f"Total: {total / 60:.1f} min. Run it with `make soak`.", ""]
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--fuzz", type=int, default=10_000)
    ap.add_argument("--only", help="comma-separated parts: " + ",".join(PARTS))
    args = ap.parse_args()
    only = args.only.split(",") if args.only else list(PARTS)
    results = start_results("soak")
    if results.get("games") != args.games or results.get("fuzz") != args.fuzz:
        results["parts"] = {}
        results.pop("measured", None)
    results.update(games=args.games, fuzz=args.fuzz)
    failed = False
    for part in only:
        measuring(results, part)
        print(f"soak: {NAMES[part]} ...", flush=True)
        r = run_part(part, PARTS[part], args.games, args.fuzz)
        results.setdefault("parts", {})[part] = r
        print(f"  {r['summary']} in {r['seconds']:.0f} s", flush=True)
        if not r["ok"]:
            failed = True
            print(r["output"], file=sys.stderr)
        save_results("soak", results)
        write(os.path.join(OUT, "soak.md"), table(results))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
