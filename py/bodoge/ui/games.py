"""What every game's UI (``bodoge.games.<game>.ui``) provides, with shared defaults: the
contract between a game and the midend (the session, ``bodoge.ui.session``, drawn by the
play screen, ``bodoge.ui.play``: "the frame").

A game UI renders its board from a *view* (never from the state) and turns the player's
input into moves; the engine decides whether a move is legal. Input: each ``data-act`` the
game's markup carries is declared once, by an ``@action`` method (``act`` dispatches to it);
a key press goes to ``key``. Both get the player's choice in progress, ``sel``: the game's
own small object (``selection``), which the session keeps and clears after a move. Both answer
with a move, a ``Move`` (a move of another person at the device), an ``Action`` (one of the
session's: "pause", "next-round"), True (``sel`` changed: redraw) or None; ``ctx.error``
shows a refusal without a move, ``ctx.focus`` asks for focus.

The frame (one screen, no document scroll at 1280×800 or 390×844)::

    header      game name; Share, Rules, Moves (phones), All games, language
    prompt      data-region="prompt": ``GameUI.prompt``, and a reserved line for a refusal
    stage       the board area: ``GameUI.board`` fills it; the result and round overlays
                cover it; on phones the log opens over it as a drawer
    log         data-region="log": ``describe`` lines grouped by ``log_group``, numbered;
                a side panel on wide screens

What a game's markup must do (see ``GameUI.board``): mark its regions (``data-region="table"``,
``"hand"``, ``"players"``), size itself to the stage with container query units, and flag new
elements with ``data-fx`` for motion. The frame owns the overlays' headings, placings and
buttons; the game gives their bodies (``round_summary``, ``result``).

A real-time game (``Game.realtime``: Play Me!) sits in the same frame: the session runs its
clock (``bodoge.ui.realtime``; ``ctx.clock``), its ``prompt`` draws the whole prompt region
(there are no turns) and its ``act``/``key`` may answer for any person at the device
(``Move``) or ask the session for one of its own actions (``Action``: "pause",
"next-round").

Replays (``bodoge.ui.replay``) draw the table of any position with ``replay_board`` (by
default ``board`` with no selection and ``ctx.replay`` set; the stage is inert).
The frame reserves the keys U and Ctrl+Z (take back) on the play screen, and ← → Home End in
a replay.

Analysis (training games against computers, and replays): ``analysis(view, seat, ctx)``
fills the Analysis panel above the log; by default there is none and the panel is hidden.

Rounds: after a move the session asks ``pause_for`` whether a round ended (by default: a log
event ``ends_round`` says so) and shows its ``round_heading`` and ``round_summary`` until the
player goes on (``next_round_move``: a move that starts the next round, in a game that deals
it on demand). While the summary shows, ``ctx.pause`` is that event: draw the ended round from
it, not from the state (which may hold the next round's deal).
"""

import importlib
import os
import pkgutil
from typing import NamedTuple

from .. import games as games_package
from ..games import get_game, info, is_known
from .html import h


def game_ui(game_id: str):
    """A game's UI (``bodoge.games.<id>.ui``): it lives in the game's folder, beside its
    rules, bots, strings and stylesheet."""
    return importlib.import_module(f"bodoge.games.{game_id}.ui").UI


class Move(NamedTuple):
    """What ``GameUI.act``/``key`` return for a move of a seat other than the viewer (two
    people at one keyboard in a real-time game); ``seat`` None: the session's choice."""
    seat: int | None
    move: object


class Action(NamedTuple):
    """What ``GameUI.act``/``key`` return to ask the session for one of its own actions
    ("pause", "next-round")."""
    name: str
    arg: str = ""


def action(*names):
    """Declare a ``GameUI`` method as the handler of the ``data-act`` ``names``: it is called
    as ``handler(arg, view, sel, ctx)`` (``ctx.acted``: which of its names) and answers as
    ``GameUI.act`` does."""
    def declare(fn):
        fn.handles = names
        return fn
    return declare


_HANDLERS = {}


def handlers(cls):
    """{action: handler} of a ``GameUI`` class, from its ``@action`` methods (and its bases')."""
    table = _HANDLERS.get(cls)
    if table is None:
        table = {}
        for klass in reversed(cls.__mro__):
            for fn in vars(klass).values():
                for name in getattr(fn, "handles", ()):
                    table[name] = fn
        _HANDLERS[cls] = table
    return table


class Ctx:
    """What a game UI needs to render: translations, seat names and who is looking."""

    def __init__(self, i18n, names, viewer, humans, motion="auto"):
        self.i18n = i18n
        self.t = i18n.t
        self.names = names            # display name per seat
        self.viewer = viewer          # the seat whose view is shown (None: spectator)
        self.humans = humans          # seats played by people
        self.motion = motion
        self.focus = None             # a game UI may ask to move focus to this element id
        self.fresh_from = None        # log index where the latest move began (to animate it)
        self.pause = None             # the round-ending event while its summary shows (or None)
        self.log_prev = None          # for ``log_group``: the event before the one asked about
        self.rounds_done = 0          # for ``log_group``: round-ending events before it
        self.replay = False           # drawn for a replay: a position to look at, no input
        self.played = None            # for ``analysis``: the seat's latest move (``Played``)
        self.result_pick = None       # for ``result``: the part the player opened (``result_part``)
        self.clock = None             # a real-time game's clock (``bodoge.ui.realtime.RealTime``)
        self.memory = None            # what the game's UI keeps between moves (``GameUI.memory``)
        self.earlier = None           # the spectator view before the latest move (a callable)
        self.error = None             # ``act``/``key``: a refusal to show, without a move
        self.acted = None             # ``act``: the action being handled (one handler, several names)
        self.confirm = False          # moves that cannot be taken back wait for Confirm (a setting)
        self.pending = None           # the move waiting for Confirm (show what it will do)
        self.touch = False            # a touch screen: say "tap", never "click", "Esc" or "Space"
        self.lesson = False           # a lesson's script vets the moves (its hint says why not)
        self.you = None               # a replay of this device's game: the one person, "you" in words

    def name(self, seat):
        return self.names[seat]

    def is_you(self, seat):
        """Whether ``seat`` is "you" in words: the viewer, or (a replay of this device's game
        showing everything) the one person who played it."""
        return seat is not None and seat in (self.viewer, self.you)

    def say(self, key, seat, **params):
        """``key`` about ``seat``; uses ``key.you`` when that seat is the viewer and the language
        words it differently (English: "You deal." rather than "You deals.")."""
        if self.is_you(seat) and self.i18n.has_own(f"{key}.you"):
            key = f"{key}.you"
        return self.t(key, name=self.names[seat], **params)

    def whose(self, seat):
        """Possessive: "Aki's" / "your" (ja: 「Akiの」/「あなたの」)."""
        if self.is_you(seat):
            return self.t("seat.whose_you")
        return self.t("seat.whose", name=self.names[seat])


class Played:
    """For ``GameUI.analysis``: the analysed seat's latest move up to the position shown:
    ``before`` is that seat's own view of the position it moved from (nothing more), ``move``
    the move, ``index`` its place in the record (0 = the first move), ``last`` whether it is
    the move that led to the position shown."""

    def __init__(self, before, move, index, last):
        self.before = before
        self.move = move
        self.index = index
        self.last = last


class GameUI:
    game_id = ""

    @property
    def game(self):
        return get_game(self.game_id)

    # --- new-game form -------------------------------------------------------------------------
    def default_setup(self) -> dict:
        return {"players": self.game.min_players}

    def player_choices(self):
        return range(self.game.min_players, self.game.max_players + 1)

    def option_fields(self, values, t):
        choices = list(self.player_choices())
        if len(choices) == 1:
            return h("p", {}, t("setup.players_fixed", n=choices[0]))
        return h("label", {}, t("setup.players"), " ",
                 h("select", {"name": "players", "id": "players", "data_act": "setup-change"},
                   [h("option", {"value": str(n), "selected": values["players"] == n}, str(n))
                    for n in choices]))

    def setup_values(self, form, values) -> dict:
        new = dict(values)
        for key, value in form.items():
            new[key] = value
        try:
            players = int(new.get("players", values["players"]))
        except (TypeError, ValueError):
            players = values["players"]
        new["players"] = players if players in self.player_choices() else values["players"]
        return new

    def options_from_setup(self, values) -> dict:
        return {"players": values["players"]}

    def setup_bot_levels(self, values):
        """The computer levels the New game form offers for each seat with these values: the
        game's (``Game.bot_levels``); none (no computer seat, no Training) for a mode that
        is not played against computers (algo's 詰めアルゴ)."""
        return self.game.bot_levels

    def setup_meta(self, values) -> dict:
        """What the New game form sets besides the rules' options and the seats, for the
        record's meta (e.g. Play Me!'s reaction time of the computers): none by default."""
        return {}

    def game_players(self, options) -> int:
        return options["players"]

    def title(self, seats, i18n, options) -> str:
        """The save slot's title (the shelf lists it): who plays, by default."""
        return " · ".join(seat_name(i18n, seats, s) for s in range(len(seats)))

    # --- play ----------------------------------------------------------------------------------
    def opened(self, app):
        """The game is opened on this page (a game may install what its input needs)."""

    # --- what the session keeps for the game's UI -----------------------------------------------
    def selection(self, old=None, seat=None):
        """The player's choice in progress, as this game keeps it (``sel`` in ``board``,
        ``prompt``, ``act`` and ``key``): a new, empty one, or (after ``seat``'s move) what
        stays of ``old``. Default: a dict."""
        return {}

    def memory(self, view):
        """What the game's UI keeps about the game between moves (its motion's keys), made
        from the spectator view when the game is opened; None: nothing (``ctx.memory``)."""
        return None

    def moved(self, memory, view, seat, move):
        """After each move, with the spectator view after it (keep ``memory`` up to date)."""

    def pause_for(self, view, events, ctx):
        """The round summary to show after a move that wrote ``events`` (``view`` after it),
        or None: by default the last round-ending event (``ends_round``), unless the game is
        over."""
        if view.get("outcome") is not None:
            return None
        return next((e for e in reversed(events) if self.ends_round(e)), None)

    def pause_ends(self, view) -> bool:
        """Whether a round summary that is up gives way now (someone else started the next
        round of a real-time game)."""
        return False

    def reopened(self, view, ctx):
        """The round summary to show when a game is opened (one reopened just after a round
        ended), or None."""
        return None

    def next_round_move(self, view, ctx):
        """The move that starts the next round when the player goes on (``Move``; a real-time
        game's "ready"), or None: the next round is already dealt."""
        return None

    # Take back (one person against computers): True shows the button whenever the person has
    # moved, greyed and saying why when the latest move cannot be taken back; False shows it
    # only when it can be used, for a game whose moves almost never can (algo: a declaration is
    # answered at once), rather than a button that is always grey. U still says why not.
    takeback_greyed = True

    def confirms(self, view, move, ctx):
        """Whether ``move`` waits for Confirm when moves are confirmed (``ctx.confirm``): True,
        False (the game's own flow already asked), or None: as the rules say (a move that
        cannot be taken back waits)."""
        return None

    def share_extra(self, match, t):
        """More for the Share dialog (above the codes), or None."""
        return None

    def copy_text(self, kind, match):
        """What Copy of ``kind`` (a button's ``data-arg`` in ``share_extra``) puts on the
        clipboard; None: the save code."""
        return None

    def private(self, view) -> bool:
        """Whether the person to move may see what the others may not (``view`` is the public,
        spectator view). Hot-seat shows a hand-over screen between two people only then; a game
        with open hands answers False (at least once its hands are open)."""
        return True

    def board(self, view, sel, ctx):
        """The table, drawn into the frame's stage (``.board-wrap``).

        * **Size.** The stage has a definite size and is a CSS size container
          (``container-type: size``): size the table with container query units (``cqi``,
          ``cqb``, ``cqmin``) so it fits the stage at any screen size without scrolling. (A
          table that does not fit yet scrolls inside the stage, never the page.)
        * **Regions.** Mark the table ``data-region="table"``, the viewer's own hand and
          controls ``data-region="hand"``, and the summaries of the other players
          ``data-region="players"`` (several elements may share a region); e2e tests check
          that each is inside the viewport (``tests/e2e/harness.assert_regions_in_view``).
        * **Spots.** Put ``data-spot="<name>"`` on every element a lesson may point at: each
          card, place, die, button or counter the player looks at or uses, named by what it
          is, never by markup (``card:1:3`` seat 1's fourth card, ``place:2``, ``deck``,
          ``num:5``, ``button:stay``; seats and positions as the rules number them). A spot
          that is clicked is the element with ``data-act`` itself (or inside it). A lesson
          (``bodoge.ui.lesson``) highlights spots by name; the game's tests and the lesson
          tests look them up by name; each name is on one element at a time. List a game's
          spots in its module docstring.
        * **Motion** (``web/morph.js``, ``web/css/base.css``): put ``data-fx`` on an element
          that should move when it appears (or gains the attribute): ``"flip"`` (a card turns
          face up), ``"drop"`` (a tile or piece is put down), ``"roll"`` (a die is rolled),
          ``"pop"`` (a marker or score appears), or ``"slide"`` with ``data-fx-key="<id>"``
          (the element glides from where the element with the same key was before this
          redraw: a card moving between places). Each takes at most 300 ms, never blocks
          input, and does nothing with reduced motion. ``--fx-delay`` (a CSS variable in a
          ``style``) staggers several. Flag only what ``ctx.fresh_from`` says is new (the
          log events from that index on came with the latest move), so a redraw does not
          replay it; give animated elements an ``id`` or a ``data-fx-key`` so the page patcher
          does not reuse a neighbour's node for them.
        * **Round summaries.** While a round summary shows, ``ctx.pause`` is the event that
          ended the round (``ends_round``); the state may already hold the next round's
          deal, so a game draws the ended round's final position from that event (put what
          is needed into the event) and nothing of the next round.
        """
        raise NotImplementedError

    def replay_board(self, view, ctx):
        """The table at one position of a replay: ``view`` is what the replay shows (a seat's
        view, the spectator view, or ``Game.reveal`` for a finished game: then
        ``ctx.viewer`` is None and everything is face up), ``ctx.replay`` is True, and the
        stage is inert (nothing can be clicked). ``ctx.fresh_from`` flags the events of the
        move just stepped to (stepping forward only), ``ctx.pause`` the round-ending event at
        the move that ended a round. Default: ``board`` with an empty selection; override to leave
        out controls that mean nothing in a replay."""
        return self.board(view, self.selection(), ctx)

    def analysis(self, view, seat, ctx):
        """The Analysis panel's body for a position, or None (no panel: the default).

        ``view`` holds only what ``seat`` may know: ``Game.view(state, seat)``, or the
        spectator view when ``seat`` is None (a replay of a game in progress shared as a code);
        use nothing else (no state, no other seat's view). Shown in training games (the
        person's own seat, on every position) and in replays (the seat picked, or the seat to
        move when a finished game is shown whole). Return markup (``h(...)``: numbers with
        words, e.g. each card's probabilities, expected points, the strong bot's preferred
        moves with win chances), or a generator that yields None now and then while it
        thinks and returns the markup (run in slices, like a thinking bot; a newer position
        drops it). ``ctx.played`` (a ``Played``, or None for a spectator or a seat that has
        not moved) lets the analysis judge the seat's latest move from what it knew then."""
        return None

    def prompt(self, view, sel, ctx) -> str:
        """The line in the prompt region while the viewer is to move: what to do now (a
        choice in progress may say what the move will do). One or two short lines."""
        raise NotImplementedError

    def act(self, action, arg, view, sel, ctx):
        """A click (``data-act``/``data-arg``) on the board or the prompt: a move to play
        (``Move`` for a person other than the viewer), an ``Action`` of the session's, True
        (``sel`` changed: redraw) or None (nothing). By default the handler declared for
        ``action`` with ``@action``; a game declares each of its actions once."""
        handler = handlers(type(self)).get(action)
        if handler is None:
            return None
        ctx.acted = action
        return handler(self, arg, view, sel, ctx)

    def key(self, key, view, sel, ctx):
        """A key press: a move, True if handled without a move, or None."""
        return None

    def describe(self, event, ctx) -> str | None:
        """One log line (and announcement) for a view's log event; None: not shown."""
        return None

    def kept_words(self, t) -> tuple:
        """The game's own words that a Japanese line never breaks inside, beside the seats'
        names (``bodoge.ui.phrases``): those a particle inside would split (「ハートの女王」).
        Default: none."""
        return ()

    def log_group(self, event, ctx) -> str | None:
        """The heading of a new group of log lines that starts with ``event`` (a round, a
        set, a game), or None if it continues the current group. ``ctx.log_prev`` is the
        event before it (None for the first) and ``ctx.rounds_done`` the number of
        round-ending events (``ends_round``) before it. The default starts "Round n" with the
        first event and after each round-ending event, in games that have rounds."""
        if type(self).ends_round is GameUI.ends_round:
            return None                           # no rounds: one list
        if ctx.log_prev is None or self.ends_round(ctx.log_prev):
            return ctx.t("play.log_round", n=ctx.rounds_done + 1)
        return None

    def ends_round(self, event) -> bool:
        """Whether this log event ends a round (the screen then pauses on ``round_summary``)."""
        return False

    def round_heading(self, event, ctx) -> str | None:
        """The round summary's heading, naming the round's winner first ("Aki wins round
        2"); None: the summary's body carries its own ``h2#round-title`` (the old way)."""
        return None

    def round_summary(self, event, ctx):
        """The body of the overlay shown when a round ends (the frame adds the heading from
        ``round_heading`` and the Next round button): what happened, with points."""
        return None

    def result_heading(self, view, outcome, ctx) -> str:
        """The result overlay's heading, naming the winner first: "Aki wins the game", "You
        win the game", "Aki and Ben share the win". Override for teams and the like."""
        return winners_text(ctx, outcome["winners"])

    lower_scores_win = False     # placings: True if a smaller score places higher

    def score_text(self, outcome, seat, ctx) -> str:
        """How ``seat``'s score reads in the placings (default: the number alone; say what
        it counts: "12 points", "3 tiles left")."""
        return str(outcome["scores"][seat])

    def result(self, view, ctx):
        """The body of the result overlay: the game's own breakdown (each round or set with
        points, bonuses by name and value). The frame gives the heading
        (``result_heading``), the placings (``score_text``) and the buttons: no heading
        here."""
        raise NotImplementedError

    def rules(self, t):
        raise NotImplementedError

    # --- the shelf -----------------------------------------------------------------------------
    def picture(self):
        """The game's picture on the shelf: an inline ``<svg>`` (``h("svg", ...)``) drawn here
        from the game's own pieces (no outside art), with a ``viewBox`` and no fixed size (the
        shelf sizes it), ``aria_hidden="true"`` (the card's text names the game), and no
        information by colour alone. None: no picture."""
        return None

    def progress(self, view, ctx) -> str | None:
        """One short line about a game in progress for its saved-game row on the shelf: where
        it stands, the scores, whose turn ("Set 2 of 4 · Aki 14, You 9 · your turn"). ``view``
        is the spectator view (nothing private), ``ctx`` gives names and language; the frame
        stores the line in both languages with every autosave. None: nothing to add."""
        return None


def result_part(ctx, index, summary, body, default=None, class_=None):
    """One part of a result to look at (a round's board, a set's breakdown) as a disclosure.
    One part is open at a time (``default`` until the player picks one), and only that part
    is drawn: ``body()`` is called for it alone, so a long game's end costs no more than one
    part (benchmarks/table.md). The summary is a button of the play screen's
    (``result-part``)."""
    shown = default if ctx.result_pick is None else ctx.result_pick
    is_open = index == shown
    return h("details", {"class_": f"result-part {class_}" if class_ else "result-part", "open": is_open},
             h("summary", {"id": f"result-part-{index}", "data_act": "result-part",
                           "data_arg": "-1" if is_open else str(index)}, summary),
             body() if is_open else None)


def joined(t, names):
    """"Aki", "Aki and Ben", "Aki, Ben and Cy" (ja: 「AkiとBen」)."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return t("list.sep").join(names[:-1]) + t("list.and") + names[-1]


def winners_text(ctx, winners):
    if len(winners) == 1:
        return ctx.say("result.wins", winners[0])
    return ctx.t("result.shared", names=joined(ctx.t, [ctx.name(s) for s in winners]))


def placings(outcome, lower_wins=False):
    """[(place, seat)] best first: the winners share 1st, then the others by score (ties
    share a place, the next place is skipped: 1st, 1st, 3rd)."""
    winners = list(outcome["winners"])
    scores = outcome["scores"]
    sign = 1 if lower_wins else -1
    rest = sorted((s for s in range(len(scores)) if s not in winners),
                  key=lambda s: (sign * scores[s], s))
    rows = [(1, s) for s in winners]
    for i, s in enumerate(rest):
        if i and scores[s] == scores[rest[i - 1]]:
            place = rows[-1][0]
        else:
            place = len(winners) + i + 1
        rows.append((place, s))
    return rows


def seat_name(i18n, seats, s):
    """The name shown for seat ``s``: the player's own, else a default by kind."""
    seat = seats[s] if s < len(seats) else {}
    name = str(seat.get("name") or "").strip()
    if name:
        return name
    humans = [i for i, x in enumerate(seats) if not x.get("bot")]
    if seat.get("bot"):
        return i18n.t("seat.bot", n=s + 1, level=i18n.t(f"level.{seat['bot']}"))
    if len(humans) == 1:
        return i18n.t("seat.you")
    return i18n.t("seat.player", n=s + 1)


def clean_seats(meta, players, levels):
    """Seat settings from a record's meta, made safe (it came from a code anyone can edit):
    a name, a bot level or None, and ``"remote": True`` for a seat played on another device
    (a guest's, on the host; every other seat, on a guest's device). Names are cleaned as a
    guest's are (``core.names``: nothing invisible or reordering)."""
    from ..core.names import clean_name

    raw = meta.get("seats") if isinstance(meta, dict) else None
    raw = raw if isinstance(raw, list) else []
    seats = []
    for s in range(players):
        item = raw[s] if s < len(raw) and isinstance(raw[s], dict) else {}
        name = item.get("name")
        bot = item.get("bot")
        seat = {"name": clean_name(name),
                "bot": bot if bot in levels else None}
        if item.get("remote") is True:
            seat["remote"] = True
        seats.append(seat)
    return seats


def progress_lines(match):
    """What the shelf shows about ``match`` in each language (``{"en": …, "ja": …}``), from
    the game's ``progress`` hook on the spectator view, seen by the one person playing (if
    one); for a finished game, the result's heading ("Aki wins the game"). None if the game has nothing to say. Never raises: a game's hook that fails must
    not stop a save (it is caught, and the line left out)."""
    from .i18n import I18n

    try:
        gui = game_ui(match.game.id)
        game = match.game
        n = game.num_players(match.state)
        seats = clean_seats(match.record.meta, n, game.bot_levels)
        humans = [s for s in range(n) if seats[s]["bot"] is None]
        viewer = humans[0] if len(humans) == 1 else None
        view = match.view(None)
        outcome = match.outcome()
        lines = {}
        for lang in ("en", "ja"):
            i18n = I18n(lang)
            ctx = Ctx(i18n, [seat_name(i18n, seats, s) for s in range(n)], viewer, humans)
            # a finished game names its winner first, in every game
            line = gui.result_heading(view, outcome, ctx) if outcome is not None else gui.progress(view, ctx)
            if line:
                lines[lang] = str(line)
        return lines or None
    except Exception:                     # noqa: BLE001 - see above
        return None


def game_name(i18n, game_id):
    g = info(game_id)
    return g.name_ja if i18n.lang == "ja" else g.name_en


def has_lesson(game_id) -> bool:
    """Whether the game has a lesson (``bodoge/games/<id>/lesson.py``; see ui/lesson.py),
    found without importing anything (in a folder, or in the zip the site imports from): the
    shelf asks at start-up, for every game."""
    folder = os.path.join(os.path.dirname(games_package.__file__), game_id)
    return is_known(game_id) and any(m.name == "lesson" for m in pkgutil.iter_modules([folder]))


def has_analysis(gui):
    """Whether a game's UI has an analysis (``GameUI.analysis`` overridden)."""
    return type(gui).analysis is not GameUI.analysis


def learn_link(t, game_id, status):
    """"Learn to play" (a guided first game), or "Continue the lesson" when it is under way."""
    label = t("lesson.continue" if status == "started" else "lesson.learn")
    return h("a", {"class_": "button subtle learn", "href": f"#/learn/{game_id}",
                   "id": f"learn-{game_id}"}, label)


def lesson_done(t, status):
    """A finished lesson's mark, in words (and a tick), not by colour."""
    return h("span", {"class_": "lesson-done"}, "✓ ", t("lesson.done_mark")) if status == "done" else None
