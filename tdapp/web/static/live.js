// The players' page, live: on each change announced by /events, fetch the page again and swap
// in its <main>; between changes, count the clock down. The page works without this script.
(function () {
  "use strict";
  var ticking = null;

  function text(seconds) {
    var whole = seconds > 0 ? Math.ceil(seconds - 1e-9) : -Math.floor(-seconds);
    var sign = whole < 0 ? "+" : "";
    var all = Math.abs(whole), h = Math.floor(all / 3600), m = Math.floor((all % 3600) / 60);
    var s = all % 60, two = function (n) { return (n < 10 ? "0" : "") + n; };
    return sign + (h ? h + ":" + two(m) + ":" + two(s) : m + ":" + two(s));
  }

  function tick() {
    if (ticking) { clearInterval(ticking); ticking = null; }
    var node = document.getElementById("time");
    if (!node || ["running", "warning", "expired"].indexOf(node.dataset.state) < 0) { return; }
    var end = Date.now() / 1000 + parseFloat(node.dataset.remaining);
    ticking = setInterval(function () { node.textContent = text(end - Date.now() / 1000); }, 250);
  }

  // What a screen reader hears of a change: the round's line and the clock's label, once
  // (the ticking time is a role=timer, which readers leave quiet).
  function words(root) {
    var round = root.querySelector("header .round"), label = root.querySelector("#clock-label");
    return [round ? round.textContent : "", label ? label.textContent : ""];
  }

  function say(before, after) {
    var said = document.getElementById("said"), news = [];
    for (var i = 0; i < after.length; i += 1) {
      if (after[i] && after[i] !== before[i]) { news.push(after[i]); }
    }
    if (said && news.length) { said.textContent = news.join(". "); }
  }

  function reload() {
    fetch(window.location.href, {cache: "no-store"}).then(function (answer) {
      return answer.ok ? answer.text() : null;
    }).then(function (html) {
      if (html === null) { return; }
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
      var old = document.getElementById("live");
      if (!fresh || !old) { return; }
      var focused = document.activeElement && document.activeElement.id;
      var box = document.getElementById("q"), typed = box ? box.value : null;
      var before = words(old);
      old.replaceWith(document.importNode(fresh, true));
      // What the player is typing in the search stays (the page came with the last search's).
      if (typed !== null && document.getElementById("q")) { document.getElementById("q").value = typed; }
      if (focused === "q") { document.getElementById("q").focus(); }
      say(before, words(fresh));
      tick();
    }).catch(function () { /* the next change tries again */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    if (!window.EventSource) { return; }
    var seen = document.getElementById("live").dataset.version;
    new EventSource("/events").onmessage = function (event) {
      var version = String(JSON.parse(event.data).version);
      if (version !== seen) { seen = version; reload(); }
    };
  });
}());
