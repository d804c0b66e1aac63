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
