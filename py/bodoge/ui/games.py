"""What every game's UI module (``bodoge.ui.<game>``) provides, with shared defaults.

A game UI renders its board from a *view* (never from the state) and turns the player's
actions into moves; the engine decides whether a move is legal.
"""

import importlib

from ..games import get_game, info
from .html import h


def game_ui(game_id: str):
    """A game's UI (``bodoge.games.<id>.ui``): it lives in the game's folder, beside its
    rules, bots, strings and stylesheet."""
    return importlib.import_module(f"bodoge.games.{game_id}.ui").UI


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

    def name(self, seat):
        return self.names[seat]

    def say(self, key, seat, **params):
        """``key`` about ``seat``; uses ``key.you`` when that seat is the viewer and the language
        words it differently (English: "You deal." rather than "You deals.")."""
        if seat == self.viewer and self.i18n.has_own(f"{key}.you"):
            key = f"{key}.you"
        return self.t(key, name=self.names[seat], **params)

    def whose(self, seat):
        """Possessive: "Aki's" / "your" (ja: 「Akiの」/「あなたの」)."""
        if seat == self.viewer:
            return self.t("seat.whose_you")
        return self.t("seat.whose", name=self.names[seat])


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

    def game_players(self, options) -> int:
        return options["players"]

    def title(self, seats, i18n, options) -> str:
        """The save slot's title (the shelf lists it): who plays, by default."""
        return " · ".join(seat_name(i18n, seats, s) for s in range(len(seats)))

    # --- play ----------------------------------------------------------------------------------
    def make_screen(self, app, slot, match):
        """The game screen. Turn-based and simultaneous games use the shared ``PlayScreen``; a
        game with another flow (real time) returns its own screen (same ``render``/``act``/
        ``key``/``close`` methods)."""
        from .play import PlayScreen

        return PlayScreen(app, slot, match)

    def private(self, view) -> bool:
        """Whether the person to move may see what the others may not (``view`` is the public,
        spectator view). Hot-seat shows a hand-over screen between two people only then; a game
        with open hands answers False (at least once its hands are open)."""
        return True

    def board(self, view, sel, ctx):
        raise NotImplementedError

    def prompt(self, view, sel, ctx) -> str:
        raise NotImplementedError

    def act(self, action, arg, view, sel, ctx):
        """A click on the board: return a move to play, or None (``sel`` may change)."""
        return None

    def key(self, key, view, sel, ctx):
        """A key press: a move, True if handled without a move, or None."""
        return None

    def describe(self, event, ctx) -> str | None:
        """One log line (and announcement) for a view's log event."""
        return None

    def ends_round(self, event) -> bool:
        """Whether this log event ends a round (the screen then pauses on ``round_summary``)."""
        return False

    def round_summary(self, event, ctx):
        """The panel shown when a round ends."""
        return None

    def result(self, view, ctx):
        raise NotImplementedError

    def rules(self, t):
        raise NotImplementedError


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
    """Seat settings from a record's meta, made safe (it came from a code anyone can edit)."""
    raw = meta.get("seats") if isinstance(meta, dict) else None
    raw = raw if isinstance(raw, list) else []
    seats = []
    for s in range(players):
        item = raw[s] if s < len(raw) and isinstance(raw[s], dict) else {}
        name = item.get("name")
        bot = item.get("bot")
        seats.append({"name": name[:24] if isinstance(name, str) else "",
                      "bot": bot if bot in levels else None})
    return seats


def game_name(i18n, game_id):
    g = info(game_id)
    return g.name_ja if i18n.lang == "ja" else g.name_en
