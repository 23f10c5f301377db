/* The search off the page's thread (doc/web.md): a Web Worker made from a Blob of engine.js and
 * this script. The page sends {module} once (the WebAssembly.Module it compiled from the bytes
 * inside the page), then {id, command, fields}; the worker answers {id, result} and, while a
 * search runs, {id, progress} for each progress object the engine reports. A worker that is
 * stopped mid-search is terminated by the page, which starts another from the same module. */
"use strict";
let engine = null;
let current = 0;
const waiting = [];

function answer(m) {
  current = m.id;
  let result;
  try {
    result = engine.call(m.command, m.fields);
  } catch (e) {
    result = { error: "the engine failed: " + e };
  }
  postMessage({ id: m.id, result });
}

onmessage = async (event) => {
  const m = event.data;
  if (m.module) {
    try {
      engine = await loadEngine(m.module, {
        onProgress: (progress) => postMessage({ id: current, progress }),
      });
    } catch (e) {
      postMessage({ failed: String(e) });
      return;
    }
    postMessage({ ready: true });
    waiting.splice(0).forEach(answer);
  } else if (engine) {
    answer(m);
  } else {
    waiting.push(m);
  }
};
