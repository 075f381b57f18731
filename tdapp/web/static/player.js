// A player's own page, live: on each change announced by /events, fetch the page again and
// swap in its <main>, keeping what the player was typing (a dispute's note, the powers ticked
// for a draw) and where their focus was. The page works without this script: its forms post
// and come back.
(function () {
  "use strict";
  var leaving = false;  // a form was sent: its answer replaces the page, no swap meanwhile
  var fetching = false, again = false;  // one fetch at a time, so an older page never lands last

  function kept(root) {
    var out = {};
    root.querySelectorAll("textarea[id], input[type=checkbox]").forEach(function (node) {
      var key = node.id || (node.form && node.form.action) + "|" + node.value;
      out[key] = node.type === "checkbox" ? node.checked : node.value;
    });
    return out;
  }

  function restore(root, values) {
    root.querySelectorAll("textarea[id], input[type=checkbox]").forEach(function (node) {
      var key = node.id || (node.form && node.form.action) + "|" + node.value;
      if (!(key in values)) { return; }
      if (node.type === "checkbox") { node.checked = values[key]; } else { node.value = values[key]; }
    });
  }

  function reload() {
    if (leaving) { return; }
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(window.location.pathname, {cache: "no-store"}).then(function (answer) {
      return answer.ok ? answer.text() : null;
    }).then(function (html) {
      if (html === null || leaving) { return; }
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
      var old = document.getElementById("live");
      if (!fresh || !old) { return; }
      var values = kept(old);
      var said = old.querySelector(".said[role=status]");
      var focused = document.activeElement && document.activeElement.id;
      var node = document.importNode(fresh, true);
      // what the last form did stays in view until the page is opened again
      if (said && !node.querySelector(".said[role=status]")) {
        node.querySelector("header").after(said);
      }
      old.replaceWith(node);
      restore(node, values);
      if (focused && document.getElementById(focused)) { document.getElementById(focused).focus(); }
    }).catch(function () { /* the next change tries again */ }).then(function () {
      fetching = false;
      if (again) { again = false; reload(); }
    });
  }

  document.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });

  document.addEventListener("DOMContentLoaded", function () {
    if (!window.EventSource) { return; }
    var seen = document.getElementById("live").dataset.version;
    new EventSource("/events").onmessage = function (event) {
      var version = String(JSON.parse(event.data).version);
      if (version !== seen) { seen = version; reload(); }
    };
  });
}());
