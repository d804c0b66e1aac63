"""The pointer bridge (``alluvium/pointer.py``) with stand-ins for the page's elements and events:
what it sends to ``act`` for a hover, leaving the map, a press and a drag (a finger's events stay
with the element first touched: the point is looked up), the wheel (small steps add up) and a
right-click; and that it listens only in Pyodide."""

from types import SimpleNamespace

from bodoge.games.alluvium import pointer
from bodoge.games.alluvium.pointer import Bridge

from ui.fakehost import make_app


class El:
    """An element: its attributes and parent (``closest`` walks up like the DOM's)."""

    def __init__(self, parent=None, **attrs):
        self.parent = parent
        self.attrs = {k.replace("_", "-"): v for k, v in attrs.items()}

    def getAttribute(self, name):
        return self.attrs.get(name)

    def closest(self, selector):
        name = selector.strip("[]")
        el = self
        while el is not None:
            if name in el.attrs:
                return el
            el = el.parent
        return None


APP = El(id="app")
MAP = El(APP, data_pointer="alv-ptr")
CELLS = {i: El(MAP, data_cell=str(i), data_act="alv-at") for i in range(81)}
BUTTON = El(APP, data_act="alv-rot")


def ev(target, kind="mouse", button=0, buttons=0, x=0, y=0, deltaY=0, deltaMode=0, ctrlKey=False):
    e = SimpleNamespace(target=target, pointerType=kind, button=button, buttons=buttons, clientX=x, clientY=y,
                        prevented=False, ctrlKey=ctrlKey, deltaMode=deltaMode, deltaY=deltaY)
    e.preventDefault = lambda: setattr(e, "prevented", True)
    return e


def bridge():
    sent = []
    at_point = {}
    b = Bridge(lambda action, arg: sent.append((action, arg)), lambda x, y: at_point.get((x, y)))
    return b, sent, at_point


def test_hover_sends_each_new_cell_once_and_leaving_once():
    b, sent, _ = bridge()
    b.move(ev(CELLS[10]))
    b.move(ev(CELLS[10]))
    b.move(ev(CELLS[11]))
    b.move(ev(MAP))                              # the map's margin: no cell
    b.move(ev(BUTTON))                           # off the map
    b.move(ev(BUTTON))
    b.move(ev(CELLS[11], kind="touch"))          # a finger does not hover
    assert sent == [("alv-ptr", "over:10"), ("alv-ptr", "over:11"), ("alv-ptr", "over:")]
    b.move(ev(CELLS[12]))
    b.move(ev(BUTTON))                           # straight off the map from a cell
    assert sent[-2:] == [("alv-ptr", "over:12"), ("alv-ptr", "over:")]


def test_a_press_and_a_drag_follow_the_point_not_the_element_touched():
    b, sent, at_point = bridge()
    at_point.update({(1, 1): CELLS[40], (2, 1): CELLS[41], (3, 1): CELLS[50], (9, 9): BUTTON})
    b.down(ev(CELLS[40], kind="touch", x=1, y=1))
    b.move(ev(CELLS[40], kind="touch", buttons=1, x=2, y=1))     # the target stays the first cell
    b.move(ev(CELLS[40], kind="touch", buttons=1, x=2, y=1))
    b.move(ev(CELLS[40], kind="touch", buttons=1, x=9, y=9))     # off the map
    b.move(ev(CELLS[40], kind="touch", buttons=1, x=3, y=1))
    b.up(ev(CELLS[40], kind="touch", x=3, y=1))
    assert sent == [("alv-ptr", "down:40"), ("alv-ptr", "drag:41"), ("alv-ptr", "drag:"),
                    ("alv-ptr", "drag:50"), ("alv-ptr", "up:50")]
    sent.clear()
    b.down(ev(CELLS[40], button=2))               # not the primary button
    b.down(ev(BUTTON))                            # not on the map
    b.up(ev(BUTTON))
    assert sent == []


def test_the_wheel_turns_a_notch_at_a_time_and_the_page_does_not_scroll():
    b, sent, _ = bridge()
    e = ev(CELLS[40], deltaY=100)
    b.wheel(e)
    assert e.prevented and sent == [("alv-ptr", "wheel:40:+1")]
    for _ in range(4):
        b.wheel(ev(CELLS[40], deltaY=-15))        # a trackpad's small steps add up
    assert sent == [("alv-ptr", "wheel:40:+1"), ("alv-ptr", "wheel:40:-1")]
    b.wheel(ev(CELLS[40], deltaY=-2, deltaMode=1))   # lines
    assert sent[-1] == ("alv-ptr", "wheel:40:-1") and len(sent) == 3
    off = ev(BUTTON, deltaY=100)
    b.wheel(off)
    zoom = ev(CELLS[40], deltaY=100, ctrlKey=True)
    b.wheel(zoom)
    assert len(sent) == 3 and not off.prevented and not zoom.prevented


def test_a_right_click_turns_and_opens_no_menu():
    b, sent, _ = bridge()
    e = ev(CELLS[7], button=2)
    b.menu(e)
    assert e.prevented and sent == [("alv-ptr", "menu:7")]
    other = ev(BUTTON, button=2)
    b.menu(other)
    assert not other.prevented and len(sent) == 1


def test_it_listens_only_in_pyodide():
    app, host = make_app()
    assert not hasattr(host, "root") and pointer.install(app) is False
    host.root = object()                          # CPython: still nothing to listen with
    assert pointer.install(app) is False and pointer._bridge is None
