// The Geister web board: plain JavaScript over the JSON API of
// `geister serve` (docs/web.md). The server draws the board (SVG); this
// script keeps the state of the page and turns clicks into requests.
"use strict";

const $ = (id) => document.getElementById(id);
const files = "abcdef";

let tab = "position";
let edit = { cells: Array(36).fill("."), turn: "f", rf: 4, rs: 4, ply: 0 };
let shown = { position: "", last: "", highlight: "" };
let steps = []; // [{position, last, caption}]
let stepAt = 0;
let stepsTab = ""; // the tab whose line or game the steps are: the stepper shows only there
let game = null; // the game against an agent
let selected = ""; // the square picked first in a game
let report = null;

function status(msg, bad) {
  const s = $("status");
  s.textContent = msg || "";
  s.className = bad ? "bad" : "";
}

async function api(method, path, body, raw) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.body = raw ? body : JSON.stringify(body);
    opt.headers["Content-Type"] = raw ? "text/plain" : "application/json";
  }
  const r = await fetch(path, opt);
  const data = await r.json().catch(() => ({ error: "HTTP " + r.status }));
  if (!r.ok) throw new Error(data.error || "HTTP " + r.status);
  return data;
}

// parsePosition reads the board, side and counts of a position string
// (the server checks it; this only fills the editor).
function parsePosition(text) {
  const f = text.trim().split(/\s+/);
  const ranks = (f[0] || "").split("/");
  if (ranks.length !== 6) return null;
  const cells = [];
  for (const r of ranks) {
    for (const c of r) {
      if (c >= "1" && c <= "6") for (let i = 0; i < +c; i++) cells.push(".");
      else cells.push(c);
    }
  }
  if (cells.length !== 36) return null;
  const m = /^R(\d)r(\d)$/.exec(f[2] || "");
  return { cells, turn: f[1] === "s" ? "s" : "f", rf: m ? +m[1] : 4, rs: m ? +m[2] : 4, ply: +(f[3] || 0) };
}

function positionString(e) {
  const rows = [];
  for (let r = 0; r < 6; r++) {
    let s = "", n = 0;
    for (let f = 0; f < 6; f++) {
      const c = e.cells[r * 6 + f];
      if (c === ".") { n++; continue; }
      if (n) { s += n; n = 0; }
      s += c;
    }
    if (n) s += n;
    rows.push(s);
  }
  return `${rows.join("/")} ${e.turn} R${e.rf}r${e.rs} ${e.ply}`;
}

async function render(position, last, highlight, caption) {
  shown = { position, last: last || "", highlight: highlight || "" };
  const q = new URLSearchParams({ position });
  if (last) q.set("last", last);
  if (highlight) q.set("highlight", highlight);
  if (caption) q.set("caption", caption);
  const r = await fetch("/api/v1/board.svg?" + q);
  if (!r.ok) {
    const e = await r.json().catch(() => ({}));
    status(e.error || "cannot draw this position", true);
    return;
  }
  $("board").innerHTML = await r.text();
  $("pos").value = position;
}

// renderGame draws the game of the Play tab as the server shows it to the
// user (the agent's colours hidden until the game is over).
async function renderGame(highlight) {
  if (!game) return;
  const q = new URLSearchParams();
  if (highlight) q.set("highlight", highlight);
  const r = await fetch(`/api/v1/games/${game.id}/board.svg?` + q);
  if (!r.ok) {
    const e = await r.json().catch(() => ({}));
    status(e.error || "cannot draw the game", true);
    return;
  }
  $("board").innerHTML = await r.text();
  $("pos").value = game.position;
}

function setSteps(list, at) {
  steps = list;
  stepAt = at || 0;
  stepsTab = tab;
  $("stepper").hidden = steps.length < 2;
  showStep();
}

function showStep() {
  if (!steps.length) return;
  const s = steps[stepAt];
  $("step-label").textContent = `${stepAt} / ${steps.length - 1}`;
  render(s.position, s.last, "", s.caption);
  for (const li of document.querySelectorAll(".stepitem")) li.classList.toggle("current", +li.dataset.step === stepAt);
}

function step(to) {
  if (!steps.length || stepsTab !== tab) return;
  stepAt = Math.max(0, Math.min(steps.length - 1, to));
  showStep();
}

function fillEditor(e) {
  edit = e;
  $("turn").value = e.turn;
  $("reds-f").value = e.rf;
  $("reds-s").value = e.rs;
}

function editorChanged() {
  edit.turn = $("turn").value;
  edit.rf = +$("reds-f").value;
  edit.rs = +$("reds-s").value;
  setSteps([]);
  $("stepper").hidden = true;
  render(positionString(edit));
}

async function loadPosition() {
  const text = $("pos").value;
  try {
    const info = await api("POST", "/api/v1/position", { position: text });
    fillEditor(parsePosition(info.position));
    status(`${info.moves.length} legal moves; ${info.to_move === "f" ? "first" : "second"} player to move`);
    setSteps([]);
    render(info.position);
  } catch (e) {
    status(e.message, true);
  }
}

function squareOf(target) {
  const el = target.closest && target.closest("[data-sq]");
  return el ? el.dataset.sq : "";
}

async function clickSquare(sq) {
  if (tab === "position") {
    const i = (+sq[1] - 1) * 6 + files.indexOf(sq[0]);
    const piece = document.querySelector('input[name="piece"]:checked').value;
    edit.cells[i] = edit.cells[i] === piece ? "." : piece;
    editorChanged();
    return;
  }
  if (tab !== "play" || !game || !game.legal.length) return;
  if (!selected) {
    if (game.legal.some((m) => m.startsWith(sq))) {
      selected = sq;
      renderGame(sq);
    }
    return;
  }
  let mv = selected + sq;
  if (sq === selected) {
    // the same square again: an escape from an exit
    mv = game.legal.find((m) => m.startsWith(sq) && /[07]$/.test(m)) || "";
  }
  selected = "";
  if (!game.legal.includes(mv)) {
    renderGame();
    if (mv) status(`${mv} is not a legal move`, true);
    return;
  }
  try {
    $("game-status").textContent = "the agent is thinking…";
    showGame(await api("POST", `/api/v1/games/${game.id}/move`, { move: mv }));
  } catch (e) {
    status(e.message, true);
  }
}

async function solve(probe) {
  $("verdict").textContent = probe ? "probing…" : "solving…";
  $("pv").innerHTML = "";
  const body = { position: $("pos").value };
  if ($("prover").value) body.prover = $("prover").value;
  if (!probe) {
    body.shortest = $("shortest").checked;
    body.nodes = +$("nodes").value;
    body.time_ms = +$("time").value;
  }
  try {
    const a = await api("POST", probe ? "/api/v1/probe" : "/api/v1/solve", body);
    $("verdict").textContent = `${a.result}: ${a.text} (${a.nodes} positions, ${a.elapsed_ms} ms, ${a.source})`;
    $("verdict").dataset.result = a.result;
    const list = [{ position: a.line ? a.line[0] : a.position, last: "", caption: "" }];
    (a.pv || []).forEach((m, i) => {
      if (a.line && a.line[i + 1]) list.push({ position: a.line[i + 1], last: m, caption: `line move ${i + 1}: ${m}` });
      const li = document.createElement("li");
      li.textContent = `${i + 1}. ${m}`;
      li.className = "stepitem";
      li.dataset.step = i + 1;
      li.onclick = () => step(i + 1);
      $("pv").appendChild(li);
    });
    setSteps(list, 0);
    status("");
  } catch (e) {
    $("verdict").textContent = "error: " + e.message;
    $("verdict").dataset.result = "error";
  }
}

function showGame(g) {
  game = g;
  selected = "";
  $("game-status").textContent = `${g.text} — you are the ${g.human === "f" ? "first" : "second"} player against ${g.agent}`;
  $("game-moves").innerHTML = "";
  g.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = `${i + 1}. ${m}`;
    $("game-moves").appendChild(li);
  });
  renderGame();
}

async function newGame() {
  let agent = $("agent").value;
  if ($("agent-opts").value.trim()) agent += ":" + $("agent-opts").value.trim();
  const body = { agent, side: $("side").value, seed: +$("seed").value };
  if ($("my-reds").value.trim()) body.reds = $("my-reds").value.trim().toUpperCase();
  try {
    $("game-status").textContent = "starting…";
    showGame(await api("POST", "/api/v1/games", body));
    status("");
  } catch (e) {
    $("game-status").textContent = "";
    status(e.message, true);
  }
}

function verdictText(v) {
  if (v.result === "win") {
    if (v.source === "game") return "won";
    return (v.exact ? "win " : "win≤") + v.plies + (v.move ? " " + v.move : "");
  }
  if (v.result === "no-win") return v.source === "game" ? "–" : "no-win";
  return "?";
}

async function analyze() {
  const text = $("record").value;
  if (!text.trim()) { status("paste a record or choose a file first", true); return; }
  const q = new URLSearchParams();
  if ($("game-no").value !== "") q.set("game", $("game-no").value);
  $("analysis-summary").textContent = "analysing… (each position is asked for both sides)";
  try {
    report = await api("POST", "/api/v1/analyze?" + q, text, true);
  } catch (e) {
    $("analysis-summary").textContent = "";
    status(e.message, true);
    return;
  }
  const r = report;
  const at = (list) => (list.length ? list.map((i) => r.plies[i].ply).join(", ") : "none");
  $("analysis-summary").textContent =
    `game ${r.game} of ${r.games}: ${r.first} vs ${r.second}, result ${r.result}${r.reason ? " (" + r.reason + ")" : ""}. ` +
    `Forced from ply ${r.forced_from >= 0 ? r.plies[r.forced_from].ply : "—"}; missed sure wins at ${at(r.missed)}; thrown away at ${at(r.threw)}; given at ${at(r.gave)}.`;
  const tb = document.querySelector("#analysis tbody");
  tb.innerHTML = "";
  const list = [];
  r.plies.forEach((p, i) => {
    if (i > 0 && i === r.plies.length - 1 && (r.result === "first" || r.result === "second")) {
      // a finished game has no position string: the board before the
      // last move, with its arrow
      list.push({ position: r.plies[i - 1].position, last: r.plies[i - 1].move, caption: `game over: ${r.result} player won` });
    } else {
      list.push({ position: p.position, last: i > 0 ? r.plies[i - 1].move : "", caption: p.note || "" });
    }
    const tr = document.createElement("tr");
    tr.className = "stepitem" + (p.marks && p.marks.length ? " marked" : "");
    tr.dataset.step = i;
    for (const c of [p.ply, p.move || "", verdictText(p.first), verdictText(p.second), (p.marks || []).join(" ")]) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.appendChild(td);
    }
    tr.title = p.note || "";
    tr.onclick = () => step(i);
    tb.appendChild(tr);
  });
  setSteps(list, 0);
  status("");
}

function switchTab(t) {
  tab = t;
  for (const b of document.querySelectorAll(".tab")) b.classList.toggle("active", b.dataset.tab === t);
  for (const p of ["position", "play", "analyze"]) $("panel-" + p).hidden = p !== t;
  // the stepper walks the line or game of the tab that made it, and only there
  $("stepper").hidden = stepsTab !== t || steps.length < 2;
  if (t === "play") {
    if (game) renderGame();
  } else if (stepsTab === t && steps.length) {
    showStep();
  } else if (t === "position") {
    render(positionString(edit));
  }
}

function init() {
  for (const b of document.querySelectorAll(".tab")) b.onclick = () => switchTab(b.dataset.tab);
  $("board").addEventListener("click", (ev) => {
    const sq = squareOf(ev.target);
    if (sq) clickSquare(sq);
  });
  $("load").onclick = loadPosition;
  $("pos").addEventListener("keydown", (ev) => { if (ev.key === "Enter") loadPosition(); });
  $("copy").onclick = async () => {
    try {
      await navigator.clipboard.writeText($("pos").value);
      status("copied");
    } catch (e) {
      $("pos").select();
      document.execCommand("copy");
      status("copied");
    }
  };
  for (const id of ["turn", "reds-f", "reds-s"]) $(id).onchange = editorChanged;
  $("clear").onclick = () => { edit.cells.fill("."); editorChanged(); };
  $("solve").onclick = () => solve(false);
  $("probe").onclick = () => solve(true);
  $("newgame").onclick = newGame;
  $("analyze").onclick = analyze;
  $("record-file").onchange = async (ev) => {
    const f = ev.target.files[0];
    if (f) $("record").value = await f.text();
  };
  $("step-first").onclick = () => step(0);
  $("step-prev").onclick = () => step(stepAt - 1);
  $("step-next").onclick = () => step(stepAt + 1);
  $("step-last").onclick = () => step(steps.length - 1);
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA") return;
    if (ev.key === "ArrowLeft") step(stepAt - 1);
    if (ev.key === "ArrowRight") step(stepAt + 1);
  });
  // the strongest agent first, when this server has it
  if ([...$("agent").options].some((o) => o.value === "best")) $("agent").value = "best";
  const e = parsePosition($("pos").value);
  if (e) fillEditor(e);
  render($("pos").value);
}

init();
