// Play on several devices: WebRTC data channels, QR codes and the camera, for Python
// (py/bodoge/ui/dom.py bridges them to the app; the protocol is py/bodoge/core/remote.py).
//
// No server: the offer and the answer travel as codes the players carry (a link or QR code,
// then a QR code or text back). Each connection has one data channel, negotiated (id 0) so
// that the descriptions carry nothing for it. ICE servers: none (host candidates only, which
// is enough on one Wi-Fi) unless the player set a STUN server in the settings; nothing here
// ever contacts a third party otherwise. Candidates are gathered before a description is
// handed over (no trickle: there is no channel to trickle through).
//
// Events to Python, listen(fn): fn(kind, key, data) with kind "offer" | "answer" (data: the
// SDP), "open", "message" (data: the text), "dropped" (data: "n bytes", below), "closed",
// "error" (data: why), "scan" (data: the text read), "scan-error" (data: "denied" | "none" |
// "failed").
//
// A guest's device may flood the host (issue 27): 10,000 messages in a tenth of a second.
// * Its budget is Python's (HostLink.admit, py/bodoge/ui/table.py); once a message is beyond
//   it, Python says hold(key, ms, most): until the budget has room again (ms) the connection's
//   messages are dropped here, unread, for a comparison and a count each (no call into Python,
//   no parse), and Python hears how many ("dropped", "n bytes": UTF-16 units) before the next
//   message it reads, or at once when `most` were dropped (a flood: Python hangs up).
// * Python's time on the events of a connection is at most FRAME_MS in a frame's time: the
//   rest of that connection's wait in order for the next frame, so that the host's own click
//   and a frame showing it never queue behind a guest's messages. The share is each
//   connection's: another guest's move never waits behind a flooding one's backlog (it goes to
//   Python as it comes, and its frame is the next one).
(() => {
  "use strict";
  const GATHER_MS = 5000;           // give up waiting for more candidates after this
  const SCAN_EVERY_MS = 200;
  const FRAME_MS = 8;               // Python's time on a connection's events per frame, at most
  // A connection with WAIT_MAX messages waiting for a frame is beyond its burst (HostLink.BURST,
  // 20): what comes then is dropped unread, counted, and FLOOD_AT of them (HostLink.MAX_OVER)
  // go to Python at once: a flood, let go without waiting for the frames to come.
  const WAIT_MAX = 20;
  const FLOOD_AT = 60;
  const conns = new Map();          // key -> {pc, ch, done, hold}
  let sink = null;

  // --- events to Python, FRAME_MS of each connection's a frame -----------------------------------
  // Each event's owner (its connection, or `camera` for the camera's) has its share of a
  // frame's time: `spent` ms in Python since `since`, and `waiting` events in the queue.
  const queue = [];                 // [c, kind, key, data] waiting for the next frame (in order)
  const camera = { waiting: 0, spent: 0, since: -Infinity };
  let drainAt = -Infinity;          // when the last drain began (a new frame's time for everyone)
  let draining = false;             // a drain is asked for after the next frame
  const owner = (c) => c || camera;
  // Whether o's share of this frame's time has room (a new frame's time: the whole share)
  const room = (o) => {
    const t = performance.now();
    if (o.since < drainAt || t - o.since > 16) {
      o.since = t;
      o.spent = 0;
    }
    return o.spent < FRAME_MS;
  };
  const deliver = (c, kind, key, data) => {
    if (c && conns.get(key) !== c) return;        // closed meanwhile: no events follow
    if (!sink) return;
    if (kind === "message" && c.over.n) count(c, key);     // (those dropped meanwhile first)
    if (kind === "message" && (held(c, key, data, true) || conns.get(key) !== c)) return;
    const o = owner(c);
    room(o);                        // (a new frame's time: its share begins now)
    const t0 = performance.now();
    try {
      sink(kind, key, data);
    } finally {
      o.spent += performance.now() - t0;
    }
  };
  // After a frame: the events waiting, in order, each while its owner's share has room (the
  // rest of an owner's wait for the next frame, still in order).
  const drain = () => {
    draining = false;
    drainAt = performance.now();
    const full = new Set();
    const kept = [];
    while (queue.length) {
      const event = queue.shift();
      const o = owner(event[0]);
      if (full.has(o) || !room(o)) {
        full.add(o);
        kept.push(event);
        continue;
      }
      o.waiting -= 1;
      deliver(...event);
    }
    // (before any that came meanwhile; not those of a connection closed meanwhile)
    queue.unshift(...kept.filter((e) => !e[0] || conns.get(e[2]) === e[0]));
    if (queue.length) later();
  };
  // A hidden page draws no frames and its timers are slowed to one a second or a minute: there
  // every event goes to Python at once (what was waiting first).
  const flush = () => {
    while (queue.length) {
      const event = queue.shift();
      owner(event[0]).waiting -= 1;
      deliver(...event);
    }
  };
  document.addEventListener("visibilitychange", () => { if (document.hidden) flush(); });
  const later = () => {
    if (draining) return;
    draining = true;
    requestAnimationFrame(() => setTimeout(drain, 0));          // a frame (and input) first
  };
  // Whether the message `text` on connection c is dropped unread (Python holds c: hold()),
  // counted; a hold that is over is forgotten, and its count goes to Python first (`now`:
  // at once, not behind other events: the message itself is being delivered).
  const held = (c, key, text, now) => {
    const h = c.hold;
    if (!h) return false;
    const count = () => {
      const data = `${h.n} ${h.bytes}`;
      h.n = h.bytes = 0;
      if (now) deliver(c, "dropped", key, data);
      else emit("dropped", key, data, c);
    };
    if (performance.now() < h.until) {               // beyond the budget: dropped unread
      h.n += 1;
      h.bytes += text.length;
      if (h.n >= h.most) {                           // a flood: Python hangs up, at once
        const data = `${h.n} ${h.bytes}`;            // (not behind the events waiting: the
        h.n = h.bytes = 0;                           // channel is open until then)
        deliver(c, "dropped", key, data);
      }
      return true;
    }
    c.hold = null;
    if (h.n) count();
    return false;
  };
  // The count of c's messages dropped because too many were waiting, to Python at once.
  const count = (c, key) => {
    const data = `${c.over.n} ${c.over.bytes}`;
    c.over.n = c.over.bytes = 0;
    deliver(c, "dropped", key, data);
  };
  // c: the connection the event is about (null: the camera's)
  const emit = (kind, key, data, c = null) => {
    const text = data === undefined ? "" : String(data);
    const o = owner(c);
    if (document.hidden) {
      flush();
      deliver(c, kind, key, text);
    } else if (o.waiting || !room(o)) {        // behind its own, or its share is spent
      queue.push([c, kind, key, text]);
      o.waiting += 1;
      later();
    } else {
      deliver(c, kind, key, text);
    }
  };

  const config = (stun) => ({ iceServers: stun ? [{ urls: stun }] : [] });

  const gathered = (pc) => new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });

  // budget: the host's end (offer), whose guests' messages are held to a budget (WAIT_MAX);
  // a guest's end never drops what its host sends
  const connection = (key, stun, budget = false) => {
    close(key);
    const pc = new RTCPeerConnection(config(stun));
    const ch = pc.createDataChannel("bodoge", { negotiated: true, id: 0, ordered: true });
    const c = { pc, ch, done: false, budget, hold: null, waiting: 0, spent: 0, since: -Infinity,
                over: { n: 0, bytes: 0 } };
    const end = (kind, why) => {
      if (c.done || conns.get(key) !== c) return;
      c.done = true;
      emit(kind, key, why, c);
    };
    ch.onopen = () => { if (conns.get(key) === c) emit("open", key, "", c); };
    ch.onmessage = (e) => {
      const text = e.data;
      if (conns.get(key) !== c || typeof text !== "string") return;
      const record = window.__bodogeNetRecord;       // tests: every message a page receives
      if (record) record.push(text);
      if (held(c, key, text, false)) return;
      if (c.budget && c.waiting >= WAIT_MAX) {                   // beyond a burst, waiting: dropped unread
        c.over.n += 1;
        c.over.bytes += text.length;
        if (c.over.n >= FLOOD_AT) count(c, key);
        return;
      }
      emit("message", key, text, c);
    };
    ch.onclose = () => end("closed");
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") end("closed");
    };
    conns.set(key, c);
    return c;
  };

  const fail = (key, e) => {
    const c = conns.get(key);
    if (c && !c.done) {
      c.done = true;
      emit("error", key, (e && e.message) || String(e), c);
    }
  };

  const close = (key) => {
    const c = conns.get(key);
    if (!c) return;
    conns.delete(key);
    c.done = true;
    for (let i = queue.length - 1; i >= 0; i--) {  // its events waiting: none follow
      if (queue[i][0] === c) queue.splice(i, 1);
    }
    c.waiting = 0;
    c.ch.onmessage = null;          // what the channel still dispatches calls nothing here
    try { c.ch.close(); } catch (e) { /* already closed */ }
    try { c.pc.close(); } catch (e) { /* already closed */ }
  };

  // --- QR codes (qrcode-generator, web/vendor/qrcode.js) ----------------------------------------
  const qr = (text) => {
    if (typeof window.qrcode !== "function") return [];
    const code = window.qrcode(0, "L");
    code.addData(String(text), "Byte");
    code.make();
    const n = code.getModuleCount();
    const rows = [];
    for (let y = 0; y < n; y++) {
      let row = "";
      for (let x = 0; x < n; x++) row += code.isDark(y, x) ? "1" : "0";
      rows.push(row);
    }
    return rows;
  };

  // --- the camera: BarcodeDetector where there is one, else jsQR (web/vendor/jsQR.js) --------
  let scan = null;                  // {stream, timer, id}
  const loadScript = (src) => new Promise((resolve, reject) => {
    const el = document.createElement("script");
    el.src = src;
    el.onload = resolve;
    el.onerror = reject;
    document.head.appendChild(el);
  });
  const detector = async () => {
    if ("BarcodeDetector" in window) {
      try {
        const formats = await window.BarcodeDetector.getSupportedFormats();
        if (formats.includes("qr_code")) {
          const d = new window.BarcodeDetector({ formats: ["qr_code"] });
          return async (video) => {
            const found = await d.detect(video);
            return found.length ? found[0].rawValue : null;
          };
        }
      } catch (e) { /* fall back to jsQR */ }
    }
    if (typeof window.jsQR !== "function") await loadScript("./web/vendor/jsQR.js");
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      const w = video.videoWidth;
      const h = video.videoHeight;
      if (!w || !h) return null;
      canvas.width = w;
      canvas.height = h;
      ctx.drawImage(video, 0, 0, w, h);
      const found = window.jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "dontInvert" });
      return found ? found.data : null;
    };
  };
  const stopScan = () => {
    if (!scan) return;
    clearTimeout(scan.timer);
    for (const track of scan.stream ? scan.stream.getTracks() : []) track.stop();
    scan = null;
  };
  const startScan = async (id) => {
    stopScan();
    const me = { stream: null, timer: null, id };
    scan = me;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      scan = null;
      return emit("scan-error", "", "none");
    }
    try {
      me.stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (e) {
      if (scan === me) scan = null;
      return emit("scan-error", "", e && e.name === "NotAllowedError" ? "denied" : "none");
    }
    if (scan !== me) return me.stream.getTracks().forEach((t) => t.stop());
    let read;
    try {
      read = await detector();
    } catch (e) {
      stopScan();
      return emit("scan-error", "", "failed");
    }
    const tick = async () => {
      if (scan !== me) return;
      // the page is redrawn by Python: find the <video> again, and give it the stream
      const video = document.getElementById(id);
      if (video) {
        if (video.srcObject !== me.stream) {
          video.srcObject = me.stream;
          video.muted = true;
          video.play().catch(() => {});
        }
        let text = null;
        try { text = video.readyState >= 2 ? await read(video) : null; } catch (e) { text = null; }
        if (text && scan === me) {
          stopScan();
          return emit("scan", "", text);
        }
      }
      if (scan === me) me.timer = setTimeout(tick, SCAN_EVERY_MS);
    };
    tick();
  };

  window.bodogeNet = {
    listen(fn) { sink = fn; },
    offer(key, stun) {
      const c = connection(key, stun, true);
      (async () => {
        await c.pc.setLocalDescription(await c.pc.createOffer());
        await gathered(c.pc);
        if (conns.get(key) === c) emit("offer", key, c.pc.localDescription.sdp, c);
      })().catch((e) => fail(key, e));
    },
    answer(key, sdp, stun) {
      const c = connection(key, stun);
      (async () => {
        await c.pc.setRemoteDescription({ type: "offer", sdp });
        await c.pc.setLocalDescription(await c.pc.createAnswer());
        await gathered(c.pc);
        if (conns.get(key) === c) emit("answer", key, c.pc.localDescription.sdp, c);
      })().catch((e) => fail(key, e));
    },
    accept(key, sdp) {
      const c = conns.get(key);
      if (!c) return;
      c.pc.setRemoteDescription({ type: "answer", sdp }).catch((e) => fail(key, e));
    },
    send(key, text) {
      const c = conns.get(key);
      if (!c || c.ch.readyState !== "open") return false;
      try {
        c.ch.send(text);
        return true;
      } catch (e) {
        return false;
      }
    },
    close,
    hold(key, ms, most) {
      const c = conns.get(key);
      if (!c) return;
      const h = c.hold;              // (what an earlier hold dropped is still to be counted)
      c.hold = { until: performance.now() + Math.max(0, ms), most: Math.max(1, most),
                 n: h ? h.n : 0, bytes: h ? h.bytes : 0 };
    },
    qr,
    scan(id) { if (id) startScan(id); else stopScan(); },
  };
})();
