"""The browser host: the one module that touches the page (PyScript / Pyodide only).

It wires DOM events to ``App`` (event delegation on ``#app``: ``data-act`` / ``data-arg``
attributes on buttons, ``data-act`` on forms and selects) and implements the host interface
documented in ``bodoge.ui.app``.
"""

import gc

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js
from pyscript import document, window

from .app import App
from .html import Page
from .storage import UNREADABLE, MemoryStore, StorageError

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
    """localStorage. Every call is guarded: what the browser refuses (a full quota, blocked
    storage, a value it cannot hand over) raises ``StorageError``, never anything else. When
    the browser blocks storage altogether, a memory store stands in (``persistent`` False:
    nothing outlives the page, and the app says so)."""

    persistent = True

    def __init__(self):
        try:
            self.ls = _js(window.localStorage)
            self.ls.getItem("bodoge:probe")
        except Exception:
            self.ls = None
        if self.ls is None:
            self.mem = MemoryStore(persistent=False)
            self.persistent = False

    def get(self, key):
        if self.ls is None:
            return self.mem.get(key)
        try:
            value = _js(self.ls.getItem(key))
        except Exception:
            raise StorageError("blocked") from None
        try:
            return None if value is None else str(value)
        except Exception:              # text Python cannot hold: a damaged entry
            return UNREADABLE

    def set(self, key, value):
        if self.ls is None:
            return self.mem.set(key, value)
        try:
            self.ls.setItem(key, value)
        except Exception as e:         # QuotaExceededError, or storage blocked since
            raise StorageError("full" if "quota" in str(e).lower() else "blocked") from None

    def remove(self, key):
        if self.ls is None:
            return self.mem.remove(key)
        try:
            self.ls.removeItem(key)
        except Exception:
            raise StorageError("blocked") from None

    def keys(self):
        if self.ls is None:
            return self.mem.keys()
        try:
            keys = [_js(self.ls.key(i)) for i in range(int(self.ls.length))]
            return [str(k) for k in keys if k is not None]    # another tab may remove one meanwhile
        except Exception:
            raise StorageError("blocked") from None


class BrowserHost:
    def __init__(self, safe=False):
        # safe mode ("Start without saved games"): storage is neither read nor written
        self.store = MemoryStore(persistent=False) if safe else LocalStore()
        self.root = document.getElementById("app")
        self.live = document.getElementById("live")
        self.page = Page()          # the parts the page keeps: sent once, then as markers

    def render(self, html, focus, whole=None):
        """Patch the page to ``html``; ``whole()``: the same markup with every kept part whole,
        for when the patcher did not find a part a marker stands for."""
        active = _js(document.activeElement)
        previous = str(active.id) if active is not None and active.id else None
        log = _by_id("log-list")
        at_bottom = log is None or log.scrollTop + log.clientHeight >= log.scrollHeight - 4
        # web/morph.js: patch only what changed
        if not window.bodogeMorph(self.root, html) and whole is not None:
            window.bodogeMorph(self.root, whole())
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
        # Clear first, then set: the same message twice is announced twice. Both after this
        # task, so that the move's own redraw is laid out once (benchmarks/table.md).
        window.bodogeAnnounce(self.live, text)

    def after_paint(self, fn):
        """``fn()`` once the next frame is painted (at once if the page is hidden or goes)."""
        window.bodogeAfterPaint(create_once_callable(lambda: _guard(fn)))

    def next_frame(self, fn):
        """``fn()`` just before the next frame is drawn (web/morph.js)."""
        window.bodogeNextFrame(create_once_callable(lambda: _guard(fn)))

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
        import secrets                # here: not needed until a game starts (and slows the boot)

        return secrets.randbits(53)

    def format_time(self, ms, lang):
        return str(js.Date.new(ms).toLocaleString("ja-JP" if lang == "ja" else "en-GB"))

    def base_url(self):
        return str(window.location.href).split("#", 1)[0]

    def touch(self):
        """Whether the main pointer is a finger (no hover: a tap is the first thing a move
        gets; ``Settings.confirm`` "auto" asks for a second)."""
        return bool(window.matchMedia("(pointer: coarse)").matches)

    def apply_settings(self, settings):
        root = document.documentElement
        root.lang = settings.lang
        root.dataset.motion = settings.motion

    def raw_entries(self):
        return str(window.bodogeRawEntries())       # web/boot.js: works without Python too

    def warn(self, text):
        js.console.warn(str(text))

    # --- keeping saves: persistent storage, the device, files --------------------------------
    def storage_persist(self, ask, done):
        storage = _js(getattr(window.navigator, "storage", None))
        name = "persist" if ask else "persisted"
        if storage is None or _js(getattr(storage, name, None)) is None:
            self.later(0, lambda: done(None))           # an older browser: it does not say
            return
        try:
            promise = storage.persist() if ask else storage.persisted()
        except Exception:
            self.later(0, lambda: done(None))
            return
        _then(promise, lambda value: done(bool(value)), lambda: done(None))

    def device(self):
        nav = window.navigator
        standalone = _js(getattr(nav, "standalone", None)) is True     # Safari's, on iOS
        try:
            standalone = standalone or bool(window.matchMedia("(display-mode: standalone)").matches)
        except Exception:
            pass
        return {"ua": str(_js(getattr(nav, "userAgent", None)) or ""),
                "touch": int(_js(getattr(nav, "maxTouchPoints", None)) or 0),
                "standalone": standalone}

    def download(self, name, text):
        try:
            options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
            url = js.URL.createObjectURL(js.Blob.new(to_js([text]), options))
            link = document.createElement("a")
            link.href = url
            link.download = name
            link.className = "offscreen"
            document.body.appendChild(link)
            link.click()
            link.remove()
        except Exception:
            return False
        self.later(60_000, lambda: js.URL.revokeObjectURL(url))
        return True

    def pick_file(self, input_id):
        el = _by_id(input_id)
        if el is not None:
            el.value = ""            # the same file chosen again is news too
            el.click()

    def read_file(self, input_id, max_bytes, done):
        el = _by_id(input_id)
        files = _js(el.files) if el is not None else None
        chosen = _js(files.item(0)) if files is not None and int(files.length) else None
        if chosen is None:
            return
        if float(chosen.size) > max_bytes:              # refused unread
            self.later(0, lambda: done(None, "too_large"))
            return
        _then(chosen.text(), lambda text: done(str(text), None), lambda: done(None, "unreadable"))

    # --- play on several devices: web/net.js ---------------------------------------------------
    def net_offer(self, key, stun):
        window.bodogeNet.offer(key, stun or "")

    def net_answer(self, key, sdp, stun):
        window.bodogeNet.answer(key, sdp, stun or "")

    def net_accept(self, key, sdp):
        window.bodogeNet.accept(key, sdp)

    def net_send(self, key, text):
        return bool(window.bodogeNet.send(key, text))

    def net_close(self, key):
        window.bodogeNet.close(key)

    def net_hold(self, key, ms, most):
        window.bodogeNet.hold(key, float(ms), int(most))

    def qr(self, text):
        return [str(row) for row in window.bodogeNet.qr(text)]

    def scan(self, video_id):
        window.bodogeNet.scan(video_id or "")


def _then(promise, on_value, on_error):
    """``on_value(value)`` when ``promise`` resolves, ``on_error()`` if it rejects (guarded,
    like every call into the app). The callback not called stays until the page goes: a few
    per page (a check, a request, an import)."""
    promise.then(create_once_callable(lambda value: _guard(lambda: on_value(value))),
                 create_once_callable(lambda _error=None: _guard(on_error)))


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


def safe_mode():
    """Whether the page was opened with "Start without saved games" (``?safe`` in its URL)."""
    query = str(window.location.search or "").lstrip("?")
    return "safe" in [part.split("=", 1)[0] for part in query.split("&")]


def start():
    safe = safe_mode()
    host = BrowserHost(safe)
    lang = str(document.documentElement.lang or "en")
    # index.html paints a static shelf in each language (tools/build.py); the first render
    # patches the one in the page's language, so the other goes first (patching it into the
    # other language rewrote the whole shelf: 13 ms of an English boot)
    for el in document.querySelectorAll("#app > .app[lang]"):
        if str(el.lang) != lang:
            el.remove()
    app = App(host, default_lang=lang if lang in ("ja", "en") else "en", safe=safe)

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
        elif key in ("Enter", " ") and tag != "BUTTON" and _attr(event.target, "role") == "button":
            # an element with a button's role (algo's cards: one element whatever their state)
            # is pressed by Enter and Space as a button is
            event.preventDefault()
            event.target.click()

    def on_hash(event):
        _guard(lambda: app.route(str(window.location.hash)))

    def on_storage(event):
        # another tab changed localStorage (not fired for this tab's own writes)
        if safe:
            return
        key = _js(event.key)
        _guard(lambda: app.storage_changed(None if key is None else str(key)))

    root = document.getElementById("app")
    for target, kind, fn in ((root, "click", on_click), (root, "submit", on_submit),
                             (root, "change", on_change), (document, "keydown", on_key),
                             (window, "hashchange", on_hash), (window, "storage", on_storage)):
        proxy = create_proxy(fn)
        _keep.append(proxy)
        target.addEventListener(kind, proxy)
    def on_net(kind, key, data):
        _guard(lambda: app.net_event(str(kind), str(key), "" if _js(data) is None else str(data)))

    proxy = create_proxy(on_net)
    _keep.append(proxy)
    window.bodogeNet.listen(proxy)
    app.start(str(window.location.hash))
    window.bodoge = create_proxy(_api(app))
    _keep.append(window.bodoge)
    document.documentElement.dataset.ready = "1"
    host.after_paint(settle_memory)
    return app


def settle_memory():
    """Once the first screen is painted: collect garbage, then freeze what start-up left
    (``gc.freeze``: some 25,000 objects, the modules and their tables), so that Python's
    collector never walks it again. An increment of Python 3.14's incremental collector took up
    to 4 ms of a move walking it, under 1 ms once it was frozen. Once per page: a collection
    takes 10-15 ms here, and what a game screen keeps is a few thousand objects."""
    gc.collect()
    gc.freeze()


def _api(app):
    """A small JS-callable surface for tests and benchmarks (``window.bodoge``)."""
    from . import devapi

    return devapi.Api(app)
