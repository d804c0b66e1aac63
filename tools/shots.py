"""A gallery of every game's key screens, for review by eye (``make shots``).

    .venv/bin/python tools/shots.py [--out shots] [--games algo,alter] [--sizes desktop,phone]
                                    [--langs en,ja] [--scenes mid,result]

For each game, CPython self-play (``bodoge.core.selfplay.play_one``) gives a finished record;
prefixes of it, as save codes opened with ``#load=<code>``, reach the positions: the first
play screen, a mid-game position, the move before the first round ends (the tool then plays
that move through ``window.bodoge.play``, so the round summary opens as it does in a game),
and the end (the result overlay, then the table behind it). Each code's seat list makes the
seat to move the one person at the device and the others bots (at the "slow" speed, so a
picture shows the position it was given). Also: the setup form, the rules page, the Share and
Rules dialogs and, on the phone, the log drawer. And the shelf (``shelf/``), with a saved game
of each kind in the middle of play (its progress line, written as autosave writes it), as the
first screen shows it and whole (``shelf-full-…``).

Writes ``<out>/<game>/<scene>-<size>-<lang>.png`` and ``<out>/index.html`` to look through
them. The folder is not committed (.gitignore). It builds the site into a temporary folder and
serves it like the benchmarks (tools/benchlib.py).
"""

import argparse
import html
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import benchlib  # noqa: E402  (puts py/ on the path)

from bodoge.core.match import Match  # noqa: E402
from bodoge.core.record import Record, encode  # noqa: E402
from bodoge.core.selfplay import play_one  # noqa: E402
from bodoge.games import PLAYABLE, get_game, info  # noqa: E402
from bodoge.ui.games import GameUI, game_ui, progress_lines  # noqa: E402
from bodoge.ui.i18n import I18n  # noqa: E402
from bodoge.ui.storage import SAVE_PREFIX, Slot  # noqa: E402

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
LANGS = ("en", "ja")
NAMES = ("Aki", "Ben", "Cy", "Dee", "Eri", "Fumi")

def conf(game_id):
    """The self-play game of ``game_id`` (the catalogue's demo, seed 7) and how its first round
    summary is reached ("round"): "play" (the round-ending move is played on screen), "load"
    (a game in real time shows its own summary when opened just after the round) or None (a
    game without rounds: no ``ends_round``)."""
    g, game, gui = info(game_id), get_game(game_id), game_ui(game_id)
    n = game.options(g.demo_options)["players"]
    has_rounds = type(gui).ends_round is not GameUI.ends_round
    return {"options": g.demo_options, "levels": [g.demo_level] * n, "seed": 7,
            "round": ("load" if game.realtime else "play") if has_rounds else None}


GAMES = {g: conf(g) for g in PLAYABLE}
SCENES = ("setup", "first", "mid", "log", "rules-dialog", "share", "round", "result", "table",
          "rules")
PHONE_ONLY = {"log"}        # on a wide screen the log is always beside the table


class Plan:
    """The positions of one game, as save codes, from one self-play game."""

    def __init__(self, game_id, conf):
        self.game_id = game_id
        match = play_one(game_id, conf["options"], conf["seed"], conf["levels"])
        self.record = match.record
        self.players = match.game.num_players(match.state)
        self.level = match.game.bot_levels[min(1, len(match.game.bot_levels) - 1)]
        moves = self.record.moves
        self.round = None                    # (k, seat, move) or ("load", k)
        how = conf["round"]
        gui = game_ui(game_id)
        replay = Match.new(game_id, self.record.options, self.record.seed)
        self.mid_seat = None
        self.mid = len(moves) // 2
        for k, (seat, move) in enumerate(moves):
            if k == self.mid:
                self.mid_seat = replay.to_move()[0]
            before = len(replay.state.get("log", ()))
            replay.play(seat, move)
            if self.round is not None or how is None:
                continue
            if any(gui.ends_round(e) for e in replay.state["log"][before:]) and not replay.over:
                self.round = (k, seat, move) if how == "play" else ("load", k + 1)
        self.first_seat = Match.new(game_id, self.record.options, self.record.seed).to_move()[0]

    def code(self, n, human):
        """The record cut to ``n`` moves, with ``human`` the one person and bots elsewhere."""
        seats = [{"name": "" if s == human else NAMES[s], "bot": None if s == human else self.level}
                 for s in range(self.players)]
        rec = self.record
        return encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves[:n],
                             {"seats": seats}))


def shelf_saves(plans, now):
    """Storage entries: each game's mid-game position as a save, a few minutes apart (the
    newest first), with the progress line autosave would write."""
    entries = {}
    for i, (g, plan) in enumerate(plans.items()):
        match = Match.from_code(plan.code(plan.mid, plan.mid_seat))
        when = now - (3 + 17 * i) * 60_000 if i < 3 else now - (i - 1) * 86_400_000
        gui = game_ui(g)
        seats = match.record.meta["seats"]
        slot = Slot(f"shot{i}", g, match.code(), when, when, match.over,
                    gui.title(seats, I18n("en"), match.record.options), progress=progress_lines(match))
        entries[SAVE_PREFIX + slot.id] = slot.to_json(rev=1)
    return entries


def open_code(page, code):
    page.evaluate("(h) => { location.hash = h; }", "#load=" + code)
    page.wait_for_selector("main.play-screen")
    settle(page)


def settle(page, ms=450):
    page.wait_for_timeout(ms)
    page.evaluate("document.fonts.ready.then(() => true)")
    # "The shared game was opened…" floats for a few seconds after each code: not the screen
    page.evaluate("document.getElementById('notice')?.remove()")


def go(page, hash_, selector):
    page.evaluate("(h) => { location.hash = h; }", hash_)
    page.wait_for_selector(selector)
    settle(page)


def scene(page, plan, name):
    """Bring ``page`` to scene ``name``; False if the game has no such scene."""
    n = len(plan.record.moves)
    g = plan.game_id
    if name == "setup":
        go(page, f"#/new/{g}", "#setup-form")
    elif name == "rules":
        go(page, f"#/rules/{g}", "main.rules-screen")
    elif name == "first":
        open_code(page, plan.code(0, plan.first_seat))
    elif name in ("mid", "log", "rules-dialog", "share"):
        open_code(page, plan.code(plan.mid, plan.mid_seat))
        if name == "log":
            page.click("#open-log")
            page.wait_for_selector("#log-close", state="visible")
        elif name == "rules-dialog":
            page.click("#open-rules")
            page.wait_for_selector("#dialog-rules")
        elif name == "share":
            page.click("#open-share")
            page.wait_for_selector("#dialog-share")
        settle(page, 300)
    elif name == "round":
        if plan.round is None:
            return False
        if plan.round[0] == "load":
            open_code(page, plan.code(plan.round[1], 0))
        else:
            k, seat, move = plan.round
            open_code(page, plan.code(k, seat))
            played = page.evaluate("([s, m]) => window.bodoge.play(s, m)", [seat, json.dumps(move)])
            if not played:
                raise RuntimeError(f"{g}: the round-ending move was refused on screen")
            page.wait_for_selector(".overlay.round-over")
            settle(page, 350)
    elif name in ("result", "table"):
        open_code(page, plan.code(n, 0))
        page.wait_for_selector(".overlay.result")
        if name == "table":
            page.click("#look-at-table")
            page.wait_for_selector("#show-overlay")
        settle(page, 350)
    return True


def gallery(out, shots):
    """index.html: per game, per scene, the pictures side by side."""
    rows = []
    for game_id, scenes in shots.items():
        if game_id == "shelf":
            rows.append("<h2 id='shelf'>The shelf · 棚</h2>")
        else:
            g = info(game_id)
            rows.append(f"<h2 id='{game_id}'>{html.escape(g.name_en)} · {html.escape(g.name_ja)}</h2>")
        for name, files in scenes.items():
            cells = "".join(
                f"<figure><a href='{html.escape(f)}'><img loading='lazy' src='{html.escape(f)}' "
                f"alt='{html.escape(label)}'></a><figcaption>{html.escape(label)}</figcaption></figure>"
                for label, f in files)
            rows.append(f"<section><h3>{html.escape(name)}</h3><div class='row'>{cells}</div></section>")
    links = " · ".join(f"<a href='#{g}'>{html.escape(info(g).name_en if g != 'shelf' else 'The shelf')}</a>"
                       for g in shots)
    page = f"""<!doctype html><html lang="en"><meta charset="utf-8">
<title>bodoge screens</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1rem 2rem; background: #f4f1ea; }}
.row {{ display: flex; gap: 1rem; align-items: flex-start; overflow-x: auto; }}
figure {{ margin: 0; }} figcaption {{ font-size: 0.85rem; color: #555; }}
img {{ height: 360px; border: 1px solid #aaa; background: #fff; }}
</style>
<h1>bodoge: every game's key screens</h1>
<p>{links}. Made {time.strftime('%Y-%m-%d %H:%M')} by tools/shots.py: the viewport only, as a
player sees it without scrolling.</p>
{''.join(rows)}
</html>"""
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(page)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(benchlib.ROOT, "shots"))
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--sizes", default=",".join(SIZES))
    ap.add_argument("--langs", default=",".join(LANGS))
    ap.add_argument("--scenes", default=",".join(SCENES))
    args = ap.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    sizes = [s for s in args.sizes.split(",") if s]
    langs = [x for x in args.langs.split(",") if x]
    scenes = [s for s in args.scenes.split(",") if s]
    for name, known in ((games, GAMES), (sizes, SIZES), (langs, LANGS), (scenes, SCENES)):
        unknown = [x for x in name if x not in known]
        if unknown:
            ap.error(f"unknown: {', '.join(unknown)}")
    plans = {g: Plan(g, GAMES[g]) for g in games}
    shots = {"shelf": {}, **{g: {} for g in games}}
    saves = json.dumps(shelf_saves(plans, time.time() * 1000))
    errors = []
    with benchlib.served_browser() as (browser, url):
        for size in sizes:
            width, height = SIZES[size]
            for lang in langs:
                ctx = browser.new_context(viewport={"width": width, "height": height},
                                          locale="ja-JP" if lang == "ja" else "en-US")
                ctx.add_init_script("localStorage.setItem('bodoge:settings', JSON.stringify("
                                    f"{{lang: '{lang}', speed: 'slow'}}));"
                                    f"for (const [k, v] of Object.entries({saves})) localStorage.setItem(k, v);")
                page = ctx.new_page()
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(url)
                page.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)
                os.makedirs(os.path.join(args.out, "shelf"), exist_ok=True)
                settle(page)
                for name, full in (("shelf", False), ("shelf-full", True)):
                    rel = f"shelf/{name}-{size}-{lang}.png"
                    page.screenshot(path=os.path.join(args.out, rel), full_page=full)
                    shots["shelf"].setdefault(name, []).append((f"{size} {lang}", rel))
                    print(rel, flush=True)
                for g in games:
                    os.makedirs(os.path.join(args.out, g), exist_ok=True)
                    for name in scenes:
                        if name in PHONE_ONLY and size != "phone":
                            continue
                        if not scene(page, plans[g], name):
                            continue
                        rel = f"{g}/{name}-{size}-{lang}.png"
                        page.screenshot(path=os.path.join(args.out, rel))
                        shots[g].setdefault(name, []).append((f"{size} {lang}", rel))
                        print(rel, flush=True)
                ctx.close()
    gallery(args.out, shots)
    print(f"wrote {os.path.relpath(os.path.join(args.out, 'index.html'), benchlib.ROOT)}")
    if errors:
        print("errors in the page:", *errors, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
