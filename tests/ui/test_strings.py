"""Both languages say the same things: same keys, same placeholders, every used key exists."""

import os
import re
import string

from bodoge.ui.i18n import I18n, tables
from bodoge.ui.storage import SPEEDS

PKG = os.path.join(os.path.dirname(__file__), "..", "..", "py", "bodoge")
UI_DIRS = [os.path.join(PKG, "ui"), os.path.join(PKG, "games")]   # the shell and the games' UIs


def fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_same_keys_and_placeholders():
    en, ja = tables()["en"], tables()["ja"]
    # English adds "key.you" where it words the viewer differently ("You deal") and "key.one"
    # for a singular ("1 tile"); a singular needs the count n.
    variants = {k for k in en if k.rsplit(".", 1)[-1] in ("you", "one") and k.rsplit(".", 1)[0] in en}
    assert set(en) - variants == set(ja)
    for key in ja:
        assert fields(en[key]) == fields(ja[key]), key
    for key in variants:
        base = key.rsplit(".", 1)[0]
        assert fields(en[key]) <= fields(en[base]), key
        if key.endswith(".one"):
            assert "n" in fields(en[base]), key


def test_singular_where_english_has_one():
    en, ja = I18n("en"), I18n("ja")
    assert en.t("bossa.need1", n=1) == "1 tile"
    assert en.t("bossa.need1", n=2) == "2 tiles"
    assert ja.t("bossa.need1", n=1) == "1枚"
    assert en.t("bossa.log.ties", n=1) == "Tied once, rolled again."
    assert en.t("bossa.log.ties", n=3) == "Tied 3 times, rolled again."


def test_every_literal_key_used_in_the_ui_exists():
    en = tables()["en"]
    used = set()
    for folder, _, files in (w for d in UI_DIRS for w in os.walk(d)):
        for name in files:
            if name.endswith(".py") and "strings" not in folder and name != "strings.py":
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    src = f.read()
                used |= set(re.findall(r'\b(?:t|say)\("([a-z0-9_.]+)"', src))
    assert used, "the scan found nothing"
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing


def test_key_families_exist():
    en = tables()["en"]
    keys = [f"settings.speed.{s}" for s in SPEEDS] + ["settings.motion.auto", "settings.motion.reduce"]
    keys += [f"setup.bot.{lvl}" for lvl in ("easy", "normal", "strong")]
    keys += [f"level.{lvl}" for lvl in ("easy", "normal", "strong")]
    for code in ("empty", "format", "truncated", "damaged", "future", "unknown_game",
                 "rules_future", "rules_old", "illegal"):
        keys.append(f"code.{code}")
    for k in ("goal", "setup", "turn", "hit", "miss", "empty", "out", "end", "view"):
        keys += [f"algo.rules.{k}", f"algo.rules.{k}.title"]
    keys += [f"algo.ruling.{k}" for k in ("colour", "first_dealer", "winner", "last_hit", "reveal", "sorted")]
    keys += [f"algo.keys.{k}" for k in ("tab", "digits", "stay", "escape")]
    assert [k for k in keys if k not in en] == []


def test_missing_key_and_placeholder_fall_back_visibly():
    t = I18n("ja").t
    assert t("no.such.key") == "no.such.key"
    assert t("shelf.players", lo=2) == "2〜{hi}人"


def test_game_strings_load_when_first_needed():
    """A game's keys start with its id, so ``I18n`` finds its module on first use; the shell's
    own module has no game's keys."""
    import importlib

    from bodoge.ui import i18n

    for name in i18n.MODULES:
        mod = importlib.import_module(i18n.module_name(name))
        for key in list(mod.EN) + list(mod.JA):
            prefix = key.split(".", 1)[0]
            if name == "common":
                assert prefix not in i18n.MODULES, key
            else:
                assert prefix == name, key
    i18n._TABLES["en"].clear(), i18n._TABLES["ja"].clear(), i18n._LOADED.clear()
    i18n._load("common")
    t = I18n("ja")
    assert i18n._LOADED == {"common"}
    assert t.t("bossa.line.white") != "bossa.line.white" and i18n._LOADED == {"common", "bossa"}
    tables()                                              # the other tests see everything again


def test_no_japanese_sentence_ends_in_an_ascii_full_stop():
    """A Japanese sentence ends in 「。」 (or ！？), never in "." (issue 26). The keys' help may
    name the "." key itself ("Uの後に.で"): a "." between spaces or before a kana is a key."""
    ascii_end = re.compile(r"(?<=[^\x00-\x7f\s])\.(?=\s|$|[「（(）)])|\.$")
    said = {k: v for k, v in tables()["ja"].items() if ascii_end.search(v)}
    assert not said, said


def test_no_screen_of_a_whole_game_shows_a_string_key():
    """Keys made at run time (``t(f"algo.badge.{kind}")``) escape the literal scan above: a
    self-played game of each game, replayed (about 40 positions spread over it, the round ends
    and the result) with everything shown and as a player's own view, in both languages, shows
    no key in place of its words (a missing key shows itself)."""
    from bodoge.core.record import Record, encode
    from bodoge.core.selfplay import play_one
    from bodoge.games import PLAYABLE, get_game

    from games.suite import spec

    from .fakehost import make_app
    from .page import Page

    heads = "|".join(sorted({k.split(".")[0] for k in tables()["en"]}))
    key_like = re.compile(rf"\b(?:{heads})\.[a-z][a-z0-9_]*\b")
    for game_id in PLAYABLE:
        options, level = spec(game_id).selfplay[0]
        options = get_game(game_id).options(options)
        rec = play_one(game_id, options, 3, [level] * options["players"]).record
        seats = [{"name": "", "bot": None if s == 0 else "normal"} for s in range(options["players"])]
        code = encode(Record(rec.game, rec.version, rec.options, rec.seed, rec.moves, {"seats": seats}))
        for lang in ("en", "ja"):
            app, host = make_app(hash_=f"#replay={code}&move=0", lang=lang)
            screen = app.screen
            step = max(1, len(rec.moves) // 40)
            for k in sorted(set(range(0, len(rec.moves) + 1, step)) | {len(rec.moves)}):
                for perspective in screen.perspectives()[:2]:       # everything; seat 0's view
                    screen.perspective = perspective
                    if k != screen.at:
                        screen.go(k)
                    else:
                        app.refresh()
                    page = Page(host.html)
                    shown = page.all_text + " ".join(el.attrs.get("aria-label", "") or ""
                                                     for el in page.where())
                    assert not key_like.findall(shown), (game_id, lang, k, perspective,
                                                         key_like.findall(shown))
