"""The browser host: the one module that touches the page (PyScript / Pyodide only).

It wires DOM events to ``App`` (event delegation on ``#app``: ``data-act`` / ``data-arg``
attributes on buttons, ``data-act`` on forms and selects) and implements the host interface
documented in ``bodoge.ui.app``.
"""

import secrets

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

from .app import App
from .storage import MemoryStore

_keep = []     # proxies that must live as long as the page


def _js(value):
    """JS null/undefined → None (Pyodide gives ``jsnull`` for null)."""
    return None if value is None or value is jsnull else value


def _attr(el, name):
    """An attribute's value as a str, or "" when it is missing."""
    value = _js(el.getAttribute(name))
    return "" if value is None else str(value)


def _by_id(element_id):
    return _js(document.getElementById(element_id)) if element_id else None


class LocalStore:
    """localStorage; falls back to memory when the browser blocks it (then nothing persists)."""

    def __init__(self):
        try:
            self.ls = window.localStorage
            self.ls.getItem("bodoge:probe")
        except Exception:
            self.ls = None
            self.mem = MemoryStore()

    def get(self, key):
        if self.ls is None:
            return self.mem.get(key)
        value = _js(self.ls.getItem(key))
        return None if value is None else str(value)

    def set(self, key, value):
        if self.ls is None:
            return self.mem.set(key, value)
        self.ls.setItem(key, value)

    def remove(self, key):
        if self.ls is None:
            return self.mem.remove(key)
        self.ls.removeItem(key)

    def keys(self):
        if self.ls is None:
            return self.mem.keys()
        return [str(self.ls.key(i)) for i in range(int(self.ls.length))]


class BrowserHost:
    def __init__(self):
        self.store = LocalStore()
        self.root = document.getElementById("app")
        self.live = document.getElementById("live")

    def render(self, html, focus):
        active = _js(document.activeElement)
        previous = str(active.id) if active is not None and active.id else None
        log = _by_id("log-list")
        at_bottom = log is None or log.scrollTop + log.clientHeight >= log.scrollHeight - 4
        window.bodogeMorph(self.root, html)      # web/morph.js: patch only what changed
        log = _by_id("log-list")
        if log is not None and at_bottom:
            log.scrollTop = log.scrollHeight
        current = _js(document.querySelector("#log-list [aria-current='step'], #log-list .log-here"))
        if current is not None:       # a replay's current move stays in view in the log
            current.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        lost = active is None or active == document.body or not active.isConnected
        for target in (focus, previous, "prompt", "main-heading"):
            el = _by_id(target)
            if el is not None:
                if focus or target == previous or lost:
                    el.focus()
                break

    def announce(self, text):
        # Clear first, then set: the same message twice is announced twice.
        self.live.textContent = ""
        window.setTimeout(create_once_callable(lambda: setattr(self.live, "textContent", text)), 30)

    def later(self, ms, fn):
        window.setTimeout(create_once_callable(lambda: _guard(fn)), ms)

    def set_hash(self, h, replace=False):
        if replace:
            window.history.replaceState(None, "", h)
        else:
            window.location.hash = h

    def copy(self, text):
        area = document.createElement("textarea")
        area.value = text
        area.setAttribute("readonly", "")
        area.className = "offscreen"
        document.body.appendChild(area)
        area.select()
        ok = False
        try:
            ok = bool(document.execCommand("copy"))
        except Exception:
            ok = False
        area.remove()
        try:
            window.navigator.clipboard.writeText(text)
            ok = True
        except Exception:
            pass
        return ok

    def now(self):
        return float(js.Date.now())

    def random_seed(self):
        return secrets.randbits(53)

    def format_time(self, ms, lang):
        return str(js.Date.new(ms).toLocaleString("ja-JP" if lang == "ja" else "en-GB"))

    def base_url(self):
        return str(window.location.href).split("#", 1)[0]

    def apply_settings(self, settings):
        root = document.documentElement
        root.lang = settings.lang
        root.dataset.motion = settings.motion


def _guard(fn):
    try:
        return fn()
    except Exception as e:   # keep the page alive; the console gets the details
        js.console.error(f"bodoge: {type(e).__name__}: {e}")
        raise


def _form_data(form):
    data = {}
    if _js(form) is None:
        return data
    for el in form.elements:
        name = _attr(el, "name")
        if not name:
            continue
        data[name] = bool(el.checked) if str(el.type) == "checkbox" else str(el.value)
    return data


def start():
    host = BrowserHost()
    lang = str(document.documentElement.lang or "en")
    app = App(host, default_lang=lang if lang in ("ja", "en") else "en")

    def on_click(event):
        el = _js(event.target.closest("[data-act]"))
        if el is None or el.tagName in ("FORM", "SELECT", "INPUT"):
            return
        event.preventDefault()
        _guard(lambda: app.act(_attr(el, "data-act"), _attr(el, "data-arg"),
                               _form_data(_js(el.closest("form")))))

    def on_submit(event):
        form = event.target
        if _attr(form, "data-act"):
            event.preventDefault()
            _guard(lambda: app.act(_attr(form, "data-act"), "", _form_data(form)))

    def on_change(event):
        el = event.target
        if el.tagName in ("SELECT", "INPUT") and _attr(el, "data-act"):
            _guard(lambda: app.act(_attr(el, "data-act"), str(el.id or ""), _form_data(_js(el.form))))

    def on_key(event):
        key = str(event.key)
        if event.ctrlKey or event.metaKey or event.altKey:
            # Ctrl+Z (⌘Z): take back; every other combination is the browser's
            if event.altKey or event.shiftKey or key not in ("z", "Z"):
                return
            key = "Ctrl+z"
        tag = str(event.target.tagName)
        if tag in ("INPUT", "TEXTAREA", "SELECT") and key != "Escape":
            return
        if _guard(lambda: app.key(key)):
            event.preventDefault()

    def on_hash(event):
        _guard(lambda: app.route(str(window.location.hash)))

    root = document.getElementById("app")
    for target, kind, fn in ((root, "click", on_click), (root, "submit", on_submit),
                             (root, "change", on_change), (document, "keydown", on_key),
                             (window, "hashchange", on_hash)):
        proxy = create_proxy(fn)
        _keep.append(proxy)
        target.addEventListener(kind, proxy)
    app.start(str(window.location.hash))
    window.bodoge = create_proxy(_api(app))
    _keep.append(window.bodoge)
    document.documentElement.dataset.ready = "1"
    return app


def _api(app):
    """A small JS-callable surface for tests and benchmarks (``window.bodoge``)."""
    from . import devapi

    return devapi.Api(app)
