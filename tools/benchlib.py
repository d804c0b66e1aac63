"""What the benchmark scripts (tools/bench*.py) share: the built site served on 127.0.0.1 in
headless Chromium, page probes (ready time, long tasks and frame gaps), and the results files
(benchmarks/<name>.json with the raw numbers, benchmarks/<name>.md with the table).

Benchmarks are measurements, never tests. Each results file says when each part was measured,
on what machine and under what load (the 1/5/15-minute load average as the part started):
numbers taken while the machine was busy with other work say so.
"""

import contextlib
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "benchmarks")
sys.path.insert(0, os.path.join(ROOT, "py"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from serve import Server  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

# Add as an init script: window.__readyAt = when <html data-ready> appeared (ms).
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

# Evaluate in a page: main-thread long tasks (window.__long) and gaps between animation frames
# (window.__gaps), in ms, from now on.
FRAME_PROBE = """() => {
  window.__long = [];
  new PerformanceObserver((l) => l.getEntries().forEach(e => window.__long.push(e.duration)))
    .observe({type: 'longtask', buffered: false});
  window.__gaps = []; let last = performance.now();
  const tick = (t) => { window.__gaps.push(t - last); last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""


def watch_frames(page):
    page.evaluate(FRAME_PROBE)


def reset_frames(page):
    page.evaluate("window.__gaps = []; window.__long = []")


def frames(page):
    """(long task durations, frame gaps) since ``watch_frames``/``reset_frames``, in ms."""
    return page.evaluate("window.__long"), page.evaluate("window.__gaps")


def launch(p, cpus=None):
    """Headless Chromium; ``cpus`` (e.g. "1"): every process of it on those CPUs only
    (``taskset``; its children inherit it)."""
    path = os.environ.get("CHROMIUM") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if cpus is not None:
        path = pinned(path or p.chromium.executable_path, cpus)
    if path:
        return p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
    return p.chromium.launch(args=CHROMIUM_ARGS)


def pinned(path, cpus):
    """A script that runs the browser at ``path`` on CPUs ``cpus`` only."""
    script = os.path.join(tempfile.mkdtemp(prefix="bodoge-pin-"), "chromium")
    with open(script, "w") as f:
        f.write(f'#!/bin/sh\nexec taskset -c {cpus} "{path}" "$@"\n')
    os.chmod(script, 0o755)
    return script


def last_cpu():
    """The last CPU this process may run on, if it may run on two or more and ``taskset`` is
    here (else None): where a second browser can be kept, apart from the first one's main work."""
    cpus = sorted(os.sched_getaffinity(0))
    return cpus[-1] if len(cpus) >= 2 and shutil.which("taskset") else None


def build_site(where, extra=None):
    """Build the site into ``where``, plus ``extra`` files ({name: text, or the path of a file
    to copy as a ``Copy``})."""
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build.py"), where], check=True,
                   stdout=subprocess.DEVNULL)
    for name, text in (extra or {}).items():
        path = os.path.join(where, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(text, Copy):
            shutil.copyfile(text.source, path)
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


class Copy:
    """An extra file of ``build_site`` copied from ``source``."""

    def __init__(self, source):
        self.source = source


@contextlib.contextmanager
def served_browser(extra=None, second_on=None):
    """Yield (browser, url): a freshly built site on a local server, and headless Chromium.
    ``second_on`` (a CPU number): yield (browser, url, second), a second headless Chromium
    whose processes run on that CPU only."""
    from playwright.sync_api import sync_playwright

    tmp = tempfile.mkdtemp(prefix="bodoge-bench-")
    try:
        build_site(tmp, extra)
        with Server(tmp) as srv, sync_playwright() as p:
            browser = launch(p)
            second = None if second_on is None else launch(p, str(second_on))
            try:
                yield (browser, srv.url) if second is None else (browser, srv.url, second)
            finally:
                browser.close()
                if second is not None:
                    second.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def load(page, url):
    """Open ``url`` (with READY_PROBE added) until the app is ready: (ready s, first paint s)."""
    page.goto(url)
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)
    ready = page.evaluate("window.__readyAt")
    fcp = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
    return ready / 1000, (fcp / 1000 if fcp is not None else None)


# After a normal boot the page makes a memory snapshot in a worker (web/pyodide/snap.mjs):
# true once that is over, or when this boot restored one (then none is made).
SNAPSHOT_SETTLED = ("window.bodogeSnapshot && (window.bodogeSnapshot.restored"
                    " || !['', 'making'].includes(window.bodogeSnapshot.made))")


def open_app(browser, url, **context_options):
    """A new context and page with the app loaded and ready: (context, page). Returns once the
    memory snapshot the first boot makes in the background is done, so it takes no CPU from
    what is measured next."""
    ctx = browser.new_context(**context_options)
    ctx.add_init_script(READY_PROBE)
    page = ctx.new_page()
    load(page, url)
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=120_000)
    return ctx, page


def load_average():
    try:
        return " / ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def start_results(name, out=OUT):
    """The results of ``benchmarks/<name>.json`` so far: a partial run (``--only``) keeps the
    other parts' measurements. Call ``measuring`` as each part starts."""
    results = {}
    path = os.path.join(out, f"{name}.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            results = json.load(f)
    results.update(date=datetime.date.today().isoformat(),
                   machine=f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    return results


def measuring(results, part):
    """Note when ``part`` was measured and the machine's load average as it started."""
    results.setdefault("measured", {})[part] = {"date": datetime.date.today().isoformat(),
                                                "load": load_average()}


def save_results(name, results, out=OUT):
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, f"{name}.json"), "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1, ensure_ascii=False)


def run_duels(name, results, args, bench_duel, report):
    """The duel part of a game's benchmark: ``args.duels`` ("0,3": indices into the game's
    duels, default all) of ``args.duel_games`` games each; each duel's rows saved and the table
    rewritten as it ends (a long run keeps what it has measured)."""
    measuring(results, "duel")
    which = None if args.duels is None else {int(x) for x in args.duels.split(",")}

    def done(rows):
        results["duel"] = rows
        save_results(name, results, args.out)
        report(results, args.out)
    results["duel"] = bench_duel(args.duel_games, which, done)


def header(results, title, script):
    measured = results.get("measured") or {"all": {"date": results["date"], "load": results.get("load")}}
    when = "; ".join(f"{part + ' ' if len(measured) > 1 else ''}{m['date']}, load average "
                     f"{_load_text(m.get('load'))}" for part, m in measured.items())
    return [f"# {title}", "",
            f"Measured on {results['machine']} (`{script}`): {when} (the load average, 1/5/15 min, "
            "as the part started: other work on the machine slows what is timed). These are "
            "measurements, not tests: numbers vary between runs and machines.", ""]


def _load_text(load):
    if load is None:
        return "unknown"
    return f"{load:.1f}" if isinstance(load, float) else str(load)


def write(path, lines):
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(path, ROOT)}")


def ui_game(page, url, game_id, choose):
    """Play a whole game through the UI at instant speed in ``page`` (the app, loaded, with
    ``watch_frames`` called): open the setup form, let ``choose(page)`` fill it in (e.g. four
    strong bots), start, and go on through the rounds until the result shows. Returns the
    main-thread long tasks and the longest gap between animation frames meanwhile."""
    page.evaluate("localStorage.setItem('bodoge:settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    page.goto(url + f"#/new/{game_id}")
    page.wait_for_selector("#setup-form")
    choose(page)
    reset_frames(page)
    page.click("#start")
    while not page.locator(".result").count():
        if page.locator("#next-round").count():
            page.click("#next-round")
        page.wait_for_timeout(20)
    long, gaps = frames(page)
    return {"long_tasks": len(long), "longest_task_ms": max(long, default=0.0),
            "longest_frame_gap_ms": max(gaps, default=0.0)}


def responsiveness(ui):
    """``ui_game``'s result in words, for a report."""
    n = ui["long_tasks"]
    return (f"{n} main-thread task{'' if n == 1 else 's'} over 50 ms, the longest "
            f"{ui['longest_task_ms']:.0f} ms; longest gap between animation frames "
            f"{ui['longest_frame_gap_ms']:.0f} ms.")
