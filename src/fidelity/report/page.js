// machack report: moves between the positions of each game by click, key and URL fragment
// (#g2-p15 is game 2 before its move 15, counted from 0). No network, no libraries.
"use strict";
(function () {
  var games = Array.prototype.slice.call(document.querySelectorAll("section.game"));

  function ply(game) {
    var current = game.querySelector(".pos.current");
    return current ? Number(current.getAttribute("data-ply")) : 0;
  }

  // Shows position `n` of `game`; `how` is "replace" (the fragment follows quietly), "push"
  // (a new history entry, for jumps from the summary) or "none".
  function show(game, n, how) {
    var last = Number(game.getAttribute("data-plies"));
    n = Math.max(0, Math.min(last, n));
    var next = document.getElementById(game.id + "-p" + n);
    if (!next) return;
    var old = game.querySelector(".pos.current");
    if (old && old !== next) old.classList.remove("current");
    next.classList.add("current");
    var on = game.querySelector(".moves a.on");
    if (on) on.classList.remove("on");
    var link = game.querySelector('.moves a[data-ply="' + n + '"]');
    if (link) {
      link.classList.add("on");
      keepInView(link, link.closest(".moves"));
    }
    if (how === "push") history.pushState(null, "", "#" + next.id);
    else if (how !== "none") history.replaceState(null, "", "#" + next.id);
  }

  // Scrolls the move list, never the page, so that the current move is visible.
  function keepInView(link, box) {
    var r = link.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.top < b.top) box.scrollTop -= b.top - r.top + 24;
    else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom + 24;
  }

  // The positions where the three moves are not all the same.
  function differences(game) {
    return Array.prototype.map.call(
      game.querySelectorAll('.pos.mh:not([data-agree="all"])'),
      function (e) { return Number(e.getAttribute("data-ply")); });
  }

  function go(game, where) {
    var n = ply(game), d;
    if (where === "first") show(game, 0);
    else if (where === "prev") show(game, n - 1);
    else if (where === "next") show(game, n + 1);
    else if (where === "last") show(game, Number(game.getAttribute("data-plies")));
    else if (where === "nextdiff") {
      d = differences(game).filter(function (p) { return p > n; });
      if (d.length) show(game, d[0]);
    } else if (where === "prevdiff") {
      d = differences(game).filter(function (p) { return p < n; });
      if (d.length) show(game, d[d.length - 1]);
    }
  }

  // The game most of the window shows: the one the keys act on.
  function gameInView() {
    var best = games[0], most = 0;
    games.forEach(function (g) {
      var r = g.getBoundingClientRect();
      var seen = Math.min(r.bottom, window.innerHeight) - Math.max(r.top, 0);
      if (seen > most) { most = seen; best = g; }
    });
    return best;
  }

  // Applies a fragment #gN-pK (or #gN); returns whether it named a position.
  function follow(hash, how) {
    var m = /^#(g\d+)-p(\d+)$/.exec(hash);
    if (!m) return false;
    var game = document.getElementById(m[1]);
    if (!game) return false;
    show(game, Number(m[2]), how);
    game.scrollIntoView();
    return true;
  }

  // Copies the text before a copy button (a FEN, a command) to the clipboard, and selects it
  // so that it can be copied by hand where the clipboard is not open to a page.
  function copy(button) {
    var code = button.previousElementSibling, text = code.textContent;
    var range = document.createRange();
    range.selectNodeContents(code);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    function done() {
      button.classList.add("done");
      button.textContent = "copied";
      setTimeout(function () { button.classList.remove("done"); button.textContent = "copy"; }, 1500);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, function () {
        if (document.execCommand("copy")) done();
      });
    } else if (document.execCommand("copy")) done();
  }

  document.addEventListener("click", function (e) {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    var copying = e.target.closest("button.copy");
    if (copying) { copy(copying); return; }
    var game = e.target.closest("section.game");
    var button = e.target.closest("button[data-go]");
    if (button && game) { go(game, button.getAttribute("data-go")); return; }
    var move = e.target.closest(".moves a[data-ply]");
    if (move && game) {
      e.preventDefault();
      show(game, Number(move.getAttribute("data-ply")));
      return;
    }
    var board = e.target.closest(".bd");
    if (board && game) {
      var r = board.getBoundingClientRect();
      go(game, e.clientX < r.left + r.width / 2 ? "prev" : "next");
      return;
    }
    var jump = e.target.closest('a[href^="#g"]');
    if (jump && follow(jump.getAttribute("href"), "push")) e.preventDefault();
  });

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest("input, textarea, select")) return;
    var game = gameInView(), i = games.indexOf(game);
    if (!game) return;
    var action = {
      ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", n: "nextdiff", p: "prevdiff"
    }[e.key];
    if (action) { go(game, action); e.preventDefault(); return; }
    var other = e.key === "[" ? games[i - 1] : e.key === "]" ? games[i + 1] : null;
    if (other) { other.scrollIntoView(); e.preventDefault(); }
  });

  window.addEventListener("popstate", function () { follow(location.hash, "none"); });

  games.forEach(function (g) { show(g, 0, "none"); });
  follow(location.hash, "none");
})();
