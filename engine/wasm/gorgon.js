// gorgon.js: Gorgon's WebAssembly engine (gorgon.wasm, beside this file)
// as the web knows engines (issue 65, docs/WEB.md).
//
// - Under Node, `node gorgon.js` speaks UCI on stdin and stdout, as the
//   native `gorgon` does: the main thread reads stdin and writes stdout,
//   a worker thread runs the module.
// - In a browser, `new Worker("gorgon.js")` speaks UCI over postMessage
//   (stockfish.js's convention): post one line in, get one line per
//   message out.
//
// The module has one thread; while it searches, its host poll
// (host_poll, engine/wasm/src/exports.rs) takes the lines that arrived
// meanwhile, so `stop` and `isready` reach a running search. Under Node
// the lines travel on a MessagePort read synchronously
// (receiveMessageOnPort) and a SharedArrayBuffer rings the bell
// (Atomics.notify), so that a `go infinite` waiting for its `stop`
// sleeps on Atomics.wait instead of spinning. A browser Worker's input
// comes only through onmessage, which cannot run during a search: there
// `stop` is read when the search ends by its own limits.
"use strict";

// The module's imports and exports around a sink for output lines and a
// source of input lines; `poll(waitMs)` gives the next line's bytes or null.
function instantiate(bytes, writeLine, poll, now) {
  let exports = null;
  let kept = null; // a line too long for the engine's buffer, asked again
  const memory = () => new Uint8Array(exports.memory.buffer);
  const decoder = new TextDecoder();
  const env = {
    write(ptr, len) {
      writeLine(decoder.decode(memory().slice(ptr, ptr + len)));
    },
    now_ms: now,
    host_poll(ptr, cap, waitMs) {
      const line = kept || poll(waitMs);
      kept = null;
      if (!line) return -1;
      if (line.length > cap) {
        kept = line;
        return line.length;
      }
      memory().set(line, ptr);
      return line.length;
    },
  };
  const module = new WebAssembly.Module(bytes);
  // chrono (through vampirc-uci, the protocol crate's parser) links
  // wasm-bindgen's glue for its clock, which the engine never calls (its
  // clock is now_ms): those imports get functions that say so if called.
  const imports = { env };
  for (const { module: name, name: field } of WebAssembly.Module.imports(module)) {
    if (name === "env") continue;
    imports[name] = imports[name] || {};
    imports[name][field] = () => {
      throw new Error(`gorgon.wasm called ${name}.${field}, which it never should`);
    };
  }
  exports = new WebAssembly.Instance(module, imports).exports;
  // One line in, run to the end; false once the engine read `quit`.
  return function uciLine(line) {
    const ptr = exports.alloc(line.length);
    memory().set(line, ptr);
    return exports.uci_line(ptr, line.length) !== 0;
  };
}

const isNode = typeof process !== "undefined" && process.versions != null && process.versions.node != null;

if (isNode) {
  const { Worker, isMainThread, workerData, parentPort, MessageChannel, receiveMessageOnPort } = require("node:worker_threads");
  if (isMainThread) {
    // The bell: lines sent so far, bumped and notified after each.
    const bell = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(__filename, { workerData: { bell, port: port2 }, transferList: [port2] });
    const send = (bytes) => {
      port1.postMessage(bytes);
      Atomics.add(bell, 0, 1);
      Atomics.notify(bell, 0);
    };
    // A closed stdout (the GUI went away) ends the engine quietly, as natively.
    process.stdout.on("error", () => process.exit(0));
    worker.on("message", (text) => {
      if (text === null) {
        // `quit` read: the engine's output is written, then the process ends.
        process.stdout.write("", () => process.exit(0));
      } else {
        process.stdout.write(text);
      }
    });
    worker.on("error", (e) => {
      process.stderr.write(`gorgon.js: the engine died: ${e && e.stack ? e.stack : e}\n`);
      process.exit(1);
    });
    // Raw bytes up to each newline: the engine decodes them leniently.
    let pending = Buffer.alloc(0);
    process.stdin.on("data", (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      let nl;
      while ((nl = pending.indexOf(10)) >= 0) {
        send(new Uint8Array(pending.subarray(0, nl)));
        pending = pending.subarray(nl + 1);
      }
    });
    // EOF is `quit`, as natively.
    process.stdin.on("end", () => {
      if (pending.length > 0) send(new Uint8Array(pending));
      send(new TextEncoder().encode("quit"));
    });
  } else {
    const fs = require("node:fs");
    const path = require("node:path");
    const { bell, port } = workerData;
    let rung = 0;
    // Output a line at a time, batched per turn of the worker's loop is
    // not needed: each line is one message, written in order.
    const writeLine = (text) => parentPort.postMessage(text + "\n");
    const poll = (waitMs) => {
      let m = receiveMessageOnPort(port);
      if (!m && waitMs > 0) {
        // Asleep until a line is sent or the wait is over.
        Atomics.wait(bell, 0, rung, waitMs);
        m = receiveMessageOnPort(port);
      }
      rung = Atomics.load(bell, 0);
      return m ? m.message : null;
    };
    const bytes = fs.readFileSync(path.join(__dirname, "gorgon.wasm"));
    const uciLine = instantiate(bytes, writeLine, poll, () => performance.now());
    let running = true;
    port.on("message", (line) => {
      if (running && !uciLine(line)) {
        running = false;
        port.close();
        parentPort.postMessage(null);
      }
    });
  }
} else {
  // A browser Worker: lines in by postMessage, lines out by postMessage.
  const encoder = new TextEncoder();
  let uciLine = null;
  const early = [];
  const run = (text) => {
    for (const line of String(text).split("\n")) {
      if (uciLine && !uciLine(encoder.encode(line))) {
        uciLine = () => false;
      }
    }
  };
  self.onmessage = (e) => (uciLine ? run(e.data) : early.push(e.data));
  fetch(new URL("gorgon.wasm", self.location.href))
    .then((r) => r.arrayBuffer())
    .then((bytes) => {
      uciLine = instantiate(new Uint8Array(bytes), (line) => self.postMessage(line), () => null, () => performance.now());
      early.splice(0).forEach(run);
    });
}
