"""The page's Content-Security-Policy (index.html's ``<meta>``): what it allows, and that a
breach is seen. Every e2e test runs under it: the harness's guard fails a test on any
``securitypolicyviolation`` event or console line about the policy."""

import os
import re

from .harness import boot

POLICY = {
    "default-src": ["'self'"],
    # PyScript (polyscript) builds its hooks with Function(): 'unsafe-eval'; Pyodide compiles
    # WebAssembly: 'wasm-unsafe-eval'; no inline script, nothing from elsewhere
    "script-src": ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
    # the tables' style attributes (positions, a colour); no inline <style> element
    "style-src": ["'self'", "'unsafe-inline'"],
    "style-src-elem": ["'self'"],
    "img-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}


def policy_of(html):
    content = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1)
    return {d.split()[0]: d.split()[1:] for d in (p.strip() for p in content.split(";")) if d}


def test_the_site_has_its_policy_before_any_script(site):
    with open(os.path.join(site, "index.html"), encoding="utf-8") as f:
        html = f.read()
    assert policy_of(html) == POLICY
    assert html.index("Content-Security-Policy") < html.index("<script")


def test_a_breach_of_the_policy_is_refused_and_seen(page, server, guard):
    boot(page, server.url)
    got = page.evaluate("""async () => {
        const s = document.createElement("script");
        s.textContent = "window.injected = 1";
        document.head.appendChild(s);
        const img = new Image();
        const loaded = new Promise((r) => { img.onload = () => r(true); img.onerror = () => r(false); });
        img.src = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
        const style = document.createElement("style");
        style.textContent = "body { color: red }";
        document.head.appendChild(style);
        let fetched = true;
        try { await fetch("http://127.0.0.2:9/x"); } catch (e) { fetched = false; }
        await new Promise((r) => setTimeout(r, 100));
        return {script: window.injected === 1, image: await loaded, fetched,
                style: getComputedStyle(document.body).color === "rgb(255, 0, 0)"};
    }""")
    assert got == {"script": False, "image": False, "fetched": False, "style": False}
    seen = [e for e in guard.errors if e.startswith("CSP violation: ")]
    for directive in ("script-src-elem", "img-src", "style-src-elem", "connect-src"):
        assert any(f"CSP violation: {directive} " in e for e in seen), (directive, seen)
    guard.errors.clear()          # the breaches were this test's own
    guard.external.clear()
