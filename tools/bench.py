"""Benchmark of the platform (a measurement, not a test).

    make bench                       # runs every tools/bench*.py
    .venv/bin/python tools/bench.py --runs 5

Writes benchmarks/platform.md, with the raw numbers in benchmarks/platform.json. Each game has
its own tools/bench_<game>.py; what they share is in tools/benchlib.py.

Boot to interactive: the built site vs a bare PyScript page (same Pyodide release, same server,
same run) in headless Chromium, cold (fresh profile) and warm (reload); time to <html data-ready>,
and the first contentful paint of each. The site's warm boot is measured twice: a normal boot
(its memory snapshot deleted first) and a boot that restores the snapshot made on the visit
before (web/pyodide/snap.mjs). The floor runs PyScript and Pyodide exactly as npm ships them
(its own copies, floor-pyscript/ and floor-pyodide/); the site's Pyodide has a standard library
of only the modules it imports, precompiled (tools/stdlib_pyc.mjs).
"""

import argparse
import os
import statistics

from benchlib import (OUT, READY_PROBE, ROOT, SNAPSHOT_SETTLED, Copy, header, load, measuring,
                      save_results, served_browser, start_results, write)
from build import PYODIDE_FILES

FLOOR = {
    "floor.html": """<!doctype html><html><head><meta charset="utf-8"><title>floor</title>
<script type="module" src="./floor-pyscript/core.js"></script></head>
<body><p>bare PyScript page</p><script type="py" src="./floor.py" config="./floor.toml"></script></body></html>
""",
    "floor.toml": 'interpreter = "./floor-pyodide/pyodide.mjs"\n',
    "floor.py": "from pyscript import document\ndocument.documentElement.dataset.ready = '1'\n",
}
FLOOR.update({f"floor-pyodide/{name}": Copy(os.path.join(ROOT, "node_modules", "pyodide", name))
              for name in PYODIDE_FILES})
# PyScript as npm ships it (the site ships only the chunks it loads)
_PYSCRIPT = os.path.join(ROOT, "node_modules", "@pyscript", "core", "dist")
FLOOR.update({f"floor-pyscript/{name}": Copy(os.path.join(_PYSCRIPT, name))
              for name in sorted(os.listdir(_PYSCRIPT)) if not name.endswith(".map")})

FORGET_SNAPSHOT = """async () => {
    for (const k of await caches.keys()) if (k.startsWith('bodoge-snapshot:')) await caches.delete(k);
}"""


def snapshot_made(page):
    """Wait until this page (booted normally) has made its memory snapshot."""
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=120_000)
    made = page.evaluate("window.bodogeSnapshot.made")
    assert made == "saved", f"no memory snapshot: {made}"


def bench_boot(browser, url, runs):
    """Floor and app runs alternate, so neither profits from going second. The app's warm
    boots: first a normal one (snapshot deleted), then one from the snapshot it made."""
    samples = {kind: {"cold": [], "warm": [], "fcp_cold": [], "fcp_warm": []} for kind in ("floor", "app")}
    samples["snapshot"] = {"warm": [], "fcp_warm": []}
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
                snapshot_made(page)
                page.evaluate(FORGET_SNAPSHOT)
            ready, fcp = load(page, url + path)
            samples[kind]["warm"].append(ready)
            samples[kind]["fcp_warm"].append(fcp)
            if kind == "app":
                assert not page.evaluate("window.bodogeSnapshot.restored")
                snapshot_made(page)
                ready, fcp = load(page, url + path)
                assert page.evaluate("window.bodogeSnapshot.restored"), "the snapshot was not restored"
                samples["snapshot"]["warm"].append(ready)
                samples["snapshot"]["fcp_warm"].append(fcp)
            ctx.close()
    out = {}
    for kind, s in samples.items():
        out[kind] = {k: statistics.median(x for x in v if x is not None) for k, v in s.items()}
        out[kind]["runs"] = runs
        out[kind]["raw"] = {k: [round(x, 3) for x in v if x is not None] for k, v in s.items()
                            if not k.startswith("fcp")}
    # run by run: the app against the floor measured just before it (the machine's pace drifts
    # by more than the difference between them, so the ratio of medians wanders from run to run)
    def ratios(apps, floors):
        return [a / f for a, f in zip(apps, floors) if a is not None and f]

    paired = {k: ratios(samples["app"][k], samples["floor"][k]) for k in ("cold", "warm")}
    paired["snapshot"] = ratios(samples["snapshot"]["warm"], samples["floor"]["warm"])
    out["paired"] = {k: statistics.median(v) for k, v in paired.items()}
    return out


def report(results):
    f, a, s = results["boot"]["floor"], results["boot"]["app"], results["boot"]["snapshot"]
    p = results["boot"].get("paired")
    return header(results, "Benchmark: platform", "tools/bench.py") + [
        "## Boot to interactive (headless Chromium, localhost)", "",
        f"Time from navigation to `<html data-ready>` (medians of {a['runs']} runs); the floor is "
        "a bare PyScript page with the same Pyodide release as npm ships it, on the same server, "
        "measured in the same run, runs alternating (the site's Pyodide has the standard modules "
        "a boot imports precompiled: tools/stdlib_pyc.mjs; the floor's compiles them from source, "
        "as stock Pyodide does at every boot). Cold: fresh profile; warm: reload (the app's service worker serves it "
        "from its cache): a normal boot (the memory snapshot deleted first), and a boot from the "
        "memory snapshot the visit before made.", "",
        "| page | cold (s) | warm (s) | first contentful paint cold / warm (s) |",
        "|---|---|---|---|",
        f"| bare PyScript (floor) | {f['cold']:.2f} | {f['warm']:.2f} | {f['fcp_cold']:.2f} / {f['fcp_warm']:.2f} |",
        f"| bodoge | {a['cold']:.2f} | {a['warm']:.2f} | {a['fcp_cold']:.2f} / {a['fcp_warm']:.2f} |",
        f"| bodoge, warm from a memory snapshot | | {s['warm']:.2f} | – / {s['fcp_warm']:.2f} |",
        f"| ratio bodoge / floor | {a['cold'] / f['cold']:.2f}× | {a['warm'] / f['warm']:.2f}× | |",
        f"| ratio bodoge from a snapshot / floor | | {s['warm'] / f['warm']:.2f}× | |",
    ] + ([f"| median of the runs' own ratios (app / floor just before it) | {p['cold']:.2f}× | "
          f"{p['warm']:.2f}× (snapshot {p['snapshot']:.2f}×) | |"] if p else []) + [
        "", "Targets: ≤ 1.3× the floor (cold ≤ 1.0×); from a snapshot ≤ 0.5× the floor's warm boot; "
        "the shelf's first paint < 0.3 s.", ""]


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
