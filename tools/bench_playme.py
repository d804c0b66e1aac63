"""Benchmarks of Play Me! (measurements, not tests).

    .venv/bin/python tools/bench_playme.py [--games 600] [--seconds 40] [--only selfplay,browser]

Writes benchmarks/playme.md and benchmarks/playme.json.

* selfplay: bot-vs-bot games in CPython on the simulated clock (``bodoge.core.selfplay``; seats
  rotate every game, characters are random): win rates by speed, and by character.
* browser: six bots play on the real clock in headless Chromium; the gaps between animation
  frames, main-thread tasks over 50 ms, and how long one redraw takes.
"""

import argparse
import json
import os
import statistics

from benchlib import (OUT, frames, header, measuring, open_app, reset_frames, save_results,
                      served_browser, start_results, watch_frames, write)

# bodoge: benchlib has put py/ on the import path
from bodoge.core.rng import derive_seed
from bodoge.core.selfplay import play_one, selfplay, wilson
from bodoge.games.playme.rules import CHARS

SEED = 2026


def by_character(players, levels, games, options=None):
    """Games with random characters: how often each character wins (seats rotate)."""
    seen = {c: 0 for c in CHARS}
    won = {c: 0 for c in CHARS}
    hows = {}
    minutes = []
    for g in range(games):
        order = levels[g % players:] + levels[:g % players]
        match = play_one("playme", dict(options or {}, players=players), derive_seed(SEED, "c", g), order)
        chars = [p["char"] for p in match.state["p"]]
        for c in chars:
            seen[c] += 1
        for w in match.outcome()["winners"]:
            won[chars[w]] += 1 / len(match.outcome()["winners"])
        for game in match.outcome()["games"]:
            hows[game["how"]] = hows.get(game["how"], 0) + 1
        minutes.append(match.state["t"] / 60000)
    return {"players": players, "levels": levels, "games": games,
            "rate": {c: (round(won[c] / seen[c], 4) if seen[c] else None) for c in CHARS},
            "ci": {c: wilson(round(won[c]), seen[c]) for c in CHARS}, "seen": seen,
            "how": hows, "minutes_median": round(statistics.median(minutes), 2)}


def bench_selfplay(games):
    speeds = [selfplay("playme", 3, ["slow", "normal", "fast"], games, SEED),
              selfplay("playme", 2, ["slow", "fast"], games, SEED),
              selfplay("playme", 2, ["slow", "normal"], games, SEED)]
    chars = [by_character(4, ["normal"] * 4, games), by_character(3, ["normal"] * 3, games)]
    return {"speeds": speeds, "characters": chars}


# Counts redraws: a redraw patches the app's DOM, so any batch of mutations is one.
RENDER_PROBE = """() => {
  window.__renders = 0;
  new MutationObserver(() => { window.__renders += 1; })
    .observe(document.getElementById('app'), {childList: true, subtree: true, attributes: true, characterData: true});
}"""


def bench_browser(browser, url, seconds, level):
    ctx, page = open_app(browser, url, viewport={"width": 1280, "height": 1000})
    page.goto(url + "#/new/playme")
    page.wait_for_selector("#setup-form")
    page.select_option("#players", "6")
    for s in range(6):
        page.select_option(f"#kind{s}", level)
    page.click("#start")
    page.wait_for_selector("#start-round")
    watch_frames(page)
    page.evaluate(RENDER_PROBE)
    reset_frames(page)
    page.click("#start-round")
    rounds = 0
    for _ in range(int(seconds * 10)):
        page.wait_for_timeout(100)
        if page.locator(".result").count():
            break
        if page.locator("#next-round").count():
            rounds += 1
            page.click("#next-round")
    long, gaps = frames(page)
    gaps.sort()
    renders = page.evaluate("window.__renders")
    moves = page.locator("#log-list li").count()
    ctx.close()
    return {"level": level, "seconds": seconds, "rounds_finished": rounds, "moves": moves,
            "renders": renders, "frames": len(gaps),
            "frame_gap_ms": {"median": statistics.median(gaps) if gaps else 0,
                             "p99": gaps[int(len(gaps) * 0.99)] if gaps else 0,
                             "max": gaps[-1] if gaps else 0,
                             "over_50": sum(1 for g in gaps if g > 50)},
            "long_tasks": len(long), "longest_task_ms": max(long, default=0.0)}


def report(results, folder):
    lines = header(results, "Benchmarks: Play Me!", "tools/bench_playme.py")
    sp = results.get("selfplay")
    if sp:
        lines += ["## Bot against bot, by speed (CPython, simulated clock)", "",
                  "All bots play the same way; their level is their reaction time (mean "
                  "slow 2.2 s, normal 1.3 s, fast 0.75 s, ±30%). Seats rotate every game, "
                  "characters are random. Intervals are 95% Wilson intervals.", "",
                  "| players | seats | games | game wins | win rate (95%) | round wins |",
                  "|---|---|---|---|---|---|"]
        for r in sp["speeds"]:
            wins = ", ".join(f"{k} {v}" for k, v in r["wins"].items())
            rates = ", ".join(f"{k} {r['wins'][k] / r['games']:.1%} ({lo:.1%}–{hi:.1%})"
                              for k, (lo, hi) in r["win_rate_95"].items())
            rounds = ", ".join(f"{k} {v}" for k, v in r.get("round_wins", {}).items())
            lines.append(f"| {r['players']} | {' / '.join(r['seats'])} | {r['games']} | {wins} | "
                         f"{rates} | {rounds} |")
        lines += ["", "## Bot against bot, by character (normal speed everywhere)", "",
                  "Win rate of each character over the games it was in (a shared team win counts "
                  "as a share). Fair share: 1/players.", "",
                  "| players | games | " + " | ".join(CHARS) + " | how games ended | median game (min) |",
                  "|---|---|" + "---|" * len(CHARS) + "---|---|"]
        for r in sp["characters"]:
            cells = " | ".join(f"{r['rate'][c]:.1%} ({r['ci'][c][0]:.0%}–{r['ci'][c][1]:.0%})"
                               if r["rate"][c] is not None else "–" for c in CHARS)
            how = ", ".join(f"{k} {v}" for k, v in sorted(r["how"].items()))
            lines.append(f"| {r['players']} | {r['games']} | {cells} | {how} | {r['minutes_median']} |")
        lines += ["", "How games ended: *twice* = someone caught the White Rabbit twice; "
                  "*jabberwocky* = the Jabberwocky drove every survivor mad; *survivors* = the "
                  "survivors beat it.", ""]
    br = results.get("browser")
    if br:
        lines += ["## Frame time in the browser while six bots play (headless Chromium)", "",
                  "Six bots play on the real clock through the page (a redraw patches the page "
                  "where it changed, at most every 100 ms); the page's animation-frame gaps and main-thread long tasks are "
                  "recorded. Target: no frame over 50 ms.", "",
                  "| bots | seconds | rounds finished | logged actions (last game shown) | redraws | frames | frame gap median / p99 / max (ms) | frames over 50 ms | long tasks (longest ms) |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for b in br:
            f = b["frame_gap_ms"]
            lines.append(f"| 6 × {b['level']} | {b['seconds']} | {b['rounds_finished']} | {b['moves']} | "
                         f"{b['renders']} | {b['frames']} | {f['median']:.1f} / {f['p99']:.1f} / "
                         f"{f['max']:.1f} | {f['over_50']} | {b['long_tasks']} ({b['longest_task_ms']:.0f}) |")
        lines.append("")
    write(os.path.join(folder, "playme.md"), lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="selfplay,browser")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seconds", type=int, default=40)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    only = set(args.only.split(","))
    results = start_results("playme", args.out)
    if "selfplay" in only:
        measuring(results, "selfplay")
        results["selfplay"] = bench_selfplay(args.games)
        print(json.dumps(results["selfplay"])[:2000], flush=True)
    if "browser" in only:
        measuring(results, "browser")
        with served_browser() as (browser, url):
            results["browser"] = [bench_browser(browser, url, args.seconds, level)
                                  for level in ("fast", "normal")]
        print(json.dumps(results["browser"]), flush=True)
    save_results("playme", results, args.out)
    report(results, args.out)


if __name__ == "__main__":
    main()
