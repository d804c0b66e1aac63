"""The catalogue: the one list of games. Everything outside a game's own folder that needs to
know the games reads it: the shelf (names, players, blurbs, pictures), the string tables, the
build, the tools and the tests. Adding a game is its folder (``bodoge/games/<id>/`` and
``tests/games/<id>/``) and one entry here. Game modules are imported only when a game is opened.
"""

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    id: str
    name_ja: str
    name_en: str
    min_players: int
    max_players: int
    minutes: str      # playing time, e.g. "10"
    playable: bool    # False: listed on the shelf as "coming soon"
    blurb_en: str     # the shelf's line about the game, in each language
    blurb_ja: str
    # A quick whole game of bots (options, bot level), which tests and tools play when any
    # finished game will do (a replay, a save code, a benchmark's positions).
    demo: tuple

    def name(self, lang):
        return self.name_ja if lang == "ja" else self.name_en

    def blurb(self, lang):
        return self.blurb_ja if lang == "ja" else self.blurb_en

    @property
    def demo_options(self) -> dict:
        return dict(self.demo[0])

    @property
    def demo_level(self) -> str:
        return self.demo[1]


CATALOG = (
    GameInfo("algo", "アルゴ", "algo", 1, 4, "10", True,     # 1: 詰めアルゴ puzzles
             "Deduce the hidden numbers in your opponents' rows before they deduce yours.",
             "相手の列に伏せられた数字を、自分の数字より先に推理しよう。",
             demo=({"players": 3}, "normal")),
    GameInfo("alter", "オルタ", "ALTER", 3, 5, "20", True,
             "Change the future or watch it: four hidden cards, four Pick cards, one cascade.",
             "未来を変えるか、見るか。4枚の伏せ札と4枚のピックカードの読み合い。",
             demo=({"players": 4}, "normal")),
    GameInfo("alluvium", "アルヴィウム", "ALLUVIUM", 3, 5, "30", True,
             "Draw on each other's maps: earn ticks on theirs, grow rectangles on yours.",
             "互いのマップに描き込み合う。相手のマップでチェックを稼ぎ、自分のマップで長方形を広げよう。",
             demo=({"players": 4}, "easy")),
    GameInfo("playme", "プレイミー", "Play Me!", 2, 6, "10", True,
             "Real-time dice race through Wonderland: advance, block, catch the rabbit.",
             "不思議の国のリアルタイム・ダイスレース。進んで、ブロックして、ウサギを捕まえろ。",
             demo=({"players": 3}, "strong")),
    GameInfo("bossa", "ボッサ", "Bossa", 2, 2, "10", True,
             "Lay dot tiles to grow two number lines out from the dice.",
             "ドットタイルを並べて、サイコロから2本の数の列を伸ばそう。",
             demo=({"players": 2}, "normal")),
)
_BY_ID = {g.id: g for g in CATALOG}
PLAYABLE = tuple(g.id for g in CATALOG if g.playable)


def info(game_id: str) -> GameInfo:
    return _BY_ID[game_id]


def is_known(game_id) -> bool:
    return game_id in _BY_ID and _BY_ID[game_id].playable


def get_game(game_id: str):
    """The rules object (``bodoge.games.<id>.GAME``) of a playable game."""
    if not is_known(game_id):
        raise KeyError(game_id)
    return importlib.import_module(f"{__name__}.{game_id}").GAME
