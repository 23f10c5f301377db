/* machack's engine in a browser: the glue over web/engine's exports (doc/web.md).
 * A plain script: it defines the global loadEngine (on a page, in a worker, in a Blob worker),
 * and in Node exports it too.
 *
 *   const engine = await loadEngine(wasmBytesOrModule, { onProgress });
 *   engine.call("think", { start: "startpos", moves: "e2e4", book: "off" })  // -> parsed JSON
 *
 * loadEngine takes the .wasm's bytes (ArrayBuffer, typed array) or an already compiled
 * WebAssembly.Module (a new worker after Stop); the engine it returns keeps the module in
 * engine.module. call(command, fields) writes the request (the command, then key=value lines;
 * an array value joined with spaces; fields.text after a line "text:") and returns the
 * response, parsed, synchronously: `think` blocks until the search ends, so it runs in a worker.
 * onProgress hears the search's progress objects as it runs. Any response may be {error}.
 */
async function loadEngine(wasm, options) {
  const onProgress = (options && options.onProgress) || function () {};
  const utf8in = new TextEncoder();
  const utf8out = new TextDecoder();
  let memory = null;
  const text = (ptr, len) => utf8out.decode(new Uint8Array(memory.buffer, ptr, len));
  const imports = {
    env: {
      machack_now_ms: () => performance.now(),
      machack_progress: (ptr, len) => onProgress(JSON.parse(text(ptr, len))),
    },
  };
  let module, instance;
  if (wasm instanceof WebAssembly.Module) {
    module = wasm;
    instance = await WebAssembly.instantiate(module, imports);
  } else {
    ({ module, instance } = await WebAssembly.instantiate(wasm, imports));
  }
  const x = instance.exports;
  memory = x.memory;
  function call(command, fields) {
    fields = Object.assign({}, fields || {});
    if (command === "pgn" && fields.date === undefined) {
      const d = new Date(); // the engine has no calendar: the record's date is the page's
      const two = (n) => String(n).padStart(2, "0");
      fields.date = `${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`;
    }
    let request = command;
    for (const [key, value] of Object.entries(fields)) {
      if (key === "text" || value === undefined || value === null) continue;
      const v = Array.isArray(value) ? value.join(" ") : String(value);
      if (/[\r\n]/.test(v)) throw new Error(`machack: the field ${key} holds a line break`);
      request += `\n${key}=${v}`;
    }
    if (fields.text !== undefined) request += `\ntext:\n${fields.text}`;
    const bytes = utf8in.encode(request);
    const ptr = x.machack_alloc(bytes.length);
    new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    const out = x.machack_call(ptr, bytes.length);
    x.machack_free(ptr, bytes.length);
    return JSON.parse(text(out, x.machack_result_len()));
  }
  return { call, module };
}
if (typeof module !== "undefined" && module.exports) module.exports = { loadEngine };
