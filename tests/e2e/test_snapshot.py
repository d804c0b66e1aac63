"""Returning visits restore a Pyodide memory snapshot (web/pyodide/snap.mjs): a second visit
restores and plays a whole game; a damaged or stale snapshot boots normally, silently, and is
replaced; a new deploy never runs the old code; offline still works; new games get new seeds.

``window.bodogeSnapshot`` says what happened: ``restored`` (this boot restored a snapshot),
``reason`` (why not) and ``made`` ("saved" once this page stored a new one)."""

import hashlib
import io
import json
import os
import re
import sys
import zipfile

from playwright.sync_api import expect

from bodoge.core.record import decode

from .harness import declare, BOOT_TIMEOUT, ROOT, boot, storage, wait_ready, wait_until

MAKES_SNAPSHOTS = True          # the harness lets these tests' pages make snapshots
from .test_app import CACHED, RESULT, new_algo, play_until

MADE = "window.bodogeSnapshot && !['', 'making'].includes(window.bodogeSnapshot.made)"
NEW_TITLE = "Japanese tabletop games, new deploy"

# The module's constants, read in a page of the site (the app's own module, if it is the app).
IMPORT = "await import(new URL('pyodide/snap.mjs', location.href).href)"
ENTRIES = f"""async () => {{
    const m = {IMPORT};
    return (await (await caches.open(m.CACHE)).keys()).map((r) => r.url);
}}"""


def snapshot_saved(page):
    """Wait until this page has stored a new snapshot (it starts once the app is idle)."""
    page.wait_for_function(MADE, timeout=BOOT_TIMEOUT)
    assert page.evaluate("window.bodogeSnapshot.made") == "saved"


def status(page):
    return page.evaluate("window.bodogeSnapshot")


def visit(page, url):
    boot(page, url)
    return status(page)


def first_visit(page, url):
    got = visit(page, url)
    assert got["restored"] is False and got["reason"] == "no snapshot"
    assert page.evaluate("document.documentElement.dataset.snapshot") == "none"
    snapshot_saved(page)


def restored_visit(page, url):
    got = visit(page, url)
    assert got["restored"] is True, got
    assert page.evaluate("document.documentElement.dataset.snapshot") == "restored"


def title(page):
    return page.get_by_role("heading", level=1).first


def test_a_second_visit_restores_and_plays_a_whole_game(page, server):
    first_visit(page, server.url)
    assert len(page.evaluate(ENTRIES)) == 1
    restored_visit(page, server.url)
    assert page.evaluate("window.bodogeSnapshot.made") == ""       # nothing to make again
    new_algo(page, [("human", "Aki"), ("normal", "")])
    result = page.locator("#result-heading", has_text=RESULT)
    play_until(page, result.is_visible)
    expect(result).to_be_visible()
    expect(page.get_by_role("table", name="Rounds")).to_be_visible()


DAMAGE = {
    # a byte in the middle changed: the stored checksum no longer matches
    "flipped": "(b) => { b[b.length >> 1] ^= 0xff; return b; }",
    # bytes that are no snapshot at all, with a checksum of their own: Pyodide refuses them
    "garbage": "(b) => new Uint8Array(4096).fill(7)",
}
CORRUPT = """async ([damage, rehash]) => {
    const m = IMPORT;
    const cache = await caches.open(m.CACHE);
    const old = await cache.match(m.ENTRY);
    const bytes = (DAMAGE)(new Uint8Array(await old.arrayBuffer()));
    const headers = new Headers(old.headers);
    if (rehash) headers.set('X-Snapshot-Sha256', await m.hex(bytes));
    await cache.put(m.ENTRY, new Response(bytes, { headers }));
}""".replace("IMPORT", IMPORT)


def test_a_damaged_snapshot_boots_normally_and_is_replaced(page, server):
    first_visit(page, server.url)
    for damage, reason in (("flipped", "damaged snapshot"), ("garbage", "invalid magic number")):
        page.evaluate(CORRUPT.replace("(DAMAGE)", f"({DAMAGE[damage]})"), [damage, damage == "garbage"])
        got = visit(page, server.url)
        assert got["restored"] is False and reason in got["reason"], got
        expect(title(page)).to_have_text("Japanese tabletop games")
        snapshot_saved(page)                           # replaced
        restored_visit(page, server.url)
    # the guard fixture fails the test on any console error along the way


def new_deploy(root):
    """A new deploy in ``root``: Python code that says so (the shelf's title), a new version.
    The site ships bytecode: the changed module goes in as source instead of it."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import build

    table = "bodoge/ui/strings/common"
    source = build.strings_as_data(os.path.join(ROOT, "py", table + ".py"))
    assert '"Japanese tabletop games"' in source
    source = source.replace('"Japanese tabletop games"', json.dumps(NEW_TITLE))
    path = os.path.join(root, "bodoge.zip")
    with zipfile.ZipFile(path) as z:
        files = [(info, z.read(info)) for info in z.infolist() if info.filename != table + ".pyc"]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in files:
            z.writestr(info, data)
        z.writestr(table + ".py", source)
    with open(path, "wb") as f:
        f.write(out.getvalue())
    build.service_worker(root)


def test_a_snapshot_of_another_deploy_is_never_restored(new_context, own_server):
    """The old deploy's snapshot, stored under the new deploy's key, is refused: the memory
    says which key it was made for. (No service worker here: every visit gets the server's
    files, the new ones as soon as they are there.)"""
    page = new_context(service_workers="block").new_page()
    page.set_default_timeout(30_000)
    first_visit(page, own_server.url)
    new_deploy(own_server.root)
    # in a page of the site that is not the app, the new deploy's module says its entry
    page.goto(own_server.url + "web/manifest.webmanifest")
    new_entry = page.evaluate("""async (base) => {
        const m = await import(base + 'pyodide/snap.mjs');
        const cache = await caches.open(m.CACHE);
        const [old] = await cache.keys();
        await cache.put(m.ENTRY, await cache.match(old));
        await cache.delete(old);
        return m.ENTRY;
    }""", own_server.url)
    got = visit(page, own_server.url)
    assert got["restored"] is False and got["reason"] == "snapshot of another deploy", got
    expect(title(page)).to_have_text(NEW_TITLE)
    snapshot_saved(page)
    restored_visit(page, own_server.url)
    expect(title(page)).to_have_text(NEW_TITLE)
    assert page.evaluate(ENTRIES) == [new_entry]


def test_a_new_deploy_never_runs_the_old_code_from_an_old_snapshot(page, own_server):
    first_visit(page, own_server.url)
    wait_until(page, CACHED, timeout=BOOT_TIMEOUT)       # async: wait_for_function would not wait
    restored_visit(page, own_server.url)
    expect(title(page)).to_have_text("Japanese tabletop games")
    old_entries = page.evaluate(ENTRIES)
    new_deploy(own_server.root)
    page.add_init_script("window.controlledAtStart = !!navigator.serviceWorker.controller")
    boot(page, own_server.url)
    if page.evaluate("window.controlledAtStart"):
        # the old worker served this visit, old code and old snapshot together; the new
        # deploy waits for the player's word
        expect(title(page)).to_have_text("Japanese tabletop games")
        update = page.get_by_role("button", name="Reload")
        expect(update).to_be_visible(timeout=BOOT_TIMEOUT)
        with page.expect_navigation(timeout=BOOT_TIMEOUT):
            update.click()
        wait_ready(page)
    # the new deploy: its own code, never the old snapshot
    assert status(page)["restored"] is False
    expect(title(page)).to_have_text(NEW_TITLE)
    snapshot_saved(page)
    restored_visit(page, own_server.url)
    expect(title(page)).to_have_text(NEW_TITLE)
    entries = page.evaluate(ENTRIES)
    assert len(entries) == 1 and entries != old_entries          # the old snapshot is gone


def test_offline_after_the_first_visit_restores_the_snapshot(page, own_server, context):
    first_visit(page, own_server.url)
    wait_until(page, CACHED, timeout=BOOT_TIMEOUT)       # async: wait_for_function would not wait
    own_server.stop()
    context.set_offline(True)
    restored_visit(page, own_server.url)
    new_algo(page, [("human", ""), ("strong", "")])
    page.get_by_role("button", name=re.compile("face down")).first.click()
    n = declare(page, 4)
    expect(page.locator("#log-list")).to_contain_text(f"declare {n}")


def test_two_restored_visits_give_new_games_different_seeds(page, server):
    first_visit(page, server.url)
    seeds = []
    for _ in range(2):
        restored_visit(page, server.url)
        before = set(storage(page))
        new_algo(page, [("human", ""), ("normal", "")])
        page.wait_for_function("Object.keys(localStorage).filter(k => k.startsWith('bodoge:save:')).length"
                               f" > {sum(k.startswith('bodoge:save:') for k in before)}")
        (key,) = [k for k in storage(page) if k.startswith("bodoge:save:") and k not in before]
        seeds.append(decode(json.loads(storage(page)[key])["code"]).seed)
    assert seeds[0] != seeds[1]


def test_the_build_stamps_the_snapshot_module_with_this_deploy(site):
    with open(os.path.join(site, "sw.js"), encoding="utf-8") as f:
        sw = f.read()
    with open(os.path.join(site, "pyodide", "snap.mjs"), encoding="utf-8") as f:
        snap = f.read()
    with open(os.path.join(site, "bodoge.zip"), "rb") as f:
        zip_hash = hashlib.sha256(f.read()).hexdigest()
    version = re.search(r'const VERSION = "(\w+)";', sw).group(1)
    assert f'export const SITE = "{version}";' in snap
    assert f'export const ZIP = "{zip_hash}";' in snap
    for name in ("./pyodide/snap.mjs", "./pyodide/snap-worker.mjs"):       # offline too
        assert f'"{name}"' in sw
    assert not os.path.exists(os.path.join(site, "web", "pyodide"))
    with open(os.path.join(site, "index.html"), encoding="utf-8") as f:
        assert "&quot;interpreter&quot;:&quot;./pyodide/snap.mjs&quot;" in f.read()


def test_a_full_quota_boots_normally_and_is_not_tried_again_until_a_new_deploy(new_context, server):
    context = new_context(service_workers="block")
    page = context.new_page()
    page.set_default_timeout(30_000)
    cdp = context.new_cdp_session(page)
    origin = server.url.rstrip("/")
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin, "quotaSize": 8 << 20})
    try:
        boot(page, server.url)
        page.wait_for_function(MADE, timeout=BOOT_TIMEOUT)
        assert page.evaluate("window.bodogeSnapshot.made").startswith("failed: ")    # 30 MiB > 8
        assert page.evaluate(ENTRIES) == []
        got = visit(page, server.url)
        assert got["restored"] is False and got["reason"] == "no snapshot"
        page.wait_for_function(MADE, timeout=BOOT_TIMEOUT)
        assert page.evaluate("window.bodogeSnapshot.made") == "failed before"
    finally:
        cdp.send("Storage.overrideQuotaForOrigin", {"origin": origin})      # back to the default
    # a new deploy (another key) tries again
    page.evaluate("localStorage.setItem('bodoge:snapshot-failed', 'an older key')")
    visit(page, server.url)
    snapshot_saved(page)
    assert page.evaluate("localStorage.getItem('bodoge:snapshot-failed')") is None
    restored_visit(page, server.url)
