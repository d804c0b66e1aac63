"""Pointer events for the board, in the browser: moves, presses, drags, the wheel and right-clicks
on an element marked ``data-pointer="<action>"`` reach ``App.act(<action>, "<kind>:<cell>")``.

The shell (``bodoge/ui/dom.py``) sends only clicks, form changes and keys to Python; ALLUVIUM's
piece must also follow the pointer, be dragged and turn with the wheel or a right-click. Until
the shell does this for every game, ALLUVIUM's screen installs this bridge once per page
(``install``, from ``AlluviumUI.opened``); it is game-neutral and belongs in ``dom.py``.
It does nothing outside Pyodide (CPython tests drive ``act`` directly), and it imports the
browser's modules only when installed, so a memory snapshot of the package holds none.

What it sends (``<cell>`` is the ``data-cell`` of the element under the pointer inside the
marked element, empty elsewhere):

* ``over:<cell>`` — a mouse moved with no button down (sent when the cell changes; ``over:``
  once when it leaves the marked element);
* ``down:<cell>`` — the primary button or a finger went down on the marked element;
* ``drag:<cell>`` — it moved while down (the cell under it: a finger's events stay with the
  element it touched first, so the point is looked up);
* ``up:<cell>`` — it was let go (or the press was cancelled);
* ``wheel:<cell>:<+1|-1>`` — the wheel turned a notch (a trackpad's small steps add up) over it;
  the page does not scroll;
* ``menu:<cell>`` — a right-click (or a long press) on it; no context menu opens.

A click still arrives as a click (``data-act`` on the cells), after ``down`` and ``up``.
"""

import sys

WHEEL_STEP = 50          # pixels of wheel movement per turn
_bridge = None


def _missing(value):
    """JS null or undefined (Pyodide gives ``jsnull`` for null), or None."""
    return value is None or type(value).__name__ == "JsNull"


class Bridge:
    """Turns the page's pointer events into ``act`` calls (the browser's objects are given, so
    the logic can be read without them)."""

    def __init__(self, act, element_at):
        self.act = act                  # act(action, arg)
        self.element_at = element_at    # element_at(x, y): the element at a point, or None
        self.drag = None                # the action of the press in progress
        self.last = None
        self.wheel_sum = 0.0

    @staticmethod
    def zone(el):
        """(action, cell) of the marked element around ``el`` ((None, "") if none)."""
        if _missing(el) or not hasattr(el, "closest"):
            return None, ""
        zone = el.closest("[data-pointer]")
        if _missing(zone):
            return None, ""
        cell = el.closest("[data-cell]")
        return str(zone.getAttribute("data-pointer")), "" if _missing(cell) else str(cell.getAttribute("data-cell"))

    def send(self, action, arg, repeat=True):
        if not repeat and (action, arg) == self.last:
            return
        self.last = (action, arg)
        self.act(action, arg)

    def at_point(self, ev):
        action, cell = self.zone(self.element_at(ev.clientX, ev.clientY))
        return cell if action == self.drag else ""

    def down(self, ev):
        if ev.button != 0:
            return
        action, cell = self.zone(ev.target)
        if action is None:
            return
        self.drag, self.last = action, None
        self.send(action, f"down:{cell}")

    def move(self, ev):
        if self.drag is not None:
            self.send(self.drag, f"drag:{self.at_point(ev)}", repeat=False)
            return
        if str(ev.pointerType) != "mouse" or ev.buttons:
            return
        action, cell = self.zone(ev.target)
        if action is not None:
            self.send(action, f"over:{cell}", repeat=False)
        elif self.last is not None and self.last[1].startswith("over:") and self.last[1] != "over:":
            self.send(self.last[0], "over:")          # it left the marked element

    def up(self, ev):
        if self.drag is None:
            return
        action, cell = self.drag, self.at_point(ev)
        self.drag, self.last = None, None
        self.send(action, f"up:{cell}")

    def wheel(self, ev):
        action, cell = self.zone(ev.target)
        if action is None or ev.ctrlKey:
            return
        ev.preventDefault()
        scale = {1: 40, 2: 400}.get(int(ev.deltaMode), 1)
        self.wheel_sum += float(ev.deltaY) * scale
        if abs(self.wheel_sum) >= WHEEL_STEP:
            step = "+1" if self.wheel_sum > 0 else "-1"
            self.wheel_sum = 0.0
            self.send(action, f"wheel:{cell}:{step}")

    def menu(self, ev):
        action, cell = self.zone(ev.target)
        if action is None:
            return
        ev.preventDefault()
        self.send(action, f"menu:{cell}")


def install(app):
    """Listen on the page's app element, once (in Pyodide only). Whether it is listening."""
    global _bridge
    root = getattr(getattr(app, "host", None), "root", None)
    if root is None or sys.platform != "emscripten":
        return False
    if _bridge is not None:
        _bridge.act = app.act
        return True
    import js
    from pyodide.ffi import create_proxy, to_js

    bridge = Bridge(app.act, lambda x, y: js.document.elementFromPoint(x, y))

    def guarded(fn):
        def handler(ev):
            try:
                fn(ev)
            except Exception as e:   # keep the page alive; the console gets the details
                js.console.error(f"bodoge: {type(e).__name__}: {e}")
                raise
        return create_proxy(handler)

    options = to_js({"passive": False}, dict_converter=js.Object.fromEntries)
    for kind, fn in (("pointerdown", bridge.down), ("pointermove", bridge.move), ("pointerup", bridge.up),
                     ("pointercancel", bridge.up), ("contextmenu", bridge.menu)):
        root.addEventListener(kind, guarded(fn))
    root.addEventListener("wheel", guarded(bridge.wheel), options)
    _bridge = bridge
    return True
