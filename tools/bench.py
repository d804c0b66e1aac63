"""Benchmark of the platform (a measurement, not a test).

    make bench                       # runs every tools/bench*.py
    .venv/bin/python tools/bench.py --runs 5

Writes benchmarks/platform.md, with the raw numbers in benchmarks/platform.json. Each game has
its own tools/bench_<game>.py; what they share is in tools/benchlib.py.

Boot to interactive: the built site vs a bare PyScript page (same Pyodide, same server, same
run) in headless Chromium, cold (fresh profile) and warm (reload); time to <html data-ready>,
and the first contentful paint of each.
"""

import argparse
import os
import statistics

from benchlib import (OUT, READY_PROBE, header, load, measuring, save_results, served_browser,
                      start_results, write)

FLOOR = {
    "floor.html": """<!doctype html><html><head><meta charset="utf-8"><title>floor</title>
<script type="module" src="./pyscript/core.js"></script></head>
<body><p>bare PyScript page</p><script type="py" src="./floor.py" config="./floor.toml"></script></body></html>
""",
    "floor.toml": 'interpreter = "./pyodide/pyodide.mjs"\n',
    "floor.py": "from pyscript import document\ndocument.documentElement.dataset.ready = '1'\n",
}


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


def report(results):
    f, a = results["boot"]["floor"], results["boot"]["app"]
    return header(results, "Benchmark: platform", "tools/bench.py") + [
        "## Boot to interactive (headless Chromium, localhost)", "",
        f"Time from navigation to `<html data-ready>` (medians of {a['runs']} runs); the floor is "
        "a bare PyScript page with the same Pyodide on the same server, measured in the same run, "
        "runs alternating. Cold: fresh profile; warm: reload (the app's service worker serves it "
        "from its cache).", "",
        "| page | cold (s) | warm (s) | first contentful paint cold / warm (s) |",
        "|---|---|---|---|",
        f"| bare PyScript (floor) | {f['cold']:.2f} | {f['warm']:.2f} | {f['fcp_cold']:.2f} / {f['fcp_warm']:.2f} |",
        f"| bodoge | {a['cold']:.2f} | {a['warm']:.2f} | {a['fcp_cold']:.2f} / {a['fcp_warm']:.2f} |",
        f"| ratio bodoge / floor | {a['cold'] / f['cold']:.2f}× | {a['warm'] / f['warm']:.2f}× | |",
        "", "Targets: ≤ 1.3× the floor; the shelf's first paint < 0.3 s.", ""]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    results = start_results("platform", args.out)
    measuring(results, "boot")
    with served_browser(FLOOR) as (browser, url):
        results["boot"] = bench_boot(browser, url, args.runs)
    save_results("platform", results, args.out)
    write(os.path.join(args.out, "platform.md"), report(results))


if __name__ == "__main__":
    main()
