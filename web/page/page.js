/* machack in a browser: the page (doc/web.md). Plain script, no framework, nothing fetched.
 *
 * The engine (web/engine, compiled to WebAssembly) travels inside the page as base64. It is
 * compiled once into a WebAssembly.Module; one instance on this thread answers the quick
 * commands (state, parse, pgn, load, defaults), and a Web Worker made from a Blob runs the
 * searches (think, draw, bench) from the same module, so the page never freezes. Stop
 * terminates the worker, plays the last progress's best move and starts another worker.
 *
 * The game lives here as the engine's requests describe it: a start (FEN or startpos) and the
 * moves in coordinates; every answer about it (legal moves, notation, endings, refusals, the
 * record) is the engine's. The page adds only what a board of its own must: the clocks, who
 * plays which side, resignation, agreed and claimed draws.
 *
 * For scripts and tests, window.machack holds: ready (ms from opening until a move can be
 * played), think(fields) and bench(repeat) (promises of the engine's answers, searched in the
 * worker), pgn() (the record's text), state() and call(command, fields) (the page's engine).
 */
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const MACHINE_NAME = "Mac Hack VI (machack)"; // as the terminal's records name it
  const PLAYER_NAME = "Player";
  const SIDE = { w: "WHITE", b: "BLACK" };
  const other = (side) => (side === "w" ? "b" : "w");

  // ---------------------------------------------------------------- the engine and its workers
  let engine = null; // this thread's instance
  let module = null; // compiled once, shared with every worker
  let workerUrl = null;
  let worker = null;
  let nextId = 1;
  const pending = new Map(); // id -> {resolve, onProgress}

  function bytesOf(base64) {
    const text = atob(base64.replace(/\s+/g, ""));
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  /* A new worker from the compiled module; a search it was running is forgotten. */
  function startWorker() {
    if (worker) worker.terminate();
    for (const p of pending.values()) p.resolve({ error: "stopped", stopped: true });
    pending.clear();
    if (!workerUrl) {
      const source = $("engine-js").textContent + "\n" + $("worker-js").textContent;
      workerUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    }
    worker = new Worker(workerUrl);
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.failed) return say(`THE SEARCH'S WORKER DID NOT START: ${m.failed}`);
      const p = pending.get(m.id);
      if (!p) return;
      if (m.progress) {
        if (p.onProgress) p.onProgress(m.progress);
      } else if ("result" in m) {
        pending.delete(m.id);
        p.resolve(m.result);
      }
    };
    worker.postMessage({ module });
  }

  /* A command for the worker: a promise of its answer. */
  function ask(command, fields, onProgress) {
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, { resolve, onProgress });
      worker.postMessage({ id, command, fields });
    });
  }

  // ---------------------------------------------------------------- the game
  const game = {
    start: "startpos",
    moves: [], // coordinates
    seconds: [], // per move: seconds, "book" or null (unknown)
    values: [], // per move: the mover's search value (1/128 pawn) or null
    plays: { w: false, b: true }, // the sides the machine plays
    settings: {}, // the search settings, as request fields (profile, preset | widths+depth, book, ...)
    seed: 0, // the book's choices
    ending: null, // {result, text, reason}: an ending the page decides (resign, agreed, claimed, time)
    info: null, // the engine's `state`
  };
  let defaults = null;
  let flipped = false;
  let thinking = null; // {token, kind: "move"|"analysis", side, began, progress}
  let thinkToken = 0;
  let selected = null; // a square, "e2"
  let lastAnswer = null;
  let analysisShown = false; // the last answer is an analysis's, drawn as an arrow

  const fields = (extra) =>
    Object.assign({ start: game.start, moves: game.moves }, game.settings, extra || {});

  function refreshState() {
    game.info = engine.call("state", { start: game.start, moves: game.moves });
    if (game.info.error) throw new Error(game.info.error);
    return game.info;
  }

  /* How the game ended, if it has: the page's ending (resignation, agreement, claim, flag)
   * or the rules' (the engine's). */
  function ending() {
    if (game.ending) return game.ending;
    const s = game.info;
    if (s && s.status !== "playing") return { result: s.result, text: s.reason };
    return null;
  }

  const toMove = () => game.info.turn;
  const userToMove = () => !ending() && !game.plays[toMove()];
  const machineToMove = () => !ending() && game.plays[toMove()];

  /* The first move's number and side, from the start. */
  function startNumber() {
    if (game.start === "startpos") return { number: 1, side: "w" };
    const f = game.start.split(/\s+/);
    return { number: parseInt(f[5], 10) || 1, side: f[1] === "b" ? "b" : "w" };
  }

  /* The label of ply i as the teletype writes it: `12.` or `12...`. */
  function label(i) {
    const s = startNumber();
    const k = i + (s.side === "b" ? 1 : 0);
    const n = s.number + Math.floor(k / 2);
    return k % 2 === 0 ? `${n}.` : `${n}...`;
  }

  // ---------------------------------------------------------------- the teletype
  const transcript = () => $("transcript");
  function say(line) {
    const t = transcript();
    t.textContent += line + "\n";
    t.scrollTop = t.scrollHeight;
  }

  function settingsLine() {
    const s = game.settings;
    const search = s.preset
      ? `WIDTH ${presetWidths(s.preset)}, DEPTH ${presetDepth(s.preset)} (${s.preset.toUpperCase()} PRESET)`
      : `WIDTH ${s.widths}, DEPTH ${s.depth}`;
    const extra = Object.keys(s)
      .filter((k) => !["profile", "preset", "widths", "depth", "book"].includes(k))
      .map((k) => `, ${k.toUpperCase()} ${String(s[k]).toUpperCase()}`)
      .join("");
    return `SETTINGS: PROFILE ${s.profile.toUpperCase()}, ${search}, BOOK ${s.book.toUpperCase()}${extra}, CLOCK ${clock.control.text}`;
  }

  const presetWidths = (p) => (defaults.presets[p] ? defaults.presets[p].widths.join(",") : "?");
  const presetDepth = (p) => (defaults.presets[p] ? defaults.presets[p].depth : "?");

  function announceEnding() {
    const e = ending();
    if (e && !game.announced) {
      game.announced = true;
      say(`${e.text}   ${e.result}`);
    }
  }

  // ---------------------------------------------------------------- the clocks
  const clock = {
    control: null, // {moves, base (ms), inc (ms), perMove (ms, a time a move, or null), text}
    left: { w: 0, b: 0 },
    running: null,
    since: 0,
  };

  /* A clock read by the engine as the terminal's `--clock` reads it: `40/600` (moves in
   * seconds, repeating), `600+5` (the game, seconds added a move), `10:00`, `move/10` (that long
   * for every move: the machine's time, no flag falls). {error} when it cannot be read, with
   * what works. */
  function parseClock(text) {
    const r = engine.call("clock", { clock: text });
    if (r.error) return { error: r.error.toUpperCase() };
    if (r.per_move_ms !== undefined) return { moves: null, base: r.per_move_ms, inc: 0, perMove: r.per_move_ms, text: r.text };
    return { moves: r.moves, base: r.base_ms, inc: r.increment_ms, perMove: null, text: r.text };
  }

  function resetClocks(control) {
    clock.control = control;
    clock.left = { w: control.base, b: control.base };
    clock.running = null;
  }

  function startClock(side) {
    stopClock();
    if (ending()) return;
    clock.running = side;
    clock.since = performance.now();
  }

  /* Stops the running clock; the time it ran, in seconds. */
  function stopClock() {
    if (!clock.running) return 0;
    const ran = performance.now() - clock.since;
    clock.left[clock.running] -= ran;
    clock.running = null;
    return ran / 1000;
  }

  /* After `side` has moved: its increment, and a new period when it has made the period's
   * moves; a clock of a time a move starts again. */
  function afterMove(side) {
    if (clock.control.perMove) {
      clock.left[side] = clock.control.perMove;
      return;
    }
    clock.left[side] += clock.control.inc;
    const made = game.moves.filter((_, i) => plySide(i) === side).length;
    if (clock.control.moves && made % clock.control.moves === 0) clock.left[side] += clock.control.base;
  }

  const plySide = (i) => ((i + (startNumber().side === "b" ? 1 : 0)) % 2 === 0 ? "w" : "b");

  function leftNow(side) {
    let ms = clock.left[side];
    if (clock.running === side) ms -= performance.now() - clock.since;
    return ms;
  }

  function hms(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    const two = (n) => String(n).padStart(2, "0");
    return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  }

  function showClocks() {
    const bottom = flipped ? "b" : "w";
    for (const [id, side] of [["clock-bottom", bottom], ["clock-top", other(bottom)]]) {
      const el = $(id);
      el.querySelector(".side").textContent =
        `${SIDE[side]} · ${game.plays[side] ? "MAC HACK" : "YOU"}`;
      el.querySelector(".time").textContent = hms(leftNow(side));
      el.dataset.side = side;
      el.classList.toggle("running", clock.running === side);
    }
  }

  function tick() {
    showClocks();
    const side = clock.running;
    if (side && leftNow(side) <= 0 && !clock.control.perMove && !ending()) {
      stopClock();
      clock.left[side] = 0;
      if (thinking) cancelThinking();
      setEnding("time", side);
      next();
    }
  }

  /* The page ends the game: `kind` resignation or time (`loser` w or b), agreed, repetition or
   * fifty (a claim), announced and scored by the engine in the library's words. */
  function setEnding(kind, loser) {
    stopClock();
    const e = engine.call("ending", { kind, loser });
    if (e.error) throw new Error(e.error);
    game.ending = { result: e.result, text: e.text, reason: kind === "time" ? "time" : undefined };
    render();
  }

  // ---------------------------------------------------------------- moves
  /* Plays `uci` for the side to move: `how` says what the machine's search made of it. */
  function play(uci, how) {
    // An analysis of the position before the move is of no use after it.
    if (thinking && thinking.kind === "analysis") cancelThinking();
    analysisShown = false;
    const mover = toMove();
    const secs = stopClock();
    game.moves.push(uci);
    game.seconds.push(how && how.book ? "book" : secs);
    game.values.push(how && typeof how.value === "number" ? how.value : null);
    afterMove(mover);
    refreshState();
    const i = game.moves.length - 1;
    const desc = game.info.history[i].descriptive;
    if (!how) say(`${label(i)} ${desc}`);
    else {
      const timing = how.book
        ? "BOOK"
        : `${secs.toFixed(2)} SEC  ` + (how.stopped ? "(STOPPED)" : `(1967: ${how.time_1967.toFixed(1)} SEC)`);
      say(`${label(i)} ${desc.padEnd(16)}${timing}`);
      if (how.claim_with_move) claimed(mover, how.claim_with_move);
    }
    selected = null;
    if (!ending()) startClock(toMove());
    render();
    next();
  }

  /* A move the user makes, given as text in any notation or by the board (coordinates). */
  function userMove(text, typed) {
    if (!userToMove()) {
      refuse(ending() ? "THE GAME IS OVER: NEW STARTS ANOTHER, TAKE BACK UNDOES A MOVE." : "THE MACHINE IS TO MOVE.");
      return false;
    }
    const r = engine.call("parse", { start: game.start, moves: game.moves, text });
    if (r.error) {
      if (typed) say(`${label(game.moves.length)} ${text}`);
      const kind = r.kind === "not a move" ? "NOT A MOVE OR COMMAND: " : "";
      refuse(kind + r.error.toUpperCase().replace(/^NOT A MOVE: /, ""));
      return false;
    }
    refuse("");
    play(r.uci, null);
    return true;
  }

  function refuse(message) {
    $("refusal").textContent = message;
    if (message) say(message);
  }

  /* What comes next: the machine's move if it is to move. */
  function next() {
    announceEnding();
    if (machineToMove() && !thinking) machineMove();
  }

  const machineValues = (side) =>
    game.values.filter((v, i) => v !== null && plySide(i) === side).join(" ");

  function clockFields(side) {
    const made = game.moves.filter((_, i) => plySide(i) === side).length;
    if (clock.control.perMove) return { movetime: Math.floor(clock.control.perMove) };
    const out = { wtime: Math.max(0, Math.floor(leftNow("w"))), btime: Math.max(0, Math.floor(leftNow("b"))) };
    if (clock.control.moves) out.movestogo = clock.control.moves - (made % clock.control.moves);
    if (clock.control.inc) out.inc = Math.floor(clock.control.inc);
    return out;
  }

  function machineMove() {
    const side = toMove();
    const request = fields(Object.assign({ seed: game.seed, values: machineValues(side) }, clockFields(side)));
    search("move", request).then((r) => {
      if (!r) return; // taken back, a new game, a flag
      if (r.error) return say(`THE PROGRAM COULD NOT MOVE: ${r.error.toUpperCase()}`);
      if (r.resign) {
        setEnding("resignation", side);
        return next();
      }
      // A draw the rules allow now, claimed when it is worth more than what the machine expects
      // (game::judgement, as at the terminal); one its move makes is claimed with the move (play).
      if (r.claim) {
        claimed(side, r.claim);
        return next();
      }
      play(r.bestmove, r);
    });
  }

  /* Asks the worker to think: the answer shown (and kept in #answer's data-bestmove) when it
   * comes, or null if the search was cancelled meanwhile. Stop ends it early. */
  function search(kind, request) {
    const token = ++thinkToken;
    thinking = { token, kind, began: performance.now(), progress: null, searched: [] };
    // The last answer stays until the next search starts.
    const a = $("answer");
    a.dataset.bestmove = "";
    a.dataset.value = "";
    a.textContent = "THINKING…";
    $("line").textContent = "";
    showThinking();
    render();
    return ask("think", request, (p) => {
      if (!thinking || thinking.token !== token) return;
      thinking.progress = p;
      if (p.searched) thinking.searched.push(p.searched);
      showThinking();
    }).then((r) => {
      if (!thinking || thinking.token !== token) return null;
      thinking = null;
      if (!r.error) showAnswer(r);
      render();
      return r;
    });
  }

  /* Stop: the worker ends, the best move so far is played (or shown, for an analysis). */
  function stop() {
    if (!thinking) return;
    const t = thinking;
    const p = t.progress;
    if (!p) return; // the search has not begun: nothing to play yet
    cancelThinking();
    const r = {
      bestmove: p.bestmove,
      san: p.san,
      descriptive: p.descriptive,
      value: p.value,
      score: p.short || "",
      nodes: p.nodes,
      depth: p.depth,
      line: [p.descriptive],
      top: t.searched.map((s) => Object.assign({ plausibility: null }, s)),
      stopped: true,
      ms: performance.now() - t.began,
    };
    showAnswer(r);
    if (t.kind === "move") play(r.bestmove, r);
    else render();
  }

  function cancelThinking() {
    thinking = null;
    thinkToken++;
    startWorker();
  }

  // ---------------------------------------------------------------- what the machine shows
  function showThinking() {
    const p = thinking && thinking.progress;
    $("progress").textContent = !thinking
      ? ""
      : p
        ? `THINKING · BEST ${p.descriptive} (${p.san})${p.short === null ? "" : " " + p.short.toUpperCase()} · DEPTH ${p.depth} · ${p.nodes} NODES`
        : "THINKING…";
    if (thinking) fillTop(thinking.searched, null);
  }

  function fillTop(rows, chosen) {
    const body = $("top").querySelector("tbody");
    body.textContent = "";
    for (const t of rows) {
      const tr = document.createElement("tr");
      if (t.uci === chosen) tr.className = "chosen";
      for (const [text, cls] of [
        [`${t.descriptive} (${t.san})`, "mv"],
        [t.plausibility === null || t.plausibility === undefined ? "" : String(t.plausibility), "n"],
        [(t.bound === "at most" ? "<=" : "") + (t.short || "").toUpperCase(), "n"],
      ]) {
        const td = document.createElement("td");
        td.textContent = text;
        td.className = cls;
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
  }

  function showAnswer(r) {
    lastAnswer = r;
    const a = $("answer");
    a.dataset.bestmove = r.bestmove;
    a.dataset.value = r.value === null || r.value === undefined ? "" : String(r.value);
    let how;
    if (r.book) how = "FROM THE BOOK";
    else if (r.stopped) how = `STOPPED AFTER ${(r.ms / 1000).toFixed(2)} SEC, ${r.nodes} NODES`;
    else how = `1967: ${r.time_1967.toFixed(1)} SEC · HERE ${(r.ms / 1000).toFixed(2)} SEC, ${r.nodes} NODES, DEPTH ${r.depth}`;
    a.textContent = "";
    const best = document.createElement("strong");
    best.textContent = `BEST ${r.descriptive} (${r.san})${r.book ? "" : " " + (r.score || "").toUpperCase()}`;
    const detail = document.createElement("span");
    detail.className = "how";
    detail.textContent = how;
    a.append(best, " ", detail);
    $("progress").textContent = r.note ? `NOTE: ${r.note.toUpperCase()}` : "";
    $("line").textContent = (r.line || []).join(" ");
    fillTop(r.top || [], r.bestmove);
  }

  // ---------------------------------------------------------------- the board
  const SVG = "http://www.w3.org/2000/svg";
  const FILES = "abcdefgh";
  const svg = (name, attrs) => {
    const e = document.createElementNS(SVG, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  };

  /* The square's top-left corner in the board's units. */
  function corner(sq) {
    const f = FILES.indexOf(sq[0]);
    const r = parseInt(sq[1], 10) - 1;
    return flipped ? [(7 - f) * 45, r * 45] : [f * 45, (7 - r) * 45];
  }

  function squareAt(x, y) {
    const f = Math.floor(x / 45);
    const r = Math.floor(y / 45);
    if (f < 0 || f > 7 || r < 0 || r > 7) return null;
    return flipped ? FILES[7 - f] + (r + 1) : FILES[f] + (8 - r);
  }

  /* The pieces of a FEN: square -> "wK". */
  function piecesOf(fen) {
    const out = {};
    fen.split(" ")[0].split("/").forEach((row, i) => {
      let f = 0;
      for (const c of row) {
        if (/\d/.test(c)) f += parseInt(c, 10);
        else {
          const side = c === c.toUpperCase() ? "w" : "b";
          out[FILES[f] + (8 - i)] = side + c.toUpperCase();
          f++;
        }
      }
    });
    return out;
  }

  function drawBoard() {
    const squares = $("b-squares");
    const marks = $("b-marks");
    const pieces = $("b-pieces");
    const coords = $("b-coords");
    const arrows = $("b-arrows");
    for (const g of [squares, marks, pieces, coords, arrows]) g.textContent = "";
    const on = piecesOf(game.info.fen);
    $("board").setAttribute("aria-label", `The board: ${game.info.fen}`);
    const last = game.moves[game.moves.length - 1];
    const targets = selected
      ? game.info.legal.filter((m) => m.uci.startsWith(selected)).map((m) => m.uci.slice(2, 4))
      : [];
    for (let r = 1; r <= 8; r++) {
      for (const f of FILES) {
        const sq = f + r;
        const [x, y] = corner(sq);
        const dark = (FILES.indexOf(f) + r) % 2 === 1;
        squares.appendChild(svg("rect", { x, y, width: 45, height: 45, class: dark ? "sq-d" : "sq-l", "data-square": sq }));
        if (last && (last.slice(0, 2) === sq || last.slice(2, 4) === sq)) marks.appendChild(svg("rect", { x, y, width: 45, height: 45, class: "lm" }));
        if (sq === selected) marks.appendChild(svg("rect", { x, y, width: 45, height: 45, class: "sel" }));
        if (game.info.check && on[sq] === toMove() + "K") marks.appendChild(svg("circle", { cx: x + 22.5, cy: y + 22.5, r: 22, class: "chk" }));
        if (targets.includes(sq)) marks.appendChild(svg("circle", { cx: x + 22.5, cy: y + 22.5, r: on[sq] ? 20 : 7, class: on[sq] ? "tgt take" : "tgt" }));
        if (on[sq]) pieces.appendChild(svg("use", { href: `#pc-${on[sq]}`, x, y, "data-square": sq }));
      }
    }
    // The files along the bottom, the ranks up the left.
    for (let i = 0; i < 8; i++) {
      const file = flipped ? FILES[7 - i] : FILES[i];
      const rank = flipped ? i + 1 : 8 - i;
      const t1 = svg("text", { x: i * 45 + 42, y: 357, class: "co", "text-anchor": "end" });
      t1.textContent = file;
      const t2 = svg("text", { x: 2, y: i * 45 + 10, class: "co" });
      t2.textContent = rank;
      coords.append(t1, t2);
    }
    // The answer of an analysis, as an arrow.
    if (lastAnswer && !thinking && analysisShown && lastAnswer.bestmove) {
      const [x1, y1] = corner(lastAnswer.bestmove.slice(0, 2));
      const [x2, y2] = corner(lastAnswer.bestmove.slice(2, 4));
      // Ended short of the square's centre, where the head's tip lands.
      const d = Math.hypot(x2 - x1, y2 - y1);
      const [ex, ey] = [x2 - ((x2 - x1) * 14) / d, y2 - ((y2 - y1) * 14) / d];
      arrows.appendChild(
        svg("line", { x1: x1 + 22.5, y1: y1 + 22.5, x2: ex + 22.5, y2: ey + 22.5, class: "ar", "marker-end": "url(#arrowhead)" }),
      );
    }
  }

  /* The board's point under a pointer event, in the board's units. */
  function boardPoint(event) {
    const r = $("board").getBoundingClientRect();
    return [((event.clientX - r.left) * 360) / r.width, ((event.clientY - r.top) * 360) / r.height];
  }

  let drag = null; // {from, piece (the <use>), moved}

  function onPointerDown(event) {
    if (!game.info || !userToMove()) return;
    const [x, y] = boardPoint(event);
    const sq = squareAt(x, y);
    if (!sq) return;
    const mine = game.info.legal.some((m) => m.uci.startsWith(sq));
    if (selected && sq !== selected && !mine) {
      tryBoardMove(selected, sq);
      return;
    }
    if (!mine) {
      selected = null;
      drawBoard();
      return;
    }
    selected = sq;
    drawBoard();
    const piece = $("b-pieces").querySelector(`use[data-square="${sq}"]`);
    if (piece) {
      piece.parentNode.appendChild(piece); // drawn above the others while dragged
      drag = { from: sq, piece, moved: false };
      $("board").setPointerCapture(event.pointerId);
    }
    event.preventDefault();
  }

  function onPointerMove(event) {
    if (!drag) return;
    const [x, y] = boardPoint(event);
    drag.moved = true;
    drag.piece.setAttribute("x", x - 22.5);
    drag.piece.setAttribute("y", y - 22.5);
  }

  function onPointerUp(event) {
    if (!drag) return;
    const from = drag.from;
    const moved = drag.moved;
    drag = null;
    const [x, y] = boardPoint(event);
    const to = squareAt(x, y);
    if (moved && to && to !== from) tryBoardMove(from, to);
    else drawBoard();
  }

  /* A move made on the board: played, or a promotion asked for, or refused as the terminal
   * refuses the move in coordinates. */
  function tryBoardMove(from, to) {
    const moves = game.info.legal.filter((m) => m.uci.slice(0, 4) === from + to);
    if (moves.length === 0) {
      selected = null;
      userMove(from + to, false);
      drawBoard();
    } else if (moves.length === 1) userMove(moves[0].uci, false);
    else choosePromotion(moves);
  }

  function choosePromotion(moves) {
    const box = $("promotion");
    box.textContent = "";
    const side = toMove();
    for (const kind of ["q", "r", "b", "n"]) {
      const m = moves.find((x) => x.uci[4] === kind);
      if (!m) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.title = m.descriptive;
      b.dataset.uci = m.uci;
      const icon = svg("svg", { viewBox: "0 0 45 45", width: 40, height: 40 });
      icon.appendChild(svg("use", { href: `#pc-${side}${kind.toUpperCase()}` }));
      b.appendChild(icon);
      b.addEventListener("click", () => {
        box.hidden = true;
        userMove(m.uci, false);
      });
      box.appendChild(b);
    }
    box.hidden = false;
  }

  // ---------------------------------------------------------------- the page around the board
  function render() {
    if (!game.info) return;
    flippedDefault();
    drawBoard();
    showClocks();
    const e = ending();
    const side = toMove();
    $("status").textContent = e
      ? `${e.text}   ${e.result}`
      : thinking && thinking.kind === "move"
        ? `${SIDE[side]} TO MOVE · MAC HACK IS THINKING`
        : `${SIDE[side]} TO MOVE${game.info.check ? " · CHECK" : ""}`;
    $("prompt").textContent = e ? "GAME OVER" : label(game.moves.length);
    $("stop").disabled = !thinking;
    $("takeback").disabled = game.moves.length === 0;
    $("offer").disabled = !!e;
    $("resign").disabled = !!e;
    $("claim").disabled = !!e || !game.info.claim || game.plays[side];
    const locked = game.moves.length > 0;
    for (const el of $("settings").querySelectorAll("[data-search]")) el.disabled = locked || (el.classList.contains("custom-field") && presetChosen());
    $("settings-note").classList.toggle("locked", locked);
  }

  let flipChosen = false;
  function flippedDefault() {
    if (!flipChosen) flipped = game.plays.w && !game.plays.b;
  }

  // ---------------------------------------------------------------- settings
  const form = () => $("settings");
  const presetChosen = () => form().elements.preset.value !== "custom";

  function fillSettingsForm() {
    const f = form();
    const select = f.elements.preset;
    select.textContent = "";
    for (const name of Object.keys(defaults.presets)) {
      const p = defaults.presets[name];
      select.appendChild(new Option(`${name} (${p.widths.join(",")}, depth ${p.depth})`, name));
    }
    select.appendChild(new Option("custom widths and depth", "custom"));
    for (const name of ["profile", "preset", "widths", "depth", "book"]) {
      f.elements[name].dataset.search = "1";
      if (name === "widths" || name === "depth") f.elements[name].classList.add("custom-field");
    }
  }

  /* The form shows the game's settings. */
  function showSettings() {
    const f = form();
    const s = game.settings;
    f.elements.profile.value = s.profile;
    f.elements.preset.value = s.preset || "custom";
    f.elements.widths.value = s.preset ? presetWidths(s.preset) : s.widths;
    f.elements.depth.value = s.preset ? presetDepth(s.preset) : s.depth;
    f.elements.book.checked = s.book === "on";
    f.elements.plays.value = (game.plays.w ? "w" : "") + (game.plays.b ? "b" : "");
    f.elements.clock.value = clock.control.text;
  }

  /* The settings the form holds, or a message saying what is wrong in it. */
  function formSettings() {
    const f = form();
    const s = { profile: f.elements.profile.value };
    if (presetChosen()) s.preset = f.elements.preset.value;
    else {
      const widths = f.elements.widths.value.replace(/\s+/g, "");
      if (!/^\d+(,\d+)*$/.test(widths)) return "WIDTHS: NUMBERS SEPARATED BY COMMAS, E.G. 15,15,9,9,7";
      const depth = f.elements.depth.value.trim();
      if (!/^\d+$/.test(depth)) return "DEPTH: A NUMBER OF PLIES, E.G. 4";
      s.widths = widths;
      s.depth = depth;
    }
    s.book = f.elements.book.checked ? "on" : "off";
    // The engine judges the settings (its own message if they are wrong).
    const check = engine.call("pgn", Object.assign({ start: "startpos", moves: [] }, s));
    if (check.error) return check.error.toUpperCase();
    return s;
  }

  function onSettingsChange(event) {
    const name = event.target.name;
    const f = form();
    if (name === "plays") {
      const v = f.elements.plays.value;
      game.plays = { w: v.includes("w"), b: v.includes("b") };
      flipChosen = false;
      if (thinking && thinking.kind === "move" && !game.plays[toMove()]) cancelThinking();
      say(`THE MACHINE PLAYS ${v === "wb" ? "BOTH SIDES" : v === "w" ? "WHITE" : v === "b" ? "BLACK" : "NEITHER SIDE"}.`);
      render();
      next();
      return;
    }
    if (name === "preset" && presetChosen()) {
      f.elements.widths.value = presetWidths(f.elements.preset.value);
      f.elements.depth.value = presetDepth(f.elements.preset.value);
    }
    if (name === "clock") {
      const c = parseClock(f.elements.clock.value);
      $("settings-error").textContent = c.error || "";
      if (!c.error && game.moves.length === 0) {
        resetClocks(c);
        startClock(toMove());
      }
      return render();
    }
    if (game.moves.length > 0) return render();
    const s = formSettings();
    if (typeof s === "string") {
      $("settings-error").textContent = s;
      return;
    }
    $("settings-error").textContent = "";
    game.settings = s;
    say(settingsLine());
    render();
  }

  // ---------------------------------------------------------------- the commands
  function takeBack() {
    if (game.moves.length === 0) return say("NO MOVE TO TAKE BACK.");
    if (thinking) cancelThinking();
    const taken = [];
    const one = () => {
      const i = game.moves.length - 1;
      taken.push(`${label(i)} ${game.info.history[i].descriptive}`);
      game.moves.pop();
      game.seconds.pop();
      game.values.pop();
      refreshState();
    };
    one();
    // The machine's reply goes too, so that the user is to move again.
    if (game.plays.w !== game.plays.b && game.plays[toMove()] && game.moves.length > 0) one();
    game.ending = null;
    game.announced = false;
    analysisShown = false;
    selected = null;
    say(`TAKEN BACK: ${taken.join(", ")}.`);
    startClock(toMove());
    render();
    next();
  }

  function newGame() {
    const c = parseClock(form().elements.clock.value);
    if (c.error) return refuse(c.error);
    const s = formSettings();
    if (typeof s === "string") return refuse(s);
    if (thinking) cancelThinking();
    const v = form().elements.plays.value;
    say("A NEW GAME.");
    begin({ start: "startpos", moves: [], settings: s, plays: { w: v.includes("w"), b: v.includes("b") }, control: c });
    next();
  }

  /* A game set up: from `start` after `moves`, with the settings and sides given. */
  function begin(g) {
    game.start = g.start;
    game.moves = g.moves.slice();
    game.seconds = g.seconds || g.moves.map(() => null);
    game.values = g.values || g.moves.map(() => null);
    game.settings = g.settings;
    game.plays = g.plays;
    game.seed = Math.floor(Math.random() * 2 ** 31);
    game.ending = g.ending || null;
    game.announced = false;
    analysisShown = false;
    lastAnswer = null;
    selected = null;
    flipChosen = false;
    resetClocks(g.control || clock.control);
    refreshState();
    showSettings();
    say(settingsLine());
    if (game.moves.length > 0) {
      const h = game.info.history;
      h.forEach((m, i) => say(`${label(i)} ${m.descriptive}`));
    }
    if (!ending()) startClock(toMove());
    render();
  }

  function resign() {
    if (ending()) return say("THE GAME IS OVER.");
    const side = game.plays.w !== game.plays.b ? (game.plays.w ? "b" : "w") : toMove();
    if (thinking) cancelThinking();
    setEnding("resignation", side);
    next();
  }

  async function offerDraw() {
    if (ending()) return say("THE GAME IS OVER.");
    say("DRAW?");
    const machine = game.plays.w !== game.plays.b ? (game.plays.w ? "w" : "b") : toMove();
    const mine = game.values.filter((v, i) => v !== null && plySide(i) === machine);
    const request = fields({ machine });
    let r;
    if (mine.length) r = engine.call("draw", Object.assign(request, { value: mine[mine.length - 1] }));
    else r = await ask("draw", request); // no search of its own yet: it searches the position
    if (r.error) return say(r.error.toUpperCase());
    if (ending()) return;
    if (r.accept) {
      if (thinking) cancelThinking();
      say("ACCEPT");
      setEnding("agreed");
    } else say("DECLINE");
    next();
  }

  function claim() {
    if (ending()) return say("THE GAME IS OVER.");
    const side = toMove();
    if (game.plays[side]) return say("ONLY THE PLAYER TO MOVE MAY CLAIM A DRAW, AND THE MACHINE IS TO MOVE.");
    const kind = game.info.claim;
    if (!kind) return refuse("NO DRAW TO CLAIM: A CLAIM NEEDS THE THIRD REPETITION OF THE POSITION OR 100 HALF-MOVES WITHOUT A CAPTURE OR PAWN MOVE.");
    claimed(side, kind);
    next();
  }

  /* `side` claims the draw of `kind` ("fifty" or "repetition"): the game ends. */
  function claimed(side, kind) {
    say(`${SIDE[side]} CLAIMS A DRAW.`);
    setEnding(kind === "fifty" ? "fifty" : "repetition");
  }

  function flip() {
    flipped = !flipped;
    flipChosen = true;
    render();
  }

  const HELP = [
    "MOVES IN DESCRIPTIVE NOTATION (P-K4, NXP, R/K2-Q2, O-O, P-K8=Q, PXP E.P.),",
    "OR SAN (E4, NF3) OR COORDINATES (E2E4); OR DRAG OR CLICK ON THE BOARD.",
    "U           TAKE BACK A MOVE (YOUR LAST MOVE AND THE MACHINE'S REPLY)",
    "NEW         START ANOTHER GAME WITH THE SETTINGS BELOW",
    "FLIP        TURN THE BOARD ROUND",
    "PG          PRINT THE GAME SO FAR",
    "DRAW?       OFFER A DRAW         CLAIM   CLAIM A DRAW",
    "RESIGN      RESIGN THE GAME      STOP    THE MACHINE MOVES NOW",
  ];

  /* A line typed: a command, or a move. */
  function typed(text) {
    const t = text.trim();
    if (!t) return;
    const word = t.toUpperCase().replace(/[.!]+$/, "");
    const commands = {
      U: takeBack, UNDO: takeBack, TAKEBACK: takeBack, "TAKE BACK": takeBack,
      NEW: newGame, RESIGN: resign, RESIGNS: resign, "I RESIGN": resign,
      "DRAW?": offerDraw, "OFFER DRAW": offerDraw, DRAW: () => (game.info.claim ? claim() : offerDraw()),
      CLAIM: claim, "CLAIM DRAW": claim, FLIP: flip, STOP: stop,
      HELP: () => HELP.forEach(say),
      PG: () => {
        say(settingsLine());
        game.info.history.forEach((m, i) => say(`${label(i)} ${m.descriptive}`));
        announceEnding();
      },
    };
    if (commands[word]) {
      refuse("");
      say(word);
      commands[word]();
      return true;
    }
    return userMove(t, true);
  }

  // ---------------------------------------------------------------- records
  function pgnText() {
    const e = ending();
    const plays = game.plays.w ? (game.plays.b ? "both" : "white") : game.plays.b ? "black" : "neither";
    const r = engine.call(
      "pgn",
      fields({
        white: game.plays.w ? MACHINE_NAME : PLAYER_NAME,
        black: game.plays.b ? MACHINE_NAME : PLAYER_NAME,
        result: e ? e.result : "*",
        reason: e && e.reason ? e.reason : undefined,
        seconds: game.seconds.map((s) => (s === null ? "-" : s === "book" ? "book" : s.toFixed(2))),
        values: game.values.map((v) => (v === null ? "-" : String(v))),
        clock: clock.control.text,
        plays,
        seed: game.seed,
        event: "machack in the browser",
      }),
    );
    if (r.error) throw new Error(r.error);
    return r.pgn;
  }

  function download() {
    let text;
    try {
      text = pgnText();
    } catch (e) {
      return ($("records-note").textContent = String(e.message).toUpperCase());
    }
    const d = new Date();
    const two = (n) => String(n).padStart(2, "0");
    const name = `machack-${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}.pgn`;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    $("records-note").textContent = `WROTE ${name}.`;
  }

  /* Opens a record or a FEN: the game goes on from where it stands, with its settings. */
  function open(text, from) {
    const r = engine.call("load", { text });
    if (r.error) return ($("records-note").textContent = `CANNOT OPEN ${from}: ${r.error.toUpperCase()}`);
    if (thinking) cancelThinking();
    const settings = requestSettings(r.settings);
    const isMachine = (name) => /mac ?hack|machack/i.test(name || "");
    let plays = { w: isMachine(r.white), b: isMachine(r.black) };
    const seconds = (r.seconds || []).map((x) => (x === "book" ? "book" : x === "-" ? null : parseFloat(x)));
    const values = (r.values || []).map((x) => (x === "-" ? null : parseInt(x, 10)));
    const g = { start: r.start, moves: r.moves, settings, plays, seconds, values };
    begin(g);
    if (!plays.w && !plays.b) {
      // A game of others: the machine takes the side not to move.
      game.plays = { w: toMove() === "b", b: toMove() === "w" };
      showSettings();
      render();
    }
    if (r.result && r.result !== "*" && game.info.status === "playing") {
      game.ending = { result: r.result, text: "THE RECORD'S RESULT" };
      stopClock();
      render();
    }
    $("records-note").textContent = `OPENED ${from}: ${r.moves.length} PLIES.`;
    next();
  }

  // ---------------------------------------------------------------- the address
  /* `#fen=…` or `#moves=…` (encodeURIComponent's form, `_` for a space), `&think` to have the
   * program answer at once (the book off unless the address says `book=on`), and any setting
   * the engine reads (`profile`, `preset`, `widths`, `depth`, `book`, `table`, `deepen`),
   * `plays` (`w`, `b`, `wb` or none) and `clock`. */
  function fromAddress() {
    const hash = location.hash.replace(/^#/, "");
    if (!hash) return false;
    const a = {};
    for (const part of hash.split("&")) {
      const i = part.indexOf("=");
      const key = i < 0 ? part : part.slice(0, i);
      const value = i < 0 ? "" : decodeURIComponent(part.slice(i + 1).replace(/_/g, " "));
      a[key] = value;
    }
    if (!("fen" in a) && !("moves" in a)) return false;
    const think = "think" in a;
    const settings = Object.assign({}, defaultSettings(), { book: think ? "off" : "on" });
    for (const k of Object.keys(a)) {
      if (["fen", "moves", "think", "plays", "clock"].includes(k)) continue;
      settings[k] = a[k];
    }
    if (settings.widths || settings.depth) delete settings.preset;
    const start = a.fen ? a.fen.trim() : "startpos";
    const check = engine.call("pgn", Object.assign({ start, moves: [] }, settings));
    if (check.error) return addressError(check.error);
    // The moves in any notation, one by one (move numbers skipped).
    const moves = [];
    for (const token of (a.moves || "").split(/[\s,]+/)) {
      const text = token.replace(/^\d+\.+/, "");
      if (!text || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(text)) continue;
      const r = engine.call("parse", { start, moves, text });
      if (r.error) return addressError(`move ${moves.length + 1} '${text}': ${r.error}`);
      moves.push(r.uci);
    }
    const control = a.clock ? parseClock(a.clock) : clock.control;
    if (control.error) return addressError(control.error);
    if (thinking) cancelThinking();
    begin({ start, moves, settings, plays: { w: false, b: false }, control });
    if ("plays" in a) game.plays = { w: a.plays.includes("w"), b: a.plays.includes("b") };
    else if (!think) game.plays = { w: toMove() === "b", b: toMove() === "w" };
    showSettings();
    render();
    if (think && !ending()) {
      say("THINKING ABOUT THE POSITION OF THE ADDRESS.");
      analysisShown = true;
      search("analysis", fields()).then((r) => {
        if (r && r.error) say(r.error.toUpperCase());
        else if (r) say(`BEST ${r.descriptive} (${r.san}) ${(r.short || "").toUpperCase()}`);
        render();
        next();
      });
    } else next();
    return true;
  }

  function addressError(message) {
    refuse(`THE ADDRESS: ${String(message).toUpperCase()}`);
    return false;
  }

  /* The settings as the engine gives them (`defaults`, `load`) made request fields: the
   * preset if they are one, else the widths and depth; the table where it is not the default. */
  function requestSettings(s) {
    const out = { profile: s.profile };
    if (s.preset) out.preset = s.preset;
    else Object.assign(out, { widths: s.widths.join(","), depth: s.depth });
    out.book = s.book ? "on" : "off";
    if (s.table && s.table !== defaults.default.table) out.table = s.table;
    if (s.deepen) out.deepen = "on";
    return out;
  }

  const defaultSettings = () => requestSettings(defaults.default);

  // ---------------------------------------------------------------- bench
  /* `machack bench`'s positions, `repeat` times, in the worker. */
  const bench = (repeat) => ask("bench", { repeat });

  function printBench(r, what) {
    const rate = r.ms > 0 ? Math.round(r.nodes / r.ms) : 0;
    $("bench-out").textContent += r.error
      ? `BENCH: ${r.error.toUpperCase()}\n`
      : `BENCH${what}: ${r.positions} POSITIONS, ${r.nodes} NODES, ${r.ms.toFixed(0)} MS (${rate} KN/S)\n`;
  }

  /* The Bench button: once (the browser still compiling the engine's hot code), then again
   * and again until the runs after the first have searched for five seconds: their sum. */
  async function benchButton() {
    $("bench").disabled = true;
    const once = await bench(1);
    printBench(once, "");
    const sum = { positions: 0, nodes: 0, ms: 0 };
    while (!once.error && sum.ms < 5000) {
      const r = await bench(1);
      if (r.error) break;
      for (const k in sum) sum[k] += r[k];
    }
    if (sum.positions) printBench(sum, " (REPEATED)");
    $("bench").disabled = false;
  }

  // ---------------------------------------------------------------- start
  async function main() {
    module = await WebAssembly.compile(bytesOf($("wasm").textContent));
    engine = await loadEngine(module);
    startWorker();
    defaults = engine.call("defaults", {});
    fillSettingsForm();
    resetClocks(parseClock(form().elements.clock.value));
    say("MAC HACK VI (1967), RECREATED. TYPE HELP FOR COMMANDS.");
    if (!fromAddress()) {
      begin({ start: "startpos", moves: [], settings: defaultSettings(), plays: { w: false, b: true } });
      next();
    }
    const ready = performance.now();
    window.machack.ready = ready;
    $("ready").textContent = `Ready in ${(ready / 1000).toFixed(2)} s.`;
    document.body.dataset.ready = "1";

    $("board").addEventListener("pointerdown", onPointerDown);
    $("board").addEventListener("pointermove", onPointerMove);
    $("board").addEventListener("pointerup", onPointerUp);
    $("board").addEventListener("pointercancel", () => ((drag = null), drawBoard()));
    $("move-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("move-input");
      // A refused move stays, selected: to be mended, or typed over.
      if (typed(input.value) !== false) input.value = "";
      else input.select();
    });
    $("stop").addEventListener("click", stop);
    $("takeback").addEventListener("click", takeBack);
    $("offer").addEventListener("click", offerDraw);
    $("claim").addEventListener("click", claim);
    $("resign").addEventListener("click", resign);
    $("flip").addEventListener("click", flip);
    $("new").addEventListener("click", newGame);
    $("download").addEventListener("click", download);
    $("bench").addEventListener("click", benchButton);
    $("settings").addEventListener("change", onSettingsChange);
    $("settings").addEventListener("submit", (e) => e.preventDefault());
    $("load-form").addEventListener("submit", (event) => {
      event.preventDefault();
      open($("load-text").value, "THE TEXT");
    });
    $("open-file").addEventListener("change", async (event) => {
      const file = event.target.files[0];
      if (file) open(await file.text(), file.name.toUpperCase());
      event.target.value = "";
    });
    window.addEventListener("hashchange", () => fromAddress());
    setInterval(tick, 200);
  }

  window.machack = {
    ready: null,
    think: (f) => ask("think", f),
    bench,
    pgn: pgnText,
    state: () => game.info,
    call: (command, f) => engine.call(command, f),
    game,
  };
  main().catch((e) => {
    $("status").textContent = `THE PROGRAM DID NOT START: ${e && e.message ? e.message : e}`;
  });
})();
