"""Soak: the property tests with many random games per game, and the decoder fuzz.

    python tools/soak.py [--games 10000] [--fuzz 10000] [--only algo,fuzz]

For every game of the catalogue, runs its class of the protocol suite
(tests/games/test_protocol.py) and its own tests/games/<game>/test_properties.py (if it has
one) with ``BODOGE_PROPERTY_GAMES`` set to ``--games`` and ``BODOGE_PROPERTY_FULL=1`` (a game
whose default suite plays a share of the count, Play Me!, plays it all); and
tests/unit/test_fuzz.py with ``BODOGE_FUZZ_EXAMPLES`` set to ``--fuzz`` (random bytes and
text, mutated codes and records, deep nesting: every input a game or a BadCode). Each part runs
in its own pytest process; hypothesis reports how many examples each test passed. Writes
benchmarks/soak.md (and soak.json with the raw figures); exits 1 if anything failed.
``make soak`` runs it with the defaults.
"""

import argparse
import os
import re
import subprocess
import sys
import time

from benchlib import ROOT, OUT, header, measuring, save_results, start_results, write

from bodoge.games import CATALOG  # noqa: E402  (benchlib has put py/ on the path)


def game_paths(game_id):
    """The game's class of the protocol suite, and its own property tests if it has any."""
    paths = [os.path.join("tests", "games", "test_protocol.py") + f"::Test_{game_id}"]
    own = os.path.join("tests", "games", game_id, "test_properties.py")
    return paths + ([own] if os.path.isfile(os.path.join(ROOT, own)) else [])


PARTS = {g.id: game_paths(g.id) for g in CATALOG if g.playable}
PARTS["fuzz"] = [os.path.join("tests", "unit", "test_fuzz.py")]
NAMES = {**{g.id: g.name_en for g in CATALOG}, "fuzz": "decoder fuzz"}
# "tests/x.py::test_name:" then, within its block, "- 123 passing examples, 0 failing examples"
TEST_LINE = re.compile(r"^\S+::(test_\w+)(?:\[[^\]]*\])?:\s*$")
PASSING = re.compile(r"(\d+) passing(?: examples?)?, (\d+) failing")


def run_part(part, paths, games, fuzz):
    env = dict(os.environ, BODOGE_PROPERTY_GAMES=str(games), BODOGE_PROPERTY_FULL="1",
               BODOGE_FUZZ_EXAMPLES=str(fuzz), PYTHONPATH=os.path.join(ROOT, "py"))
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "--hypothesis-show-statistics", *paths],
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
    return {"file": " ".join(paths), "seconds": round(seconds, 1), "ok": proc.returncode == 0,
            "summary": summary.strip("= "), "examples": tests,
            "output": "" if proc.returncode == 0 else proc.stdout[-4000:] + proc.stderr[-2000:]}


def table(results):
    lines = header(results, "Soak: property tests and decoder fuzz", "tools/soak.py")
    lines += [f"Settings: `BODOGE_PROPERTY_GAMES={results['games']}` with "
              "`BODOGE_PROPERTY_FULL=1` (every game the full count, Play Me! included), "
              f"`BODOGE_FUZZ_EXAMPLES={results['fuzz']}`. A game's part is its class of the "
              "protocol suite (tests/games/test_protocol.py) and its own test_properties.py. "
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
