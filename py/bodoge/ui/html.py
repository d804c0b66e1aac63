"""A tiny HTML builder that escapes by construction.

``h("p", {"class": "x"}, "Hello ", name)`` builds a node; ``render(node)`` makes markup.
Text children and attribute values are always escaped, so player names and codes can only
ever appear as text. There is deliberately no way to insert raw markup.
"""

import itertools
import re

_NAME = re.compile(r"^[a-zA-Z][a-zA-Z0-9:-]*$")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"})


_TAGS = set()                   # tag names already checked (a page builds thousands of nodes)


class Node:
    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag, attrs, children):
        if tag not in _TAGS:
            if not isinstance(tag, str) or not _NAME.fullmatch(tag):
                raise ValueError(f"bad tag {tag!r}")
            _TAGS.add(tag)
        self.tag = tag
        self.attrs = attrs
        self.children = children


def h(tag: str, attrs: dict | None = None, *children) -> Node:
    return Node(tag, attrs or {}, children)


def fragment(*children):
    """Several nodes without a wrapper element."""
    return list(children)


def escape_text(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attr(s: str) -> str:
    return escape_text(s).replace('"', "&quot;").replace("'", "&#x27;")


_ATTR_NAMES = {}


def _attr_name(key):
    """``class_`` → ``class``, ``aria_label`` → ``aria-label``; refuses event handlers."""
    name = key.rstrip("_").replace("_", "-")
    if not _NAME.fullmatch(name) or name.lower().startswith("on"):
        raise ValueError(f"bad attribute {name!r}")
    _ATTR_NAMES[key] = name
    return name


_TOKENS = itertools.count(1)    # kept parts' tokens (``Page``): one per part, never reused


class Frozen:
    """Markup made by ``freeze`` (so escaped like any other): a part of a page that is drawn
    again and again the same (a log line) is rendered once and kept. One element (``freeze``
    of a ``Node``) has a token: a ``Page`` sends it once, then a marker."""
    __slots__ = ("html", "token", "tagged")

    def __init__(self, html, token=None):
        self.html = html
        self.token = token
        self.tagged = None


def freeze(node) -> Frozen:
    return Frozen(render(node), next(_TOKENS) if type(node) is Node else None)


class Kept(Node):
    """An element drawn again and again the same way, its markup made once (the first time it
    is rendered) and reused: unlike ``Frozen`` it is still a tree, so what walks a board (a
    lesson's highlights, ``text_of``) sees its elements. Never changed once made: a walker
    that changes an element copies it (``lesson.mark_spots``)."""
    __slots__ = ("html", "token", "tagged")

    def __init__(self, node):
        super().__init__(node.tag, node.attrs, node.children)
        self.html = None
        self.token = next(_TOKENS)
        self.tagged = None


class Memo:
    """Parts of a screen made once per key (``memo(key, build)``: ``build()``'s element, kept;
    the key says everything the part reads): a board redrawn after a move draws again only
    what the move changed. Bounded: past ``size`` keys it starts again."""

    def __init__(self, size=2048):
        self.size = size
        self.kept = {}
        self.hits = 0           # for tests: parts reused

    def __call__(self, key, build):
        part = self.kept.get(key)
        if part is not None:
            self.hits += 1
            return part
        if len(self.kept) >= self.size:
            self.kept.clear()
        node = build()
        part = self.kept[key] = Kept(node) if type(node) is Node else node
        return part


_ESCAPED_TEXT = {}     # text -> its escaped form: a screen draws the same words move after move
_ESCAPED_ATTR = {}     # the same for attribute values (classes, ids, coordinates)
_ESCAPED_MAX = 8192    # entries kept (then each starts again): bounded, whatever is drawn


def _escaped(cache, escape, s):
    esc = cache.get(s)
    if esc is None:
        if len(cache) > _ESCAPED_MAX:
            cache.clear()
        esc = cache[s] = escape(s)
    return esc


def _render(node, out):
    """Append ``node``'s markup to ``out``. The common cases first (an element, a text child),
    tested by exact type, escapes looked up rather than made again: a screen is redrawn after
    every move, and this was half of a redraw's Python time (benchmarks/table.md)."""
    kind = type(node)
    if kind is Node:
        tag = node.tag
        attrs = node.attrs
        if attrs:
            parts = ["<", tag]
            for name, value in attrs.items():
                if value is None or value is False:
                    continue
                name = _ATTR_NAMES.get(name) or _attr_name(name)
                if value is True:
                    parts.append(" " + name)
                    continue
                value = _escaped(_ESCAPED_ATTR, escape_attr,
                                 value if type(value) is str else str(value))
                parts.append(f' {name}="{value}"')
            parts.append(">")
            out.append("".join(parts))
        else:
            out.append(f"<{tag}>")
        if tag in _VOID:
            return
        for child in node.children:
            if type(child) is str:
                out.append(_escaped(_ESCAPED_TEXT, escape_text, child))
            elif child is not None and child is not False and child is not True:
                _render(child, out)
        out.append(f"</{tag}>")
        return
    if kind is Kept:
        if _PAGE is not None:
            _PAGE.part(node, out)
            return
        if node.html is None:
            plain = []
            _render_node(node, plain)
            node.html = "".join(plain)
        out.append(node.html)
        return
    if node is None or node is False or node is True:
        return
    if isinstance(node, Frozen):
        if _PAGE is not None and node.token is not None:
            _PAGE.part(node, out)
        else:
            out.append(node.html)
    elif isinstance(node, (list, tuple)):
        for child in node:
            _render(child, out)
    elif isinstance(node, Node):
        _render_node(node, out)
    else:
        out.append(escape_text(str(node)))


def _render_node(node, out):
    """An element of a subclass of ``Node`` (a ``Kept`` the first time): as ``_render`` draws
    a ``Node``."""
    plain = Node.__new__(Node)
    plain.tag, plain.attrs, plain.children = node.tag, node.attrs, node.children
    _render(plain, out)


def render(node) -> str:
    out = []
    _render(node, out)
    return "".join(out)


_PAGE = None        # the ``Page`` whose markup is being made, if any


class Page:
    """The markup of a page that a patcher keeps (web/morph.js): a kept part (``Kept``, or a
    ``Frozen`` element) the page already shows, once, is sent as a marker, ``<x-k k="N">``,
    that the patcher resolves to the element it keeps (``data-k="N"``) instead of its markup:
    a move's redraw sends, and the page parses and compares, only what was made anew.

    ``markup(node)`` is the markup to send; ``markup(node, fresh=True)`` sends every part whole
    (the patcher did not find one: the page was changed under it). Each part's markup is made
    once with its ``data-k``; its inner kept parts are in it whole (markers stand only for
    parts at the top, one element each)."""

    def __init__(self):
        self.shown = frozenset()      # tokens of the parts the page shows once each
        self.seen = None              # while making markup: token -> times drawn
        self.sent = 0                 # for tests and benchmarks: parts sent as a marker

    def markup(self, node, fresh=False) -> str:
        global _PAGE
        if fresh:
            self.shown = frozenset()
        self.seen = {}
        out = []
        _PAGE = self
        try:
            _render(node, out)
        finally:
            _PAGE = None
        self.shown = frozenset(t for t, n in self.seen.items() if n == 1)
        self.seen = None
        return "".join(out)

    def part(self, part, out):
        token = part.token
        seen = self.seen
        times = seen.get(token, 0)
        seen[token] = times + 1
        if not times and token in self.shown:
            self.sent += 1
            out.append(f'<x-k k="{token}"></x-k>')
            return
        if part.tagged is None:
            part.tagged = _tagged(part)
        out.append(part.tagged)


def _tagged(part):
    """A kept part's markup with its token (``data-k``) on its element; what is inside it whole."""
    global _PAGE
    if type(part) is Kept:
        plain = Node.__new__(Node)
        plain.tag, plain.children = part.tag, part.children
        plain.attrs = {"data_k": part.token, **part.attrs}
        page, _PAGE = _PAGE, None
        try:
            return render(plain)
        finally:
            _PAGE = page
    html = part.html                  # a frozen element: the token after its tag's name
    end = 1
    while end < len(html) and (html[end].isalnum() or html[end] in ":-"):
        end += 1
    return f'{html[:end]} data-k="{part.token}"{html[end:]}'


def text_of(node) -> str:
    """The text a node shows (its texts in order, spaces collapsed; what ``aria-hidden``
    hides left out): what a snapshot says, without markup."""
    out = []

    def walk(n):
        if n is None or n is False or n is True or isinstance(n, Frozen):
            return
        if isinstance(n, (list, tuple)):
            for child in n:
                walk(child)
        elif isinstance(n, Node):
            if n.attrs.get("aria_hidden") == "true" or n.attrs.get("hidden") is True:
                return
            for child in n.children:
                walk(child)
        else:
            out.append(str(n))

    walk(node)
    return " ".join("".join(out).split())
