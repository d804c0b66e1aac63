"""A small WebDriver client for the engines Playwright cannot drive: Debian's WebKitGTK and
Firefox ESR, as installed by tools/ensure_engines.sh (nothing is downloaded at run time).

- **WebKitGTK**: ``WebKitWebDriver`` starts ``MiniBrowser --automation`` on an Xvfb display of
  its own (``Xvfb -displayfd`` picks a free one, so worktrees and CI runs never collide) and
  speaks classic WebDriver over HTTP (Debian's build has no WebDriver BiDi).
- **Firefox ESR**: started headless on a fresh profile with its built-in WebDriver BiDi
  (``--remote-debugging-port``), spoken over a WebSocket (the pinned ``websockets``).

Both offer the same few things a test needs, so one test module drives both: open a URL,
reload, run a JS function (async or not; arguments and result as JSON), find an element with a
JS function and click it with real pointer input, press keys, take a screenshot, and the page's
errors since the last look (Firefox: every console error and uncaught error through BiDi's log
events; WebKit, which tells a classic client nothing of the console: a hook each page gets as
soon as it has loaded, ``HOOK``). Every process started here is ended by its own id.
"""

import base64
import glob
import itertools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

INSTALL = ("Debian's packages: apt-get install webkit2gtk-driver firefox-esr xvfb "
           "(`make test` installs them as root; or leave these tests out with "
           "`pytest --deselect tests/e2e/test_engines.py`)")
WINDOW = (1200, 900)

# A page's errors, kept in the page until the test asks (WebKit: see the module's docstring).
HOOK = """() => {
  if (window.__engineErrors) return;
  const errors = window.__engineErrors = [];
  addEventListener("error", (e) => errors.push("uncaught: " + e.message));
  addEventListener("unhandledrejection",
                   (e) => errors.push("unhandled rejection: " + String(e.reason)));
  const original = console.error;
  console.error = function (...args) {
    errors.push("console.error: " + args.map(String).join(" "));
    return original.apply(this, args);
  };
}"""

# a click refused because the page changed between finding the element and clicking it: no
# click was sent, so finding it again is safe
RACED = re.compile(r"element click intercepted|stale element|no such (node|element)")

TAKE_ERRORS = "() => (window.__engineErrors || []).splice(0)"

# The first element matching ``css`` (and whose name — aria-label, else its text — matches the
# regular expression ``name``) that is shown, enabled and not covered: scrolled to the middle of
# the view and returned; else a string saying what is wrong, for the wait's message.
FIND = """(css, name) => {
  const re = name === null ? null : new RegExp(name);
  let why = "nothing matches";
  for (const el of document.querySelectorAll(css)) {
    const label = (el.getAttribute("aria-label") || el.innerText || el.textContent || "")
      .replace(/\\s+/g, " ").trim();
    if (re && !re.test(label)) {
      why = "no name matches (last: " + JSON.stringify(label) + ")";
      continue;
    }
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") {
      why = "not shown"; continue;
    }
    if (el.disabled) { why = "disabled"; continue; }
    el.scrollIntoView({ block: "center", inline: "center" });
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && hit !== el && !el.contains(hit)) {
      why = "covered by <" + hit.tagName.toLowerCase() + (hit.id ? "#" + hit.id : "")
        + (hit.className && hit.className.baseVal === undefined && hit.className
           ? "." + String(hit.className).trim().split(/\\s+/).join(".") : "") + ">";
      continue;
    }
    return el;
  }
  return why;
}"""

KEYS = {"Enter": "\ue007", "Escape": "\ue00c", "ArrowLeft": "\ue012", "ArrowUp": "\ue013",
        "ArrowRight": "\ue014", "ArrowDown": "\ue015", "Space": " "}


def key_actions(keys):
    """A keyboard input source pressing and releasing each key in turn (WebDriver's actions,
    the same in classic WebDriver and BiDi)."""
    acts = []
    for k in keys:
        v = KEYS.get(k, k)
        acts += [{"type": "keyDown", "value": v}, {"type": "keyUp", "value": v}]
    return [{"type": "key", "id": "keyboard", "actions": acts}]


class EngineMissing(RuntimeError):
    """The engine is not installed here: the message says what to install."""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(proc):
    """End a process group this module started (by its own id), then reap it."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    except (ProcessLookupError, PermissionError):
        pass
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)


def tail(path, lines=15):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:]).strip()
    except OSError:
        return ""


class Browser:
    """What tests use; a subclass speaks one protocol. ``label`` names the engine in every
    failure ("webkit", "firefox"), ``name`` says which build."""

    label = name = ""

    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix=f"bodoge-{self.label}-")
        self.procs = []
        self.errors = []

    # --- protocol-specific ---------------------------------------------------------------
    def call(self, fn, *args):
        """Run the JS function ``fn`` (its source) with ``args``; its (awaited) result."""
        raise NotImplementedError

    def _element(self, css, name):
        """The FIND result: a handle for ``_click``, or the reason none was found (a str)."""
        raise NotImplementedError

    def _click(self, handle):
        raise NotImplementedError

    def keys(self, *keys):
        """Press and release each key in turn (a name from ``KEYS`` or one character)."""
        raise NotImplementedError

    def _navigate(self, url):
        raise NotImplementedError

    def _reload(self):
        raise NotImplementedError

    def screenshot(self):
        """The viewport as PNG bytes."""
        raise NotImplementedError

    def _take_errors(self):
        return []

    # --- shared --------------------------------------------------------------------------
    def open(self, url):
        """Go to ``url`` and wait for its load event (a hash change alone loads nothing)."""
        self.take_errors()
        self._navigate(url)
        self._after_load()

    def reload(self):
        self.take_errors()
        self._reload()
        self._after_load()

    def _after_load(self):
        pass

    def take_errors(self):
        """The page's errors since the last call."""
        self.errors += self._take_errors()
        out, self.errors = self.errors, []
        return out

    def wait(self, fn, *args, what, timeout=20.0):
        """Poll ``fn`` until it returns something truthy (returned); else fail, saying
        ``what`` was waited for and the last answer."""
        end = time.monotonic() + timeout
        while True:
            value = self.call(fn, *args)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"waited {timeout:.0f} s for {what} (last: {value!r})")
            time.sleep(0.15)

    def click(self, css, name=None, timeout=20.0):
        """Click (real pointer input) the first shown, uncovered element matching ``css``
        and, if given, whose name matches the regular expression ``name``; wait for one."""
        end = time.monotonic() + timeout
        while True:
            found = self._element(css, name)
            if not isinstance(found, str):
                try:
                    return self._click(found)
                except AssertionError as e:
                    # found uncovered, then a redraw (the computer's move sliding in) covered
                    # or replaced it before the click landed: look again, as a person would
                    if not RACED.search(str(e)) or time.monotonic() > end:
                        raise
                    found = str(e)
            if time.monotonic() > end:
                target = css + (f" named /{name}/" if name else "")
                raise AssertionError(f"no clickable {target} within {timeout:.0f} s: {found}")
            time.sleep(0.15)

    def text(self, css):
        """The ``innerText`` of the first element matching ``css`` ("" if none)."""
        return self.call("(css) => { const e = document.querySelector(css); "
                         "return e ? e.innerText : ''; }", css)

    def close(self):
        for proc in reversed(self.procs):
            stop(proc)
        shutil.rmtree(self.tmp, ignore_errors=True)


# --- WebKitGTK: classic WebDriver over HTTP ---------------------------------------------------

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def program(env, default):
    """The program named by the environment variable ``env`` if set (None if it is not an
    executable file: a wrong path is no reason to test another build), else ``default``."""
    path = os.environ.get(env)
    if path:
        return path if os.path.isfile(path) and os.access(path, os.X_OK) else None
    return default


def minibrowser():
    if os.environ.get("MINIBROWSER"):
        return program("MINIBROWSER", None)
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")
                   + glob.glob("/usr/libexec/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


class WebKit(Browser):
    label = "webkit"

    def __init__(self):
        driver = program("WEBKIT_WEBDRIVER", shutil.which("WebKitWebDriver"))
        binary = minibrowser()
        xvfb = shutil.which("Xvfb")
        missing = [what for what, path in (("WebKitWebDriver", driver), ("MiniBrowser", binary),
                                           ("Xvfb", xvfb)) if not path]
        if missing:
            raise EngineMissing(f"WebKitGTK: {', '.join(missing)} not found ($WEBKIT_WEBDRIVER, "
                                f"$MINIBROWSER). Install {INSTALL}")
        super().__init__()
        try:
            self._start(driver, binary, xvfb)
        except BaseException:
            self.close()
            raise

    def _start(self, driver, binary, xvfb):
        read, write = os.pipe()
        self.procs.append(subprocess.Popen(
            [xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True))
        os.close(write)
        with os.fdopen(read) as f:
            display = f.readline().strip()
        if not display:
            raise RuntimeError("WebKitGTK: Xvfb did not start")
        env = dict(os.environ, DISPLAY=":" + display, NO_AT_BRIDGE="1", GDK_BACKEND="x11",
                   LANG="en_US.UTF-8")
        self.log = os.path.join(self.tmp, "webdriver.log")
        self.port = free_port()
        with open(self.log, "w") as log:
            self.procs.append(subprocess.Popen([driver, f"--port={self.port}"], env=env, stdout=log,
                                               stderr=subprocess.STDOUT, start_new_session=True))
        end = time.monotonic() + 30
        while True:
            try:
                self._http("GET", "/status")
                break
            except OSError:
                if time.monotonic() > end or self.procs[-1].poll() is not None:
                    raise RuntimeError(f"WebKitGTK: WebKitWebDriver did not start: "
                                       f"{tail(self.log)}")
                time.sleep(0.1)
        caps = {"webkitgtk:browserOptions": {"binary": binary, "args": ["--automation"]}}
        got = self._http("POST", "/session", {"capabilities": {"alwaysMatch": caps}}, timeout=120)
        self.session = f"/session/{got['sessionId']}"
        self.name = f"WebKitGTK {got['capabilities'].get('browserVersion', '?')} (MiniBrowser)"
        self._cmd("POST", "/timeouts", {"script": 120_000, "pageLoad": 120_000})
        self._cmd("POST", "/window/rect", {"width": WINDOW[0], "height": WINDOW[1]})

    def _http(self, method, path, body=None, timeout=150):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data,
                                     method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return json.loads(r.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            value = json.loads(e.read() or b"{}").get("value") or {}
            command = path.split("/", 3)[-1]
            raise AssertionError(f"WebDriver {method} {command}: {value.get('error')}: "
                                 f"{value.get('message')}") from None

    def _cmd(self, method, path, body=None):
        return self._http(method, self.session + path, body)

    def call(self, fn, *args):
        script = ("const done = arguments[arguments.length - 1];"
                  f" Promise.resolve().then(() => ({fn})(...JSON.parse(arguments[0])))"
                  " .then((v) => done(JSON.stringify({v: v === undefined ? null : v})),"
                  " (e) => done(JSON.stringify({e: String(e && e.stack || e)})));")
        out = json.loads(self._cmd("POST", "/execute/async",
                                   {"script": script, "args": [json.dumps(args)]}))
        if "e" in out:
            raise AssertionError(f"JS error: {out['e']}")
        return out["v"]

    def _element(self, css, name):
        return self._cmd("POST", "/execute/sync",
                         {"script": f"return ({FIND})(arguments[0], arguments[1]);",
                          "args": [css, name]})

    def _click(self, handle):
        self._cmd("POST", f"/element/{handle[ELEMENT]}/click", {})

    def keys(self, *keys):
        self._cmd("POST", "/actions", {"actions": key_actions(keys)})

    def _navigate(self, url):
        self._cmd("POST", "/url", {"url": url})

    def _reload(self):
        self._cmd("POST", "/refresh", {})

    def _after_load(self):
        self.call(HOOK)

    def _take_errors(self):
        try:
            return self.call(TAKE_ERRORS)
        except AssertionError:            # no page (yet): nothing to take
            return []

    def screenshot(self):
        return base64.b64decode(self._cmd("GET", "/screenshot"))

    def close(self):
        if getattr(self, "session", None):
            try:
                self._http("DELETE", self.session, timeout=20)
            except (AssertionError, OSError):
                pass
        super().close()


# --- Firefox: WebDriver BiDi over a WebSocket --------------------------------------------------

# Quiet Firefox: no first-run pages, no update, telemetry or experiment downloads (beside the
# preferences Firefox's remote agent sets for automation itself).
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.auto": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "services.settings.server": "data:,#remote-settings-dummy/v1",
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
}


def firefox_binary():
    return program("FIREFOX", shutil.which("firefox-esr") or shutil.which("firefox"))


class Firefox(Browser):
    label = "firefox"

    def __init__(self):
        binary = firefox_binary()
        if not binary:
            raise EngineMissing(f"Firefox: firefox-esr not found ($FIREFOX). Install {INSTALL}")
        super().__init__()
        try:
            self._start(binary)
        except BaseException:
            self.close()
            raise

    def _start(self, binary):
        from websockets.sync.client import connect

        profile = os.path.join(self.tmp, "profile")
        os.mkdir(profile)
        with open(os.path.join(profile, "user.js"), "w") as f:
            for key, value in FIREFOX_PREFS.items():
                f.write(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n")
        self.log = os.path.join(self.tmp, "firefox.log")
        with open(self.log, "w") as log:
            self.procs.append(subprocess.Popen(
                [binary, "--headless", "--no-remote", "--profile", profile,
                 "--remote-debugging-port=0"],
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1", LANG="en_US.UTF-8")))
        end = time.monotonic() + 60
        while not (m := re.search(r"WebDriver BiDi listening on (ws://\S+)", tail(self.log, 200))):
            if time.monotonic() > end or self.procs[-1].poll() is not None:
                raise RuntimeError(f"Firefox: WebDriver BiDi did not start: {tail(self.log)}")
            time.sleep(0.1)
        self.ws = connect(m.group(1) + "/session", max_size=None, open_timeout=30, legacy=True)
        self.ids = itertools.count(1)
        got = self.send("session.new",
                        capabilities={"alwaysMatch": {"unhandledPromptBehavior": "dismiss"}})
        caps = got["capabilities"]
        self.name = f"Firefox {caps.get('browserVersion', '?')}"
        self.send("session.subscribe", events=["log.entryAdded"])
        self.context = self.send("browsingContext.getTree")["contexts"][0]["context"]
        self.send("browsingContext.setViewport", context=self.context,
                  viewport={"width": WINDOW[0], "height": WINDOW[1]})

    def send(self, method, timeout=150, **params):
        """One BiDi command; its result. Events that arrive meanwhile are kept (errors)."""
        i = next(self.ids)
        self.ws.send(json.dumps({"id": i, "method": method, "params": params}))
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"BiDi {method}: no answer within {timeout} s")
            msg = json.loads(self.ws.recv(timeout=left))
            if msg.get("type") == "event":
                self._event(msg)
            elif msg.get("id") == i:
                if msg.get("type") == "error":
                    raise AssertionError(f"BiDi {method}: {msg.get('error')}: {msg.get('message')}")
                return msg["result"]

    def _event(self, msg):
        p = msg.get("params", {})
        if msg.get("method") == "log.entryAdded" and p.get("level") == "error":
            self.errors.append(f"{p.get('type')}: {p.get('text')}")

    def _call(self, declaration, args):
        got = self.send("script.callFunction", functionDeclaration=declaration, awaitPromise=True,
                        target={"context": self.context}, resultOwnership="none",
                        arguments=[{"type": "string", "value": a} for a in args])
        if got["type"] == "exception":
            d = got["exceptionDetails"]
            raise AssertionError(f"JS error: {d.get('text')}")
        return got["result"]

    def call(self, fn, *args):
        wrapped = f"async (a) => JSON.stringify({{v: (await ({fn})(...JSON.parse(a))) ?? null}})"
        return json.loads(self._call(wrapped, [json.dumps(args)])["value"])["v"]

    def _element(self, css, name):
        got = self._call(f"(a) => ({FIND})(...JSON.parse(a))", [json.dumps([css, name])])
        return got["value"] if got["type"] == "string" else got

    def _click(self, handle):
        origin = {"type": "element", "element": {"sharedId": handle["sharedId"]}}
        self.send("input.performActions", context=self.context, actions=[{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}])

    def keys(self, *keys):
        self.send("input.performActions", context=self.context, actions=key_actions(keys))

    def _navigate(self, url):
        self.send("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def _reload(self):
        self.send("browsingContext.reload", context=self.context, wait="complete")

    def screenshot(self):
        got = self.send("browsingContext.captureScreenshot", context=self.context)
        return base64.b64decode(got["data"])

    def close(self):
        ws = getattr(self, "ws", None)
        if ws is not None:
            try:
                self.send("session.end", timeout=10)
            except Exception:
                pass
            ws.close()
        super().close()


ENGINES = {"webkit": WebKit, "firefox": Firefox}


def launch(label):
    """A started browser of the engine ``label`` (raises ``EngineMissing`` if not installed)."""
    return ENGINES[label]()
