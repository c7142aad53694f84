// The phones' pages: the text size control, and the page kept live.  The server sends
// the page's live part again whenever the database changes (Server-Sent Events); a
// phone that slept reconnects and is sent the page when its version is not the newest.
"use strict";
(function () {
  var root = document.documentElement;
  var main = document.getElementById("live");
  var status = document.getElementById("status");
  var SIZES = [1, 1.25, 1.5, 1.75, 2];
  function size() {
    var kept = parseFloat(localStorage.getItem("textSize") || "1");
    return SIZES.indexOf(kept) >= 0 ? kept : 1;
  }
  function showSize() { root.style.fontSize = (112.5 * size()) + "%"; }
  function step(by) {
    var at = SIZES.indexOf(size()) + by;
    at = Math.max(0, Math.min(SIZES.length - 1, at));
    localStorage.setItem("textSize", String(SIZES[at]));
    showSize();
  }
  showSize();
  document.getElementById("smaller").addEventListener("click", function () { step(-1); });
  document.getElementById("larger").addEventListener("click", function () { step(1); });

  var version = main.getAttribute("data-version");
  var source = null;
  function said(key) { return status.getAttribute("data-" + key); }
  function connect() {
    if (source) { source.close(); }
    var url = main.getAttribute("data-events");
    source = new EventSource(url + (url.indexOf("?") < 0 ? "?" : "&") + "v=" + version);
    source.addEventListener("page", function (event) {
      main.innerHTML = event.data;  // the server's HTML, every name in it escaped
      version = event.lastEventId;
      main.setAttribute("data-version", version);
      status.className = "";
      status.textContent = said("live");
    });
    source.addEventListener("open", function () {
      status.className = "";
      status.textContent = said("live");
    });
    source.addEventListener("error", function () {
      status.className = "stale";
      status.textContent = said("away");
      // An address whose key is no longer served (serving turned off, or on again
      // with a new code) will never come back: say so, and stop trying.
      fetch(location.href, { method: "HEAD", cache: "no-store" }).then(function (answer) {
        if (answer.status === 404) {
          source.close();
          status.textContent = said("gone");
        }
      }, function () { /* no answer at all: the laptop is away; EventSource tries again */ });
    });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { connect(); }  // woken: catch up at once
  });
  window.addEventListener("online", connect);
  connect();
})();
