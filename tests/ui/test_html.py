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


@pytest.mark.parametrize("bad", ["onclick", "onload", "a b", '"x'])
def test_event_handler_and_bad_attributes_refused(bad):
    with pytest.raises(ValueError):
        render(h("div", {bad: "x"}))


def test_bad_tag_refused():
    with pytest.raises(ValueError):
        h("div onclick=x")


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
