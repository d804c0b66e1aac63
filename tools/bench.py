"""Benchmarks of the platform (measurements, not tests).

    make bench                       # runs every tools/bench*.py
    .venv/bin/python tools/bench.py --runs 5

Writes benchmarks/platform.md, with the raw numbers in benchmarks/platform-algo.json. Each
game has its own tools/bench_<game>.py (algo's bots, formerly here: tools/bench_algo.py).

* boot: the built site vs a bare PyScript page (same Pyodide, same server, same run) in
  headless Chromium, cold (fresh profile) and warm (reload); time to <html data-ready>, and
  the first contentful paint of our page.
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


def write(path, lines):
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(path, ROOT)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="boot")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", default=os.path.join(ROOT, "benchmarks"))
    args = parser.parse_args()
    only = set(args.only.split(","))
    results = {"date": datetime.date.today().isoformat(),
               "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"}
    if "boot" in only:
        from playwright.sync_api import sync_playwright

        tmp = tempfile.mkdtemp(prefix="bodoge-bench-")
        try:
            build_site(tmp)
            with Server(tmp) as srv, sync_playwright() as p:
                browser = launch(p)
                results["boot"] = bench_boot(browser, srv.url, args.runs)
                print(json.dumps(results["boot"]), flush=True)
                browser.close()
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "platform-algo.json"), "w") as f:
        json.dump(results, f, indent=1)
    write_reports(results, args.out)


if __name__ == "__main__":
    main()
