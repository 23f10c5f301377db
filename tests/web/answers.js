// Answers requests with the page's engine in Node (tests/suite/web_engine.rs, doc/web.md):
//   node answers.js DIR [--record]
// DIR holds machack.wasm and engine.js as scripts/web.sh writes them. One request a line on
// standard input, as JSON {"command": ..., "fields": {...}}; one response a line on standard
// output, as JSON, the request's progress reports in its member "progress". With --record, a
// `think` is written instead as `machack think` writes the same search, line for line (the
// top-level record's rows, the choice, the line, the nodes, the best move), then a line `--`.
const fs = require("fs");
const path = require("path");
const [dir, mode] = process.argv.slice(2);
const { loadEngine } = require(path.resolve(dir, "engine.js"));

function record(r) {
  const rows = r.top.map((t, i) => {
    const value = t.bound === "interrupted" ? "interrupted"
      : `${t.bound === "exact" ? "=" : "<="} ${t.score}`;
    const secondary = t.secondary_score === null ? "" : `  [secondary ${t.secondary_score}]`;
    return `${String(i + 1).padStart(4)}. ${t.descriptive.padEnd(11)} ` +
      `${String(t.plausibility).padStart(12)}  ${t.why.padEnd(13)} ${value.padEnd(19)} ` +
      `${t.line.join(" ")}${secondary}`;
  });
  return rows.concat([
    `chosen: ${r.descriptive} (${r.san})  value ${r.score}`,
    `pv: ${r.line.join(" ")}`,
    `  nodes               ${r.nodes}`,
    `bestmove ${r.bestmove}`,
  ]);
}

(async () => {
  let progress = [];
  const engine = await loadEngine(fs.readFileSync(path.join(dir, "machack.wasm")), {
    onProgress: (p) => progress.push(p),
  });
  const lines = fs.readFileSync(0, "utf8").split("\n").filter((l) => l.trim());
  for (const line of lines) {
    const { command, fields } = JSON.parse(line);
    progress = [];
    const response = engine.call(command, fields);
    if (mode === "--record" && command === "think" && !response.error) {
      process.stdout.write(record(response).join("\n") + "\n--\n");
    } else {
      response.progress = progress;
      process.stdout.write(JSON.stringify(response) + "\n");
    }
  }
})();
