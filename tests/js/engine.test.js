// Calls to Play's engine (rules/js/engine.js): each answered by its promise, over a worker
// that answers {id, value} or {id, error}; here a stand-in worker, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Engine } from "../../extensions/patience_sphinx/rules/js/engine.js";

/** A worker that keeps what it is sent, answers when told to, and can be terminated. */
class FakeWorker {
  constructor() { this.sent = []; this.terminated = false; }
  postMessage(message) { this.sent.push(message); }
  answer(id, reply) { this.onmessage({ data: { id, ...reply } }); }
  terminate() { this.terminated = true; }
}

test("the engine starts the worker with the game, and whether a service worker keeps the files", async () => {
  const worker = new FakeWorker();
  const engine = new Engine(worker, "sultan", true);
  assert.deepEqual(worker.sent, [{ id: 1, op: "start", args: [true, "sultan"] }]);
  worker.answer(1, { value: { games: ["sultan"], snapshot: true, phases: {} } });
  assert.deepEqual(await engine.started, { games: ["sultan"], snapshot: true, phases: {} });
});

test("each call gets its own answer, in whatever order the answers come", async () => {
  const worker = new FakeWorker();
  const engine = new Engine(worker, "sultan", false);
  const opened = engine.call("open", "sultan", 3, [1, 2], false);
  const played = engine.call("play", 4);
  assert.deepEqual(worker.sent.slice(1), [{ id: 2, op: "open", args: ["sultan", 3, [1, 2], false] },
                                         { id: 3, op: "play", args: [4] }]);
  worker.answer(3, { value: "played" });
  worker.answer(2, { value: "opened" });
  assert.equal(await played, "played");
  assert.equal(await opened, "opened");
  assert.deepEqual(Object.keys(engine.calls), ["1"]);  // only the start, still unanswered
});

test("a call the worker refuses fails with the worker's problem", async () => {
  const worker = new FakeWorker();
  const engine = new Engine(worker, "sultan", false);
  const call = engine.call("play", 99);
  const problem = { message: "there is no move 99 here", file: null, advice: null };
  worker.answer(2, { error: problem });
  await assert.rejects(call, (error) => error === problem);
});

test("a worker that cannot run fails every call waiting, naming its file", async () => {
  const worker = new FakeWorker();
  const engine = new Engine(worker, "sultan", false);
  const call = engine.call("hint");
  let prevented = false;
  worker.onerror({ message: "SyntaxError", preventDefault: () => { prevented = true; } });
  const said = { message: "_static/play-worker.js could not be run (SyntaxError)", file: "_static/play-worker.js",
                 advice: "reload the page" };
  await assert.rejects(engine.started, (error) => assert.deepEqual(error, said) || true);
  await assert.rejects(call, (error) => assert.deepEqual(error, said) || true);
  assert.ok(prevented);
});

test("a stopped engine ends its worker, and what was waiting fails as stopped", async () => {
  const worker = new FakeWorker();
  const engine = new Engine(worker, "sultan", false);
  const call = engine.call("hint");
  engine.stop();
  assert.ok(worker.terminated);
  await assert.rejects(call, (error) => error.stopped === true && error.message === "stopped");
  await assert.rejects(engine.started, (error) => error.stopped === true);
});
