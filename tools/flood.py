"""A hostile guest's flood and the host's probes, as page scripts: one copy for the benchmark
(tools/bench_remote.py --only flood) and the e2e test (tests/e2e/test_remote.py), so that the
test checks what the benchmark measures."""

# the messages of each flood (``%d``: the message's number, so that each move is another one)
FLOODS = {
    "refused moves": ['{"v":1,"t":"move","n":%d,"m":{"a":"attack","t":0,"p":0,"n":11}}'],
    "syncs": ['{"v":1,"t":"sync"}'],
    "acks": ['{"v":1,"t":"ack","seq":1}'],
    "refused moves and syncs": ['{"v":1,"t":"move","n":%d,"m":{"a":"attack","t":0,"p":0,"n":11}}',
                                '{"v":1,"t":"sync"}'],
}
NOW = "const now = () => performance.timeOrigin + performance.now();"     # one clock for every page
NOW_JS = "() => performance.timeOrigin + performance.now()"
# On the hostile guest: from time ``at`` on, ``n`` messages of ``kinds`` in turn, as fast as the
# page can send them; ``__flood``: how many the channel took, and when.
FLOOD = """([key, kinds, n, at]) => {
  NOW
  setTimeout(() => {
    window.__flood = {sent: 0, start: now()};
    for (let i = 0; i < n; i++) {
      const text = kinds[i % kinds.length].replace("%d", String(i + 1));
      if (window.bodogeNet.send(key, text)) window.__flood.sent++;
    }
    window.__flood.end = now();
  }, Math.max(0, at - now()));
  return true;
}""".replace("NOW", NOW)
# The host's person clicks ``selector`` at time ``at`` (a timer of the host's page), or, with
# ``at`` null, the moment the page hears the next ``sync`` from a device (so that the click meets
# a flood: it waits behind the messages already come; needs HOST_PROBE); ``__click``: that time;
# ``__paint``: from it to the animation frame that shows what the click changed (a page busy with
# messages runs the click late: that counts).
CLICK_AT = """([selector, at]) => {
  NOW
  window.__paint = null;
  const click = () => {
    const seen = new MutationObserver(() => {
      seen.disconnect();
      requestAnimationFrame(() => { window.__paint = now() - window.__click; });
    });
    seen.observe(document.getElementById("app"), {subtree: true, childList: true, attributes: true,
                                                   characterData: true});
    document.querySelector(selector).click();
  };
  if (at === null) {
    window.__onNet = (text) => {               // the flood's first message (not an honest ack)
      if (!text.includes('"t":"sync"')) return false;
      window.__click = now();
      setTimeout(click, 0);
      return true;
    };
  } else {
    window.__click = at;
    setTimeout(click, Math.max(0, at - now()));
  }
  return true;
}""".replace("NOW", NOW)
# On the host: every frame's time and every long task from now on (absolute ms), and when each
# message from a guest came (``__onNet``: CLICK_AT's hook); ``__netMoves``: [time, text] of each
# move that came (the honest guest's is told from the flood's by its text, PLAY_AT's ``__sent``);
# ``__inFrame``: the page is in a frame's callbacks (from the first, this probe's, until the
# frame's work is over: a change made then is painted in that frame).
HOST_PROBE = """() => {
  NOW
  window.__frames = []; window.__long = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) =>
    window.__long.push([performance.timeOrigin + e.startTime, e.duration]))).observe({type: "longtask"});
  window.__inFrame = false;
  const over = () => { window.__inFrame = false; };
  const tick = () => {
    window.__frames.push(now()); window.__inFrame = true; setTimeout(over, 0);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__netTimes = []; window.__netMoves = [];
  window.__bodogeNetRecord = Object.assign([], {push(text) {
    const t = now();
    window.__netTimes.push(t);
    if (text.includes('"t":"move"')) window.__netMoves.push([t, text]);
    if (window.__onNet && window.__onNet(text)) window.__onNet = null;
    return Array.prototype.push.call(this, text);
  }});
  return true;
}""".replace("NOW", NOW)
# On an honest guest: its move ``m`` for seat ``s`` at time ``at`` (a timer of its page);
# ``__call``: when it was made; ``__sent``: the texts its page sent since.
PLAY_AT = """([s, m, at]) => {
  NOW
  window.__call = null;
  window.__sent = [];
  if (!window.__sendTapped) {
    window.__sendTapped = true;
    const send = window.bodogeNet.send;
    window.bodogeNet.send = (key, text) => { window.__sent.push(text); return send(key, text); };
  }
  setTimeout(() => { window.__call = now(); window.bodoge.play(s, m); }, Math.max(0, at - now()));
  return true;
}""".replace("NOW", NOW)
# On the host: ``__logPaint``, the animation frame after the log's newest line changed (another
# device's move on its board).
# (in the host's probes: ``onLogChange(fn)`` calls ``fn`` once, when the log's newest line changes)
LOG_WATCH = """const onLogChange = (fn) => {
    const last = () => { const l = document.querySelectorAll("#log-list li");
                         return l.length + "|" + (l.length ? l[l.length - 1].textContent : ""); };
    const was = last();
    const seen = new MutationObserver(() => {
      if (last() === was) return;
      seen.disconnect();
      fn();
    });
    seen.observe(document.getElementById("app"), {subtree: true, childList: true, characterData: true});
  };"""
LOG_PAINT = """() => {
  NOW
  LOG_WATCH
  window.__logPaint = null;
  onLogChange(() => requestAnimationFrame(() => { window.__logPaint = now(); }));
  return !!document.getElementById("log-list");
}""".replace("NOW", NOW).replace("LOG_WATCH", LOG_WATCH)
# On the host: ``__shown``, when the log's newest line changed (another device's move on its
# board: ``changed``), whether that was in a frame's callbacks (``inFrame``: HOST_PROBE's flag),
# the animation frame after the change (``frame``: later than the frame that paints a change made
# in a frame's callbacks, and as late as the page's next task allows) and the frame that showed
# it (``painted``: the renderTime of a mark added in the same task as the change, by Element
# Timing; null if none came within 2 s).
SHOWN = """() => {
  NOW
  LOG_WATCH
  window.__shown = null;
  onLogChange(() => {
    const r = {changed: now(), inFrame: !!window.__inFrame, frame: null, painted: undefined};
    const done = () => { if (r.frame !== null && r.painted !== undefined) window.__shown = r; };
    const mark = document.createElement("span");
    mark.textContent = "·";
    mark.setAttribute("elementtiming", "bodoge-shown");
    mark.style.cssText = "position:fixed;left:0;top:0;font-size:12px;z-index:2147483647;pointer-events:none";
    const paint = new PerformanceObserver((l) => l.getEntries().forEach((e) => {
      if (e.identifier !== "bodoge-shown" || r.painted !== undefined) return;
      r.painted = performance.timeOrigin + e.renderTime;
      paint.disconnect(); mark.remove(); done();
    }));
    paint.observe({type: "element"});
    document.body.appendChild(mark);
    setTimeout(() => { if (r.painted === undefined) { r.painted = null; paint.disconnect(); mark.remove(); done(); } }, 2000);
    requestAnimationFrame(() => { r.frame = now(); done(); });
  });
  return !!document.getElementById("log-list");
}""".replace("NOW", NOW).replace("LOG_WATCH", LOG_WATCH)
