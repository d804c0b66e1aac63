"""Benchmarks of the platform and of algo (measurements, not tests).

    make bench                       # runs every tools/bench*.py
    .venv/bin/python tools/bench.py --only boot,browser-bots,selfplay --games 400

Writes benchmarks/platform.md (boot) and benchmarks/algo.md (bots), with the raw numbers in
benchmarks/*.json. Other games have their own tools/bench_<game>.py.

* boot: the built site vs a bare PyScript page (same Pyodide, same server, same run) in
  headless Chromium, cold (fresh profile) and warm (reload); time to <html data-ready>, and
  the first contentful paint of our page.
* browser-bots: bot decision times measured inside Pyodide, and the longest main-thread task
  while four strong bots play a whole game through the UI.
* selfplay: bot levels against each other in CPython (seats rotated).
"""

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from serve import Server  # noqa: E402

from bodoge.core.selfplay import selfplay  # noqa: E402

READY_PROBE = """
(() => {
  const probe = () => {
    if (document.documentElement && document.documentElement.dataset.ready) {
      window.__readyAt = performance.now();
    } else {
      setTimeout(probe, 4);
    }
  };
  probe();
})();
"""
FLOOR_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>floor</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><p>bare PyScript page</p><script type="py" src="./floor.py" config="./floor.toml"></script></body></html>
"""
FLOOR_TOML = 'interpreter = "./pyodide/pyodide.mjs"\n'
FLOOR_PY = "from pyscript import document\ndocument.documentElement.dataset.ready = '1'\n"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def launch(p):
    path = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    return p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS) if path else p.chromium.launch(args=CHROMIUM_ARGS)


def build_site(where):
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), where], check=True,
                   stdout=subprocess.DEVNULL)
    for name, text in (("floor.html", FLOOR_HTML), ("floor.toml", FLOOR_TOML), ("floor.py", FLOOR_PY)):
        with open(os.path.join(where, name), "w") as f:
            f.write(text)


def load(page, url):
    page.goto(url)
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)
    ready = page.evaluate("window.__readyAt")
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
    return ready / 1000, (fcp / 1000 if fcp is not None else None)


def bench_boot(browser, url, runs):
    """Floor and app runs alternate, so neither profits from going second."""
    samples = {kind: {"cold": [], "warm": [], "fcp_cold": [], "fcp_warm": []} for kind in ("floor", "app")}
    for _ in range(runs):
        for kind, path in (("floor", "floor.html"), ("app", "")):
            ctx = browser.new_context()
            ctx.add_init_script(READY_PROBE)
            page = ctx.new_page()
            ready, fcp = load(page, url + path)
            samples[kind]["cold"].append(ready)
            samples[kind]["fcp_cold"].append(fcp)
            if kind == "app":      # let the offline cache fill, as a returning visitor has it
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
            ready, fcp = load(page, url + path)
            samples[kind]["warm"].append(ready)
            samples[kind]["fcp_warm"].append(fcp)
            ctx.close()
    out = {}
    for kind, s in samples.items():
        out[kind] = {k: statistics.median(x for x in v if x is not None) for k, v in s.items()}
        out[kind]["runs"] = runs
    return out


def bench_browser_bots(browser, url, games):
    ctx = browser.new_context()
    ctx.add_init_script(READY_PROBE)
    page = ctx.new_page()
    load(page, url)
    times = {}
    for players in (2, 4):
        for level in ("easy", "normal", "strong"):
            times[f"{level}/{players}p"] = json.loads(page.evaluate(
                "([l, g, p]) => window.bodoge.botTimes('algo', l, g, 1, p)", [level, games, players]))
    # Responsiveness: four strong bots play a whole game through the UI at instant speed.
    page.evaluate("""() => {
      window.__long = [];
      new PerformanceObserver((l) => l.getEntries().forEach(e => window.__long.push(e.duration)))
        .observe({type: 'longtask', buffered: false});
      window.__gaps = []; let last = performance.now();
      const tick = (t) => { window.__gaps.push(t - last); last = t; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    }""")
    page.evaluate("localStorage.setItem('bodoge:settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    page.goto(url + "#/new/algo")
    page.wait_for_selector("#setup-form")
    page.select_option("#players", "4")
    for s in range(4):
        page.select_option(f"#kind{s}", "strong")
    page.evaluate("window.__gaps = []; window.__long = []")
    page.click("#start")
    while not page.locator(".result").count():
        if page.locator("#next-round").count():
            page.click("#next-round")
        page.wait_for_timeout(20)
    long = page.evaluate("window.__long")
    gaps = page.evaluate("window.__gaps")
    ctx.close()
    return {"decision_ms": times,
            "ui_game": {"long_tasks": len(long), "longest_task_ms": max(long, default=0.0),
                        "longest_frame_gap_ms": max(gaps, default=0.0)}}


def bench_selfplay(games):
    rows = []
    for players, bots in ((2, ["strong", "normal"]), (2, ["normal", "easy"]), (2, ["strong", "easy"]),
                          (3, ["strong", "normal", "normal"]), (4, ["strong", "normal", "normal", "normal"])):
        n = games if players == 2 else max(100, games // 2)
        rows.append(selfplay("algo", players, bots, n, 2026))
    return rows


def header(results, title):
    return [f"# {title}", "",
            f"Measured {results['date']} on {results['machine']} (`make bench`). These are "
            "measurements, not tests: numbers vary between runs and machines.", ""]


def write_reports(results, folder):
    boot = results.get("boot")
    if boot:
        lines = header(results, "Benchmarks: platform")
        f, a = boot["floor"], boot["app"]
        lines += ["## Boot to interactive (headless Chromium, localhost)", "",
                  "Time from navigation to `<html data-ready>` (medians of "
                  f"{a['runs']} runs); the floor is a bare PyScript page with the same Pyodide "
                  "on the same server, measured in the same run, runs alternating. Cold: fresh "
                  "profile; warm: reload (the app's service worker serves it from its cache).", "",
                  "| page | cold (s) | warm (s) | first contentful paint cold / warm (s) |",
                  "|---|---|---|---|",
                  f"| bare PyScript (floor) | {f['cold']:.2f} | {f['warm']:.2f} | {f['fcp_cold']:.2f} / {f['fcp_warm']:.2f} |",
                  f"| bodoge | {a['cold']:.2f} | {a['warm']:.2f} | {a['fcp_cold']:.2f} / {a['fcp_warm']:.2f} |",
                  f"| ratio bodoge / floor | {a['cold'] / f['cold']:.2f}× | {a['warm'] / f['warm']:.2f}× | |",
                  "", "Targets: ≤ 1.3× the floor; the shelf's first paint < 0.3 s.", ""]
        write(os.path.join(folder, "platform.md"), lines)
    if not (results.get("browser_bots") or results.get("selfplay")):
        return
    lines = header(results, "Benchmarks: algo")
    bb = results.get("browser_bots")
    if bb:
        lines += ["## Bot decision time inside Pyodide (algo)", "",
                  "Each level at seat 0 against normal bots, whole games, in the page.", "",
                  "| level / players | decisions | mean (ms) | p95 (ms) | max (ms) |", "|---|---|---|---|---|"]
        for key, v in bb["decision_ms"].items():
            lines.append(f"| {key} | {v['n']} | {v['mean']:.2f} | {v['p95']:.2f} | {v['max']:.2f} |")
        ui = bb["ui_game"]
        lines += ["", "Target: strong p95 < 300 ms.", "",
                  "Responsiveness: four strong bots playing a whole 4-round game through the UI at "
                  f"instant speed: {ui['long_tasks']} main-thread tasks over 50 ms, the longest "
                  f"{ui['longest_task_ms']:.0f} ms; longest gap between animation frames "
                  f"{ui['longest_frame_gap_ms']:.0f} ms.", ""]
    sp = results.get("selfplay")
    if sp:
        lines += ["## Self-play (CPython, seats rotated every game)", "",
                  "A game is as many rounds as players; most round wins wins, ties share (a shared "
                  "win between different levels counts as a draw). Round wins show the margin more "
                  "finely. Intervals are 95% Wilson intervals. With 3 and 4 players one strong bot "
                  "sits among normal bots: its fair share of rounds is 1/3 and 1/4.", "",
                  "| players | seats | games | game wins | draws | round wins | round-win rate (95%) | decision mean / p95 (ms) |",
                  "|---|---|---|---|---|---|---|---|"]
        for r in sp:
            first = r["seats"][0]
            wins = ", ".join(f"{k} {v}" for k, v in r["wins"].items())
            rounds = ", ".join(f"{k} {v}" for k, v in r["round_wins"].items())
            lo, hi = r["round_win_rate_95"][first]
            rate = r["round_wins"][first] / r["rounds"]
            dms = ", ".join(f"{k} {v['mean']}/{v['p95']}" for k, v in r["decision_ms"].items())
            lines.append(f"| {r['players']} | {' / '.join(r['seats'])} | {r['games']} | {wins} | "
                         f"{r['draws']} | {rounds} | {first}: {rate:.1%} ({lo:.1%}–{hi:.1%}) | {dms} |")
        lines.append("")
    write(os.path.join(folder, "algo.md"), lines)


def write(path, lines):
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(path, ROOT)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="boot,browser-bots,selfplay")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--out", default=os.path.join(ROOT, "benchmarks"))
    args = parser.parse_args()
    only = set(args.only.split(","))
    results = {"date": datetime.date.today().isoformat(),
               "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"}
    if only & {"boot", "browser-bots"}:
        from playwright.sync_api import sync_playwright

        tmp = tempfile.mkdtemp(prefix="bodoge-bench-")
        try:
            build_site(tmp)
            with Server(tmp) as srv, sync_playwright() as p:
                browser = launch(p)
                if "boot" in only:
                    results["boot"] = bench_boot(browser, srv.url, args.runs)
                    print(json.dumps(results["boot"]), flush=True)
                if "browser-bots" in only:
                    results["browser_bots"] = bench_browser_bots(browser, srv.url, max(10, args.games // 20))
                    print(json.dumps(results["browser_bots"]), flush=True)
                browser.close()
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    if "selfplay" in only:
        results["selfplay"] = bench_selfplay(args.games)
        print(json.dumps(results["selfplay"]), flush=True)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "platform-algo.json"), "w") as f:
        json.dump(results, f, indent=1)
    write_reports(results, args.out)


if __name__ == "__main__":
    main()
