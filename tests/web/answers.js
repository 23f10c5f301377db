// Answers requests with the page's engine in Node (tests/web_engine.rs): node answers.js DIR,
// DIR holding machack.wasm and engine.js as scripts/web.sh writes them; one request a line on
// standard input, as JSON {"command": ..., "fields": {...}}; one response a line on standard
// output, as JSON, the progress reports of a request in its member "progress".
const fs = require("fs");
const path = require("path");
const dir = process.argv[2];
const { loadEngine } = require(path.resolve(dir, "engine.js"));
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
    response.progress = progress;
    process.stdout.write(JSON.stringify(response) + "\n");
  }
})();
