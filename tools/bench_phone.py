"""Benchmark of the site on a phone's network and CPU (a measurement, not a test).

    .venv/bin/python tools/bench_phone.py [--runs 3] [--profiles fast4g,mobile] [--only visits,start]

Writes benchmarks/phone.md, with the raw numbers in benchmarks/phone.json.

visits: first and returning visits of the built site and of the floor (a bare PyScript page on
stock Pyodide, as tools/bench.py builds it), in the same run, runs alternating floor and app,
each pair of visits in a fresh Chromium profile (on disk, as a phone's browser has one). The
site is served as GitHub Pages serves it (gzip for the types Pages compresses, ETag,
max-age=600: tools/serve.py) through a throttled link at the server — a bandwidth shared by
every response and a round trip before each (and before each new connection) — so the
service worker's and the workers' downloads count too; the page's CPU is slowed with
Chromium's own throttling (CDP Emulation.setCPUThrottlingRate). Profiles: "Fast 4G" (9 Mbps,
60 ms, CPU 4×) and Lighthouse's mobile (1.6 Mbps, 150 ms, CPU 4×).

Measured from the navigation: the shelf (the first contentful paint: the static page), data-
ready (`<html data-ready>`: Python runs the page) and the first game playable (as soon as the
page is ready the setup screen of algo opens — a player who tapped New game meanwhile has it —
and its Start is pressed: until the play screen's first frame), with the bytes the server had
sent by each; the whole first visit's bytes (the offline cache filled and the memory snapshot
made: the page's, the service worker's and the snapshot worker's downloads) against the bytes
of its distinct files. The returning visit opens the site again in the same profile.

start: starting a game from its setup screen at 1× CPU on an unthrottled network: Start
pressed until the play screen's first frame, per game (median of 3).
"""

import argparse
import os
import shutil
import statistics
import tempfile
import time
from collections import OrderedDict

from bench import FLOOR
from benchlib import (CHROMIUM_ARGS, OUT, build_site, header, measuring, save_results,
                      start_results, write)
from serve import Link, Server, Tally

PROFILES = OrderedDict([
    ("fast4g", {"name": "Fast 4G + 4× CPU", "mbps": 9, "rtt": 60, "cpu": 4}),
    ("mobile", {"name": "Lighthouse mobile (1.6 Mbps, 150 ms, 4× CPU)", "mbps": 1.6, "rtt": 150, "cpu": 4}),
])
GAMES = ("algo", "alter", "alluvium", "bossa", "playme")

# In the page from its start: times (ms from the navigation) in window.__phone. For the app:
# once ready, algo's setup screen opens (location.hash) and its Start is pressed as soon as it
# is there; "playable" is the first frame after the play screen appears.
PROBE = """
(() => {
  const at = (window.__phone = {});
  const mark = (name) => { if (!(name in at)) at[name] = performance.now(); };
  const game = window.__phoneGame || "algo";
  const until = (test, then) => {
    const look = () => (test() ? then() : setTimeout(look, 4));
    look();
  };
  const frame = (name) => requestAnimationFrame(() => setTimeout(() => mark(name), 0));
  until(() => document.documentElement && document.documentElement.dataset.ready, () => {
    mark("ready");
    if (!document.getElementById("app")) return;          // the floor
    location.hash = `#/new/${game}`;
    until(() => document.getElementById("start"), () => {
      mark("setup");
      const start = document.getElementById("start");
      mark("start");
      start.click();
      until(() => document.querySelector(`main.play-screen[data-game="${game}"]`), () => frame("playable"));
    });
  });
})();
"""
FCP = "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
SNAPSHOT_SETTLED = ("window.bodogeSnapshot && (window.bodogeSnapshot.restored"
                    " || !['', 'making'].includes(window.bodogeSnapshot.made))")
CACHED = "() => navigator.serviceWorker.controller !== null"


def chromium_path():
    path = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    return {"executable_path": path} if path else {}


def visit(context, url, cpu, tally):
    """Open ``url`` in a new page of ``context`` with the CPU slowed ``cpu`` times: the times
    (s) of the shelf, data-ready and the first game playable (None for the floor) and the bytes
    the server had sent by each."""
    page = context.new_page()
    page.set_default_timeout(300_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    start = time.time()
    page.goto(url, wait_until="commit", timeout=300_000)
    key = "playable" if "floor" not in url else "ready"
    page.wait_for_function(f"window.__phone && window.__phone.{key} !== undefined", timeout=300_000,
                           polling=100)
    origin = page.evaluate("performance.timeOrigin") / 1000
    marks = page.evaluate("window.__phone")
    out = {"shelf": page.evaluate(FCP), "ready": marks.get("ready"), "playable": marks.get("playable"),
           "start_ms": (marks["playable"] - marks["start"]) if "playable" in marks else None}
    sent = tally.sent
    for name in ("shelf", "ready", "playable"):
        if out[name] is None:
            out[f"{name}_bytes"] = None
            continue
        out[name] = out[name] / 1000
        moment = origin + out[name]
        out[f"{name}_bytes"] = sum(s["bytes"] for s in sent if s["at"] <= moment)
    out["navigated"] = start
    return page, out


def first_and_returning(browser_type, url, profile, kind, tally):
    """One fresh profile: a first visit (until all its downloads are over) and a returning
    one."""
    folder = tempfile.mkdtemp(prefix="bodoge-phone-")
    context = browser_type.launch_persistent_context(folder, headless=True, args=CHROMIUM_ARGS,
                                                     viewport={"width": 390, "height": 844},
                                                     is_mobile=True, has_touch=True,
                                                     device_scale_factor=3, **chromium_path())
    try:
        context.add_init_script("try { localStorage.setItem('bodoge:settings', "
                                "JSON.stringify({lang: 'en'})); } catch (e) {}")
        context.add_init_script(PROBE)
        tally.take()
        path = url + ("floor.html" if kind == "floor" else "")
        page, first = visit(context, path, profile["cpu"], tally)
        if kind == "app":       # the offline cache filled and the snapshot made: all of it
            page.wait_for_function(CACHED, timeout=300_000, polling=200)
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=300_000, polling=200)
            first["snapshot"] = page.evaluate("window.bodogeSnapshot.made")
        page.wait_for_timeout(1000)
        sent = tally.take()
        first["total_bytes"] = sum(s["bytes"] for s in sent)
        first["requests"] = len(sent)
        distinct = {}
        for s in sent:
            if s["status"] == 200:
                distinct.setdefault(s["path"], s["bytes"])
        first["distinct_bytes"] = sum(distinct.values())
        first["files"] = {p: sum(s["bytes"] for s in sent if s["path"] == p) for p in sorted(distinct)}
        page.close()
        page, again = visit(context, path, profile["cpu"], tally)
        if kind == "app":
            again["restored"] = page.evaluate("window.bodogeSnapshot.restored")
        page.wait_for_timeout(500)
        sent = tally.take()
        again["total_bytes"] = sum(s["bytes"] for s in sent)
        page.close()
        return first, again
    finally:
        context.close()
        shutil.rmtree(folder, ignore_errors=True)


def bench_visits(site, profiles, runs):
    from playwright.sync_api import sync_playwright

    link = Link(1, 0)
    tally = Tally()
    results = {}
    with Server(site, pages=True, link=link, tally=tally) as server, sync_playwright() as p:
        for key in profiles:
            profile = PROFILES[key]
            link.rate, link.rtt = profile["mbps"] * 1_000_000 / 8, profile["rtt"] / 1000
            samples = {"floor": [], "app": []}
            load = os.getloadavg()
            for run in range(runs):
                for kind in ("floor", "app"):
                    first, again = first_and_returning(p.chromium, server.url, profile, kind, tally)
                    samples[kind].append({"first": first, "returning": again})
                    print(f"{key} run {run + 1} {kind}: first ready {first['ready']:.1f} s"
                          + (f", playable {first['playable']:.1f} s" if first["playable"] else "")
                          + f", {first['total_bytes'] / 1e6:.2f} MB; returning ready {again['ready']:.1f} s",
                          flush=True)
            results[key] = {"samples": samples, "load": [round(x, 1) for x in load],
                            "load_after": [round(x, 1) for x in os.getloadavg()]}
    return results


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def bench_start(site, runs=3):
    """Start pressed on each game's setup screen until the play screen's first frame, at 1×
    CPU, unthrottled (ms)."""
    from playwright.sync_api import sync_playwright

    out = {}
    with Server(site) as server, sync_playwright() as p:
        browser = p.chromium.launch(args=CHROMIUM_ARGS, **chromium_path())
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.add_init_script("try { localStorage.setItem('bodoge:settings', "
                                    "JSON.stringify({lang: 'en'})); } catch (e) {}")
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=120_000)
            for game in GAMES:
                times = []
                for _ in range(runs):
                    page.goto(server.url + "#/")
                    page.goto(server.url + f"#/new/{game}")
                    page.wait_for_selector("#start")
                    page.wait_for_timeout(300)
                    times.append(page.evaluate("""(game) => new Promise((done) => {
                        const t0 = performance.now();
                        document.getElementById('start').click();
                        const look = () => document.querySelector(`main.play-screen[data-game="${game}"]`)
                          ? requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0))
                          : setTimeout(look, 1);
                        look();
                    })""", game))
                out[game] = {"median_ms": statistics.median(times), "ms": [round(t, 1) for t in times]}
        finally:
            browser.close()
    return out


def summary(samples, kind, visit_, field):
    return median(s[visit_][field] for s in samples[kind])


def ratios(samples, field, floor_field="ready", visit_="first"):
    """Run by run: the app's ``field`` against the floor's ``floor_field`` of the same run."""
    return [a[visit_][field] / f[visit_][floor_field] for f, a in zip(samples["floor"], samples["app"])
            if a[visit_][field] and f[visit_][floor_field]]


def mb(n):
    return "–" if n is None else f"{n / 1e6:.2f} MB"


def s_(n):
    return "–" if n is None else f"{n:.1f} s"


def report(results):
    lines = header(results, "Benchmark: the site on a phone", "tools/bench_phone.py") + [
        "The site and the floor (a bare PyScript page on stock Pyodide and PyScript as npm ships "
        "them) served as GitHub Pages serves them (gzip for text, scripts, JSON and WebAssembly; "
        "ETag; max-age=600) through a link throttled at the server (its bandwidth shared by every "
        "response, the round trip before each response and each new connection: the service "
        "worker's and the workers' downloads count), to a fresh Chromium profile each time, the "
        "page's CPU slowed by Chromium (CDP Emulation.setCPUThrottlingRate); floor and app "
        "alternating, in the same run. Times from the navigation; bytes as sent (compressed, "
        "with headers) by then. *Playable*: once ready, algo's setup screen opens and Start is "
        "pressed: until the play screen's first frame.", ""]
    for key, part in results.get("visits", {}).items():
        profile = PROFILES[key]
        samples = part["samples"]
        n = len(samples["app"])
        lines += [f"## {profile['name']}", "",
                  f"Medians of {n} runs; load average {' / '.join(map(str, part['load']))} as the part "
                  f"started, {' / '.join(map(str, part['load_after']))} as it ended.", "",
                  "| visit | page | shelf | data-ready | first game playable | bytes by the shelf / "
                  "ready / playable | whole visit |", "|---|---|---|---|---|---|---|"]
        for visit_ in ("first", "returning"):
            for kind, name in (("floor", "bare PyScript (floor)"), ("app", "bodoge")):
                get = lambda f: summary(samples, kind, visit_, f)  # noqa: E731
                lines.append(
                    f"| {visit_} | {name} | {s_(get('shelf'))} | {s_(get('ready'))} | "
                    f"{s_(get('playable'))} | {mb(get('shelf_bytes'))} / {mb(get('ready_bytes'))} / "
                    f"{mb(get('playable_bytes'))} | {mb(get('total_bytes'))} |")
        first_ratio = median(ratios(samples, "playable"))
        ready_ratio = median(ratios(samples, "ready"))
        back = median(ratios(samples, "playable", visit_="returning"))
        total = median(s["first"]["total_bytes"] for s in samples["app"])
        distinct = median(s["first"]["distinct_bytes"] for s in samples["app"])
        before = median(s["first"]["playable_bytes"] for s in samples["app"])
        wire = before / (profile["mbps"] * 1_000_000 / 8)          # the link's time for them
        floor_ready = summary(samples, "floor", "first", "ready")
        lines += ["",
                  f"App against the floor of the same run (median of the runs' own ratios): first "
                  f"visit, data-ready {ready_ratio:.2f}×, **first game playable {first_ratio:.2f}× the "
                  f"floor's data-ready** (target ≤ 0.5×); returning visit, first game playable "
                  f"{back:.2f}× the floor's data-ready. The app's whole first visit: {mb(total)} sent "
                  f"for {mb(distinct)} of distinct files ({total / distinct:.2f}×; targets ≤ 5.5 MB "
                  f"and ≤ 1.15×). The {mb(before)} the app needs before its first game (Pyodide's "
                  f"WebAssembly alone is 3.5 MB) take {wire:.1f} s on this link with nothing else "
                  f"done: {wire / floor_ready:.2f}× the floor's median data-ready, before any CPU "
                  f"time.", ""]
    files = None
    for part in results.get("visits", {}).values():
        files = part["samples"]["app"][-1]["first"].get("files")
    if files:
        lines += ["### What the app's first visit downloads", "",
                  "Bytes as sent (gzip where Pages compresses), in the last run:", "",
                  "| file | sent |", "|---|---|"]
        for path, size in sorted(files.items(), key=lambda kv: -kv[1]):
            lines.append(f"| `{path}` | {size / 1e3:,.1f} kB |")
        lines.append("")
    start = results.get("start")
    if start:
        lines += ["## Starting a game (1× CPU, unthrottled)", "",
                  "Start pressed on the setup screen until the play screen's first frame, phone "
                  "size (median of 3; target ≤ 300 ms):", "",
                  "| game | median | tries |", "|---|---|---|"]
        for game, r in start.items():
            lines.append(f"| {game} | {r['median_ms']:.0f} ms | {', '.join(f'{t:.0f}' for t in r['ms'])} |")
        lines.append("")
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default=",".join(PROFILES))
    parser.add_argument("--only", default="visits,start")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    parts = args.only.split(",")
    results = start_results("phone", args.out)
    site = tempfile.mkdtemp(prefix="bodoge-phone-site-")
    try:
        build_site(site, FLOOR)
        if "visits" in parts:
            measuring(results, "visits")
            results["visits"] = bench_visits(site, args.profiles.split(","), args.runs)
        if "start" in parts:
            measuring(results, "start")
            results["start"] = bench_start(site)
    finally:
        shutil.rmtree(site, ignore_errors=True)
    save_results("phone", results, args.out)
    write(os.path.join(args.out, "phone.md"), report(results))


if __name__ == "__main__":
    main()
