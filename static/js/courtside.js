// Courtside's progressive enhancements. Every page works without them; with
// them, the live parts of a page refresh themselves and TVs run for days.
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;
  // No match of any sport lasts longer than this: a minute count beyond it
  // comes from a stale start.
  var maxMatchMinutes = 300;

  // A new tournament's venue is most likely where the organizer is: offer the
  // browser's time zone until one is typed.
  document.querySelectorAll("input[data-venue-zone]").forEach(function (el) {
    if (el.value || !window.Intl) return;
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) el.value = zone;
  });

  // A time of day in a zone: the venue's (data-zone), whatever this device's
  // own zone is; the device's own only for a tournament without a zone. null
  // when the browser does not know the zone: the server's text stays, and it
  // is the venue's time already.
  function clock(d, zone) {
    if (zone && !knows(zone)) return null;
    try {
      return d.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", timeZone: zone || undefined });
    } catch (e) {
      return null;
    }
  }

  // knows reports whether this browser formats in the named zone: an old
  // TV's may have no Intl, throw at an IANA name, or ignore the option and
  // write its own zone's time.
  var known = {};
  function knows(zone) {
    if (!(zone in known)) {
      try {
        known[zone] = typeof Intl !== "undefined" && !!new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
      } catch (e) {
        known[zone] = false;
      }
    }
    return known[zone];
  }

  // venueClock is a TV clock's time: in the venue's zone, or, where this
  // browser cannot format in it, from the venue's offset from UTC that the
  // server wrote (data-offset, in minutes).
  function venueClock(el) {
    var now = new Date(), text = clock(now, el.getAttribute("data-zone"));
    var offset = parseInt(el.getAttribute("data-offset"), 10);
    if (text || isNaN(offset)) return text;
    var at = new Date(now.getTime() + offset * 60000);
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return pad(at.getUTCHours()) + ":" + pad(at.getUTCMinutes());
  }

  // Times are rendered at the venue (or in UTC for a tournament without a
  // zone); show them in the page's language, in the same zone.
  function localize() {
    document.querySelectorAll("time[data-local]").forEach(function (el) {
      var d = new Date(el.getAttribute("datetime"));
      if (isNaN(d)) return;
      var zone = el.getAttribute("data-zone");
      var text = clock(d, zone);
      if (text) el.textContent = text;
      // The server's title names the venue's zone; without one, say the viewer's own day and time.
      if (!zone) el.title = d.toLocaleString(lang);
      // An expected start that has passed (a court is free, or the page was worked out a while ago) is "now".
      if (el.hasAttribute("data-estimate") && d < Date.now()) el.textContent = el.getAttribute("data-soon");
    });
    // "12'" since a match started, kept current between polls. A start
    // longer ago than any match lasts (a match left running overnight, a
    // clock set wrong) counts no minutes: the start's time of day stays, as
    // the server wrote it.
    document.querySelectorAll("[data-since]").forEach(function (el) {
      var d = new Date(el.getAttribute("data-since"));
      if (isNaN(d)) return;
      var minutes = Math.max(0, Math.floor((Date.now() - d) / 60000));
      if (!el.hasAttribute("data-start")) el.setAttribute("data-start", el.textContent);
      el.textContent = minutes <= maxMatchMinutes ? minutes + "'" : el.getAttribute("data-start");
    });
    document.querySelectorAll("[data-remind-at][hidden]").forEach(function (el) {
      var at = new Date(el.getAttribute("data-remind-at"));
      if (!isNaN(at) && at <= Date.now()) fit();
    });
    // Times are the venue's: say so where this device is set to another zone.
    document.querySelectorAll("[data-venue-zone][hidden]").forEach(function (el) {
      var now = new Date();
      var here = clock(now), there = clock(now, el.getAttribute("data-venue-zone"));
      if (there && here !== there) el.hidden = false;
    });
    // A TV's clock tells the venue's time, though its system may run on UTC.
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      var text = venueClock(el);
      if (text) el.textContent = text;
    });
  }

  // A screen whose address names its language (?lang=) asks for its live
  // parts in it: the server keeps no cookie of it, which another tab of the
  // browser could change.
  var addressLang = window.URLSearchParams && new URLSearchParams(location.search).get("lang");
  document.addEventListener("htmx:configRequest", function (e) {
    if (addressLang && e.detail.verb === "get") e.detail.parameters.lang = addressLang;
  });

  // Live parts (data-poll="ms") ask for themselves while the page is visible.
  // A failed poll shows the reconnecting mark and waits twice as long each
  // time, up to 30 s; the first poll that answers clears it.
  //
  // A part inside a live stream (data-stream, htmx's SSE extension) asks for
  // itself at each of the stream's events as well, and while the stream is
  // open polls only every 30 s, in case an event was lost. When the stream
  // is refused or drops, polling takes over at its own pace at once: the
  // page shows nothing of it, as nothing is wrong for the one who looks.
  var failures = {}, timers = {}, stale = {};
  var STREAMED = 30000;
  var build = document.querySelector('meta[name="courtside-build"]');
  function schedule(id, delay) {
    clearTimeout(timers[id]);
    timers[id] = setTimeout(function () {
      var el = document.getElementById(id);
      if (!el || !el.hasAttribute("data-poll")) return;
      if (document.hidden) {
        stale[id] = true;
        return;
      }
      htmx.trigger(el, "poll");
    }, delay);
  }
  function streaming(el) {
    var box = el.closest && el.closest("[data-stream]");
    return !!(box && box.hasAttribute("data-open"));
  }
  function reconnecting(on) {
    var mark = document.getElementById("reconnecting");
    if (mark) mark.hidden = !on;
  }
  document.addEventListener("htmx:sseOpen", function (e) {
    e.target.setAttribute("data-open", "");
  });
  function dropped(e) {
    var box = e.target;
    if (!box.hasAttribute || !box.hasAttribute("data-open")) return;
    box.removeAttribute("data-open");
    box.querySelectorAll("[data-poll]").forEach(function (el) {
      schedule(el.id, +el.getAttribute("data-poll"));
    });
  }
  document.addEventListener("htmx:sseError", dropped);
  document.addEventListener("htmx:sseClose", dropped);
  // A hidden page (a phone's tab in the background) asks for nothing: what
  // changed meanwhile is asked for once when it is shown again.
  document.addEventListener("htmx:beforeRequest", function (e) {
    var cause = e.detail.requestConfig && e.detail.requestConfig.triggeringEvent;
    if (document.hidden && cause && cause.type === "sse:v") {
      stale[e.detail.elt.id] = true;
      e.preventDefault();
    }
  });
  // A hidden page also lets go of its streams, and opens them again when
  // shown: a browser talks to a site over plain HTTP/1.1 through six
  // connections at most, and a tab in the background must not hold one.
  var sources = {};
  if (window.htmx && htmx.createEventSource) {
    var create = htmx.createEventSource;
    htmx.createEventSource = function (url) {
      var source = create(url);
      sources[url] = source;
      return source;
    };
  }
  document.addEventListener("visibilitychange", function () {
    document.querySelectorAll("[data-stream]").forEach(function (box) {
      var source = sources[box.getAttribute("sse-connect")];
      if (document.hidden && source) {
        source.close();
        box.removeAttribute("data-open");
      } else if (!document.hidden && source && source.readyState === EventSource.CLOSED) {
        // A fresh copy of the part opens a fresh stream, which says at once
        // whether the page missed a change.
        var copy = box.cloneNode(true);
        box.replaceWith(copy);
        htmx.process(copy);
      }
    });
    if (document.hidden) return;
    Object.keys(stale).forEach(function (id) {
      delete stale[id];
      schedule(id, 0);
    });
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    // The polling element: after an outerHTML swap htmx tells a parent of it
    // (detail.elt), but the request still names it.
    var el = (e.detail.requestConfig && e.detail.requestConfig.elt) || e.detail.elt;
    if (!el || !el.hasAttribute || !el.hasAttribute("data-poll")) return;
    var xhr = e.detail.xhr;
    var base = +el.getAttribute("data-poll");
    if (xhr && (xhr.status === 304 || (xhr.status >= 200 && xhr.status < 300))) {
      failures[el.id] = 0;
      reconnecting(false);
      // A new deployment (new asset hashes): reload once to get its page.
      var now = xhr.getResponseHeader("X-Courtside-Build");
      if (build && now && now !== build.content && sessionStorage.getItem("courtside-reloaded") !== now) {
        sessionStorage.setItem("courtside-reloaded", now);
        location.reload();
        return;
      }
      schedule(el.id, streaming(el) ? +el.getAttribute("data-poll-meanwhile") || Math.max(base, STREAMED) : base);
    } else {
      var n = (failures[el.id] || 0) + 1;
      failures[el.id] = n;
      reconnecting(true);
      schedule(el.id, Math.min(base * Math.pow(2, n), 30000));
    }
  });

  // Kiosk TVs: court pages and panels take turns every data-every seconds.
  // The containers are looked up at every turn: a poll may have replaced them.
  function rotate(selector, item) {
    var first = document.querySelector(selector);
    var every = first && +first.getAttribute("data-every") * 1000;
    if (!every) return;
    setInterval(function () {
      document.querySelectorAll(selector).forEach(function (box) {
        var items = box.querySelectorAll(item);
        if (items.length < 2) return;
        var shown = 0;
        items.forEach(function (it, i) { if (!it.hidden) shown = i; });
        items[shown].hidden = true;
        items[(shown + 1) % items.length].hidden = false;
      });
      fit();
    }, every);
  }
  // After a board or a screen is swapped in, keep showing the court page and
  // the view that were showing (the first, when there are fewer now).
  var turns = ["[data-court-page]", "[data-panel]"];
  document.addEventListener("htmx:beforeSwap", function (e) {
    e.detail.elt.__shown = turns.map(function (sel) {
      var shown = 0;
      e.detail.elt.querySelectorAll(sel).forEach(function (p, i) { if (!p.hidden) shown = i; });
      return shown;
    });
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    var target = document.getElementById(e.detail.elt.id);
    var shown = e.detail.elt.__shown;
    if (!target || !shown) return;
    turns.forEach(function (sel, k) {
      var items = target.querySelectorAll(sel);
      var keep = shown[k] < items.length ? shown[k] : 0;
      items.forEach(function (p, i) { p.hidden = i !== keep; });
    });
  });

  // A live part swapped in keeps what the finger was on where it was: the
  // card of the form just sent (a match called to a court), or else the card
  // in the middle of the screen. Cards above it may grow or go (a court
  // fills); the page scrolls by as much, so no other button slides under the finger.
  var anchor = null;
  document.addEventListener("htmx:beforeSwap", function (e) {
    anchor = null;
    var target = e.detail.target;
    var sent = e.detail.requestConfig && e.detail.requestConfig.elt;
    var card = sent && sent.closest && sent.closest("[data-match]");
    if (!card || !target.contains(card)) {
      var mid = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
      card = mid && mid.closest && mid.closest("[data-match]");
    }
    if (card && target.contains(card)) anchor = { id: card.getAttribute("data-match"), top: card.getBoundingClientRect().top };
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!anchor) return;
    var id = anchor.id, top = anchor.top;
    anchor = null;
    var el = null;
    document.querySelectorAll("[data-match]").forEach(function (c) { if (!el && c.getAttribute("data-match") === id) el = c; });
    if (!el) return;
    var by = el.getBoundingClientRect().top - top;
    if (Math.abs(by) > 0.5) window.scrollBy(0, by);
  });

  // TVs: each court's names as large as its tile allows (wrapped, never
  // cut), and tables and trees scaled down until they fit the screen.
  function fit() {
    // A match called a while ago that has not begun asks its players over.
    document.querySelectorAll("[data-remind-at]").forEach(function (el) {
      var at = new Date(el.getAttribute("data-remind-at"));
      el.hidden = isNaN(at) || at > Date.now();
    });
    document.querySelectorAll(".tv-podium").forEach(function (box) {
      if (!box.clientHeight) return;
      var f = 1;
      box.style.setProperty("--fit", f);
      while ((box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1) && f > 0.3) {
        f -= 0.05;
        box.style.setProperty("--fit", f);
      }
    });
    // The tiles of a TV page fit together, so that each kind of text is one
    // size on the screen (a featured tile has its own): the round lines
    // shrink first, then a pair that still overflows shows its surnames and
    // leaves out its sets, then everything shrinks together, down to the
    // floors the style sheet sets (24 px, names and scores 36 px at 1080p).
    document.querySelectorAll('[data-testid="court-grid"]').forEach(function (grid) {
      var tiles = Array.prototype.filter.call(grid.querySelectorAll(".tv-tile"), function (t) { return t.clientHeight > 0; });
      [false, true].forEach(function (featured) {
        var group = tiles.filter(function (t) { return t.hasAttribute("data-featured") === featured; });
        if (!group.length) return;
        var overT = function (t) { return t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1; };
        var over = function () { return group.some(overT); };
        var set = function (k, v) { group.forEach(function (t) { t.style.setProperty(k, v); }); };
        var f = 1, line = 1;
        group.forEach(function (t) { t.classList.remove("tv-shortened", "tv-compact"); });
        set("--fit", f);
        set("--fit-line", line);
        while (over() && line > 0.8) {
          line -= 0.05;
          set("--fit-line", line);
        }
        group.forEach(function (t) {
          if (overT(t) && t.hasAttribute("data-short")) t.classList.add("tv-shortened");
          if (overT(t)) t.classList.add("tv-compact");
        });
        while (over() && f > 0.4) {
          f -= 0.05;
          set("--fit", f);
        }
      });
    });
    // A list in a box of fixed height shows the items that fit whole.
    document.querySelectorAll("[data-fit-list]").forEach(function (list) {
      var box = list.parentElement.getBoundingClientRect();
      if (!box.height) return;
      list.querySelectorAll("li").forEach(function (li) { li.classList.remove("fit-hidden"); });
      list.querySelectorAll("li").forEach(function (li) {
        if (li.getBoundingClientRect().bottom > box.bottom + 1) li.classList.add("fit-hidden");
      });
    });
    document.querySelectorAll("[data-fit]").forEach(function (box) {
      var inner = box.firstElementChild;
      if (!inner || !box.clientHeight) return;
      inner.style.transform = "";
      // A tree also grows to fill the screen (data-fit="grow"), up to three times its size.
      var most = box.getAttribute("data-fit") === "grow" ? 3 : 1;
      var scale = function () { return Math.min(most, box.clientHeight / inner.scrollHeight, box.clientWidth / inner.scrollWidth); };
      // A tree's names wrap at the width (in rem) that lets it grow the most
      // (the widest of those that tie: fewer lines):
      // wide on a tall tree, narrow on a wide one.
      if (inner.classList.contains("tv-bracket")) {
        var best = 0, width = 13;
        [26, 24, 22, 20, 18, 16, 14, 12, 10, 8].forEach(function (w) {
          inner.style.setProperty("--name-w", w + "rem");
          var s = scale();
          if (s > best + 0.001) { best = s; width = w; }
        });
        inner.style.setProperty("--name-w", width + "rem");
      }
      // A stage's tables stand in as many columns, and a table's rows are
      // as high, as let them grow the most; of those that tie, the highest
      // rows: a table of a few rows fills the screen's height, and one of
      // many (stretched below) its width.
      var table = inner.classList.contains("tv-standings");
      var most_cols = +inner.getAttribute("data-fit-cols") || 1;
      if (table) {
        inner.style.width = "";
        var pick = null;
        for (var c = 1; c <= most_cols; c++) {
          if (most_cols > 1) inner.style.gridTemplateColumns = "repeat(" + c + ", max-content)";
          [0.08, 0.15, 0.25, 0.4, 0.6, 0.8].forEach(function (p) {
            inner.style.setProperty("--row-pad", p + "em");
            var sc = scale();
            if (!pick || sc > pick.sc * 1.005 || (sc >= pick.sc * 0.995 && p > pick.p)) pick = { sc: Math.max(sc, pick ? pick.sc : 0), c: c, p: p };
          });
        }
        if (most_cols > 1) inner.style.gridTemplateColumns = "repeat(" + pick.c + ", minmax(max-content, 1fr))";
        inner.style.setProperty("--row-pad", pick.p + "em");
      }
      var s = scale();
      if (table && box.clientWidth / s > inner.scrollWidth + 1) inner.style.width = box.clientWidth / s + "px";
      inner.style.transformOrigin = "top left";
      // A grown view stands in the middle of the screen's width.
      var left = most > 1 ? Math.max(0, (box.clientWidth - inner.scrollWidth * s) / 2) : 0;
      if (s !== 1 || left) inner.style.transform = "translateX(" + left + "px) scale(" + s + ")";
    });
  }
  // A box that scrolls sideways says so: a fade at the edge while there is
  // more to see, and the note before it (data-scroll-note) while it is wider
  // than the screen. On a TV a box is scaled to fit instead: no hint there.
  function hints() {
    document.querySelectorAll("[data-scroll-hint]").forEach(function (b) {
      var tv = !!b.closest("[data-fit]");
      b.classList.toggle("scroll-more", !tv && b.scrollLeft + b.clientWidth < b.scrollWidth - 2);
      var note = b.previousElementSibling;
      if (note && note.hasAttribute("data-scroll-note")) note.hidden = tv || b.scrollWidth <= b.clientWidth + 2;
    });
  }
  document.addEventListener("scroll", function (e) {
    if (e.target.matches && e.target.matches("[data-scroll-hint]")) hints();
  }, true);
  window.addEventListener("resize", function () { fit(); hints(); });
  document.addEventListener("htmx:afterSettle", function () { fit(); hints(); });

  // On a phone a group page opens at the round being played, where the
  // pairings and live scores are; the table is one tap up. An address that
  // names a place (#...) or a page scrolled already (back, reload) is left alone.
  function openAtCurrentRound() {
    var round = document.querySelector("[data-current-round]");
    if (!round || location.hash || window.scrollY > 0 || !window.matchMedia("(max-width: 639px)").matches) return;
    round.scrollIntoView({ block: "start" });
  }

  document.addEventListener("DOMContentLoaded", function () {
    openAtCurrentRound();
    localize();
    fit();
    hints();
    document.querySelectorAll("[data-poll]").forEach(function (el) {
      schedule(el.id, +el.getAttribute("data-poll"));
    });
    rotate("[data-court-pages]", "[data-court-page]");
    rotate("[data-panels]", "[data-panel]");
    setInterval(localize, 15000);
  });
  document.addEventListener("htmx:afterSettle", localize);
})();

// Result entry on a phone: big +/- steppers beside each score (shown only with JavaScript).
(function () {
  "use strict";
  function show(root) {
    root.querySelectorAll("[data-step][hidden]").forEach(function (b) { b.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", function () { show(document); });
  document.addEventListener("htmx:afterSettle", function () { show(document); });
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-step]");
    if (!b) return;
    var input = document.getElementById(b.getAttribute("data-for"));
    if (!input) return;
    var n = (parseInt(input.value, 10) || 0) + parseInt(b.getAttribute("data-step"), 10);
    input.value = Math.max(0, n);
  });
})();

// Brackets: hovering or focusing an entry lights up its every slot, its path through the tree.
(function () {
  "use strict";
  function light(e, on) {
    var slot = e.target.closest && e.target.closest(".bracket [data-entry]");
    if (!slot) return;
    var tree = slot.closest(".bracket");
    tree.querySelectorAll("[data-entry]").forEach(function (el) {
      el.classList.toggle("path-lit", on && el.getAttribute("data-entry") === slot.getAttribute("data-entry"));
    });
  }
  document.addEventListener("mouseover", function (e) { light(e, true); });
  document.addEventListener("mouseout", function (e) { light(e, false); });
  document.addEventListener("focusin", function (e) { light(e, true); });
  document.addEventListener("focusout", function (e) { light(e, false); });
})();

// Following players, kept in this browser: their names stand out on every
// page, and an open page says so when one of them is called to a court.
(function () {
  "use strict";
  var KEY = "courtside-follow";
  function followed() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  function save(ids) { localStorage.setItem(KEY, JSON.stringify(ids)); }
  var seen = null; // "court|match" pairs with a followed entry, as last shown
  function mark() {
    var ids = followed();
    document.querySelectorAll("[data-entry]").forEach(function (el) {
      el.classList.toggle("followed", ids.indexOf(el.getAttribute("data-entry")) >= 0);
    });
    document.querySelectorAll("[data-follow]").forEach(function (b) {
      var on = ids.indexOf(b.getAttribute("data-follow")) >= 0;
      b.hidden = false;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.textContent = on ? b.getAttribute("data-label-on") : b.getAttribute("data-label-off");
    });
    var now = {}, called = [];
    document.querySelectorAll("[data-called]").forEach(function (el) {
      var who = (el.getAttribute("data-entries") || "").split(" ");
      if (!who.some(function (id) { return ids.indexOf(id) >= 0; })) return;
      var k = el.getAttribute("data-called");
      now[k] = true;
      if (seen && !seen[k]) called.push(el.getAttribute("data-call-text"));
    });
    seen = now;
    called.forEach(notify);
  }
  function notify(text) {
    var box = document.getElementById("called");
    if (box) {
      box.textContent = text;
      box.hidden = false;
    }
    if (window.Notification && Notification.permission === "granted") {
      try { new Notification(text); } catch (e) { /* some browsers allow it from a service worker only */ }
    }
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-follow]");
    if (!b) return;
    var id = b.getAttribute("data-follow"), ids = followed(), i = ids.indexOf(id);
    if (i >= 0) ids.splice(i, 1); else ids.push(id);
    save(ids);
    if (i < 0 && window.Notification && Notification.permission === "default") Notification.requestPermission();
    mark();
  });
  document.addEventListener("DOMContentLoaded", mark);
  document.addEventListener("htmx:afterSettle", mark);
  window.addEventListener("storage", mark);
})();

// Long lists: a search box filters its rows as one types (without
// JavaScript the server filters when the search is sent).
(function () {
  "use strict";
  function fold(s) { return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
  document.addEventListener("input", function (e) {
    var box = e.target.closest && e.target.closest("[data-filter]");
    if (!box) return;
    var q = fold(box.value.trim());
    document.querySelectorAll(box.getAttribute("data-filter")).forEach(function (row) {
      row.hidden = fold(row.getAttribute("data-name") || "").indexOf(q) < 0;
    });
  });
})();
