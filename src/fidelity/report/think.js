// machack report --engine: "think here" searches a position of Mac Hack's with the page's engine
// (web/engine, compiled to WebAssembly, inside this page) in a worker made from a Blob, with the
// report's settings and the game's earlier moves, and sets its answer beside the recorded ones.
"use strict";
(function () {
  var glue = document.getElementById("machack-engine-js").textContent;
  var base64 = document.getElementById("machack-wasm").textContent.trim();
  var worker = null, waiting = {}, next = 0;
  // The worker: the glue, then one engine made at the first request, answering in order.
  var source = glue + "\nvar ready = null;\n" +
    "onmessage = async function (e) {\n" +
    "  if (!ready) ready = loadEngine(e.data.wasm);\n" +
    "  var engine = await ready;\n" +
    "  var answer;\n" +
    "  try { answer = engine.call('think', e.data.fields); }\n" +
    "  catch (err) { answer = { error: String(err) }; }\n" +
    "  postMessage({ id: e.data.id, answer: answer });\n" +
    "};\n";

  function wasm() {
    var text = atob(base64), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function ask(fields, then) {
    var first = !worker;
    if (first) {
      worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
      worker.onmessage = function (e) {
        var done = waiting[e.data.id];
        delete waiting[e.data.id];
        if (done) done(e.data.answer);
      };
      worker.onerror = function (e) {
        for (var id in waiting) waiting[id]({ error: e.message || "the engine failed" });
        waiting = {};
        worker = null;
      };
    }
    var id = next++;
    waiting[id] = then;
    worker.postMessage({ id: id, fields: fields, wasm: first ? wasm() : null });
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
