"""A tiny HTML builder that escapes by construction.

``h("p", {"class": "x"}, "Hello ", name)`` builds a node; ``render(node)`` makes markup.
Text children and attribute values are always escaped, so player names and codes can only
ever appear as text. There is deliberately no way to insert raw markup.
"""

import re

_NAME = re.compile(r"^[a-zA-Z][a-zA-Z0-9:-]*$")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "source", "track", "wbr"})


class Node:
    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag, attrs, children):
        if not _NAME.match(tag):
            raise ValueError(f"bad tag {tag!r}")
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
    if not _NAME.match(name) or name.lower().startswith("on"):
        raise ValueError(f"bad attribute {name!r}")
    _ATTR_NAMES[key] = name
    return name


class Frozen:
    """Markup made by ``freeze`` (so escaped like any other): a part of a page that is drawn
    again and again the same (a log line) is rendered once and kept."""
    __slots__ = ("html",)

    def __init__(self, html):
        self.html = html


def freeze(node) -> Frozen:
    return Frozen(render(node))


def _render(node, out):
    if node is None or node is False or node is True:
        return
    if isinstance(node, Frozen):
        out.append(node.html)
        return
    if isinstance(node, (list, tuple)):
        for child in node:
            _render(child, out)
        return
    if isinstance(node, Node):
        out.append("<" + node.tag)
        for name, value in node.attrs.items():
            if value is None or value is False:
                continue
            name = _ATTR_NAMES.get(name) or _attr_name(name)
            if value is True:
                out.append(" " + name)
            else:
                out.append(f' {name}="{escape_attr(str(value))}"')
        out.append(">")
        if node.tag in _VOID:
            return
        for child in node.children:
            _render(child, out)
        out.append(f"</{node.tag}>")
        return
    out.append(escape_text(str(node)))


def render(node) -> str:
    out = []
    _render(node, out)
    return "".join(out)


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
