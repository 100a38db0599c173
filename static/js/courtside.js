// Courtside's progressive enhancements. Every page works without them.
(function () {
  "use strict";
  // Times are rendered in UTC; show them in the viewer's own time zone.
  function localize(root) {
    root.querySelectorAll("time[data-local]").forEach(function (el) {
      var d = new Date(el.getAttribute("datetime"));
      if (isNaN(d)) return;
      var lang = document.documentElement.lang || undefined;
      el.textContent = d.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
      el.title = d.toLocaleString(lang);
    });
  }
  document.addEventListener("DOMContentLoaded", function () { localize(document); });
  document.addEventListener("htmx:afterSettle", function () { localize(document); });
})();
