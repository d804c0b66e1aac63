"""A move to the frame, this tree against another commit, alternating in one run (not a
benchmark of ``make bench``: a measurement of a change).

    .venv/bin/python tools/compare_table.py [--base main] [--cpu 4] [--games algo,bossa]
                                            [--sizes phone] [--moves 12] [--tries 1] [--rounds 1]

Builds both sites (the base from ``git archive``, with this tree's node_modules), serves them
side by side to one headless Chromium, and measures ``tools/bench_table.py``'s moves part on
each in turn, game by game (the order swapped each round), so both meet the same load. Writes
benchmarks/table_compare.md and .json (one section per CPU slowdown; a run keeps the others).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_table as bt  # noqa: E402
from benchlib import OUT, ROOT, launch, load_average, write  # noqa: E402
from serve import Server  # noqa: E402

NAME = "table_compare"


def build(root, where):
    subprocess.run([sys.executable, os.path.join(root, "tools", "build.py"), where], check=True,
                   stdout=subprocess.DEVNULL)


def base_tree(ref):
    """The tree of commit ``ref`` in a temporary folder, sharing this tree's node_modules."""
    where = tempfile.mkdtemp(prefix="bodoge-base-")
    archive = subprocess.run(["git", "-C", ROOT, "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", where], input=archive, check=True)
    os.symlink(os.path.join(ROOT, "node_modules"), os.path.join(where, "node_modules"))
    return where


def summary(runs):
    out = {}
    for run in runs:
        entry = out.setdefault(run["game"], {}).setdefault(run["size"], {}).setdefault(
            run["label"], {"frames": [], "summaries": []})
        entry["frames"] += run["frames"]
        entry["summaries"] += run["summaries"]
    return out


def report(results):
    lines = ["# A move to the frame: before and after, alternating in one run", "",
             "`tools/compare_table.py`: the moves part of `tools/bench_table.py` on two builds of the "
             "site served side by side to one headless Chromium, game by game in turn, so both "
             "meet the same load (compare the ratio, not the milliseconds: the machine was shared). "
             "Every try of every move counted; \"summary\" is the longest time from a round-ending "
             "move's call to the frame that paints its summary or result.", ""]
    for cpu, part in sorted(results.get("parts", {}).items()):
        lines += [f"## CPU {cpu} slower: {part['base']} → {part['new']}", "",
                  f"{part['date']}, load average {part['load']} as it started, {part['load_end']} "
                  "as it ended.", "",
                  "| game | size | tries | median before → after (ms) | ratio | p95 before → after (ms) "
                  "| summary longest before → after (ms) |", "|---|---|---|---|---|---|---|"]
        for game_id, by_size in summary(part["runs"]).items():
            for size, v in by_size.items():
                b, n = v.get("base"), v.get("new")
                if not b or not n or not b["frames"] or not n["frames"]:
                    continue
                mb, mn = statistics.median(b["frames"]), statistics.median(n["frames"])
                pb, pn = bt._percentile(b["frames"], 0.95), bt._percentile(n["frames"], 0.95)
                sb = max(b["summaries"], default=None)
                sn = max(n["summaries"], default=None)
                lines.append(f"| {game_id} | {size} | {len(n['frames'])} | {mb:.0f} → **{mn:.0f}** | "
                             f"{mn / mb:.2f} | {pb:.0f} → {pn:.0f} | "
                             f"{'–' if sb is None else f'{sb:.0f}'} → {'–' if sn is None else f'{sn:.0f}'} |")
        lines.append("")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default="main")
    ap.add_argument("--games", default=",".join(bt.GAMES))
    ap.add_argument("--cpu", type=float, default=4)
    ap.add_argument("--sizes", default="phone")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--tries", type=int, default=1)
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    path = os.path.join(args.out, f"{NAME}.json")
    results = json.load(open(path, encoding="utf-8")) if os.path.exists(path) else {}
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    base_ref = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", args.base], capture_output=True,
                              text=True, check=True).stdout.strip()
    import datetime

    part = {"base": f"{args.base} ({base_ref})", "new": f"this tree (on {head})",
            "date": datetime.date.today().isoformat(), "load": load_average(), "runs": []}
    results.setdefault("parts", {})[f"{args.cpu:g}×"] = part
    sites = {"base": tempfile.mkdtemp(prefix="cmp-base-"), "new": tempfile.mkdtemp(prefix="cmp-new-")}
    build(base_tree(args.base), sites["base"])
    build(ROOT, sites["new"])
    with Server(sites["base"]) as sb, Server(sites["new"]) as sn, sync_playwright() as p:
        browser = launch(p)
        urls = {"base": sb.url, "new": sn.url}
        for r in range(args.rounds):
            for game_id in args.games.split(","):
                for label in ("base", "new") if r % 2 == 0 else ("new", "base"):
                    out = bt.bench_moves(browser, urls[label], [game_id], args.sizes.split(","),
                                         args.moves, args.tries, args.cpu)
                    for size, v in out[game_id].items():
                        part["runs"].append({
                            "round": r, "game": game_id, "size": size, "label": label,
                            "load": load_average(),
                            "frames": [x[1] for rs in v["raw"] for x in rs],
                            "summaries": v.get("summaries", [])})
        browser.close()
    part["load_end"] = load_average()
    os.makedirs(args.out, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
    write(os.path.join(args.out, f"{NAME}.md"), report(results))


if __name__ == "__main__":
    main()
