// Game graphs view: an arena (the stick game, Chomp or one typed by hand), each
// player's attractor built step by step on the drawn graph, the winning
// strategy, and games against the computer with its reasoning shown. The rules
// of play live in Rust: this view sends a vertex and a move (ctx.play) and
// draws the position the core describes.
import { el, dataTable, fieldMaker, selectOf, section, stat, explain, stepControls } from '../dom.js';
import { GraphView } from '../graph.js';
import { BarChart } from '../chart.js';
import { t, both, count } from '../i18n.js';
import { PlayController } from '../play.js';
import { chompBar, sticksLine } from '../chomp.js';

const KINDS = () => ({
  subtraction: t('The seed’s stick game: take some sticks from a heap; the take set and the rule are yours.'),
  chomp: t('A chocolate bar with a poisoned bottom-left square: a move eats a square and everything above and to its right.'),
  edges: t('Any arena typed by hand, cycles allowed: a:1>b:2 is a move, c=1 a terminal won by player 1.'),
});
const playerName = (p) => t('player {k}', { k: p + 1 });
/** A vertex as people read it: its position and the player to move (P1, J1 in French). */
const vertexLabel = (position, player) => `${position} · ${t('P{k}', { k: player })}`;
/** Most table rows shown on the page; the CSV holds them all. */
const MAX_ROWS = 200;

/**
 * What the page is about to show, while the solver loads: painted with the form,
 * so that a phone reader has something to read at once (link.js, paintEarly).
 */
export function intro(info) {
  return `${t('A game is a graph of positions, each owned by the player to move; Ludolab computes who can force a win from each position, and how, by building each player’s attractor step by step.')} ${KINDS()[info.fields.kind] ?? ''}`;
}

export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const field = fieldMaker(form, onChange, info);
  const kinds = { subtraction: t('stick game'), chomp: 'Chomp', edges: t('arena typed by hand') };
  field('kind', selectOf(info.choices.kind, f.kind, kinds), KINDS()[f.kind]);
  if (f.kind === 'subtraction') {
    field('sticks', null, t('1 to {most} (the graph is drawn up to 999).', { most: count(info.spec.fields.find((x) => x.key === 'sticks').max) }));
    field('take', null, t('Numbers of sticks, e.g. 1,2,3.'));
    field('misere', selectOf(info.choices.misere, f.misere, { yes: t('yes'), no: t('no') }),
      t('yes: the seed’s rule (misère); no: whoever cannot move loses.'));
  } else if (f.kind === 'chomp') {
    field('rows');
    field('cols', null, t('Up to 10 × 10 ({n} boards) as an arena; larger bars get their first moves from a direct recursion.', { n: count(184756) }));
    const board = field('board', null, t('Row lengths from the poisoned row up, never increasing: 4,4,2.'));
    board.placeholder = t('full bar');
  } else {
    const area = el('textarea', { rows: 8, value: f.edges ?? '', spellcheck: false });
    field('edges', area, t('One statement per line or separated by ;  a:1>b:2 (a move and owners), c=1, c=2 or c=draw (terminal outcomes). Play starts at the first vertex.'));
  }
  field('player', selectOf(info.choices.player, f.player ?? '1', { 1: playerName(0), 2: playerName(1) }));
}

export function renderResult(container, info, { result: r }, ctx) {
  container.replaceChildren();
  explain(container, {
    parts: [
      t('A game is an arena: each vertex belongs to the player to move. The attractor of player J grows from J’s winning terminals:'),
      { math: '<math display="block"><msub><mi>A</mi><mrow><mi>k</mi><mo>+</mo><mn>1</mn></mrow></msub><mo>=</mo><msub><mi>A</mi><mi>k</mi></msub><mo>∪</mo><mo>{</mo><mi>s</mi><mo>∈</mo><msub><mi>S</mi><mi>J</mi></msub><mo>:</mo><mi>G</mi><mo>[</mo><mi>s</mi><mo>]</mo><mo>∩</mo><msub><mi>A</mi><mi>k</mi></msub><mo>≠</mo><mi>∅</mi><mo>}</mo><mo>∪</mo><mo>{</mo><mi>s</mi><mo>∉</mo><msub><mi>S</mi><mi>J</mi></msub><mo>:</mo><mi>G</mi><mo>[</mo><mi>s</mi><mo>]</mo><mo>⊆</mo><msub><mi>A</mi><mi>k</mi></msub><mo>}</mo></math>' },
      t('A vertex’s rank is the first k with the vertex in Aₖ; from the attractor, moving to a smaller rank wins. Ludolab computes the same sets backwards with a counter per vertex, in time proportional to the size of the graph, and checks them against the iteration.'),
    ],
    source: t('« Chapitre 9 — Théorie des jeux (partie 1) », course notes (seed 004).'),
  });
  const winner = r.winner ? t('player {k} wins', { k: r.winner }) : t('a draw (or an endless play)');
  const start = r.kind === 'edges' ? r.start_position : vertexLabel(r.start_position, 1);
  const head = [stat('arena-winner', winner, t('from the start ({start}), with best play on both sides', { start }))];
  if (r.vertices !== undefined) {
    head.push(
      stat('arena-size', t('{n:vertex|vertices}', { n: count(r.vertices) }), t('{n:move|moves}', { n: count(r.edges) })),
      stat('attractor-sizes', `${count(r.attractor_sizes[0])} / ${count(r.attractor_sizes[1])}`,
        t('attractors of player 1 / player 2; {n:draw|draws}', { n: count(r.draws) })),
    );
  } else {
    // Chomp beyond 10 × 10: no arena was built, so there are no attractors to count.
    head.push(stat('arena-size', t('{n:board|boards}', { n: count(r.boards) }), t('solved by a direct recursion over the boards (no arena, no attractors)')));
  }
  container.append(el('div', { className: 'headline' }, head));
  if (r.note) container.append(el('p', { className: 'muted', id: 'arena-note', textContent: `${both(r.note)}.` }));
  firstMoves(container, r);
  if (r.bars) chompSection(container, info, r, ctx);
  else if (r.drawing) stepSection(container, info, r, ctx);
  else if (r.layers) summarySection(container, r, r.kind === 'chomp'
    ? t('{n} vertices: too many boards to draw one by one (the drawing stops at {most}), so here are the vertices added at each step.', { n: count(r.vertices), most: count(r.bars_limit) })
    : undefined);
  if (r.vertices !== undefined) {
    new Play(section(container, playTitle(r.kind), 'play-section'), r, ctx);
  }
}

function playTitle(kind) {
  if (kind === 'chomp') return t('Play Chomp against the computer');
  if (kind === 'subtraction') return t('Play the stick game against the computer');
  return t('Play on this arena against the computer');
}

function firstMoves(container, r) {
  const lines = [];
  if (r.winning_first_moves?.length) {
    lines.push(t('Winning first moves (row, column from the poisoned corner, counting from 0): {moves}.',
      { moves: r.winning_first_moves.map(([a, b]) => `(${a}, ${b})`).join(', ') }));
  }
  if (r.winning_takes?.length) lines.push(t('Winning first moves: take {takes}.', { takes: r.winning_takes.join(t(' or ')) }));
  if (r.winning_targets?.length) lines.push(t('Winning first moves: to {targets}.', { targets: r.winning_targets.join(', ') }));
  // A game with no move at all (Chomp 1 × 1, one stick short of any take) has no "every move".
  if (!lines.length && r.winner === 2) lines.push(r.edges === 0 ? t('Player 1 has no move: the game is over before it starts, and player 2 wins.') : t('Player 1 has no winning first move: every move leaves player 2 in its attractor.'));
  if (!lines.length && !r.winner) lines.push(t('Neither player can force a win from the start.'));
  container.append(el('p', { id: 'first-moves', textContent: lines.join(' ') }));
}

/** The seed's A₀ ⊆ A₁ ⊆ … for the chosen player, on the drawn graph. */
function stepSection(container, info, r, ctx) {
  const d = r.drawing;
  const p = Number(info.fields.player ?? '1') - 1;
  const rank = (a) => (v) => (a[v] === null ? -1 : a[v]);
  const ranks = rank(r.ranks[p]);
  const other = rank(r.ranks[1 - p]);
  const rank1 = rank(r.ranks[0]);
  const rank2 = rank(r.ranks[1]);
  const max = r.max_rank[p];
  const body = section(container, t('The attractor of {player}, step by step', { player: playerName(p) }), 'steps');
  body.append(el('p', { className: 'muted', textContent:
    t('A₀ holds {player}’s winning terminals; Aₖ₊₁ adds {player}’s vertices with a move into Aₖ and the opponent’s vertices whose moves all lead into Aₖ. ' +
      'Circles are player 1’s vertices (to move), squares player 2’s. Thick edges: the winning strategy, a move to a smaller rank.', { player: playerName(p) }) }));
  const n = r.vertices;
  const owner = d.owner;
  const edges = [];
  for (let v = 0; v < n; v++) for (let k = d.offsets[v]; k < d.offsets[v + 1]; k++) edges.push(v, d.targets[k]);
  const name = (v) => (r.kind === 'edges' ? d.positions[v] : vertexLabel(d.positions[v], owner[v] + 1));
  const describe = (v) => {
    const rankText = (a) => (a(v) >= 0 ? t('rank {k}', { k: a(v) }) : t('outside'));
    const kind = d.outcome[v]
      ? [t('terminal: player 1 wins'), t('terminal: player 2 wins'), t('terminal: a draw')][d.outcome[v] - 1]
      : t('player {k} to move', { k: owner[v] + 1 });
    return `${name(v)}\n${kind}\n${t('attractor of player 1: {rank}', { rank: rankText(rank1) })}\n${t('attractor of player 2: {rank}', { rank: rankText(rank2) })}`;
  };
  const controls = stepControls(body, { max, initial: Math.min(Number(info.fields.step ?? max), max), ctx });
  const graph = new GraphView(body, { id: 'arena-graph', title: t('The arena: {n:vertex|vertices}, {m:move|moves}', { n: count(n), m: count(r.edges) }), fileName: `arena-${r.kind}`, describe });
  const show = (step) => {
    const fill = new Uint8Array(n);
    const strong = [];
    for (let v = 0; v < n; v++) {
      if (ranks(v) >= 0 && ranks(v) <= step) fill[v] = ranks(v) === step ? 3 + p : 1 + p;
      else if (step === max && other(v) >= 0) fill[v] = 2 - p;
      else if (step === max && rank1(v) < 0 && rank2(v) < 0) fill[v] = 5;
      // The strategy: from the player's own vertices, the move of smallest rank.
      if (ranks(v) > 0 && ranks(v) <= step && owner[v] === p) {
        let best = -1;
        for (let k = d.offsets[v]; k < d.offsets[v + 1]; k++) {
          const w = d.targets[k];
          if (ranks(w) >= 0 && (best < 0 || ranks(w) < ranks(d.targets[best]))) best = k;
        }
        if (best >= 0) strong.push(best);
      }
    }
    let size = 0;
    let added = 0;
    for (let v = 0; v < n; v++) {
      if (ranks(v) >= 0 && ranks(v) <= step) size++;
      if (ranks(v) === step) added++;
    }
    // Under each vertex: its rank in the attractor being built, once reached.
    const notes = Array.from({ length: n }, (_, v) => (ranks(v) >= 0 && ranks(v) <= step ? t('rank {k}', { k: ranks(v) }) : ''));
    graph.draw({ x: d.layout.x, y: d.layout.y, owner, fill, labels: Array.from(d.positions), notes, edges, bends: d.layout.bends, strong, highlight: r.start });
    return stepText(step, size, added) + completeText(step, max, r, p);
  };
  controls.start(show);
  body.append(layersTable(r, t('Vertices added at each step (|Aₖ \\ Aₖ₋₁|)')));
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const svgEl = (tag, attrs = {}, children = []) => {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
};
// A Chomp square of a drawn board, in CSS px: small bars, readable as shapes.
const CHOMP_CELL = 7;

/**
 * Chomp's attractor step by step: every vertex drawn as its board (the poisoned
 * square dark, bottom left), in rows by rank in the chosen player's attractor;
 * a frame round for player 1 to move, square for player 2. Rows wrap to the
 * width, so the drawing reads the same on a phone. A graph of every move would
 * be a tangle: a board has up to rows × cols moves.
 */
function chompSection(container, info, r, ctx) {
  const { boards, owner, moves } = r.bars;
  const p = Number(info.fields.player ?? '1') - 1;
  const rank = (v) => r.ranks[p][v] ?? -1;
  const max = r.max_rank[p];
  const body = section(container, t('The attractor of {player}, step by step', { player: playerName(p) }), 'steps');
  body.append(el('p', { className: 'muted', textContent:
    t('Each vertex is a board (the poisoned square dark, bottom left) with the player to move: a round frame for player 1, a square frame for player 2. Row k holds the vertices of rank k in the attractor of {player}; outlined in red, the square its winning move eats.', { player: playerName(p) }) }));
  const controls = stepControls(body, { max, initial: Math.min(Number(info.fields.step ?? max), max), ctx });
  const n = boards.length;
  const byRank = Array.from({ length: max + 2 }, () => []);
  for (let v = 0; v < n; v++) byRank[rank(v) >= 0 ? rank(v) : max + 1].push(v);
  const rows = Math.max(...boards.map((b) => b.length), 1);
  const cols = Math.max(...boards.flat(), 1);
  const describe = (v) => {
    const b = boards[v];
    const at = rank(v) >= 0 ? t('rank {k}', { k: rank(v) }) : t('outside');
    const move = moves[p][v] ? ` · ${t('winning move: eat ({row}, {col})', { row: moves[p][v][0], col: moves[p][v][1] })}` : '';
    return `${b.join(',') || '∅'} · ${t('player {k} to move', { k: owner[v] + 1 })} · ${at}${move}`;
  };
  // Small bars get larger squares: a 1 × 1 board is a square one can see, not a dot.
  const cell = Math.max(CHOMP_CELL, Math.floor(28 / Math.max(rows, cols)));
  const vertex = (v) => {
    const b = boards[v];
    const w = cols * cell + 6;
    const h = rows * cell + 6;
    const svg = svgEl('svg', { class: `chomp-vertex p${owner[v] + 1}`, width: w, height: h, viewBox: `0 0 ${w} ${h}`, role: 'img', 'aria-label': describe(v) });
    svg.dataset.vertex = String(v);
    svg.append(svgEl('title', {}, [describe(v)]));
    svg.append(svgEl('rect', { class: 'frame', x: 1, y: 1, width: w - 2, height: h - 2, rx: owner[v] === 0 ? 6 : 0 }));
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const here = col < (b[row] ?? 0);
        const cls = !here ? 'gone' : row === 0 && col === 0 ? 'poison' : 'square';
        svg.append(svgEl('rect', { class: cls, x: 3 + col * cell, y: 3 + (rows - 1 - row) * cell, width: cell - 1, height: cell - 1 }));
      }
    }
    const m = moves[p][v];
    if (m) svg.append(svgEl('rect', { class: 'eat', x: 3 + m[1] * cell - 0.5, y: 3 + (rows - 1 - m[0]) * cell - 0.5, width: cell, height: cell }));
    return svg;
  };
  const drawing = el('div', { className: 'chomp-bars', id: 'chomp-bars' });
  drawing.setAttribute('role', 'group');
  drawing.setAttribute('aria-label', t('The arena: {n:vertex|vertices}, {m:move|moves}', { n: count(n), m: count(r.edges) }));
  const rowsShown = byRank.map((vs, k) => {
    if (!vs.length) return null;
    const head = el('p', { className: 'chomp-rank-head', textContent: k <= max
      ? t('rank {k}: {n:vertex|vertices}', { k, n: count(vs.length) })
      : t('outside the attractor: {n:vertex|vertices}', { n: count(vs.length) }) });
    const line = el('div', { className: 'chomp-rank' }, vs.map(vertex));
    const block = el('div', { className: 'chomp-rank-block' }, [head, line]);
    block.dataset.rank = k <= max ? String(k) : 'outside';
    drawing.append(block);
    return { k, block };
  }).filter(Boolean);
  body.append(drawing);
  const show = (step) => {
    for (const { k, block } of rowsShown) {
      block.classList.toggle('reached', k <= step);
      block.classList.toggle('added', k === step);
      block.classList.toggle(`attractor-${p + 1}`, k <= max);
    }
    let size = 0;
    for (let k = 0; k <= step; k++) size += byRank[k].length;
    return stepText(step, size, byRank[step].length) + completeText(step, max, r, p);
  };
  controls.start(show);
  body.append(layersTable(r, t('Vertices added at each step (|Aₖ \\ Aₖ₋₁|)')));
}

/**
 * The attractor's step controls (Previous, a slider, Next, and a caption read
 * aloud), appended to `body`; `start(show)` draws step by step, `show(step)`
 * drawing it and giving the caption. The step is kept in the link.
 */
/** The caption's end: the attractor complete (the other pale, the draws grey), or a full stop. */
function completeText(step, max, r, p) {
  if (step !== max) return '.';
  return r.draws
    ? t('; the attractor is complete. The attractor of {other} is shown pale, the {draws:draw|draws} grey.', { other: playerName(1 - p), draws: count(r.draws) })
    : t('; the attractor is complete. The attractor of {other} is shown pale.', { other: playerName(1 - p) });
}

/** "A2: 5 vertices (1 added at step 2)", singular and plural in both languages. */
function stepText(step, size, added) {
  const vars = { step, size: count(size), added: count(added) };
  return `${t('A{step}: {size:vertex|vertices}', vars)} ${t('({added} {added?added|added} at step {step})', vars)}`;
}

/** Vertices of each rank, as a table: at most MAX_ROWS rows on the page, all of them in the CSV. */
function layersTable(r, caption) {
  const length = Math.max(r.layers[0].length, r.layers[1].length);
  const rows = Array.from({ length }, (_, k) => [k, r.layers[0][k] ?? 0, r.layers[1][k] ?? 0]);
  const block = dataTable({
    id: 'layers-table', caption, fileName: `arena-${r.kind}-layers`, headers: [t('rank k'), playerName(0), playerName(1)],
    rows: rows.slice(0, MAX_ROWS), csvRows: rows, format: (cell) => (typeof cell === 'number' ? count(cell) : cell),
  });
  if (length > MAX_ROWS) {
    block.append(el('p', { className: 'muted', textContent:
      t('The first {shown} of {n} ranks; Save CSV gives them all.', { shown: count(MAX_ROWS), n: count(length) }) }));
  }
  return block;
}

/** Counts per rank, grouped into at most `most` bars: [values, first rank of each bar, ranks per bar]. */
function grouped(layers, most = 300) {
  const per = Math.max(1, Math.ceil(layers.length / most));
  const values = new Float64Array(Math.ceil(layers.length / per));
  layers.forEach((v, k) => { values[Math.floor(k / per)] += v; });
  return [values, per];
}

/** Above 2,000 vertices: counts per rank instead of the drawing. */
function summarySection(container, r, why) {
  const body = section(container, t('The attractors in numbers'), 'summary');
  body.append(el('p', { className: 'muted', id: 'summary-why', textContent: why ?? t('The graph has {n} vertices: too many to draw one by one, so here are the vertices added at each step.', { n: count(r.vertices) }) }));
  const plots = el('div', { className: 'plots' });
  body.append(plots);
  // Both figures exist before either is drawn, so that each is drawn at its final width.
  const charts = r.layers.map((layers, p) => {
    const [values, per] = grouped(layers);
    const range = (k) => (per === 1 ? `${k}` : `${count(k * per)}–${count(Math.min(layers.length, (k + 1) * per) - 1)}`);
    const chart = new BarChart(plots, {
      id: `layers-${p + 1}`, title: t('Attractor of {player}: vertices of each rank', { player: playerName(p) }),
      xLabel: per === 1 ? t('rank k') : t('rank k (in groups of {per})', { per: count(per) }), yLabel: t('vertices'), counts: true,
      names: [], fileName: `arena-${r.kind}-layers-${p + 1}`, describe: (k) => t('ranks {ranks}: {n:vertex|vertices}', { ranks: range(k), n: count(values[k]) }),
    });
    return () => chart.draw(values, new Uint8Array(values.length).fill(p), 0);
  });
  charts.forEach((draw) => draw());
  body.append(layersTable(r, t('Vertices added at each step')));
}

/**
 * Play against the computer on any arena: the core lists the moves (with the
 * winning ones), checks the human's move and answers with its own and its
 * reasons (the page's one play controller, play.js). The human is player 1
 * and moves first, or lets the computer start the stick game.
 */
class Play {
  constructor(body, r, ctx) {
    this.r = r;
    this.kind = r.kind;
    this.board = el('div', { className: 'play-board', id: r.kind === 'chomp' ? 'chomp-board' : 'play-board' });
    this.moves = el('div', { className: 'inline-form', id: 'play-moves' });
    this.log = el('p', { id: 'play-log' });
    this.log.setAttribute('aria-live', 'polite');
    this.hints = el('input', { type: 'checkbox', id: 'play-hints' });
    this.hints.addEventListener('change', () => this.game.render());
    this.game = new PlayController(ctx, {
      board: this.board,
      log: this.log,
      send: (now) => now.vertex,
      draw: (now, busy) => this.render(now, busy),
      ended: (now, said) => this.finish(now, said),
    });
    const restart = el('button', { type: 'button', className: 'secondary', textContent: t('New game') });
    restart.addEventListener('click', () => this.start());
    // The stick game may start with the computer (from the same sticks, its turn).
    this.computerFirst = el('button', { type: 'button', className: 'secondary', id: 'play-computer-first', textContent: t('New game, the computer starts'), hidden: true });
    this.computerFirst.addEventListener('click', () => this.start(true));
    const intro = {
      chomp: t('You are player 1 and move first: click a square to eat it with everything above and to its right. Whoever eats the poison (☠) loses.'),
      subtraction: t('You are player 1 and move first, or let the computer start; the computer plays player 2 with its attractor.'),
      edges: t('You are player 1 and move first from the first vertex; the computer plays player 2 with its attractor.'),
    }[r.kind];
    body.append(el('p', { className: 'muted', textContent: intro }),
      el('label', { htmlFor: 'play-hints', className: 'inline-check' }, [this.hints, ` ${t('show the winning moves')}`]),
      this.board, this.moves, this.log, el('div', { className: 'inline-form' }, [restart, this.computerFirst]));
    this.start();
  }

  async start(computerFirst = false) {
    // The core solves the arena again in the worker for play (up to a second for Chomp 10 × 10).
    if (!this.game.now) this.board.textContent = t('Preparing the game…');
    const turn = await this.game.start();
    if (!turn) return;
    this.computerFirst.hidden = turn.now.twin === null;
    // The same start with the computer to move: it plays, then it is your turn.
    if (computerFirst && turn.now.twin !== null) await this.game.run(() => this.game.answer('', turn.now.twin));
  }

  describe(move) {
    if (move.take !== null) return t('taking {n} ({left} left)', { n: move.take, left: move.position });
    if (move.square !== null) return t('row {row}, column {col}', { row: move.square[0], col: move.square[1] });
    return move.position;
  }

  play(move) {
    return this.game.play(move.to, t('You played {move}.', { move: this.describe(move) }));
  }

  finish(now, said) {
    // The core says who won (whoever cannot move, by the game's rule).
    const w = now.winner;
    const text = w === 1 ? t('You win!') : w === 2 ? t('The computer wins.') : t('A draw.');
    this.log.textContent = `${said} ${text}`;
    this.log.dataset.result = w === 1 ? 'you' : w === 2 ? 'computer' : 'draw';
  }

  render(now, busy) {
    const hints = this.hints.checked && !now.over;
    if (this.kind === 'chomp') this.renderChomp(now, hints, busy);
    else this.renderMoves(now, hints);
  }

  renderMoves(now, hints) {
    this.board.textContent = this.kind === 'subtraction'
      ? sticksLine(now.sticks)
      : t('Position: {v} ({who} to move)', { v: now.position, who: now.player === 1 ? t('you') : t('the computer') });
    this.moves.replaceChildren();
    if (now.over) {
      this.moves.append(el('p', { className: 'advice', id: 'play-result', textContent: now.winner === 1 ? t('You win!') : now.winner === 2 ? t('The computer wins.') : t('A draw.') }));
      return;
    }
    for (const move of now.moves) {
      const text = this.kind === 'subtraction' ? t('Take {n}', { n: move.take }) : t('To {v}', { v: move.position });
      const b = el('button', { type: 'button', className: hints && move.winning ? 'winning' : '', textContent: text });
      if (hints && move.winning) b.title = t('a winning move');
      b.addEventListener('click', () => this.play(move));
      this.moves.append(b);
    }
  }

  renderChomp(now, hints, busy) {
    const bySquare = new Map(now.moves.map((m) => [`${m.square[0]},${m.square[1]}`, m]));
    // The whole box stays drawn as rows are eaten.
    const board = [...now.board, ...Array(Math.max(0, this.r.rows - now.board.length)).fill(0)];
    this.board.replaceChildren(chompBar(board, this.r.cols, (row, col) => {
      const move = bySquare.get(`${row},${col}`);
      return move && { move, marks: hints && move.winning ? 'winning' : '' };
    }, { onMove: (move) => this.play(move), disabled: now.over || busy }));
    this.moves.replaceChildren();
    if (now.over) {
      this.moves.append(el('p', { className: 'advice', id: 'play-result', textContent: now.winner === 1 ? t('Only the poison is left for the computer: you win!') : t('Only the poison is left for you: the computer wins.') }));
    }
  }
}
