"""algo's analysis (``GameUI.analysis``): what the strong computer's exact counting
(``bots.strong_posterior``, the very code it plays with) makes of the seat's view.

* Each hidden card of the other rows, row by row, with its likeliest numbers and their chances
  for that seat (a spectator: for the table), the best guess marked.
* The seat's latest attack, judged from its own view before it: the chance that declaration
  had, against the best guess then.

Only the view it is given is used. Each number carries its exact chance in ``data-p`` (the
e2e test reads them against CPython)."""

from ...ui.html import h
from .bots import best_guess, strong_posterior
from .infer import card_id, number_of
from .ui_cards import card_at, colour_short, nth

SHOWN = 3          # numbers shown per card (the likeliest); the rest are summed up


def pct(p):
    """A chance as a whole percentage ("<1%" for a small one that is not nil)."""
    return "<1%" if 0 < p < 0.005 else f"{int(p * 100 + 0.5)}%"


def analysis(view, seat, ctx):
    """A generator (the frame runs it in slices): it yields before each count, so stepping
    through a replay draws the table at once and drops a count it no longer needs."""
    return None if view.get("mode") == "puzzle" or "rows" not in view else counted(view, seat, ctx)


def counted(view, seat, ctx):
    parts = []
    if ctx.played is not None:
        yield
        parts.append(played_part(ctx.played, ctx))
    yield
    parts = [p for p in parts + [cards_part(view, seat, ctx)] if p is not None]
    return h("div", {"class_": "algo-analysis"}, parts) if parts else None


def cards_part(view, seat, ctx):
    t = ctx.t
    if view["phase"] == "over":
        return None
    kn, post = strong_posterior(view)
    if post.total == 0 or not post.dist:
        return h("p", {"class_": "an-note"}, t("algo.an.nothing"))
    best = best_guess(kn, post)
    rows = []
    for s, slots in enumerate(kn.rows):
        if not slots:
            continue
        items = []
        for sl in slots:
            ranked = sorted(post.dist[(s, sl.pos)].items(), key=lambda x: (-x[1], x[0]))
            top = [h("span", {"class_": "an-n", "data_n": str(number_of(cid)), "data_p": f"{pr:.6f}"},
                     h("b", {}, str(number_of(cid))), " ", pct(pr))
                   for cid, pr in ranked[:SHOWN]]
            rest = len(ranked) - SHOWN
            is_best = best is not None and best[1:3] == (s, sl.pos)
            items.append(h("li", {"class_": "an-card best" if is_best else "an-card",
                                  "data_card": f"{s}-{sl.pos}"},
                           h("span", {"class_": "an-where"}, t("algo.an.nth", nth=nth(t, sl.pos),
                                                             colour=colour_short(t, sl.colour))),
                           h("span", {"class_": "an-chances"},
                             top[:1], [[" · ", x] for x in top[1:]]),
                           h("span", {"class_": "an-rest"}, t("algo.an.more", n=rest)) if rest > 0 else None,
                           h("span", {"class_": "an-star"}, " ★ ", t("algo.an.best_mark")) if is_best else None))
        rows.append(h("li", {"class_": "an-row"},
                      h("span", {"class_": "an-who"}, t("algo.row_of", whose=ctx.whose(s))),
                      h("ul", {"class_": "an-cards"}, items)))
    head = (t("algo.an.cards", whose=ctx.whose(seat)) if seat is not None else t("algo.an.cards_table"))
    best_line = None
    if best is not None:
        pr, s, p, cid = best
        best_line = h("p", {"class_": "an-best", "data_p": f"{pr:.6f}"},
                      t("algo.an.best", card=card_at(t, ctx.whose(s), p, cid & 1), n=number_of(cid), p=pct(pr)))
    return h("section", {"class_": "an-section", "aria_label": head},
             h("p", {"class_": "an-head"}, head), best_line, h("ul", {"class_": "an-rows"}, rows),
             h("p", {"class_": "an-note"}, t("algo.an.model")))


def played_part(played, ctx):
    """The seat's latest attack against the best guess it had then (nothing for another move)."""
    move = played.move
    if not isinstance(move, dict) or move.get("a") != "attack":
        return None
    t, before = ctx.t, played.before
    s, p, n = move["s"], move["p"], move["n"]
    card = before["rows"][s][p]
    cid = card_id(n, card["c"])
    kn, post = strong_posterior(before)
    chance = (float(card["n"] == n) if card["n"] is not None   # a card it knew (its partner
              else post.dist.get((s, p), {}).get(cid, 0.0))       # showed it), or the count
    best = best_guess(kn, post)
    where = card_at(t, ctx.whose(s), p, card["c"])
    said = ctx.say("algo.an.played", before["seat"], n=n, card=where, p=pct(chance))
    lines = [h("p", {"class_": "an-played", "data_p": f"{chance:.6f}", "data_k": str(card["k"])},
               said)]
    if best is not None:
        bp, bs, bpos, bcid = best
        lines.append(h("p", {"class_": "an-verdict good"}, t("algo.an.was_best"))
                     if chance >= bp - 1e-12 else
                     h("p", {"class_": "an-verdict", "data_p": f"{bp:.6f}"},
                       t("algo.an.best_then", n=number_of(bcid), p=pct(bp),
                         card=card_at(t, ctx.whose(bs), bpos, bcid & 1))))
    return h("section", {"class_": "an-section an-move", "aria_label": t("algo.an.move_head")},
             h("p", {"class_": "an-head"}, t("algo.an.move_head")), lines)
