"""Play Me!: the real-time screen, the character cards, the dice and the rabbit.

Play Me! has no turns, so it has its own screen (``PlayMeScreen``, built on the shared
``PlayScreen`` for seats, saves, share and rules dialogs). The screen owns a ``GameClock``
(game milliseconds; paused, it stands still; in manual mode only ``drive_clock`` moves it, for
tests) and a ``Driver`` that plays the bots after their reaction times. Moves are stamped with
the clock's time, so a save replays exactly. The screen redraws when something happened (a
move, a countdown second), never on a fixed frame rate.

Dice differ by more than colour: each character's dice carry its mark (a letter in a corner),
and dice of another colour on a card are drawn with a dashed border and named in their label.
Keys (shown on the rules page): the lone human, or the left one of two, uses 1–6 for dice,
Space to roll again or catch the rabbit, Q W E R T for targets, A to keep a die (Alice), S for
Stop!; the right one uses M , . J K L for dice 1–6, Enter, Y U I O P, N and H. Escape pauses.

Every action the rules allow takes at most two inputs. A die (click, tap or key) does its default
action: advance, else unblock, else its only block or swap; a die with no default and several
targets is picked and its uses are offered. A die that could do more than its default shows a
"⋯" under it: that picks it, and the choice row of the player's panel offers each of its uses
("3: advance", "3: block Aki"). On the keyboard a target key first aims at a card, then a die
key hits it with that die (W then 3). The choice row and the row under the dice keep their room
when empty, so choosing never moves the board.
"""

from ...core.errors import IllegalMove
from ...ui.games import GameUI
from ...ui.html import h
from ...ui.play import SAVE_ACTIONS, PlayScreen
from . import GAME
from . import rules as R
from .sim import Driver

COLOURS = {"alice": "#2457a6", "queen": "#b3261e", "cat": "#7b3fa0", "hatter": "#1e6b3a",
           "caterpillar": "#0f6e78", "walrus": "#6b4a2e"}
NEUTRAL_COLOUR = "#6b6f78"
PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)],
        4: [(1, 1), (3, 1), (1, 3), (3, 3)], 5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
        6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}
KEYS = (  # (dice 1..6, roll or catch, targets, keep, stop) for the left and the right player
    {"dice": "123456", "go": " ", "targets": "qwert", "keep": "a", "stop": "s"},
    {"dice": "m,.jkl", "go": "Enter", "targets": "yuiop", "keep": "n", "stop": "h"},
)
KEY_NAMES = {" ": "Space"}
SAVE_EVERY_MS = 3000          # autosave at most this often while a round runs
DRAW_EVERY_MS = 100           # bots' moves are drawn at most this often


class GameClock:
    """Game time in whole milliseconds, from a source of milliseconds (the page's clock).

    Stopped (paused, or between rounds) it stands still. In manual mode it ignores the source
    and moves only by ``advance`` (tests and benchmarks drive it)."""

    def __init__(self, source, at=0):
        self.source = source
        self.base = int(at)
        self.anchor = None           # source time when it last started; None: stopped
        self.manual = False

    @property
    def running(self):
        return self.anchor is not None

    def now(self) -> int:
        if self.anchor is None or self.manual:
            return self.base
        return self.base + max(0, int(self.source() - self.anchor))

    def start(self):
        if self.anchor is None:
            self.anchor = self.source()

    def stop(self):
        self.base = self.now()
        self.anchor = None

    def set_manual(self, manual):
        self.base = self.now()
        self.manual = manual
        if self.anchor is not None:
            self.anchor = self.source()

    def advance(self, ms):
        if self.manual and self.anchor is not None:
            self.base += max(0, int(ms))


# --- pictures ----------------------------------------------------------------------------------
def die_svg(n, colour, mark=None, size=44, dashed=False):
    """One die: pips on the owner's colour, the owner's mark in a corner, dashed if foreign."""
    parts = [h("rect", {"x": "2", "y": "2", "width": "40", "height": "40", "rx": "8",
                        "fill": colour, "stroke": "#1d1f24", "stroke_width": "3" if dashed else "2",
                        "stroke_dasharray": "6 4" if dashed else None})]
    for cx, cy in PIPS.get(n, ()):
        parts.append(h("circle", {"cx": str(4 + 9 * cx), "cy": str(4 + 9 * cy), "r": "4.2",
                                  "fill": "#fff"}))
    height = 44
    if mark:   # the owner's mark on a strip under a die of another colour
        height = 56
        parts.append(h("rect", {"x": "4", "y": "44", "width": "36", "height": "12", "rx": "3",
                                "fill": "#1d1f24"}))
        parts.append(h("text", {"x": "22", "y": "53.5", "text_anchor": "middle", "font_size": "10",
                                "font_weight": "700", "fill": "#fff", "class_": "die-mark"}, mark))
    return h("svg", {"viewBox": f"0 0 44 {height}", "width": str(size),
                     "height": str(size * height // 44), "aria_hidden": "true", "focusable": "false",
                     "class_": "die-svg"}, parts)


def blank_die(size=44):
    return h("svg", {"viewBox": "0 0 44 44", "width": str(size), "height": str(size),
                     "aria_hidden": "true", "focusable": "false", "class_": "die-svg"},
             h("rect", {"x": "2", "y": "2", "width": "40", "height": "40", "rx": "8",
                        "fill": "#e9e4d8", "stroke": "#8a8578", "stroke_width": "2"}),
             h("text", {"x": "22", "y": "29", "text_anchor": "middle", "font_size": "20",
                        "fill": "#6b6f78"}, "?"))


def rabbit_svg(jabber=False):
    """The round tile: the White Rabbit, or the Jabberwocky on its other side."""
    if jabber:
        body = [h("circle", {"cx": "40", "cy": "40", "r": "36", "fill": "#2f5d34", "stroke": "#1d1f24",
                             "stroke_width": "3"}),
                h("path", {"d": "M18 46 L28 26 L34 40 L40 20 L46 40 L52 26 L62 46 Z", "fill": "#cfe8b0"}),
                h("circle", {"cx": "32", "cy": "52", "r": "4", "fill": "#ffd23f"}),
                h("circle", {"cx": "48", "cy": "52", "r": "4", "fill": "#ffd23f"})]
    else:
        body = [h("circle", {"cx": "40", "cy": "40", "r": "36", "fill": "#fffdf8", "stroke": "#1d1f24",
                             "stroke_width": "3"}),
                h("ellipse", {"cx": "31", "cy": "22", "rx": "6", "ry": "16", "fill": "#fff",
                              "stroke": "#1d1f24", "stroke_width": "2"}),
                h("ellipse", {"cx": "49", "cy": "22", "rx": "6", "ry": "16", "fill": "#fff",
                              "stroke": "#1d1f24", "stroke_width": "2"}),
                h("circle", {"cx": "40", "cy": "48", "r": "17", "fill": "#fff", "stroke": "#1d1f24",
                             "stroke_width": "2"}),
                h("circle", {"cx": "34", "cy": "45", "r": "2.5", "fill": "#b3261e"}),
                h("circle", {"cx": "46", "cy": "45", "r": "2.5", "fill": "#b3261e"}),
                h("path", {"d": "M36 54 Q40 58 44 54", "fill": "none", "stroke": "#1d1f24",
                           "stroke_width": "2"})]
    return h("svg", {"viewBox": "0 0 80 80", "width": "80", "height": "80", "aria_hidden": "true",
                     "focusable": "false"}, body)


def key_label(key):
    return KEY_NAMES.get(key, key.upper())


class PlayMeUI(GameUI):
    game_id = "playme"

    # --- new-game form -------------------------------------------------------------------------
    def default_setup(self):
        values = {"players": 3, "kind0": "human", "play_me": False, "challenge": False,
                  "mad_jabberwocky": False}
        for s in range(1, 6):
            values[f"kind{s}"] = "slow"
        for s in range(6):
            values[f"char{s}"] = ""
        return values

    def option_fields(self, values, t):
        players = super().option_fields(values, t)
        chars = []
        for s in range(values["players"]):
            current = values.get(f"char{s}", "")
            chars.append(h("label", {}, t("setup.seat", n=s + 1), " ",
                           h("select", {"name": f"char{s}", "id": f"char{s}",
                                        "data_act": "setup-change"},
                             h("option", {"value": "", "selected": not current},
                               t("playme.setup.random")),
                             [h("option", {"value": c, "selected": current == c},
                                t(f"playme.char.{c}")) for c in R.CHARS])))
        flags = [h("label", {"class_": "check"},
                   h("input", {"type": "checkbox", "name": name, "id": f"opt-{name}",
                               "checked": bool(values.get(name))}),
                   " ", t(f"playme.option.{name}"))
                 for name in ("play_me", "challenge", "mad_jabberwocky")]
        return h("div", {"class_": "playme-setup"}, players,
                 h("fieldset", {"class_": "chars"}, h("legend", {}, t("playme.setup.characters")), chars),
                 h("fieldset", {"class_": "flags"}, h("legend", {}, t("playme.setup.optional")), flags),
                 h("p", {"class_": "speed-note"}, t("playme.setup.speed_note")))

    def setup_values(self, form, values):
        new = super().setup_values(form, values)
        for name in ("play_me", "challenge", "mad_jabberwocky"):
            if name in form:
                new[name] = form[name] is True or form[name] in ("on", "true", "1")
        seen = set()
        for s in range(6):         # a character taken twice: the later seat goes back to random
            c = new.get(f"char{s}", "")
            if c not in R.CHARS or c in seen:
                new[f"char{s}"] = ""
            else:
                seen.add(c)
        return new

    def options_from_setup(self, values):
        n = values["players"]
        return {"players": n,
                "characters": [values.get(f"char{s}") or None for s in range(n)],
                **{name: bool(values.get(name)) for name in ("play_me", "challenge",
                                                             "mad_jabberwocky")}}

    def screen_class(self, match):
        return PlayMeScreen

    # --- words ---------------------------------------------------------------------------------
    def char_name(self, t, view, s):
        return t(f"playme.char.{view['p'][s]['char']}")

    def describe(self, e, ctx):
        t, say = ctx.t, ctx.say
        kind = e["e"]
        if kind in ("setup", "game"):
            cast = t("playme.log.setup", list=t("list.sep").join(
                say("playme.log.plays", s, char=t(f"playme.char.{c}"))
                for s, c in enumerate(e["chars"])))
            return cast if kind == "setup" else t("playme.log.game", n=e["game"] + 1) + " " + cast
        if kind == "round":
            key = "playme.log.round_jabber" if e["jabber"] is not None else "playme.log.round"
            return t(key, n=e["round"] + 1)
        if kind in ("advance", "unblock", "stop", "reset", "grab", "slowest", "scramble", "spare"):
            return say(f"playme.log.{kind}", e["s"], n=e.get("n"))
        if kind in ("block", "swap", "joint"):
            return say(f"playme.log.{kind}", e["s"], n=e["n"], whose=ctx.whose(e["to"]))
        if kind == "joint_done":
            return t("playme.log.joint_done", n=e["n"], whose=ctx.whose(e["to"]))
        if kind == "joint_back":
            return t("playme.log.joint_back", n=e["n"])
        if kind == "catch":
            return say("playme.log.catch_jabber" if e["jabber"] else "playme.log.catch", e["s"])
        if kind == "flip":
            return say("playme.log.flip", e["s"])
        if kind == "jabberwocky":
            return say("playme.log.jabberwocky", e["s"])
        if kind in ("madden", "betray"):
            return say(f"playme.log.{kind}", e["s"], other=ctx.name(e["to"]))
        if kind == "game_won":
            return t(f"playme.log.won.{e['how']}", names=self.names(ctx, e["winners"]),
                     n=e["game"] + 1)
        if kind == "over":
            return t("playme.log.over", names=self.names(ctx, e["winners"]))
        return None

    @staticmethod
    def names(ctx, seats):
        return ctx.t("list.sep").join(ctx.name(s) for s in seats)

    def result(self, view, ctx):
        t = ctx.t
        out = view["outcome"]
        winners = out["winners"]
        head = (ctx.say("playme.result.winner", winners[0]) if len(winners) == 1
                else t("playme.result.shared", names=self.names(ctx, winners)))
        rows = [h("tr", {}, h("td", {}, str(i + 1)),
                  h("td", {}, t("playme.result.vs_jabber") if r["jabber"] else t("playme.result.vs_rabbit")),
                  h("td", {}, ctx.name(r["winner"])))
                for i, r in enumerate(view["results"])]
        parts = [h("h2", {"id": "result-title"}, head)]
        if len(view["games"]) > 1:
            parts.append(h("ul", {"class_": "totals"},
                           [h("li", {}, t("playme.result.games_won", name=ctx.name(s), n=w))
                            for s, w in enumerate(view["game_wins"])]))
        parts.append(h("table", {"class_": "rounds"},
                       h("caption", {}, t("playme.result.rounds")),
                       h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("playme.result.round")),
                                        h("th", {"scope": "col"}, t("playme.result.against")),
                                        h("th", {"scope": "col"}, t("playme.result.round_winner")))),
                       h("tbody", {}, rows)))
        return h("div", {}, parts)

    def rules(self, t):
        sections = []
        for key in ("goal", "setup", "realtime", "advance", "block", "unblock", "round",
                    "jabberwocky", "stop", "betrayal", "optional", "digital"):
            sections.append(h("h3", {}, t(f"playme.rules.{key}.title")))
            sections.append(h("p", {}, t(f"playme.rules.{key}")))
        chars = h("table", {"class_": "rounds chars-table"},
                  h("caption", {}, t("playme.rules.chars")),
                  h("thead", {}, h("tr", {}, h("th", {"scope": "col"}, t("playme.rules.char")),
                                   h("th", {"scope": "col"}, t("playme.wonder")),
                                   h("th", {"scope": "col"}, t("playme.madness")))),
                  h("tbody", {}, [h("tr", {}, h("th", {"scope": "row"}, t(f"playme.char.{c}")),
                                    h("td", {}, t(f"playme.power.{c}.wonder")),
                                    h("td", {}, t(f"playme.power.{c}.madness"))) for c in R.CHARS]))
        rulings = [h("li", {"class_": "v2" if k in V2_RULINGS else None},
                     [h("strong", {"class_": "rules-version"}, t("playme.rules.v2")), " "]
                     if k in V2_RULINGS else None, t(f"playme.ruling.{k}")) for k in RULING_KEYS]
        before = [h("li", {}, t(f"playme.ruling_v1.{k}")) for k in V2_RULINGS]
        keys = [h("li", {}, t(f"playme.keys.{k}")) for k in ("left", "right", "click", "pause")]
        return h("div", {"class_": "rules"}, sections, chars,
                 h("h3", {}, t("rules.rulings")), h("ul", {}, rulings),
                 h("h3", {}, t("playme.rules.versions.title")),
                 h("p", {}, t("playme.rules.versions")), h("ul", {}, before),
                 h("h3", {}, t("rules.keys")), h("ul", {}, keys))


RULING_KEYS = ("roll", "keep_a_die", "alice_keep", "returned", "unblock_both", "next_slot",
               "own_dice", "queen", "swap_top", "neutral", "hatter", "latched", "walrus",
               "stop_once", "stop_restart", "jabber_madden", "no_flip", "true_winner", "joint",
               "mad_crown", "scramble", "seal", "play_me_rabbit", "two_humans", "countdown",
               "pause_hides")
V2_RULINGS = ("next_slot", "stop_once", "stop_restart", "mad_crown", "scramble")   # changed in v2


class PlayMeScreen(PlayScreen):
    """The real-time game screen (see the module doc)."""

    def __init__(self, app, slot, match):
        self.clock = GameClock(app.host.now, match.state["t"])
        self.driver = None
        self.paused = match.state["phase"] not in ("ready", "over")   # reopened mid-round
        self.sels = {}
        self.wake_token = 0
        self.last_save = None
        self.last_second = None       # countdown second last drawn
        self.memo = {}                # translated labels, see ``tt``
        self.seen_moves = len(match.record.moves)
        self.drawn_at = None          # host time of the last redraw
        self.draw_pending = False
        super().__init__(app, slot, match)
        self.driver = Driver(match, self.bots)
        self.sels = {s: {} for s in self.humans}
        self.sync_clock()
        self.schedule()

    # --- clock and flow ------------------------------------------------------------------------
    def advance(self):
        """(PlayScreen calls this after a move; our flow is ``wake``/``schedule``.)"""

    def sync_clock(self):
        live = self.match.state["phase"] not in ("ready", "over")
        if live and not self.paused and not self.closed and self.conflict is None:
            self.clock.start()
        else:
            self.clock.stop()

    def close(self):
        if not self.closed and self.driver is not None:
            self.clock.stop()
            self.save()
        super().close()

    def schedule(self):
        """Sleep until the next bot move or countdown second (nothing while paused)."""
        if self.closed or not self.clock.running or self.clock.manual:
            return
        now = self.clock.now()
        due = [d for d in (self.driver.next_due(), self.next_second(now)) if d is not None]
        if not due:
            return
        self.wake_token += 1
        token = self.wake_token
        self.app.host.later(max(0, min(due) - now), lambda: self.wake(token))

    def next_second(self, now):
        start = self.match.state["start"]
        if self.match.state["phase"] != "play" or now >= start:
            return None
        return start - ((start - now - 1) // 1000) * 1000

    def wake(self, token=None):
        if self.closed or self.conflict is not None or (token is not None and token != self.wake_token):
            return
        before = len(self.match.state["log"])
        self.driver.run_until(self.clock.now(), self.on_move)
        self.after_events(before)
        self.schedule()

    def on_move(self, seat, move):
        if self.match.state["phase"] in ("ready", "over"):
            self.sync_clock()

    def after_events(self, before, force=False):
        """Announce and save what happened since log index ``before``, then redraw if needed
        (``force``: at once, for a person's own action)."""
        moves = len(self.match.record.moves)
        changed = force or moves != self.seen_moves or self.countdown_changed()
        self.seen_moves = moves           # a roll changes the dice but writes no log line
        if len(self.match.state["log"]) > before:
            self.announce_new()
            self.save(soon=self.match.state["phase"] == "play")
        self.sync_clock()
        self.send_views()
        if changed:
            self.redraw(now=force)

    def redraw(self, now=False):
        """Redraw, at most once per ``DRAW_EVERY_MS`` unless ``now`` (a person's own action)."""
        host = self.app.host
        at = host.now()
        if now or self.drawn_at is None or at - self.drawn_at >= DRAW_EVERY_MS or self.clock.manual:
            self.drawn_at = at
            self.draw_pending = False
            self.app.refresh()
        elif not self.draw_pending:
            self.draw_pending = True
            host.later(DRAW_EVERY_MS - (at - self.drawn_at), self.late_draw)

    def late_draw(self):
        if self.draw_pending and not self.closed:
            self.redraw(now=True)

    def countdown_changed(self):
        second = self.countdown()
        if second != self.last_second:
            self.last_second = second
            return True
        return False

    def countdown(self):
        """3, 2, 1 before the start; 0 once the round runs; None outside a round."""
        st = self.match.state
        if st["phase"] != "play":
            return None
        left = st["start"] - self.clock.now()
        return 0 if left <= 0 else (left + 999) // 1000

    def drive_clock(self, action, ms=0):
        """Tests and benchmarks: "manual" stops the clock following real time, "advance" moves
        it by ``ms`` (running everything due), "real" follows real time again; returns now."""
        if action == "manual":
            self.clock.set_manual(True)
        elif action == "real":
            self.clock.set_manual(False)
            self.schedule()
        elif action == "advance" and self.clock.manual:
            step = 50
            for _ in range(max(0, int(ms)) // step):
                self.clock.advance(step)
                self.wake()
            self.clock.advance(max(0, int(ms)) % step)
            self.wake()
        return self.clock.now()

    def save(self, soon=False):
        now = self.app.host.now()
        if soon and self.last_save is not None and now - self.last_save < SAVE_EVERY_MS:
            return
        self.last_save = now
        self.autosave()

    def stop(self, conflict):
        """Another tab has this game: the clock stops with the moves (see PlayScreen.stop)."""
        self.conflict = conflict
        self.sync_clock()
        super().stop(conflict)

    def resume(self):
        self.sync_clock()
        self.schedule()

    def play(self, seat, move):
        """A human's move, stamped with the game clock; refused moves change nothing."""
        if self.conflict is not None:
            return False
        before = len(self.match.state["log"])
        move = dict(move, t=max(self.clock.now(), self.match.state["t"]))
        try:
            self.driver.play(seat, move, self.on_move)
        except IllegalMove as e:
            self.refuse(seat, e)
            self.after_events(before, force=True)
            return False
        self.error = None
        self.sels[seat] = {}
        self.after_events(before, force=True)
        self.schedule()
        return True

    def announce_new(self):
        view = self.match.view(None)
        ctx = self.ctx(self.viewer)
        texts = [text for text in (self.gui.describe(e, ctx) for e in view["log"][self.announced:]) if text]
        self.announced = len(view["log"])
        if texts:
            self.app.host.announce(" ".join(texts))

    # --- input ---------------------------------------------------------------------------------
    def act(self, action, arg, form):
        app = self.app
        if action in ("share", "rules", "close-dialog", "copy", "log", "overlay") + SAVE_ACTIONS:
            if action in ("share", "rules") and not self.paused and self.clock.running:
                self.set_paused(True)
            super().act(action, arg, form)
            return
        if action == "pause":
            self.set_paused(not self.paused)
            app.focus_next = "pause"
            app.refresh()
            return
        if action == "start-round":
            self.start_round()
            return
        seat, _, rest = arg.partition("-")
        try:
            seat = int(seat)
        except ValueError:
            return
        if seat not in self.humans or self.paused:
            return
        if action == "die":
            self.use_die(seat, int(rest) if rest.isdigit() else 0)
        elif action == "keep":
            self.toggle_keep(seat, int(rest) if rest.isdigit() else 0)
        elif action in ("use", "hit"):
            a, _, tail = rest.partition("-")
            x, _, n = tail.partition("-")
            if n.isdigit() and (x.isdigit() or (x == "" and a in ("advance", "unblock"))):
                move = {"a": a, "n": int(n)}
                if x:
                    move["s"] = int(x)
                self.send(seat, move)
        elif action == "more":
            self.pick_die(seat, int(rest) if rest.isdigit() else 0)
        elif action in ("madden", "betray") and rest.isdigit():
            self.send(seat, {"a": action, "s": int(rest)})
        elif action in ("roll", "catch", "stop", "spare", "go"):
            self.send(seat, self.go_move(seat) if action == "go" else {"a": action})
        elif action == "cancel":
            self.sels[seat] = {}
            app.refresh()

    def start_round(self):
        if self.match.state["phase"] != "ready" or self.match.over:
            return
        seat = self.humans[0] if self.humans else 0
        self.paused = False
        self.clock.start()
        self.app.focus_next = "prompt"
        self.play(seat, {"a": "ready"})       # redraws once

    def set_paused(self, paused):
        if self.match.state["phase"] in ("ready", "over"):
            paused = False
        self.paused = paused
        self.sync_clock()
        if paused:
            self.save()
        self.send_views()
        self.app.host.announce(self.t("playme.paused" if paused else "playme.resumed"))
        self.schedule()

    def legal(self, seat):
        return GAME.moves(self.match.state, seat) if seat in self.match.to_move() else []

    def go_move(self, seat):
        """Space/Enter: catch when that is possible, else roll again."""
        moves = self.legal(seat)
        if any(m["a"] == "catch" for m in moves):
            return {"a": "catch"}
        return {"a": "roll"}

    def send(self, seat, move):
        """Send a move, with Alice's chosen die kept aside when that is allowed."""
        keep = self.sels.get(seat, {}).get("keep")
        if keep is not None and move["a"] in ("advance", "block", "swap", "unblock", "roll"):
            with_keep = dict(move, keep=keep)
            if with_keep in self.legal(seat):
                move = with_keep
        self.play(seat, move)

    def uses(self, seat, n):
        """The moves a die showing ``n`` allows ``seat`` now (keeps aside left out): its own
        actions first (advance, unblock), then blocks and swaps in the order of the target keys."""
        order = self.target_order(seat)
        rank = {"advance": 0, "unblock": 1}
        mine = [m for m in self.legal(seat) if m.get("n") == n and "keep" not in m]
        return sorted(mine, key=lambda m: (rank.get(m["a"], 2),
                                           order.index(m["s"]) if "s" in m else -1,
                                           m["a"] != "block"))

    @staticmethod
    def default_use(uses):
        """What a die does on one click or key: advance, else unblock, else its only use."""
        for a in ("advance", "unblock"):
            mine = [m for m in uses if m["a"] == a]
            if mine:
                return mine[0]
        return uses[0] if len(uses) == 1 else None

    def use_id(self, seat, m):
        return f"use-{seat}-{m['a']}-{m.get('s', '')}-{m['n']}"

    def use_die(self, seat, n):
        """A die clicked or its key pressed: with a card aimed at (a target key first), hit it
        with this die; else do the die's default action; a die with several targets and no
        default is picked, and its uses are offered."""
        sel = self.sels.setdefault(seat, {})
        if sel.pop("keeping", False):
            self.toggle_keep(seat, n)
            return
        uses = self.uses(seat, n)
        aim = sel.pop("aim", None)
        if aim is not None:
            hits = [m for m in uses if m.get("s") == aim]
            if hits:
                self.send(seat, hits[0])
                return
            self.error = self.t("playme.no_hit", n=n, whose=self.ctx(self.viewer).whose(aim))
            self.app.refresh()
            return
        move = self.default_use(uses)
        if move is not None:
            self.send(seat, move)
            return
        if not uses:
            self.error = self.t("playme.no_use", n=n)
            sel.pop("die", None)
            self.app.refresh()
            return
        self.pick_die(seat, n)

    def pick_die(self, seat, n):
        """Pick a die (its "⋯", or a die with several targets): the choice row offers each of its
        uses. Picking the picked die again puts it back."""
        sel = self.sels.setdefault(seat, {})
        sel.pop("aim", None)
        uses = self.uses(seat, n)
        if sel.get("die") == n or not uses:
            sel.pop("die", None)
        else:
            self.error = None
            sel["die"] = n
            self.app.focus_next = self.use_id(seat, uses[0])
        self.app.refresh()

    def aim(self, seat, x):
        """A target key with no die picked: aim at card ``x`` (again: aim no more); the next die
        key hits it with that die."""
        sel = self.sels.setdefault(seat, {})
        if sel.get("aim") == x:
            sel.pop("aim")
        else:
            sel["aim"] = x
            self.error = None
        self.app.refresh()

    def toggle_keep(self, seat, n):
        sel = self.sels.setdefault(seat, {})
        if sel.get("keep") == n:
            sel.pop("keep")
        elif n in self.match.state["p"][seat]["roll"]:
            sel["keep"] = n
        self.app.refresh()

    def key(self, key):
        if key == "Escape":
            if self.dialog or self.log_open:
                return super().key(key)
            if any(self.sels.values()):
                for s in self.sels:
                    self.sels[s] = {}
                self.app.refresh()
                return True
            if self.match.state["phase"] not in ("ready", "over"):
                self.act("pause", "", {})
                return True
            return False
        if self.dialog:
            return False
        k = key.lower() if len(key) == 1 else key
        phase = self.match.state["phase"]
        if phase == "ready" and k in (" ", "Enter") and not self.match.over:
            self.start_round()
            return True
        if self.paused:
            return False
        for seat, keys in self.key_maps().items():
            if k in keys["dice"]:
                self.use_die(seat, keys["dice"].index(k) + 1)
                return True
            if k == keys["go"]:
                self.act("go", f"{seat}-", {})
                return True
            if k == keys["stop"]:
                self.send(seat, {"a": "stop"})
                return True
            if k == keys["keep"]:
                sel = self.sels.setdefault(seat, {})
                sel["keeping"] = not sel.get("keeping")
                self.app.refresh()
                return True
            if k in keys["targets"]:
                order = self.target_order(seat)
                i = keys["targets"].index(k)
                if i >= len(order):
                    return True
                n = self.sels.get(seat, {}).get("die")
                if n is None:
                    self.aim(seat, order[i])
                    return True
                hits = [m for m in self.uses(seat, n) if m.get("s") == order[i]]
                if hits:
                    self.send(seat, hits[0])
                return True
        return False

    def key_maps(self):
        """Each person's keys: a lone human gets the left set, two humans one set each."""
        return {seat: KEYS[i] for i, seat in enumerate(self.humans[:2])}

    def target_order(self, seat):
        n = len(self.seats)
        return [(seat + i) % n for i in range(1, n)]

    # --- rendering -----------------------------------------------------------------------------
    def tt(self, key, **params):
        """``t`` with a memo: a redraw repeats the same few dozen labels."""
        memo_key = (self.app.i18n.lang, key, tuple(sorted(params.items())))
        text = self.memo.get(memo_key)
        if text is None:
            text = self.memo[memo_key] = self.t(key, **params)
        return text

    def render_handover(self, name):      # no hidden information: never a hand-over
        return self.render_game()

    def prompt_region(self, view, ctx):
        return [self.status_bar(view, ctx)]

    def board_region(self, view, ctx):
        hide = self.paused or (self.countdown() or 0) > 0
        board = [self.centre(view, ctx, hide)]
        for seat in self.humans[:2]:
            board.append(self.my_panel(view, ctx, seat, hide))
        board.append(h("div", {"class_": "pm-cards"},
                       [self.card(view, ctx, s, hide) for s in range(view["players"])]))
        return h("div", {"class_": "pm-board"}, board)

    def status_bar(self, view, ctx):
        t = self.t
        phase = view["phase"]
        if view["outcome"] is not None:
            text = t("play.over")
        elif phase == "ready":
            text = t("playme.status.ready", n=view["round"] + 1)
        elif phase == "play":
            second = self.countdown()
            text = t("playme.status.countdown", n=second) if second else (
                t("playme.status.jabber", n=view["round"] + 1, wins=view["team_wins"],
                  target=GAME.team_target(view)) if view["jabber"] is not None
                else t("playme.status.play", n=view["round"] + 1))
        elif phase == "scramble":
            text = t("playme.status.scramble")
        else:
            text = ctx.say(f"playme.status.{phase}", view["chooser"])
        if self.paused:
            text = t("playme.status.paused")
        if view["options"]["challenge"] and not self.match.over:
            text = t("playme.status.game", n=view["game_no"] + 1, of=R.CHALLENGE_GAMES) + " " + text
        live = phase not in ("ready", "over")
        pause = h("button", {"type": "button", "id": "pause", "class_": "button pause" + (" primary" if self.paused else ""),
                             "data_act": "pause", "aria_pressed": str(self.paused).lower(),
                             "aria_keyshortcuts": "Escape", "disabled": not live},
                  t("playme.resume") if self.paused else t("playme.pause"))
        second = self.countdown()
        big = (h("p", {"class_": "countdown", "aria_hidden": "true"}, str(second))
               if second and not self.paused else None)
        return h("div", {"class_": "pm-status"},
                 h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"}, text), pause, big)

    def centre(self, view, ctx, hide):
        """The tile (White Rabbit or Jabberwocky), the start button and the choices."""
        t = self.t
        phase = view["phase"]
        jab = view["jabber"]
        tile = t("playme.tile.jabber", whose=ctx.whose(jab)) if jab is not None else t("playme.tile.rabbit")
        catchers = [s for s in self.humans if {"a": "catch"} in self.legal(s)]
        parts = []
        if len(self.humans) == 1 and catchers:
            parts.append(h("button", {"type": "button", "id": "rabbit", "class_": "rabbit ready",
                                      "data_act": "catch", "data_arg": f"{catchers[0]}-",
                                      "aria_keyshortcuts": "Space"},
                           rabbit_svg(jab is not None), h("span", {}, t("playme.catch"))))
        else:
            parts.append(h("div", {"class_": "rabbit", "role": "img", "aria_label": tile},
                           rabbit_svg(jab is not None), h("span", {"aria_hidden": "true"}, tile)))
        if phase == "ready" and not self.match.over:
            parts.append(self.round_panel(view, ctx))
        for seat in self.humans:
            if phase in ("madden", "betray") and view["chooser"] == seat:
                parts.append(self.choice_panel(view, ctx, seat))
        return h("div", {"class_": "pm-centre"}, parts)

    def round_panel(self, view, ctx):
        t = self.t
        body = []
        if view["results"]:
            last = view["results"][-1]
            body.append(h("h2", {"id": "round-title"},
                          ctx.say("playme.round_won", last["winner"], n=last["round"] + 1)))
            news = [text for text in (self.gui.describe(e, ctx) for e in view["log"][self.round_news(view):])
                    if text]
            body.append(h("ul", {"class_": "news"}, [h("li", {}, x) for x in news]))
        else:
            body.append(h("h2", {"id": "round-title"}, t("playme.first_round")))
        body.append(h("p", {}, t("playme.start_hint")))
        body.append(h("button", {"type": "button", "class_": "button primary big", "id": "next-round",
                                 "data_act": "start-round", "aria_keyshortcuts": "Space"},
                      t("playme.start") if not view["results"] else t("play.next_round")))
        return h("section", {"class_": "round-over panel", "aria_labelledby": "round-title"}, body)

    @staticmethod
    def round_news(view):
        log = view["log"]
        i = len(log)
        while i > 0 and log[i - 1]["e"] != "catch":
            i -= 1
        return max(0, i - 1)

    def choice_panel(self, view, ctx, seat):
        t = self.t
        moves = self.legal(seat)
        phase = view["phase"]
        buttons = [h("button", {"type": "button", "class_": "button", "id": f"{m['a']}-{m.get('s', 'none')}",
                                "data_act": m["a"], "data_arg": f"{seat}-{m.get('s', '')}"},
                     t(f"playme.choice.{m['a']}", name=ctx.name(m["s"])) if "s" in m
                     else t("playme.choice.spare"))
                   for m in moves]
        return h("section", {"class_": "choice panel", "role": "group", "aria_labelledby": f"choice-{seat}"},
                 h("h2", {"id": f"choice-{seat}"}, ctx.say(f"playme.choose.{phase}", seat)),
                 h("div", {"class_": "controls"}, buttons))

    def my_panel(self, view, ctx, seat, hide):
        """A human's dice (buttons), keep toggles, roll and Stop!."""
        t = self.t
        p = view["p"][seat]
        keys = self.key_maps()[seat]
        sel = self.sels.get(seat, {})
        live = view["phase"] == "play" and not hide and seat in view["to_move"]
        legal = self.legal(seat) if live else []
        usable = {m["n"] for m in legal if "n" in m}
        alice = GAME.has(view, seat, "alice", "wonder")
        dice = []
        for i, n in enumerate(p["roll"]):
            if hide:
                dice.append(h("li", {}, h("span", {"class_": "die", "role": "img",
                                                   "aria_label": t("playme.die_hidden")}, blank_die(56)),
                              h("span", {"class_": "under"})))
                continue
            key = key_label(keys["dice"][n - 1])
            classes = ["die", "mine"] + (["usable"] if n in usable else []) + (
                ["picked"] if sel.get("die") == n else [])
            kept = sel.get("keep") == n
            label = self.tt("playme.die_label", n=n, k=key)
            under = []
            if alice:
                under.append(h("button", {"type": "button", "class_": "keep" + (" on" if kept else ""),
                                          "data_act": "keep", "data_arg": f"{seat}-{n}",
                                          "aria_pressed": str(kept).lower(), "disabled": not live,
                                          "aria_label": self.tt("playme.keep_label", n=n)},
                                 t("playme.keep")))
            if live and sum(1 for m in legal if m.get("n") == n and "keep" not in m) > 1:
                picked = sel.get("die") == n
                under.append(h("button", {"type": "button", "class_": "more" + (" on" if picked else ""),
                                          "id": f"more-{seat}-{i}", "data_act": "more",
                                          "data_arg": f"{seat}-{n}", "aria_expanded": str(picked).lower(),
                                          "aria_controls": f"say-{seat}",
                                          "aria_label": self.tt("playme.more_label", n=n)}, "⋯"))
            dice.append(h("li", {"class_": "kept" if kept else None},
                          h("button", {"type": "button", "id": f"die-{seat}-{i}", "class_": " ".join(classes),
                                       "data_act": "die", "data_arg": f"{seat}-{n}", "aria_label": label,
                                       "aria_keyshortcuts": key, "disabled": not live},
                            die_svg(n, COLOURS[p["char"]], size=56),
                            h("span", {"class_": "key-hint", "aria_hidden": "true"}, key)),
                          h("span", {"class_": "under"}, under)))
        aside = p["pool"] - len(p["roll"])
        if aside > 0:
            dice.append(h("li", {}, h("span", {"class_": "die aside", "role": "img",
                                               "aria_label": t("playme.aside")}, blank_die(40))))
        can = {m["a"] for m in legal}
        buttons = [h("button", {"type": "button", "class_": "button", "id": f"roll-{seat}",
                                "data_act": "roll", "data_arg": f"{seat}-", "disabled": "roll" not in can,
                                "aria_keyshortcuts": key_label(keys["go"])},
                     t("playme.roll"), " ", h("kbd", {}, key_label(keys["go"])))]
        if len(self.humans) > 1:
            buttons.append(h("button", {"type": "button", "class_": "button primary", "id": f"catch-{seat}",
                                        "data_act": "catch", "data_arg": f"{seat}-",
                                        "disabled": "catch" not in can and not (
                                            view["phase"] == "scramble" and seat in view["to_move"]),
                                        "aria_keyshortcuts": key_label(keys["go"])},
                             t("playme.catch"), " ", h("kbd", {}, key_label(keys["go"]))))
        if view["jabber"] == seat:
            buttons.append(h("button", {"type": "button", "class_": "button danger", "id": f"stop-{seat}",
                                        "data_act": "stop", "data_arg": f"{seat}-", "disabled": "stop" not in can,
                                        "aria_keyshortcuts": key_label(keys["stop"])},
                             t("playme.stop"), " ", h("kbd", {}, key_label(keys["stop"]))))
        if sel.get("die") is not None or sel.get("keeping") or sel.get("aim") is not None:
            buttons.append(h("button", {"type": "button", "class_": "button", "data_act": "cancel",
                                        "data_arg": f"{seat}-"}, t("playme.cancel")))
        who = ctx.name(seat) if len(self.humans) > 1 else t("playme.your_dice")
        return h("section", {"class_": "pm-mine", "aria_labelledby": f"mine-{seat}"},
                 h("h2", {"id": f"mine-{seat}"}, who, " · ", self.gui.char_name(t, view, seat)),
                 h("div", {"class_": "say", "id": f"say-{seat}"},
                   self.choices(ctx, seat, sel, keys) if live and sel.get("die") is not None
                   else h("p", {"class_": "hint"}, self.hint(view, ctx, seat, sel, legal, hide))),
                 h("ul", {"class_": "dice", "id": f"dice-{seat}",
                          "aria_label": t("playme.dice_of", whose=ctx.whose(seat))}, dice),
                 h("div", {"class_": "controls"}, buttons))

    def choices(self, ctx, seat, sel, keys):
        """The picked die's uses, each saying what it will do, with its key."""
        n = sel["die"]
        order = self.target_order(seat)
        buttons = []
        for m in self.uses(seat, n):
            if "s" in m:
                text = self.tt(f"playme.use.{m['a']}", n=n, name=ctx.name(m["s"]))
                key = key_label(keys["targets"][order.index(m["s"])]) if order.index(m["s"]) < len(
                    keys["targets"]) else ""
            else:
                text = self.tt(f"playme.use.{m['a']}", n=n)
                key = key_label(keys["dice"][n - 1])
            buttons.append(h("button", {"type": "button", "class_": "button use " + m["a"],
                                        "id": self.use_id(seat, m), "data_act": "use",
                                        "data_arg": f"{seat}-{m['a']}-{m.get('s', '')}-{n}",
                                        "aria_keyshortcuts": key or None},
                             text, " ", h("kbd", {}, key) if key else None))
        return h("div", {"class_": "controls uses", "role": "group",
                         "aria_label": self.tt("playme.uses_of", n=n)}, buttons)

    def hint(self, view, ctx, seat, sel, legal, hide):
        t = self.t
        if hide:
            return t("playme.hint.wait")
        if sel.get("keeping"):
            return t("playme.hint.keeping")
        if sel.get("aim") is not None:
            return t("playme.hint.aim", whose=ctx.whose(sel["aim"]))
        acts = {m["a"]: m for m in legal}
        if "catch" in acts:
            return t("playme.hint.catch")
        for a in ("unblock", "advance"):
            if a in acts:
                return t(f"playme.hint.{a}", n=acts[a]["n"])
        if GAME.foreign(view, seat):
            return t("playme.hint.blocked", n=view["p"][seat]["card"][-1]["n"])
        if view["phase"] == "play" and GAME.next_number(view, seat) <= R.SLOTS:
            return t("playme.hint.need", n=GAME.next_number(view, seat))
        return ""

    def card(self, view, ctx, s, hide):
        """One character card: name, side, the six slots, dice in hand, and targets."""
        t = self.t
        p = view["p"][s]
        char = self.gui.char_name(t, view, s)
        side = t("playme.madness") if p["mad"] else t("playme.wonder")
        badges = [h("span", {"class_": "badge side " + ("mad" if p["mad"] else "wonder")}, side)]
        if p["sealed"]:
            badges.append(h("span", {"class_": "badge sealed"}, t("playme.sealed")))
        if view["jabber"] == s:
            badges.append(h("span", {"class_": "badge jabber"}, t("playme.jabberwocky")))
        if s in view["betrayers"]:
            badges.append(h("span", {"class_": "badge"}, t("playme.betrayer")))
        wins = sum(1 for r in view["results"] if r["winner"] == s and r["game"] == view["game_no"])
        badges.append(h("span", {"class_": "badge wins"}, self.tt("playme.wins", n=wins)))
        slots = []
        for i in range(R.SLOTS):
            if i < len(p["card"]):
                slot = p["card"][i]
                own = slot["o"] == [s]
                owner = slot["o"][0] if slot["o"] else None
                colour = COLOURS[view["p"][owner]["char"]] if owner is not None else NEUTRAL_COLOUR
                mark = None if own else (self.mark(view, owner) if owner is not None else "·")
                if own:
                    label = self.tt("playme.slot_own", i=i + 1, n=slot["n"])
                else:
                    whose = (t("list.sep").join(ctx.name(o) for o in slot["o"]) if slot["o"]
                             else t("playme.neutral"))
                    label = self.tt("playme.slot_block", i=i + 1, n=slot["n"], who=whose)
                slots.append(h("div", {"class_": "slot " + ("own" if own else "foreign"), "role": "img",
                                      "aria_label": label},
                               die_svg(slot["n"], colour, mark, size=40, dashed=not own)))
            else:
                slots.append(h("div", {"class_": "slot empty", "role": "img",
                                      "aria_label": self.tt("playme.slot_empty", i=i + 1)},
                               h("span", {"aria_hidden": "true"}, str(i + 1))))
        hand = self.tt("playme.hand", n=p["pool"])
        roll = ""
        if p["roll"] and not hide:
            roll = t("playme.rolled", faces=" ".join(str(n) for n in p["roll"]))
        aimed = any(sel.get("aim") == s for sel in self.sels.values()) and not hide
        classes = ["pm-card", p["char"]] + (["mad"] if p["mad"] else []) + (
            ["jabber"] if view["jabber"] == s else []) + (["me"] if s in self.humans else []) + (
            ["aimed"] if aimed else [])
        return h("section", {"class_": " ".join(classes), "id": f"card-{s}",
                             "aria_label": t("playme.card_of", whose=ctx.whose(s), char=char, side=side)},
                 h("h3", {"class_": "seat-name"},
                   h("span", {"class_": "char-mark", "aria_hidden": "true"}, self.mark(view, s)),
                   ctx.name(s), " · ", char, " ", badges),
                 h("div", {"class_": "slots"}, slots),
                 h("p", {"class_": "hand"}, hand, " ", h("span", {"class_": "rolled"}, roll)))

    def mark(self, view, s):
        return self.t(f"playme.mark.{view['p'][s]['char']}")


UI = PlayMeUI()
