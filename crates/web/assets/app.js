// Outpost's board page: plays a game through the JSON API (/api/games),
// with click-click and drag moves, promotion choice, flip, take back, PGN
// download and an optional streamed analysis (/api/analyse/stream).
"use strict";

const FILES = "abcdefgh";
const board = document.getElementById("board");
const statusLine = document.getElementById("status");
const resultLine = document.getElementById("result");
const moveList = document.getElementById("moves");
const promotionBox = document.getElementById("promotion");

const state = {
  game: null,        // the last game view from the server
  pieces: {},        // square -> "wP" etc.
  flipped: false,
  selected: null,    // square of the selected piece
  busy: false,       // a request is in flight
  drag: null,        // { from, ghost, x, y, moved }
  analysis: null,    // EventSource of the running analysis
  lastMove: null,
};

// ---- the board -------------------------------------------------------------

function squareName(file, rank) { return FILES[file] + (rank + 1); }

function parseFen(fen) {
  const pieces = {};
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) { file += Number(ch); continue; }
      const color = ch === ch.toUpperCase() ? "w" : "b";
      pieces[squareName(file, 7 - i)] = color + ch.toUpperCase();
      file += 1;
    }
  });
  return pieces;
}

function buildBoard() {
  board.textContent = "";
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const file = state.flipped ? 7 - col : col;
      const rank = state.flipped ? row : 7 - row;
      const name = squareName(file, rank);
      const sq = document.createElement("div");
      sq.className = "square " + ((file + rank) % 2 === 0 ? "dark" : "light");
      sq.dataset.square = name;
      sq.tabIndex = row === 7 && col === 0 ? 0 : -1;
      sq.setAttribute("role", "gridcell");
      if (row === 7) addCoord(sq, "file", FILES[file]);
      if (col === 0) addCoord(sq, "rank", String(rank + 1));
      board.appendChild(sq);
    }
  }
  render();
}

function addCoord(sq, kind, text) {
  const span = document.createElement("span");
  span.className = "coord " + kind;
  span.textContent = text;
  sq.appendChild(span);
}

function pieceSvg(code) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "piece " + (code[0] === "w" ? "white" : "black"));
  svg.setAttribute("viewBox", "0 0 45 45");
  svg.dataset.piece = code;
  const use = document.createElementNS("http://www.w3.org/2000/svg", "use");
  use.setAttribute("href", "#piece-" + code[1].toLowerCase());
  svg.appendChild(use);
  return svg;
}

const NAMES = { P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king" };

function render() {
  const targets = state.selected ? targetsFrom(state.selected) : new Set();
  const game = state.game;
  const inCheck = game && game.check ? (game.turn === "white" ? "wK" : "bK") : null;
  for (const sq of board.children) {
    const name = sq.dataset.square;
    const code = state.pieces[name];
    sq.querySelectorAll("svg.piece").forEach((p) => p.remove());
    if (code) sq.appendChild(pieceSvg(code));
    sq.classList.toggle("occupied", Boolean(code));
    sq.classList.toggle("selected", state.selected === name);
    sq.classList.toggle("target", targets.has(name));
    sq.classList.toggle("last", Boolean(state.lastMove && (state.lastMove.slice(0, 2) === name || state.lastMove.slice(2, 4) === name)));
    sq.classList.toggle("check", code === inCheck);
    const label = code ? `${name}, ${code[0] === "w" ? "white" : "black"} ${NAMES[code[1]]}` : name;
    sq.setAttribute("aria-label", label + (targets.has(name) ? ", move here" : ""));
  }
}

function legalMoves() { return state.game ? state.game.legal_moves : []; }

function targetsFrom(from) {
  return new Set(legalMoves().filter((m) => m.uci.startsWith(from)).map((m) => m.uci.slice(2, 4)));
}

function playerColor() {
  if (!state.game) return null;
  if (state.game.engine_color === "none") return state.game.turn;
  return state.game.engine_color === "white" ? "black" : "white";
}

function canMove() {
  return state.game && !state.busy && state.game.status.state === "ongoing" && state.game.turn === playerColor();
}

function ownPiece(name) {
  const code = state.pieces[name];
  return code && canMove() && code[0] === state.game.turn[0];
}

// ---- input: click-click, drag, keyboard ------------------------------------------

function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const sq = el && el.closest ? el.closest(".square") : null;
  return sq ? sq.dataset.square : null;
}

function activate(name) {
  if (!canMove()) return;
  if (state.selected && state.selected !== name && targetsFrom(state.selected).has(name)) {
    tryMove(state.selected, name);
    return;
  }
  state.selected = ownPiece(name) && state.selected !== name ? name : null;
  render();
}

board.addEventListener("pointerdown", (ev) => {
  const sq = ev.target.closest(".square");
  if (!sq || ev.button !== 0) return;
  const name = sq.dataset.square;
  const wasSelected = state.selected === name;
  activate(name);
  if (ownPiece(name) && (state.selected === name || wasSelected)) {
    state.selected = name;
    render();
    state.drag = { from: name, ghost: null, x: ev.clientX, y: ev.clientY, moved: false, wasSelected };
    board.setPointerCapture(ev.pointerId);
  }
  ev.preventDefault();
});

board.addEventListener("pointermove", (ev) => {
  const drag = state.drag;
  if (!drag) return;
  if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    drag.ghost = pieceSvg(state.pieces[drag.from]);
    drag.ghost.classList.add("dragging");
    document.body.appendChild(drag.ghost);
    const origin = board.querySelector(`[data-square="${drag.from}"]`);
    if (origin) origin.classList.add("drag-origin");
  }
  drag.ghost.style.left = ev.clientX - 32 + "px";
  drag.ghost.style.top = ev.clientY - 32 + "px";
});

function endDrag(ev, drop) {
  const drag = state.drag;
  if (!drag) return;
  state.drag = null;
  if (drag.ghost) drag.ghost.remove();
  board.querySelectorAll(".drag-origin").forEach((el) => el.classList.remove("drag-origin"));
  if (!drop) return;
  if (drag.moved) {
    const to = squareAt(ev.clientX, ev.clientY);
    if (to && to !== drag.from && targetsFrom(drag.from).has(to)) tryMove(drag.from, to);
    else render();
  } else if (drag.wasSelected) {
    // A second click on the selected piece puts it down.
    state.selected = null;
    render();
  }
}

board.addEventListener("pointerup", (ev) => endDrag(ev, true));
board.addEventListener("pointercancel", (ev) => endDrag(ev, false));

board.addEventListener("keydown", (ev) => {
  const sq = ev.target.closest(".square");
  if (!sq) return;
  const squares = Array.from(board.children);
  const index = squares.indexOf(sq);
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
  if (ev.key in moves) {
    const next = squares[index + moves[ev.key]];
    if (next) { sq.tabIndex = -1; next.tabIndex = 0; next.focus(); }
    ev.preventDefault();
  } else if (ev.key === "Enter" || ev.key === " ") {
    activate(sq.dataset.square);
    ev.preventDefault();
  } else if (ev.key === "Escape") {
    state.selected = null;
    render();
  }
});

function choosePromotion(color) {
  return new Promise((resolve) => {
    promotionBox.className = "promotion " + color;
    promotionBox.hidden = false;
    const buttons = promotionBox.querySelectorAll("button");
    buttons[0].focus();
    const done = (piece) => {
      promotionBox.hidden = true;
      buttons.forEach((b) => { b.onclick = null; });
      document.removeEventListener("keydown", onKey);
      resolve(piece);
    };
    const onKey = (ev) => { if (ev.key === "Escape") done(null); };
    buttons.forEach((b) => { b.onclick = () => done(b.dataset.piece); });
    document.addEventListener("keydown", onKey);
  });
}

async function tryMove(from, to) {
  const candidates = legalMoves().filter((m) => m.uci.slice(0, 4) === from + to);
  if (candidates.length === 0) return;
  let uci = candidates[0].uci;
  if (candidates.length > 1) {
    const piece = await choosePromotion(state.game.turn);
    if (!piece) { state.selected = null; render(); return; }
    uci = from + to + piece;
  }
  state.selected = null;
  // Show the move at once; the server's answer then sets the board right.
  state.pieces[to] = state.pieces[from];
  delete state.pieces[from];
  if (uci.length === 5) state.pieces[to] = state.game.turn[0] + uci[4].toUpperCase();
  state.lastMove = uci;
  render();
  // The clocks as the server will have them: the mover's stopped (with its
  // increment), the other side's running while the engine thinks.
  const clock = state.game.clock;
  if (clock && clock.running === state.game.turn) {
    const mover = state.game.turn;
    const other = mover === "white" ? "black" : "white";
    clock[mover + "_ms"] = Math.max(0, clock[mover + "_ms"] - (performance.now() - state.clockAt)) + clock.increment_ms;
    clock.running = other;
    state.clockAt = performance.now();
  }
  await request(`/api/games/${state.game.id}/moves`, { move: uci }, "Thinking…");
}

// ---- talking to the server ---------------------------------------------------

async function request(url, body, pending) {
  state.busy = true;
  statusLine.textContent = pending;
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body || {}),
    });
    const data = await res.json();
    if (!res.ok) throw new Error(data.message || res.statusText);
    state.busy = false;
    show(data);
  } catch (err) {
    state.busy = false;
    if (state.game) show(state.game);
    statusLine.textContent = "Error: " + err.message;
  }
}

// ---- clocks ----------------------------------------------------------------
// The server keeps the time; the page counts the running clock down from the
// last view it got, and asks the server again when it reaches zero (the
// server then ends the game on time).

const clockBox = document.getElementById("clocks");
const clockEls = { white: document.getElementById("clock-white"), black: document.getElementById("clock-black") };
clockEls.white.classList.add("white");
clockEls.black.classList.add("black");
let clockTimer = null;

function formatClock(ms) {
  const tenths = Math.max(0, Math.floor(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor(tenths / 10) % 60;
  const text = minutes + ":" + String(seconds).padStart(2, "0");
  return tenths < 200 ? text + "." + (tenths % 10) : text;
}

function drawClocks() {
  const game = state.game;
  if (!game || !game.clock) return;
  const elapsed = performance.now() - state.clockAt;
  let flagged = false;
  for (const side of ["white", "black"]) {
    let ms = game.clock[side + "_ms"];
    const running = game.clock.running === side;
    if (running) ms -= elapsed;
    if (running && ms <= 0) flagged = true;
    clockEls[side].textContent = formatClock(ms);
    clockEls[side].classList.toggle("running", running);
    clockEls[side].classList.toggle("low", running && ms < 10000);
  }
  if (flagged && !state.busy && !state.flagAsked) {
    state.flagAsked = true;
    fetch(`/api/games/${game.id}`).then((r) => r.json()).then((view) => {
      if (view && view.id === game.id) show(view);
    }).catch(() => {});
  }
}

function showClocks(game) {
  clockBox.hidden = !game.clock;
  state.clockAt = performance.now();
  state.flagAsked = false;
  if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
  if (!game.clock) return;
  drawClocks();
  if (game.clock.running) clockTimer = setInterval(drawClocks, 100);
}

function show(game) {
  state.game = game;
  showClocks(game);
  state.pieces = parseFen(game.fen);
  state.lastMove = game.moves.length ? game.moves[game.moves.length - 1] : null;
  state.selected = null;
  render();
  renderMoves(game);
  const over = game.status.state !== "ongoing";
  resultLine.hidden = !over;
  if (over) {
    resultLine.textContent = describeEnd(game.status);
    statusLine.textContent = "Game over";
  } else if (game.turn === playerColor()) {
    statusLine.textContent = (game.check ? "Check! " : "") + "Your move (" + game.turn + ")";
  } else {
    statusLine.textContent = "Thinking…";
  }
  restartAnalysis();
}

function describeEnd(status) {
  const result = " (" + status.result + ")";
  if (status.state === "checkmate") {
    return "Checkmate — " + status.winner[0].toUpperCase() + status.winner.slice(1) + " wins" + result;
  }
  if (status.state === "stalemate") return "Stalemate — draw" + result;
  if (status.state === "time forfeit") {
    const loser = status.winner === "white" ? "Black" : "White";
    return loser + " lost on time — " + status.winner[0].toUpperCase() + status.winner.slice(1) + " wins" + result;
  }
  if (status.state === "resigned") {
    const loser = status.winner === "white" ? "Black" : "White";
    return loser + " resigned — " + status.winner[0].toUpperCase() + status.winner.slice(1) + " wins" + result;
  }
  const reasons = {
    "threefold repetition": "Draw by threefold repetition",
    "fifty-move rule": "Draw by the fifty-move rule",
    "insufficient material": "Draw by insufficient material",
    "agreement": "Draw agreed",
    "timeout vs insufficient material": "Draw: time ran out, but the other side cannot mate",
  };
  return (reasons[status.reason] || "Draw") + result;
}

function renderMoves(game) {
  moveList.textContent = "";
  const fields = game.start_fen.split(" ");
  const blackFirst = fields[1] === "b";
  const first = Number(fields[5]) || 1;
  moveList.start = first;
  let li = null;
  game.san.forEach((san, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0 || li === null) {
      li = document.createElement("li");
      moveList.appendChild(li);
      if (ply % 2 === 1) li.appendChild(document.createTextNode("… "));
    }
    const span = document.createElement("span");
    span.className = "san";
    span.textContent = san;
    li.appendChild(span);
    li.appendChild(document.createTextNode(" "));
  });
  // Scroll the move list, not the page: on a phone the list is below the
  // board, and bringing it into view would push the board off the screen.
  if (li) { li.classList.add("current"); moveList.scrollTop = moveList.scrollHeight; }
}

async function newGame(ev) {
  if (ev) ev.preventDefault();
  let color = document.getElementById("color").value;
  if (color === "random") color = Math.random() < 0.5 ? "white" : "black";
  const level = document.getElementById("level").value;
  const fen = document.getElementById("fen").value.trim();
  const body = { engine_color: color === "white" ? "black" : "white" };
  const timeControl = document.getElementById("time-control").value;
  if (timeControl !== "none") body.time_control = timeControl;
  if (level !== "full") body.elo = Number(level);
  if (fen) body.fen = fen;
  state.flipped = color === "black";
  buildBoard();
  await request("/api/games", body, color === "black" ? "Thinking…" : "Starting…");
}

function downloadPgn() {
  if (!state.game) return;
  const blob = new Blob([state.game.pgn], { type: "application/x-chess-pgn" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = "outpost-game.pgn";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// ---- analysis ----------------------------------------------------------------

function formatScore(score, turn) {
  // Scores come from the side to move; show them from White's side.
  const sign = turn === "white" ? 1 : -1;
  if ("mate" in score) return "#" + sign * score.mate;
  const cp = (sign * score.cp) / 100;
  return (cp > 0 ? "+" : "") + cp.toFixed(2);
}

function restartAnalysis() {
  if (state.analysis) { state.analysis.close(); state.analysis = null; }
  const on = document.getElementById("analyse").checked;
  document.getElementById("analysis").hidden = !on;
  if (!on || !state.game || state.game.status.state !== "ongoing" || state.busy) return;
  const game = state.game;
  const params = new URLSearchParams({ fen: game.start_fen, moves: game.moves.join(" ") });
  const source = new EventSource("/api/analyse/stream?" + params);
  state.analysis = source;
  const evalEl = document.getElementById("eval");
  const lineEl = document.getElementById("best-line");
  evalEl.textContent = "…";
  lineEl.textContent = "";
  source.addEventListener("info", (e) => {
    const info = JSON.parse(e.data);
    if (info.multipv !== 1) return;
    evalEl.textContent = formatScore(info.score, game.turn);
    lineEl.textContent = `d${info.depth} ` + info.pv_san.slice(0, 8).join(" ");
  });
  const close = () => { source.close(); if (state.analysis === source) state.analysis = null; };
  source.addEventListener("done", close);
  source.addEventListener("error", close);
}

// ---- review -------------------------------------------------------------------
// A game reviewed on the server (/api/reviews), drawn as an evaluation graph;
// clicking a point or a move shows the position after it.

const reviewBox = document.getElementById("review");
const reviewStatus = document.getElementById("review-status");
const graph = document.getElementById("graph");
const reviewMoves = document.getElementById("review-moves");
const SVG = "http://www.w3.org/2000/svg";
let reviewTimer = null;

async function startReview(body) {
  if (reviewTimer) { clearInterval(reviewTimer); reviewTimer = null; }
  reviewBox.hidden = false;
  reviewStatus.textContent = "Starting the review…";
  graph.replaceChildren();
  reviewMoves.replaceChildren();
  try {
    const res = await fetch("/api/reviews", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok) throw new Error(data.message || res.statusText);
    state.review = data;
    drawReview();
    reviewTimer = setInterval(async () => {
      const r = await fetch(`/api/reviews/${state.review.id}`).then((x) => x.json());
      state.review = r;
      drawReview();
      if (r.state !== "running") { clearInterval(reviewTimer); reviewTimer = null; }
    }, 300);
  } catch (err) {
    reviewStatus.textContent = "Error: " + err.message;
  }
}

const MARK_CLASS = { "?!": "inaccuracy", "?": "mistake", "??": "blunder" };

function drawReview() {
  const r = state.review;
  if (!r) return;
  reviewStatus.textContent = r.state === "running" ? `Reviewing… ${r.done}/${r.total}`
    : r.state === "done" ? `Reviewed ${r.total} moves: ` + countMarks(r.plies)
    : "Review failed: " + r.error;
  graph.replaceChildren();
  const zero = document.createElementNS(SVG, "line");
  zero.setAttribute("class", "zero");
  zero.setAttribute("x1", 0); zero.setAttribute("x2", 300);
  zero.setAttribute("y1", 60); zero.setAttribute("y2", 60);
  graph.appendChild(zero);
  const n = Math.max(r.total, 2);
  const x = (i) => 6 + (i * 288) / (n - 1);
  const y = (cp) => 60 - (Math.max(-1000, Math.min(1000, cp)) / 1000) * 54;
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("class", "line");
  line.setAttribute("points", r.plies.map((p, i) => `${x(i)},${y(p.eval_cp)}`).join(" "));
  graph.appendChild(line);
  reviewMoves.replaceChildren();
  r.plies.forEach((p, i) => {
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", x(i));
    dot.setAttribute("cy", y(p.eval_cp));
    dot.setAttribute("r", 3.2);
    dot.setAttribute("data-ply", i);
    dot.setAttribute("class", (MARK_CLASS[p.mark] || "") + (state.reviewPly === i ? " current" : ""));
    dot.addEventListener("click", () => showPly(i));
    const title = document.createElementNS(SVG, "title");
    title.textContent = plyLabel(i, p);
    dot.appendChild(title);
    graph.appendChild(dot);
    const li = document.createElement("li");
    li.dataset.ply = i;
    li.textContent = plyLabel(i, p);
    if (p.mark) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = " " + p.mark;
      li.appendChild(mark);
    }
    if (state.reviewPly === i) li.classList.add("current");
    li.addEventListener("click", () => showPly(i));
    reviewMoves.appendChild(li);
  });
}

function countMarks(plies) {
  const count = (m, one, many) => {
    const n = plies.filter((p) => p.mark === m).length;
    return n + " " + (n === 1 ? one : many);
  };
  return [count("??", "blunder", "blunders"), count("?", "mistake", "mistakes"), count("?!", "inaccuracy", "inaccuracies")].join(", ");
}

function plyLabel(i, p) {
  const start = state.review.start_fen.split(" ");
  const blackFirst = start[1] === "b";
  const ply = i + (blackFirst ? 1 : 0);
  const number = Number(start[5] || 1) + Math.floor(ply / 2);
  return number + (ply % 2 === 0 ? ". " : "... ") + p.san;
}

function showPly(i) {
  const p = state.review.plies[i];
  state.reviewPly = i;
  state.pieces = parseFen(p.fen);
  state.lastMove = p.uci;
  state.selected = null;
  render();
  drawReview();
  const evalText = (p.eval_cp >= 0 ? "+" : "") + (p.eval_cp / 100).toFixed(2);
  statusLine.textContent = `${plyLabel(i, p)}${p.mark ? " " + p.mark : ""} (${evalText}; best ${p.best_san || "—"})`;
}

document.getElementById("review-game").addEventListener("click", () => {
  if (!state.game || state.game.moves.length === 0) { reviewBox.hidden = false; reviewStatus.textContent = "No moves to review yet."; return; }
  startReview({ fen: state.game.start_fen, moves: state.game.moves });
});
document.getElementById("review-pasted").addEventListener("click", () => {
  const text = document.getElementById("review-text").value.trim();
  if (!text) return;
  startReview(text.includes("[") || /\d\./.test(text) ? { pgn: text } : { fen: text });
});

// ---- wiring ------------------------------------------------------------------

document.getElementById("new-game-form").addEventListener("submit", newGame);
document.getElementById("flip").addEventListener("click", () => { state.flipped = !state.flipped; buildBoard(); });
document.getElementById("undo").addEventListener("click", () => {
  if (state.game && !state.busy) request(`/api/games/${state.game.id}/undo`, {}, "Taking back…");
});
document.getElementById("pgn").addEventListener("click", downloadPgn);
document.getElementById("resign").addEventListener("click", () => {
  if (state.game && !state.busy) request(`/api/games/${state.game.id}/resign`, {}, "Resigning…");
});

// A decision whose answer is not a game: a draw offer, a hint.
async function ask(path, pending) {
  if (!state.game || state.busy) return null;
  state.busy = true;
  statusLine.textContent = pending;
  try {
    const res = await fetch(`/api/games/${state.game.id}/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const data = await res.json();
    if (!res.ok) throw new Error(data.message || res.statusText);
    return data;
  } catch (err) {
    statusLine.textContent = "Error: " + err.message;
    return null;
  } finally {
    state.busy = false;
  }
}

document.getElementById("draw").addEventListener("click", async () => {
  const answer = await ask("draw", "Offering a draw…");
  if (!answer) return;
  show(answer.game);
  if (!answer.accepted) statusLine.textContent = "The engine declines the draw. Your move (" + answer.game.turn + ")";
});
document.getElementById("hint").addEventListener("click", async () => {
  const hint = await ask("hint", "Looking for a hint…");
  if (!hint) return;
  render();
  for (const name of [hint.uci.slice(0, 2), hint.uci.slice(2, 4)]) {
    const sq = board.querySelector(`[data-square="${name}"]`);
    if (sq) sq.classList.add("hint");
  }
  statusLine.textContent = "Hint: " + hint.san;
});
document.getElementById("analyse").addEventListener("change", restartAnalysis);

buildBoard();
newGame();
