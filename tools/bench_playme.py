"""Benchmarks of Play Me! (measurements, not tests).

    .venv/bin/python tools/bench_playme.py [--games 1000] [--seconds 40]
        [--only levels,reaction,characters,browser]

Writes benchmarks/playme.md and benchmarks/playme.json (a part not re-run keeps its figures).

* levels: the three levels against each other at equal reaction time (1.3 s for every seat), in
  CPython on the simulated clock: two-player games (strong–easy, normal–easy, strong–normal)
  and a three-player table with one of each. Seats rotate every game; characters are random.
* reaction: how the reaction-time setting changes that: strong against easy with both at each
  setting, and with different times (a patient but clever computer against a quick simple one,
  and the setting "by level").
* characters: bot-vs-bot games at normal level and equal time: how often each character wins.
* browser: decision times inside Pyodide (``window.bodoge.botTimes``, each level at seat 0
  against normal bots), and six strong bots playing on the real clock through the page: the
  gaps between animation frames and main-thread tasks over 50 ms.
"""

import argparse
import json
import os
import statistics
import time

from benchlib import (OUT, frames, header, measuring, open_app, reset_frames, save_results,
                      served_browser, start_results, watch_frames, write)

# bodoge: benchlib has put py/ on the import path
from bodoge.core.match import Match
from bodoge.core.rng import derive_seed
from bodoge.core.selfplay import _percentile, wilson
from bodoge.games.playme.bots import make_bot
from bodoge.games.playme.levels import REACTIONS, reaction_ms
from bodoge.games.playme.rules import CHARS
from bodoge.games.playme.sim import run

SEED = 2026
EQUAL = REACTIONS["steady"]      # the reaction time of every seat in the levels part


def play(levels, reactions, seed, options=None, record=None):
    """One game of bots: seat s plays ``levels[s]`` with mean reaction ``reactions[s]`` ms.
    ``record(seat, seconds)`` is told each decision's time."""
    match = Match.new("playme", dict(options or {}, players=len(levels)), seed)
    bots = [make_bot(level, s, derive_seed(seed, s, level), ms)
            for s, (level, ms) in enumerate(zip(levels, reactions))]
    run(match, bots, record)
    return match


def table(levels, reactions, games, tag, options=None):
    """``games`` games with the seats rotated every game; wins (a shared team win is shared),
    round wins and decision times by seat label (a label: level, or level@ms)."""
    n = len(levels)
    labels = [f"{lv}@{ms}" if len(set(reactions)) > 1 else lv for lv, ms in zip(levels, reactions)]
    wins = {x: 0.0 for x in labels}
    rounds = {x: 0 for x in labels}
    ms = {x: [] for x in labels}
    total_rounds = 0
    t0 = time.time()
    for g in range(games):
        k = g % n
        order = list(range(k, n)) + list(range(k))        # seat s plays entry order[s]
        seat_label = [labels[i] for i in order]
        rec = lambda s, secs, seat_label=seat_label: ms[seat_label[s]].append(secs * 1000)
        match = play([levels[i] for i in order], [reactions[i] for i in order],
                     derive_seed(SEED, tag, g), options, rec)
        out = match.outcome()
        for w in out["winners"]:
            wins[seat_label[w]] += 1 / len(out["winners"])
        for w in out["rounds"]:
            rounds[seat_label[w]] += 1
            total_rounds += 1
    print(f"{tag}: {games} games in {time.time() - t0:.0f} s", flush=True)
    return {"seats": labels, "levels": list(levels), "reaction_ms": list(reactions),
            "players": n, "games": games,
            "wins": {x: round(w, 2) for x, w in wins.items()},
            "win_rate": {x: round(w / games, 4) for x, w in wins.items()},
            "win_rate_95": {x: wilson(round(w), games) for x, w in wins.items()},
            "rounds": total_rounds, "round_wins": rounds,
            "round_rate_95": {x: wilson(r, total_rounds) for x, r in rounds.items()},
            "decision_ms": {x: {"mean": round(statistics.mean(v), 2) if v else 0.0,
                                "p95": round(_percentile(v, 0.95), 2), "n": len(v)}
                            for x, v in ms.items()}}


def bench_levels(games):
    pairs = [("strong", "easy"), ("normal", "easy"), ("strong", "normal")]
    rows = [table(list(p), [EQUAL] * 2, games, "-".join(p)) for p in pairs]
    rows.append(table(["strong", "normal", "easy"], [EQUAL] * 3, games, "three"))
    return rows


def bench_reaction(games):
    rows = []
    for name in ("patient", "quick", "swift"):
        ms = REACTIONS[name]
        rows.append(dict(table(["strong", "easy"], [ms, ms], games, f"equal-{name}"),
                         setting=f"all {ms / 1000:g} s"))
    slow, mid, fast = REACTIONS["patient"], REACTIONS["steady"], REACTIONS["quick"]
    for mine, theirs, what in ((slow, mid, "strong patient, easy 1.3 s"),
                               (slow, fast, "strong patient, easy quick"),
                               (mid, fast, "strong 1.3 s, easy quick")):
        rows.append(dict(table(["strong", "easy"], [mine, theirs], games, f"mixed-{mine}-{theirs}"),
                         setting=what))
    rows.append(dict(table(["strong", "easy"], [reaction_ms("strong"), reaction_ms("easy")], games,
                           "by-level"), setting="by level (strong 0.75 s, easy 2.2 s)"))
    return rows


def by_character(players, games, options=None):
    """Games with random characters at normal level, equal time: how often each character wins."""
    seen = {c: 0 for c in CHARS}
    won = {c: 0 for c in CHARS}
    hows = {}
    minutes = []
    for g in range(games):
        match = play(["normal"] * players, [EQUAL] * players, derive_seed(SEED, "c", players, g),
                     options)
        chars = [p["char"] for p in match.state["p"]]
        for c in chars:
            seen[c] += 1
        for w in match.outcome()["winners"]:
            won[chars[w]] += 1 / len(match.outcome()["winners"])
        for game in match.outcome()["games"]:
            hows[game["how"]] = hows.get(game["how"], 0) + 1
        minutes.append(match.state["t"] / 60000)
    return {"players": players, "games": games,
            "rate": {c: (round(won[c] / seen[c], 4) if seen[c] else None) for c in CHARS},
            "ci": {c: wilson(round(won[c]), seen[c]) for c in CHARS}, "seen": seen,
            "how": hows, "minutes_median": round(statistics.median(minutes), 2)}


# Counts redraws: a redraw patches the app's DOM, so any batch of mutations is one.
RENDER_PROBE = """() => {
  window.__renders = 0;
  new MutationObserver(() => { window.__renders += 1; })
    .observe(document.getElementById('app'), {childList: true, subtree: true, attributes: true, characterData: true});
}"""


def bench_page_game(browser, url, seconds, level, reaction):
    ctx, page = open_app(browser, url, viewport={"width": 1280, "height": 1000})
    page.goto(url + "#/new/playme")
    page.wait_for_selector("#setup-form")
    page.select_option("#players", "6")
    for s in range(6):
        page.select_option(f"#kind{s}", level)
    page.select_option("#reaction", reaction)
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
    return {"level": level, "reaction": reaction, "seconds": seconds, "rounds_finished": rounds,
            "moves": moves, "renders": renders, "frames": len(gaps),
            "frame_gap_ms": {"median": statistics.median(gaps) if gaps else 0,
                             "p99": gaps[int(len(gaps) * 0.99)] if gaps else 0,
                             "max": gaps[-1] if gaps else 0,
                             "over_50": sum(1 for g in gaps if g > 50)},
            "long_tasks": len(long), "longest_task_ms": max(long, default=0.0)}


def bench_browser(browser, url, seconds, games):
    ctx, page = open_app(browser, url, viewport={"width": 1280, "height": 1000})
    times = {}
    for level, players in (("strong", 2), ("strong", 6), ("normal", 6), ("easy", 6)):
        times[f"{level}/{players}p"] = json.loads(page.evaluate(
            "([l, g, p]) => window.bodoge.botTimes('playme', l, g, 7, p)", [level, games, players]))
        print(level, players, times[f"{level}/{players}p"], flush=True)
    ctx.close()
    games_in_page = [bench_page_game(browser, url, seconds, "strong", r) for r in ("level", "swift")]
    return {"decision_ms": times, "page": games_in_page}


def fmt_rate(r, label):
    lo, hi = r["win_rate_95"][label]
    return f"{r['win_rate'][label]:.1%} ({lo:.1%}–{hi:.1%})"


def report(results, folder):
    lines = header(results, "Benchmarks: Play Me!", "tools/bench_playme.py")
    lv = results.get("levels")
    if lv:
        lines += ["## The levels at equal reaction time (CPython, simulated clock)", "",
                  "Every seat reacts in 1.3 s on average (±30%), so only how the levels think "
                  "differs (`bots.py`: easy races and rarely blocks, normal blocks the leader, "
                  "strong weighs each action by the solved race, times Stop! and betrayal). Seats "
                  "rotate every game, characters are random; a team win shared by two levels "
                  "counts half to each. Intervals are 95% Wilson intervals. Target: strong wins "
                  "60% or more of its games against easy.", "",
                  "| players | seats | games | game wins (95%) | round wins | decision mean / p95 (ms) |",
                  "|---|---|---|---|---|---|"]
        for r in lv:
            rates = ", ".join(f"{x} {fmt_rate(r, x)}" for x in r["seats"])
            rounds = ", ".join(f"{x} {r['round_wins'][x]}" for x in r["seats"])
            ms = ", ".join(f"{x} {r['decision_ms'][x]['mean']} / {r['decision_ms'][x]['p95']}"
                           for x in r["seats"])
            lines.append(f"| {r['players']} | {' / '.join(r['seats'])} | {r['games']} | {rates} | "
                         f"{rounds} | {ms} |")
        lines.append("")
    rc = results.get("reaction")
    if rc:
        lines += ["## How the reaction-time setting changes it (strong against easy, two players)", "",
                  "The same games as above with other reaction times: both seats at one time "
                  "(the table's setting *all …*), or different times (*x@ms*: level and mean "
                  "reaction time; the setting *by level* gives strong 0.75 s and easy 2.2 s).", "",
                  "| reaction times | games | strong's game wins (95%) | round wins |",
                  "|---|---|---|---|"]
        for r in rc:
            strong = r["seats"][0]
            rounds = ", ".join(f"{x} {r['round_wins'][x]}" for x in r["seats"])
            lines.append(f"| {r['setting']} | {r['games']} | {fmt_rate(r, strong)} | {rounds} |")
        lines.append("")
    ch = results.get("characters")
    if ch:
        lines += ["## Bot against bot, by character (normal level, equal reaction time)", "",
                  "Win rate of each character over the games it was in (a shared team win counts "
                  "as a share). Fair share: 1/players.", "",
                  "| players | games | " + " | ".join(CHARS) + " | how games ended | median game (min) |",
                  "|---|---|" + "---|" * len(CHARS) + "---|---|"]
        for r in ch:
            cells = " | ".join(f"{r['rate'][c]:.1%} ({r['ci'][c][0]:.0%}–{r['ci'][c][1]:.0%})"
                               if r["rate"][c] is not None else "–" for c in CHARS)
            how = ", ".join(f"{k} {v}" for k, v in sorted(r["how"].items()))
            lines.append(f"| {r['players']} | {r['games']} | {cells} | {how} | {r['minutes_median']} |")
        lines += ["", "How games ended: *twice* = someone caught the White Rabbit twice; "
                  "*jabberwocky* = the Jabberwocky drove every survivor mad; *survivors* = the "
                  "survivors beat it.", ""]
    br = results.get("browser")
    if br:
        lines += ["## Bot decision time inside Pyodide (headless Chromium)", "",
                  "Whole bot games played inside the page (`window.bodoge.botTimes`): the level at "
                  "seat 0, normal bots elsewhere; every look of that bot is timed. Target: p95 "
                  "under 300 ms (a look happens after every event, so it must stay far below a "
                  "frame's budget for the page not to stall).", "",
                  "| level / players | decisions | mean (ms) | p95 (ms) | max (ms) |",
                  "|---|---|---|---|---|"]
        for key, v in br["decision_ms"].items():
            lines.append(f"| {key} | {v['n']} | {v['mean']:.2f} | {v['p95']:.2f} | {v['max']:.2f} |")
        lines += ["", "## Frame time in the browser while six bots play (headless Chromium)", "",
                  "Six strong bots play on the real clock through the page (a redraw patches the "
                  "page where it changed, at most every 100 ms); the page's animation-frame gaps "
                  "and main-thread long tasks are recorded. Target: no frame over 50 ms.", "",
                  "| bots | reaction | seconds | rounds finished | logged actions (last game shown) | redraws | frames | frame gap median / p99 / max (ms) | frames over 50 ms | long tasks (longest ms) |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for b in br["page"]:
            f = b["frame_gap_ms"]
            lines.append(f"| 6 × {b['level']} | {b['reaction']} | {b['seconds']} | "
                         f"{b['rounds_finished']} | {b['moves']} | {b['renders']} | {b['frames']} | "
                         f"{f['median']:.1f} / {f['p99']:.1f} / {f['max']:.1f} | {f['over_50']} | "
                         f"{b['long_tasks']} ({b['longest_task_ms']:.0f}) |")
        lines.append("")
    write(os.path.join(folder, "playme.md"), lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="levels,reaction,characters,browser")
    parser.add_argument("--games", type=int, default=1000, help="games per row of levels")
    parser.add_argument("--reaction-games", type=int, default=600)
    parser.add_argument("--character-games", type=int, default=600)
    parser.add_argument("--browser-games", type=int, default=4)
    parser.add_argument("--seconds", type=int, default=40)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    only = set(args.only.split(","))
    results = start_results("playme", args.out)
    results.pop("selfplay", None)          # the speed ladder before levels thought differently
    if isinstance(results.get("browser"), list):
        results.pop("browser")             # ... and its frame times, in the old format
        results.get("measured", {}).pop("browser", None)
    if "levels" in only:
        measuring(results, "levels")
        results["levels"] = bench_levels(args.games)
        save_results("playme", results, args.out)
    if "reaction" in only:
        measuring(results, "reaction")
        results["reaction"] = bench_reaction(args.reaction_games)
        save_results("playme", results, args.out)
    if "characters" in only:
        measuring(results, "characters")
        results["characters"] = [by_character(4, args.character_games),
                                 by_character(3, args.character_games)]
        save_results("playme", results, args.out)
    if "browser" in only:
        measuring(results, "browser")
        with served_browser() as (browser, url):
            results["browser"] = bench_browser(browser, url, args.seconds, args.browser_games)
        print(json.dumps(results["browser"]), flush=True)
    results.get("measured", {}).pop("selfplay", None)
    save_results("playme", results, args.out)
    report(results, args.out)


if __name__ == "__main__":
    main()
