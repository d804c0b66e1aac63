"""Learn to play: a short scripted first game, replayed through the game's own engine.

A lesson is data in the game's folder, ``bodoge/games/<game>/lesson.py``::

    LESSON = {
        "rules": 2,                    # the game's rules_version it was written for
        "options": {"players": 2},     # the game's options (normalised by game.options)
        "seed": 592,                   # the deal
        "seats": [None, "easy"],       # None: the learner (one seat); else a bot level, used
                                       # only for the seat's name: its moves are scripted
        "steps": [step, ...],
    }

A *step* is a dict:

    "text"    what the prompt explains: a string key, or ``[key, {params}]``; the key is in
              the game's ``strings.py``, in ``EN`` and ``JA``, with a ``<key>.touch`` wording
              beside it (in both) where a touch screen needs other words: "tap", the buttons
              to press, never "click", a key, "Esc" or "Space" (``hint`` alike)
    "spots"   spot names to highlight (``data-spot`` on the game's elements; see
              ``GameUI.board``): what to look at
    "expect"  the learner's moves this step accepts, each ``{"move": move, "do": actions}``,
              optionally with ``"free": [field, ...]``: fields of the move a learner may
              choose otherwise (a clock stamp, which card is put at stake). ``do`` is how the
              UI makes that move: a list of ``{"click": spot}`` and ``{"key": key}`` (a
              ``KeyboardEvent.key``), done in order. A step without ``expect`` is read and
              passed with *Next*.
    "hint"    the text shown when the learner tries any other move (required with
              ``expect``; optional otherwise, where a generic "press Next" is shown). The
              move is not played: nothing changes.
    "then"    ``[[seat, move], ...]``: scripted moves played after the step, one at a time
              at the player's bot speed (any seat, the learner's too: "a few turns later")
    "quick"   play ``then`` at the fast speed (at most)
    "wrong"   actions (as in ``do``) that make a move this step refuses: the tests try it,
              through the UI, to prove that a wrong move shows the hint and changes nothing.
              Every lesson has one at least.

The engine decides legality: an accepted move the rules refuse is refused with the rules'
message. Every move, expected or scripted, is checked by ``validate`` (the unit tests run it
for every lesson): a rules change that breaks a lesson fails the tests, and so does a rules
version the lesson was not written for (play it through, fix it, bump its ``rules``).

Highlights: every element whose spot is in the step's ``spots`` or in a ``click`` of its
``expect`` gets the class ``lesson-spot`` (an outline and a marker, not colour alone) and
``aria-describedby`` naming a line that says the lesson points there; the step's text is in
a live region, so a screen reader reads each new step.

The lesson is a part of the game's session (``LessonScript``, ``Session.script``): the
frame's header, stage and log are the game's; the prompt region shows the step ("3 / 14"),
Next, Restart and Skip lesson. Nothing is saved as a game; progress is
(``storage.Lessons``), after each step, so a reload resumes at the same step: the match is
rebuilt by replaying the steps before it with the learner's stored moves. At the end, "Play
your first game" starts the game's default setup against the easiest computers, and the
shelf marks the lesson done.

Scripted moves are played through ``Session.play`` on timers. The moves that make themselves
(``Game.automatic``: Bossa's draw) are never written in a lesson: they are made at once, for
every seat, as in ``Session.settle``. A real-time game's clock is
held in a lesson (``bodoge.ui.realtime``): every move carries the earliest time the rules
allow, so the lesson's moves replay exactly.
"""

import hashlib
import importlib

from ..core.canon import canonical_json
from ..core.errors import IllegalMove
from ..core.match import Match
from ..games import get_game, is_known
from .games import game_ui
from .html import Node, h
from .play import overlay, phrased_text
from .storage import SPEEDS, LessonProgress, Slot

SPOT_CLASS = "lesson-spot"
LOOK_ID = "lesson-look"             # the line a highlighted element's aria-describedby names
_DATA = {}


class LessonError(Exception):
    """A lesson that does not fit its game (``validate``)."""


def lesson_data(game_id):
    """``LESSON`` of ``bodoge.games.<game_id>.lesson``, or None if the game has none."""
    if game_id not in _DATA:
        data = None
        if is_known(game_id):
            name = f"bodoge.games.{game_id}.lesson"
            try:
                data = importlib.import_module(name).LESSON
            except ModuleNotFoundError as e:
                if e.name != name:
                    raise
        _DATA[game_id] = data
    return _DATA[game_id]


def text_of(t, text, touch=False):
    """A step's text (a key, or [key, params]) in the language of ``t``. On a touch screen
    (``touch``) the key's ``<key>.touch`` wording where the game has one: it says "tap" and
    names the buttons, never "click", a key, "Esc" or "Space"."""
    key, params = text_keys(text)
    if touch:
        worded = t(f"{key}.touch", **params)
        if worded != f"{key}.touch":          # ``t`` gives the key itself for a missing string
            return worded
    return t(key, **params)


def text_keys(text):
    """(key, params) of a step's text."""
    if isinstance(text, (list, tuple)):
        return text[0], dict(text[1])
    return text, {}


class Lesson:
    """One game's lesson: its data and what is derived from it."""

    def __init__(self, game_id, data):
        self.game_id = game_id
        self.data = data
        self.steps = data["steps"]
        self.learner = data["seats"].index(None)
        self.sig = hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()[:16]

    @classmethod
    def of(cls, game_id):
        data = lesson_data(game_id)
        return None if data is None else cls(game_id, data)

    @property
    def total(self):
        return len(self.steps)

    def seats(self):
        return [{"name": "", "bot": level} for level in self.data["seats"]]

    def new_match(self):
        return Match.new(self.game_id, self.data["options"], self.data["seed"],
                         {"seats": self.seats(), "lesson": self.game_id})

    @staticmethod
    def accepts(step, move):
        """The entry of ``step``'s ``expect`` that ``move`` matches, or None: equal to its
        move, but for the fields it names ``free`` (present or not)."""
        if not isinstance(move, dict):
            return next((e for e in step.get("expect", ()) if e["move"] == move), None)
        for entry in step.get("expect", ()):
            want = entry["move"]
            if not isinstance(want, dict):
                continue
            free = set(entry.get("free", ()))
            if ({k: v for k, v in move.items() if k not in free}
                    == {k: v for k, v in want.items() if k not in free}):
                return entry
        return None

    @staticmethod
    def spots(step):
        """What the step highlights: its ``spots``, then what its moves click, in order."""
        out = list(step.get("spots", ()))
        for entry in step.get("expect", ()):
            for action in entry["do"]:
                if "click" in action and action["click"] not in out:
                    out.append(action["click"])
        return out

    def keeps_summary(self, i):
        """Whether a round summary that is up stays up when step ``i`` is done: yes, unless
        moves of the next round follow (its own ``then``, or a move the next step asks for)."""
        following = self.steps[i + 1] if i + 1 < self.total else {}
        return not self.steps[i].get("then") and "expect" not in following

    def rebuild(self, progress):
        """The match at ``progress`` (the steps before ``progress.step`` played, with the
        learner's stored moves) and the round-ending event whose summary is up then (or
        None); None if the progress does not fit this lesson (it then starts over)."""
        if progress is None or progress.sig != self.sig or not 0 <= progress.step < self.total:
            return None
        gui = game_ui(self.game_id)
        match = self.new_match()
        moves = list(progress.moves)
        pause = None
        try:
            for i, step in enumerate(self.steps[:progress.step]):
                if pause is not None and not self.keeps_summary(i):
                    pause = None
                mark = len(match.view(self.learner)["log"])
                if "expect" in step:
                    if not moves or self.accepts(step, moves[0]) is None:
                        return None
                    match.play(self.learner, moves.pop(0))
                    match.settle()
                for seat, move in step.get("then", ()):
                    match.play(seat, move)
                    match.settle()
                ended = [e for e in match.view(self.learner)["log"][mark:] if gui.ends_round(e)]
                if ended and not match.over:
                    pause = ended[-1]
        except IllegalMove:
            return None
        if moves:
            return None
        return match, pause


def validate(lesson: Lesson, tables):
    """Check a lesson against its game and its strings (``tables``: {"en": ..., "ja": ...});
    raises ``LessonError`` saying what is wrong. Replays every step through the engine: the
    learner is to move where a step expects a move and every expected move is legal there,
    every scripted move is legal in its turn, and a step that follows the end of a round
    expects no move (the round summary is up: Next goes on)."""
    import string

    data, game = lesson.data, get_game(lesson.game_id)
    gui = game_ui(lesson.game_id)
    if data.get("rules") != game.rules_version:
        raise LessonError(f"the lesson was written for rules version {data.get('rules')}, the "
                          f"game is at {game.rules_version}: play it through and update it")
    if data["seats"].count(None) != 1:
        raise LessonError("one seat (None) is the learner's")
    match = lesson.new_match()
    if game.num_players(match.state) != len(data["seats"]):
        raise LessonError("one seat per player")
    levels = [lvl for lvl in data["seats"] if lvl is not None]
    if any(lvl not in game.bot_levels for lvl in levels):
        raise LessonError("a computer seat names a bot level the game does not have")

    def check_text(text, where):
        key, params = text_keys(text)
        for lang in ("en", "ja"):
            if key not in tables[lang]:
                raise LessonError(f"{where}: no {lang} text {key!r}")
            if (f"{key}.touch" in tables["en"]) != (f"{key}.touch" in tables["ja"]):
                raise LessonError(f"{where}: {key!r} has a touch wording in one language only")
            fields = {f for _, f, _, _ in string.Formatter().parse(tables[lang][key]) if f}
            if fields - set(params):
                raise LessonError(f"{where}: {key!r} needs {sorted(fields - set(params))}")

    def check_actions(actions, where):
        if not isinstance(actions, list) or not actions:
            raise LessonError(f"{where}: actions are a non-empty list")
        for action in actions:
            if not (isinstance(action, dict) and len(action) == 1
                    and ("click" in action or "key" in action)
                    and isinstance(next(iter(action.values())), str)):
                raise LessonError(f"{where}: an action is {{'click': spot}} or {{'key': key}}")

    known = {"text", "spots", "expect", "hint", "then", "quick", "wrong"}
    after_round = False
    wrong = 0
    for i, step in enumerate(lesson.steps):
        where = f"step {i + 1}"
        if set(step) - known:
            raise LessonError(f"{where}: unknown fields {sorted(set(step) - known)}")
        check_text(step["text"], where)
        if "hint" in step:
            check_text(step["hint"], where + " hint")
        expect = step.get("expect")
        if expect is not None:
            if after_round:
                raise LessonError(f"{where}: a round has just ended; the step after it is read "
                                  "(no expect), and its Next starts the next round")
            if not expect or "hint" not in step:
                raise LessonError(f"{where}: expect needs at least one move and a hint")
            if lesson.learner not in match.to_move():
                raise LessonError(f"{where}: the learner is not to move here")
            for entry in expect:
                check_actions(entry.get("do"), where)
                try:
                    game.check(match.state, lesson.learner, entry["move"])
                except IllegalMove as e:
                    raise LessonError(f"{where}: {entry['move']!r} is illegal: {e}") from None
            if "wrong" in step:
                check_actions(step["wrong"], where + " wrong")
                wrong += 1
        elif "wrong" in step:
            raise LessonError(f"{where}: wrong needs expect")
        mark = len(match.view(None)["log"])
        if expect:
            match.play(lesson.learner, expect[0]["move"])
            match.settle()
        for n, (seat, move) in enumerate(step.get("then", ())):
            if seat not in match.to_move():
                raise LessonError(f"{where}: scripted move {n + 1} is for seat {seat}, not to move")
            try:
                match.play(seat, move)
                match.settle()
            except IllegalMove as e:
                raise LessonError(f"{where}: scripted move {n + 1} {move!r} is illegal: {e}") from None
        after_round = (not match.over
                       and any(gui.ends_round(e) for e in match.view(None)["log"][mark:]))
    if not wrong:
        raise LessonError("no step has a wrong try (the tests need one)")
    if not lesson.steps or "expect" in lesson.steps[-1]:
        raise LessonError("the last step is read (no expect): it closes the lesson")
    return match


def mark_spots(node, spots):
    """``node`` (a tree of ``html.h`` nodes) with every element whose ``data-spot`` is in
    ``spots`` highlighted (class ``lesson-spot``, described by the lesson's line)."""
    if not spots:
        return node
    if isinstance(node, (list, tuple)):
        return [mark_spots(child, spots) for child in node]
    if not isinstance(node, Node):
        return node
    attrs = node.attrs
    spot = attrs.get("data_spot", attrs.get("data-spot"))
    if spot in spots:
        attrs = dict(attrs)
        key = "class_" if "class_" in attrs or "class" not in attrs else "class"
        attrs[key] = f"{attrs.get(key) or ''} {SPOT_CLASS}".strip()
        dkey = "aria-describedby" if "aria-describedby" in attrs else "aria_describedby"
        named = (attrs.get(dkey) or "").split()
        if LOOK_ID not in named:                 # kept beside what it was described by
            attrs[dkey] = " ".join(named + [LOOK_ID])
    return Node(node.tag, attrs, tuple(mark_spots(child, spots) for child in node.children))


def open_lesson(app, game_id):
    """The lesson's session for ``game_id``, at the learner's stored progress (or its start)."""
    from .session import Session

    lesson = Lesson.of(game_id)
    stored = app.lessons.get(game_id)
    built = lesson.rebuild(stored)
    done = bool(stored and stored.done)
    if built is None:
        match, pause, step, moves = lesson.new_match(), None, 0, []
    else:
        (match, pause), step, moves = built, stored.step, list(stored.moves)
    slot = Slot(f"lesson-{game_id}", game_id, "", 0, 0)       # never stored
    return Session(app, slot, match, script=LessonScript(lesson, step, moves, done, pause))


def first_game(app, game_id):
    """Start the game's default setup: the learner against the easiest computers."""
    gui = game_ui(game_id)
    game = gui.game
    options = game.options(gui.options_from_setup(gui.default_setup()))
    level = "easy" if "easy" in game.bot_levels else game.bot_levels[0]
    n = gui.game_players(options)
    seats = [{"name": "", "bot": None}] + [{"name": "", "bot": level} for _ in range(n - 1)]
    app.start_game(game_id, options, seats)


class LessonScript:
    """A lesson, as a part of the session that plays it (``Session.script``): it vets the
    learner's moves (``vet``), plays the computers' moves itself (``then``), keeps the
    progress, and draws its bar, highlights and end (see the module doc)."""

    def __init__(self, lesson, step, moves, done, pause=None):
        self.lesson = lesson
        self.at = step                   # the step shown (or next, while ``queue`` plays)
        self.moves = list(moves)         # the learner's accepted moves, one per move step
        self.done_before = done          # finished once already
        self.queue = []                  # scripted moves still to play after a step
        self.quick = False
        self.scripting = False
        self.finished = False
        self.token = 0
        self.pause = pause               # the summary up when the lesson was left
        self.session = None
        self.room_made = None            # (language, touch), the bar's room for the longest texts

    def attach(self, session):
        """Resume: the round summary that was up when the lesson was left (as the game's UI
        would show it now)."""
        self.session = session
        if self.pause is not None:
            view, ctx = session.match.view(None), session.ctx(None)
            session.pause = (session.gui.reopened(view, ctx)
                             or session.gui.pause_for(view, [self.pause], ctx))

    @property
    def app(self):
        return self.session.app

    # --- the steps -----------------------------------------------------------------------------
    def step(self):
        return None if self.finished or self.at >= self.lesson.total else self.lesson.steps[self.at]

    def save_progress(self):
        self.app.lessons.put(self.lesson.game_id, LessonProgress(self.lesson.sig, self.at, self.moves,
                                                                 self.done_before))

    def complete(self):
        """The step is done (read, or its move made): remember it, then play its scripted
        moves and show the next step."""
        step = self.step()
        self.at += 1
        self.queue = [list(m) for m in step.get("then", ())]
        self.quick = bool(step.get("quick"))
        self.session.error = None
        if self.at < self.lesson.total:
            self.save_progress()
        self.token += 1
        self.pump()

    def pump(self):
        """Play the next scripted move after the bot delay, or show the step."""
        if self.queue:
            ms = SPEEDS[self.app.settings.speed]
            if self.quick:
                ms = min(ms, SPEEDS["fast"])
            token = self.token
            self.app.host.later(ms, lambda: self.play_scripted(token))
        elif self.at >= self.lesson.total:
            self.finish()
        else:
            self.show_step()

    def play_scripted(self, token):
        if self.session.closed or token != self.token or not self.queue:
            return
        seat, move = self.queue.pop(0)
        self.scripting = True
        try:
            played = self.session.play(seat, move)
        finally:
            self.scripting = False
        if not played:        # the tests replay every lesson: only a broken lesson gets here
            raise IllegalMove(f"lesson {self.lesson.game_id}: scripted move {move!r} refused")
        self.pump()

    def show_step(self):
        step = self.step()
        self.app.focus_next = "lesson-next" if "expect" not in step else "prompt"
        self.app.refresh()

    def finish(self):
        self.finished = True
        self.at = self.lesson.total
        self.app.lessons.put(self.lesson.game_id, LessonProgress(self.lesson.sig, 0, [], True))
        self.app.focus_next = "lesson-end-heading"
        self.app.refresh()

    # --- the learner's moves -------------------------------------------------------------------
    def vet(self, seat, move):
        """None if the step accepts the learner's ``move`` (the rules still decide); else the
        hint to show. The lesson's own scripted moves pass."""
        if self.scripting:
            return None
        step = self.step()
        if step is None or self.queue or seat != self.lesson.learner:
            return "lesson.wait" if self.queue else "lesson.next_hint"
        if self.lesson.accepts(step, move) is None:
            return step.get("hint", "lesson.next_hint")
        return None

    def played(self, seat, move):
        if not self.scripting:
            self.moves.append(move)
            self.complete()

    def refuse(self, hint):
        """Say ``hint`` in the refusal's line; the game is untouched, and a choice in progress
        (a card picked) is put down, so the learner starts the move again."""
        s = self.session
        s.error = text_of(s.t, hint, s.touch)
        s.sel = s.gui.selection()
        self.app.refresh()
        return False

    def next(self):
        """Next (a step that is only read), or Next round while a summary is up."""
        s = self.session
        step = self.step()
        if step is None or self.queue:
            return
        if "expect" in step:
            self.refuse(step["hint"])
            return
        if s.pause is not None and not self.lesson.keeps_summary(self.at):
            s.pause = None                # the next round starts: its moves come
            s.overlay_hidden = False
            s.advance()
        self.complete()

    def input(self, action, arg):
        """The lesson's buttons; whether ``action`` was one of them (or is not for a lesson
        that is over)."""
        app = self.app
        if action == "lesson-next" or (action == "next-round" and self.session.pause is not None):
            self.next()
        elif action == "lesson-restart":
            app.lessons.put(self.lesson.game_id, LessonProgress(self.lesson.sig, 0, [],
                                                                self.done_before or self.finished))
            app.focus_next = "prompt"
            app.route(f"#/learn/{self.lesson.game_id}")
        elif action == "lesson-skip":
            app.go(f"#/new/{self.lesson.game_id}")
        elif action == "lesson-play":
            first_game(app, self.lesson.game_id)
        else:
            return self.finished
        return True

    # --- drawing -------------------------------------------------------------------------------
    def prompt(self, view, ctx):
        """The prompt region: the step ("3 / 14") and its text, Next, Restart, Skip lesson."""
        t = self.session.t
        step = self.step()
        count = min(self.at + 1, self.lesson.total)
        if self.finished:
            text = t("lesson.finished")
        elif self.queue:
            seat = self.queue[0][0]
            text = (t("lesson.for_you") if seat == self.lesson.learner
                    else t("play.waiting", name=ctx.name(seat)))
        else:
            text = text_of(t, step["text"], self.session.touch)
        buttons = []
        if step is not None and not self.queue and "expect" not in step:
            buttons.append(h("button", {"type": "button", "class_": "button primary", "id": "lesson-next",
                                        "data_act": "lesson-next"},
                             t("lesson.done" if self.at + 1 == self.lesson.total else "lesson.next")))
        buttons.append(h("button", {"type": "button", "class_": "button", "id": "lesson-restart",
                                    "data_act": "lesson-restart"}, t("lesson.restart")))
        if not self.finished:
            buttons.append(h("button", {"type": "button", "class_": "button subtle", "id": "lesson-skip",
                                        "data_act": "lesson-skip"}, t("lesson.skip")))
        total = self.lesson.total
        return h("div", {"class_": "lesson-bar", "id": "lesson", "data_step": str(count),
                         "data_busy": "1" if self.queue else None},
                 h("div", {"class_": "lesson-text", "aria_live": "polite", "aria_atomic": "true"},
                   h("p", {"id": "prompt", "class_": "prompt", "tabindex": "-1"},
                     h("span", {"class_": "lesson-count"},
                       h("span", {"aria_hidden": "true"}, f"{count} / {total}"),
                       h("span", {"class_": "offscreen"}, t("lesson.count", i=count, n=total))),
                     " ", phrased_text(self.session, text)),
                   *self.room(total)),
                 h("p", {"id": LOOK_ID, "hidden": True}, t("lesson.look")),
                 h("div", {"class_": "lesson-actions"}, buttons))

    ROOM = 3          # the longest steps whose text the bar keeps room for

    def room(self, total):
        """The bar's room for the lesson's longest texts, kept at every step so that what is
        under it stays put from step to step (on a phone the table: the texts run from two
        lines to seven there; on a wide screen, where the bar heads the side column, its
        buttons and the moves): the longest few, laid out unseen in the prompt's own cell
        (web/css/lesson.css)."""
        t, touch = self.session.t, self.session.touch
        key = (self.session.app.i18n.lang, touch)
        if self.room_made is None or self.room_made[0] != key:   # once a language and screen
            texts = sorted((text_of(t, step["text"], touch) for step in self.lesson.steps),
                           key=len, reverse=True)[:self.ROOM]
            self.room_made = (key, [h("p", {"class_": "prompt lesson-room", "aria_hidden": "true"},
                                      h("span", {"class_": "lesson-count"}, f"{total} / {total}"),
                                      " ", phrased_text(self.session, text)) for text in texts])
        return self.room_made[1]

    def mark(self, board):
        """The board with the step's spots highlighted (none while scripted moves play)."""
        step = self.step()
        if step is None or self.queue:
            return board
        return mark_spots(board, set(Lesson.spots(step)))

    def end_overlay(self):
        t = self.session.t
        game = self.lesson.game_id
        actions = [h("button", {"type": "button", "class_": "button primary", "id": "lesson-play",
                                "data_act": "lesson-play"}, t("lesson.first_game")),
                   h("button", {"type": "button", "class_": "button", "data_act": "lesson-restart"},
                     t("lesson.again")),
                   h("a", {"class_": "button", "href": "#/"}, t("play.shelf"))]
        body = [h("p", {}, t("lesson.end_body")),
                h("p", {}, h("a", {"href": f"#/rules/{game}"}, t("lesson.end_rules")))]
        return overlay("lesson-end", t("lesson.end_title"), "lesson-end-heading", body, actions)
