"""The game catalogue. Game modules are imported only when a game is opened."""

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


CATALOG = (
    GameInfo("algo", "アルゴ", "algo", 1, 4, "10", True),     # 1: 詰めアルゴ puzzles
    GameInfo("alter", "オルタ", "ALTER", 3, 5, "20", True),
    GameInfo("alluvium", "アルヴィウム", "ALLUVIUM", 3, 5, "30", True),
    GameInfo("playme", "プレイミー", "Play Me!", 2, 6, "10", True),
    GameInfo("bossa", "ボッサ", "Bossa", 2, 2, "10", True),
)
_BY_ID = {g.id: g for g in CATALOG}


def info(game_id: str) -> GameInfo:
    return _BY_ID[game_id]


def is_known(game_id) -> bool:
    return game_id in _BY_ID and _BY_ID[game_id].playable


def get_game(game_id: str):
    """The rules object (``bodoge.games.<id>.GAME``) of a playable game."""
    if not is_known(game_id):
        raise KeyError(game_id)
    return importlib.import_module(f"{__name__}.{game_id}").GAME
