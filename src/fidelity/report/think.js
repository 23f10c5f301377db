// machack report --engine: "think here" searches a position of Mac Hack's with the page's engine
// (web/engine, compiled to WebAssembly, inside this page) in the browser page's worker
// (web/page/worker.js) made from a Blob, with the report's settings and the game's earlier
// moves, and sets its answer beside the recorded ones.
"use strict";
(function () {
  var glue = document.getElementById("machack-engine-js").textContent;
  var workerScript = document.getElementById("machack-worker-js").textContent;
  var base64 = document.getElementById("machack-wasm").textContent.trim();
  var worker = null, waiting = {}, next = 0;

  function wasm() {
    var text = atob(base64), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function failAll(message) {
    for (var id in waiting) waiting[id]({ error: message });
    waiting = {};
    worker = null;
  }

  // The page's worker (web/page/worker.js, after the glue): sent the compiled module once, it
  // answers each {id, command, fields} with {id, result}, in order, and while a search runs
  // tells its progress, which the report does not show.
  function ask(fields, then) {
    if (!worker) {
      worker = new Worker(URL.createObjectURL(new Blob([glue + "\n" + workerScript],
        { type: "text/javascript" })));
      worker.onmessage = function (e) {
        var m = e.data;
        if (m.failed) return failAll("the engine failed to start: " + m.failed);
        if (m.result === undefined) return; // ready, or a search's progress
        var done = waiting[m.id];
        delete waiting[m.id];
        if (done) done(m.result);
      };
      worker.onerror = function (e) {
        failAll(e.message || "the engine failed");
      };
      var started = worker;
      WebAssembly.compile(wasm()).then(function (module) {
        started.postMessage({ module: module });
      }, function (err) {
        failAll("the engine could not be compiled: " + err);
      });
    }
    var id = next++;
    waiting[id] = then;
    worker.postMessage({ id: id, command: "think", fields: fields });
  }

  function say(out, answer, button) {
    out.textContent = "";
    if (answer.error) {
      out.textContent = "the engine says: " + answer.error;
      return;
    }
    var b = document.createElement("b");
    b.textContent = answer.descriptive + " (" + answer.san + ")";
    out.appendChild(b);
    var sameMachack = answer.bestmove === button.getAttribute("data-machack") &&
      String(answer.value) === button.getAttribute("data-value");
    var c197 = button.getAttribute("data-c197");
    var words = " " + answer.score + ", " + answer.nodes + " nodes, " +
      (answer.ms / 1000).toFixed(2) + " s here, 1967 " + answer.time_1967.toFixed(1) + " s: " +
      (sameMachack ? "machack's move and value, as recorded" : "NOT machack's recorded answer");
    if (c197) words += answer.bestmove === c197 ? "; c197's move" : "; not c197's move";
    out.appendChild(document.createTextNode(words));
    out.setAttribute("data-bestmove", answer.bestmove);
    out.setAttribute("data-agrees", sameMachack ? "yes" : "no");
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest ? e.target.closest("button.think") : null;
    if (!button) return;
    var game = button.closest("section.game"), article = button.closest("article.pos");
    var out = button.parentNode.querySelector(".here-out");
    var ply = Number(article.getAttribute("data-ply"));
    var moves = game.getAttribute("data-moves").split(" ").filter(Boolean).slice(0, ply);
    var fields = { start: game.getAttribute("data-start"), moves: moves.join(" ") };
    game.getAttribute("data-settings").split("\n").forEach(function (line) {
      var i = line.indexOf("=");
      if (i > 0) fields[line.slice(0, i)] = line.slice(i + 1);
    });
    button.disabled = true;
    out.textContent = "thinking…";
    ask(fields, function (answer) {
      button.disabled = false;
      say(out, answer, button);
    });
  });
})();
