"""The "new version ready" prompt (web/boot.js) against a scripted service worker container,
in Chromium: events in the order WebKit delivers them on a first visit, and a real update.

WebKit (seen in tests/e2e/test_engines.py: the prompt covered Bossa's Place button) tells a
first visit's worker "installed" only after that worker has already claimed the page, so
``navigator.serviceWorker.controller`` is that very worker then: no other version is running,
and no prompt may show. A new deploy's worker, installed while the page has the old one, does
prompt, and its Reload asks the waiting worker to take over."""

from playwright.sync_api import expect

# A stand-in for navigator.serviceWorker that the test drives (window.fakeSW).
FAKE = """(() => {
  const events = (o) => {
    const l = {};
    o.addEventListener = (type, f) => (l[type] = l[type] || []).push(f);
    o.fire = (type) => (l[type] || []).forEach((f) => f({}));
    return o;
  };
  const container = events({ controller: null, registration: null, messages: [] });
  container.worker = (state) => events({ state, postMessage: (m) => container.messages.push(m) });
  container.register = () => {
    container.registration = events({ installing: null, waiting: null, active: container.controller,
                                      update: () => Promise.resolve() });
    return Promise.resolve(container.registration);
  };
  window.fakeSW = container;
  Object.defineProperty(Navigator.prototype, "serviceWorker",
                        { get: () => container, configurable: true });
})()"""
PAGE = """<!doctype html><html><head><script src="./web/boot.js"></script></head><body>
<div id="update" role="status" hidden><button type="button" id="update-reload">Reload</button></div>
</body></html>"""
REGISTERED = "() => !!(window.fakeSW && window.fakeSW.registration)"


def open_page(page, server, controlled):
    page.add_init_script(FAKE + (";window.fakeSW.controller = window.fakeSW.worker('activated');"
                                 if controlled else ""))
    url = server.url + "update-prompt-test.html"
    page.route(url, lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    page.goto(url)
    page.evaluate("document.documentElement.dataset.ready = '1'")   # boot.js registers now
    page.wait_for_function(REGISTERED)


def test_a_first_visit_in_webkit_s_order_shows_no_prompt(page, server):
    open_page(page, server, controlled=False)
    page.evaluate("""() => {
      const sw = window.fakeSW, reg = sw.registration, worker = sw.worker('installing');
      reg.installing = worker;
      reg.fire('updatefound');
      sw.controller = worker;                 // claimed before "installed" is told
      worker.state = 'installed';
      worker.fire('statechange');
      sw.fire('controllerchange');
      worker.state = 'activated';
      worker.fire('statechange');
    }""")
    page.wait_for_timeout(200)
    expect(page.locator("#update")).to_be_hidden()


def test_a_new_deploy_s_worker_prompts_and_reload_lets_it_take_over(page, server):
    open_page(page, server, controlled=True)
    page.evaluate("""() => {
      const reg = window.fakeSW.registration, worker = window.fakeSW.worker('installing');
      window.newWorker = worker;
      reg.installing = worker;
      reg.fire('updatefound');
      worker.state = 'installed';
      worker.fire('statechange');
    }""")
    expect(page.locator("#update")).to_be_visible()
    page.locator("#update-reload").click()
    assert page.evaluate("window.fakeSW.messages") == ["skip-waiting"]
