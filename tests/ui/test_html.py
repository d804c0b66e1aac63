import pytest

from bodoge.ui.html import h, render


def test_text_and_attributes_are_escaped():
    evil = '<script>alert("x")</script>&'
    html = render(h("p", {"title": evil, "data_x": "'"}, evil))
    assert "<script>" not in html
    assert html == ('<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;" data-x="&#x27;">'
                    '&lt;script&gt;alert("x")&lt;/script&gt;&amp;</p>')


def test_attribute_forms():
    assert render(h("input", {"disabled": True, "hidden": False, "value": None})) == "<input disabled>"
    assert render(h("div", {"class_": "a", "aria_label": "b"})) == '<div class="a" aria-label="b"></div>'
    assert render([h("b", {}, 1), None, False, ["x", h("i")]]) == "<b>1</b>x<i></i>"


@pytest.mark.parametrize("bad", ["onclick", "onload", "a b", '"x', "title\n"])
def test_event_handler_and_bad_attributes_refused(bad):
    with pytest.raises(ValueError):
        render(h("div", {bad: "x"}))


def test_bad_tag_refused():
    with pytest.raises(ValueError):
        h("div onclick=x")
    h("div")                                    # good tags are remembered once checked,
    for _ in range(2):                          # a bad one never is
        with pytest.raises(ValueError):
            h("div onclick=x")
        with pytest.raises(ValueError):
            h("div\n")


def test_a_screen_drawn_again_escapes_nothing_again(monkeypatch):
    """A screen is redrawn after every move with mostly the same words and attributes: their
    escaped forms are looked up, not made again (half of a redraw's Python time was this)."""
    from bodoge.ui import html

    def tree(n):
        return h("div", {"class_": "board", "data_n": n},
                 [h("span", {"title": "a <b> & 'c'"}, "x & y", f"cell {i}") for i in range(5)])

    fresh = f"never-drawn-{id(object())}"     # a value no other test has escaped
    first = render(tree(1))
    calls = []
    for name in ("escape_text", "escape_attr"):
        original = getattr(html, name)
        monkeypatch.setattr(html, name, lambda s, original=original: calls.append(s) or original(s))
    assert render(tree(1)) == first
    assert calls == []
    assert render(tree(fresh)).count(f'data-n="{fresh}"') == 1 and set(calls) == {fresh}
    assert 'title="a &lt;b&gt; &amp; &#x27;c&#x27;"' in first and "x &amp; y" in first


def test_the_escape_tables_stay_bounded(monkeypatch):
    from bodoge.ui import html

    monkeypatch.setattr(html, "_ESCAPED_MAX", 10)
    for i in range(50):
        assert render(h("p", {"title": f"t{i}"}, f"<{i}>")) == f'<p title="t{i}">&lt;{i}&gt;</p>'
    assert len(html._ESCAPED_TEXT) <= 11 and len(html._ESCAPED_ATTR) <= 11


def test_a_kept_part_is_rendered_once_and_stays_a_tree(monkeypatch):
    from bodoge.ui import html
    from bodoge.ui.html import Memo, Node, text_of
    from bodoge.ui.lesson import mark_spots

    memo = Memo(size=3)
    built = []

    def cell(i):
        built.append(i)
        return h("g", {"data_spot": f"cell:{i}"}, h("rect", {"x": str(i)}), f"cell {i}")

    first = render(h("svg", {}, [memo(i, lambda i=i: cell(i)) for i in range(3)]))
    rendered = []
    original = html._render_node
    monkeypatch.setattr(html, "_render_node", lambda n, out: rendered.append(n) or original(n, out))
    again = render(h("svg", {}, [memo(i, lambda i=i: cell(i)) for i in range(3)]))
    assert again == first and built == [0, 1, 2] and rendered == [] and memo.hits == 3
    kept = memo(1, lambda: cell(1))
    assert isinstance(kept, Node) and text_of(kept) == "cell 1"            # still a tree
    marked = render(mark_spots(h("svg", {}, kept), {"cell:1"}))
    assert "lesson-spot" in marked and "lesson-spot" not in render(kept)   # copied, not changed
    memo(3, lambda: cell(3))                                                # past its size:
    assert list(memo.kept) == [3]                                           # it starts again


def test_the_play_screens_header_is_made_once_a_game():
    from bodoge.ui import play

    from .fakehost import make_app

    app, host = make_app(hash_="#/new/bossa", speed="slow")
    app.act("start", "", {"players": "2", "kind0": "human", "kind1": "normal"})
    s = app.screen
    first = play.head(s)
    hits = play.HEADS.hits
    assert play.head(s) is first and play.HEADS.hits == hits + 1
    app.act("log", "open", {})                          # what it shows changed: made again
    opened = play.head(s)
    assert opened is not first and 'aria-expanded="true"' in render(opened)
    app.act("lang", "ja", {})
    assert render(play.head(s)) != render(opened)


def kept_parts(markup):
    """{token: the element's markup} of every element with a data-k in ``markup``."""
    import re

    parts = {}
    for m in re.finditer(r'<([a-z][a-z0-9-]*) data-k="(\d+)"', markup):
        tag, depth, at = m.group(1), 0, m.start()
        for t in re.finditer(rf"<(/?){tag}[\s>]", markup[at:]):
            depth += -1 if t.group(1) else 1
            if not depth:
                parts[m.group(2)] = markup[at:at + t.end()]
                break
    return parts


def resolved(markup, shown):
    """``markup`` with each marker replaced by the kept element it stands for (as the patcher,
    web/morph.js, keeps it from the markup ``shown`` before)."""
    import re

    parts = kept_parts(shown)
    return re.sub(r'<x-k k="(\d+)"></x-k>', lambda m: parts[m.group(1)], markup)


def test_a_page_sends_a_kept_part_once_then_a_marker():
    """html.Page: a kept part (a memo's, a frozen element) the page shows is sent as a marker
    the next time; a part drawn twice, or inside another kept part, is sent whole; what the
    markers stand for is the markup sent whole."""
    from bodoge.ui.html import Memo, Page, freeze

    memo = Memo()
    line = freeze(h("li", {"class_": "x"}, "a line"))
    inner = memo("inner", lambda: h("i", {}, "inner"))

    def screen(n):
        return h("main", {}, memo("head", lambda: h("header", {}, h("b", {}, "head"))),
                 h("p", {}, f"move {n}"),
                 h("ol", {}, line, freeze(h("li", {}, f"line {n}"))),
                 memo("twice", lambda: h("em", {}, "twice")), memo("twice", lambda: h("em", {}, "twice")),
                 memo("outer", lambda: h("div", {}, inner)))

    page = Page()
    first = page.markup(screen(1))
    assert "<x-k" not in first and first.count("data-k=") == 6     # head, 2 lines, 2 em, div
    two = screen(2)
    second = page.markup(two)
    assert second.count("<x-k") == 3 and page.sent == 3             # head, the old line, the div
    assert "head" not in second and "a line" not in second and "move 2" in second
    assert second.count("twice") == 2 and "line 2" in second
    assert resolved(second, first) == Page().markup(two)
    assert "<x-k" not in page.markup(two, fresh=True)
    assert "data-k" not in render(screen(3))                         # not without a Page


def test_a_move_sends_the_header_and_the_earlier_log_lines_as_markers():
    """In the browser (a host with a Page) a move's redraw sends the play screen's header and
    the log's earlier lines as markers, and what they stand for is the whole screen."""
    from bodoge.ui.html import Page

    from .fakehost import make_app

    app, host = make_app(hash_="#/new/bossa", speed="instant")
    app.act("start", "", {"players": "2", "kind0": "normal", "kind1": "normal"})
    sent = []
    host.page = Page()
    host.render = lambda html, focus, whole=None: sent.append((html, whole))
    app.refresh()
    app.refresh()
    (shown, _), (html, whole) = sent
    lines = whole().count("<li data-k=")                 # the log's lines (the opening roll)
    assert lines >= 1 and "<header" not in html and html.count("<x-k") >= 1 + lines
    assert resolved(html, shown) == whole() and "<x-k" not in whole()
