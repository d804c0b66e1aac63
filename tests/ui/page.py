"""Reading a rendered page as a person with a screen reader meets it: elements by role and
accessible name (``page.get("button", "Next round")``), not regular expressions over markup.

    page = Page(host.html)
    page.get("button", "Take back").disabled
    page.get("heading", "You win the game")
    page.all("listitem", within=page.get("list", "Placings"))

Roles are the explicit ``role`` or the element's implicit one (button, link, heading, list,
listitem, textbox, checkbox, combobox, slider, dialog, region, group, ...); names come from
``aria-labelledby``, ``aria-label``, a ``<label>``, the text (what ``aria-hidden`` hides left
out), then ``title``. Enough of the accessible-name rules for this app's markup, not all of
them.
"""

from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
IMPLICIT = {"button": "button", "summary": "button", "select": "combobox", "textarea": "textbox",
            "ol": "list", "ul": "list", "li": "listitem", "main": "main", "nav": "navigation",
            "form": "form", "table": "table", "tr": "row", "dialog": "dialog", "fieldset": "group",
            "h1": "heading", "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading",
            "h6": "heading", "p": "paragraph", "option": "option", "kbd": None}
INPUTS = {"checkbox": "checkbox", "radio": "radio", "range": "slider", "button": "button",
          "submit": "button", "number": "spinbutton"}


class Element:
    def __init__(self, tag, attrs, parent):
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children = []            # Elements and strings
        self.page = None

    def __repr__(self):
        return f"<{self.tag} role={self.role!r} name={self.name!r}>"

    @property
    def id(self):
        return self.attrs.get("id")

    @property
    def role(self):
        if self.attrs.get("role"):
            return self.attrs["role"].split()[0]
        if self.tag == "a":
            return "link" if "href" in self.attrs else None
        if self.tag == "input":
            return INPUTS.get(self.attrs.get("type", "text"), "textbox")
        if self.tag == "section" and ("aria-label" in self.attrs or "aria-labelledby" in self.attrs):
            return "region"
        return IMPLICIT.get(self.tag)

    @property
    def hidden(self):
        node = self
        while node is not None:
            if node.attrs.get("aria-hidden") == "true" or "hidden" in node.attrs:
                return True
            node = node.parent
        return False

    @property
    def text(self):
        """The text shown, spaces collapsed, what ``aria-hidden`` hides left out."""
        return " ".join(self._text(skip_hidden=True).split())

    @property
    def all_text(self):
        """Every text inside, hidden parts too (what the eye may see that a reader skips)."""
        return " ".join(self._text(skip_hidden=False).split())

    @property
    def words(self):
        """Every text inside, hidden parts too, each piece apart (as the markup's text reads
        with a space between elements: "1st" "Aki", not "1stAki")."""
        return " ".join(" ".join(self._pieces()).split())

    def _pieces(self):
        for child in self.children:
            if isinstance(child, str):
                yield child
            else:
                yield from child._pieces()

    def _text(self, skip_hidden, skip=None):
        out = []
        for child in self.children:
            if isinstance(child, str):
                out.append(child)
            elif child is not skip and not (skip_hidden and (child.attrs.get("aria-hidden") == "true"
                                                             or "hidden" in child.attrs)):
                out.append(child._text(skip_hidden, skip))
        return "".join(out)

    @property
    def name(self):
        """The accessible name."""
        page = self.page
        ids = self.attrs.get("aria-labelledby")
        if ids:
            parts = [page.by_id(i) for i in ids.split()]
            return " ".join(p.text for p in parts if p is not None).strip()
        if self.attrs.get("aria-label"):
            return self.attrs["aria-label"].strip()
        if self.tag in ("input", "select", "textarea"):
            label = page.label_for(self)
            if label is not None:        # (the label's words, not the control inside it)
                return " ".join(label._text(skip_hidden=True, skip=self).split())
        if self.role in ("button", "link", "heading", "listitem", "checkbox", "radio", "tab",
                         "option", "cell", "row", "paragraph", None) or self.tag in ("option", "label"):
            text = self.text
            if text:
                return text
        return self.attrs.get("title", "").strip()

    def _state(self, html_attr, aria_attr):
        """A state said either way: the HTML attribute present, or its ARIA one "true"."""
        return html_attr in self.attrs or self.attrs.get(aria_attr) == "true"

    disabled = property(lambda self: self._state("disabled", "aria-disabled"))
    checked = property(lambda self: self._state("checked", "aria-pressed"))
    selected = property(lambda self: self._state("selected", "aria-selected"))
    expanded = property(lambda self: self._state("open", "aria-expanded"))    # (<details open>)

    @property
    def classes(self):
        return self.attrs.get("class", "").split()

    def walk(self):
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.walk()

    def all(self, role=None, name=None, exact=True, hidden=False):
        """The elements inside with ``role`` (any) and accessible ``name`` (``exact``: equal,
        else contained), in document order; hidden ones only if ``hidden``."""
        out = []
        for el in self.walk():
            if role is not None and el.role != role:
                continue
            if not hidden and el.hidden:
                continue
            if name is not None:
                have = el.name
                if (have != name) if exact else (name not in have):
                    continue
            out.append(el)
        return out

    def get(self, role=None, name=None, exact=True):
        """The one element inside with ``role`` and ``name`` (an error names what was found
        instead)."""
        found = self.all(role, name, exact)
        if len(found) != 1:
            seen = [repr(e) for e in self.all(role)][:12]
            raise AssertionError(f"{len(found)} elements with role {role!r} and name {name!r}; "
                                 f"with that role: {seen}")
        return found[0]

    def has(self, role=None, name=None, exact=True):
        return bool(self.all(role, name, exact))

    def where(self, cls=None, tag=None, **attrs):
        """The elements inside (hidden ones too) by what no role says: a class (``cls``, one
        token or several, space-separated), a tag, attributes (``data_fx="flip"``; ``True``:
        present; ``id`` may end in ``*`` for a prefix). For the hooks only the eye or motion
        reads (a selected place's highlight, an animation's key), not for what a reader hears."""
        want = cls.split() if cls else []
        out = []
        for el in self.walk():
            if tag is not None and el.tag != tag:
                continue
            if any(c not in el.classes for c in want):
                continue
            if all(_attr_fits(el.attrs.get(k.replace("_", "-")), v) for k, v in attrs.items()):
                out.append(el)
        return out

    def by_id(self, id_):
        return self.page.ids.get(id_)

    def mentions(self, text):
        """Whether ``text`` appears anywhere inside, in a text or an attribute's value (hidden
        parts too): for what must appear nowhere on the page (a secret code), not for what a
        reader hears."""
        return text in self.words or any(text in v for el in [self, *self.walk()]
                                         for v in el.attrs.values())

    def before(self, first, second):
        """Whether element ``first`` comes before element ``second`` in document order."""
        order = {id(el): n for n, el in enumerate(self.page.walk())}
        return order[id(first)] < order[id(second)]


def _attr_fits(have, want):
    if want is True:
        return have is not None
    if have is None:
        return False
    if isinstance(want, str) and want.endswith("*"):
        return have.startswith(want[:-1])
    return have == want


class Page(Element, HTMLParser):
    """A rendered page (or a part of one), read by role and name."""

    def __init__(self, markup):
        Element.__init__(self, "#page", {}, None)
        HTMLParser.__init__(self, convert_charrefs=True)
        self.page = self
        self.ids = {}
        self.labels = []
        self.current = self
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag, attrs):
        el = Element(tag, {k: ("" if v is None else v) for k, v in attrs}, self.current)
        el.page = self
        self.current.children.append(el)
        if el.id:
            self.ids[el.id] = el
        if tag == "label":
            self.labels.append(el)
        if tag not in VOID:
            self.current = el

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.current = self.current.parent

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node is not self and node.tag != tag:
            node = node.parent
        if node is not None and node is not self:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)

    def label_for(self, control):
        for label in self.labels:
            if control.id and label.attrs.get("for") == control.id:
                return label
            node = control.parent
            while node is not None:
                if node is label:
                    return label
                node = node.parent
        return None
