"""Japanese lines that break between phrases, never inside a word (「あな/た」, 「ラウン/ド」) —
in every browser.

Japanese has no spaces, so a browser may break a line between any two characters. CSS's
``word-break: auto-phrase`` fixes that only in Chromium; WebKit and Firefox ignore it. What
all three honour: ``word-break: keep-all`` (no break between two letters of a run; breaks
stay at spaces and punctuation such as 、。！：（）) and ``<wbr>`` (a break allowed here).
So a generated Japanese line is drawn as its phrases: a ``<wbr>`` after each phrase's
particle, names and the game's own words (``keep``) kept whole in a ``nowrap`` span, under
the ``.phrased`` class (``web/css/base.css``: keep-all, and ``overflow-wrap: anywhere`` as a
last resort for a run longer than the line).

The phrases come from a small rule, right for the sentences the games write (a name or noun,
then a particle): a break after が を に は で と へ も の や, から まで より, and the
て of a verb, when the next character starts a new word (not a hiragana: 「になった」,
「からやり直し」 stay whole; nor a digit after の: 「白の7」 is one card).
"""

import re

from .html import h

PARTICLE = re.compile(r"(?:から|まで|より|[がをにはでとへもやのて])(?=[^\u3040-\u309f\s、。！？：）」』])")
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")

_CACHE = {}


def phrased(text, keep=()):
    """``text`` as nodes for a ``.phrased`` element: ``<wbr>`` between its phrases, each word
    of ``keep`` (names) in a span that does not wrap. Text without Japanese is returned as it
    is."""
    if not text or not KANA_OR_KANJI.search(text):
        return text
    keep = tuple(sorted({w for w in keep if w and w in text}, key=len, reverse=True))
    key = (text, keep)
    nodes = _CACHE.get(key)
    if nodes is None:
        if len(_CACHE) > 2000:
            _CACHE.clear()
        nodes = _CACHE[key] = _phrase(text, keep)
    return nodes


def _phrase(text, keep):
    nodes = []
    pattern = re.compile("|".join(re.escape(w) for w in keep)) if keep else None
    at = 0
    for m in (pattern.finditer(text) if pattern else ()):
        _split(text[at:m.start()], m.group()[0], nodes)
        nodes.append(h("span", {"class_": "nw"}, m.group()))
        at = m.end()
    _split(text[at:], "", nodes)
    return nodes


def _split(part, after, nodes):
    """``part`` with a <wbr> after each phrase (``after``: the character that follows it)."""
    at = 0
    for m in PARTICLE.finditer(part + after):
        if m.end() > len(part) or (m.group() == "の" and (part + after)[m.end():m.end() + 1].isdigit()):
            continue
        nodes.append(part[at:m.end()])
        nodes.append(h("wbr", {}))
        at = m.end()
    if at < len(part):
        nodes.append(part[at:])
