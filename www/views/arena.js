// Game graphs view: an arena (the stick game, Chomp or one typed by hand), each
// player's attractor built step by step on the drawn graph, the winning
// strategy, and games against the computer with its reasoning shown.
import { el, dataTable, fieldMaker, selectOf, section, stat, explain } from '../dom.js';
import { GraphView } from '../graph.js';
import { BarChart } from '../chart.js';
import { t, both, count } from '../i18n.js';

const KINDS = () => ({
  subtraction: t('The seed’s stick game: take some sticks from a heap; the take set and the rule are yours.'),
  chomp: t('A chocolate bar with a poisoned bottom-left square: a move eats a square and everything above and to its right.'),
  edges: t('Any arena typed by hand, cycles allowed: a:1>b:2 is a move, c=1 a terminal won by player 1.'),
});
const playerName = (p) => t('player {k}', { k: p + 1 });

export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const field = fieldMaker(form, onChange);
  const kinds = { subtraction: t('stick game'), chomp: 'Chomp', edges: t('arena typed by hand') };
  field('kind', t('Game'), selectOf(info.choices.kind, f.kind, kinds), KINDS()[f.kind]);
  if (f.kind === 'subtraction') {
    field('sticks', t('Sticks'), el('input', { type: 'number', min: 1, max: 1000000, value: f.sticks }),
      t('1 to {most} (the graph is drawn up to 999).', { most: count(1000000) }));
    field('take', t('A move takes'), el('input', { type: 'text', value: f.take, spellcheck: false }), t('Numbers of sticks, e.g. 1,2,3.'));
    field('misere', t('Whoever takes the last stick loses'), selectOf(info.choices.misere, f.misere, { yes: t('yes'), no: t('no') }),
      t('yes: the seed’s rule (misère); no: whoever cannot move loses.'));
  } else if (f.kind === 'chomp') {
    field('rows', t('Rows'), el('input', { type: 'number', min: 1, max: 40, value: f.rows }));
    field('cols', t('Columns'), el('input', { type: 'number', min: 1, max: 40, value: f.cols }),
      t('Up to 10 × 10 ({n} boards) as an arena; larger bars get their first moves from a direct recursion.', { n: count(184756) }));
    field('board', t('Starting board (optional)'), el('input', { type: 'text', value: f.board ?? '', spellcheck: false, placeholder: t('full bar') }),
      t('Row lengths from the poisoned row up, never increasing: 4,4,2.'));
  } else {
    const area = el('textarea', { rows: 8, value: f.edges, spellcheck: false });
    field('edges', t('Arena'), area, t('One statement per line or separated by ;  a:1>b:2 (a move and owners), c=1, c=2 or c=draw (terminal outcomes). Play starts at the first vertex.'));
  }
  field('player', t('Attractor to build step by step'), selectOf(info.choices.player, f.player ?? '1', { 1: playerName(0), 2: playerName(1) }));
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
  container.append(el('div', { className: 'headline' }, [
    stat('arena-winner', r.note ? winner : `${r.start_label}: ${winner}`, t('from the start, with best play on both sides')),
    stat('arena-size', t('{n} vertices', { n: count(r.vertices) }), t('{n} moves', { n: count(r.edges) })),
    stat('attractor-sizes', `${r.attractor_sizes[0]} / ${r.attractor_sizes[1]}`, t('attractors of player 1 / player 2; {n} draws', { n: r.draws })),
  ]));
  if (r.note) container.append(el('p', { className: 'muted', id: 'arena-note', textContent: `${both(r.note)}.` }));
  firstMoves(container, r);
  if (r.x) stepSection(container, info, r, ctx);
  else if (!r.note) summarySection(container, r);
  if (r.kind === 'chomp' && r.boardVertex) new ChompGame(section(container, t('Play Chomp against the computer'), 'play-section'), info, r);
  if (r.kind === 'subtraction' && r.rank1) new SticksGame(section(container, t('Play the stick game against the computer'), 'play-section'), info, r);
}

function firstMoves(container, r) {
  const lines = [];
  if (r.winning_first_moves.length) {
    lines.push(t('Winning first moves (row, column from the poisoned corner, counting from 0): {moves}.',
      { moves: r.winning_first_moves.map(([a, b]) => `(${a}, ${b})`).join(', ') }));
  }
  if (r.winning_takes.length) lines.push(t('Winning first moves: take {takes}.', { takes: r.winning_takes.join(t(' or ')) }));
  if (r.winning_targets.length) lines.push(t('Winning first moves: to {targets}.', { targets: r.winning_targets.join(', ') }));
  if (!lines.length && r.winner === 2) lines.push(t('Player 1 has no winning first move: every move leaves player 2 in its attractor.'));
  if (!lines.length && !r.winner) lines.push(t('Neither player can force a win from the start.'));
  container.append(el('p', { id: 'first-moves', textContent: lines.join(' ') }));
}

/** The seed's A₀ ⊆ A₁ ⊆ … for the chosen player, on the drawn graph. */
function stepSection(container, info, r, ctx) {
  const p = Number(info.fields.player ?? '1') - 1;
  const ranks = p === 0 ? r.rank1 : r.rank2;
  const other = p === 0 ? r.rank2 : r.rank1;
  const max = r.max_rank[p];
  let step = Math.min(Number(info.fields.step ?? max), max);
  const body = section(container, t('The attractor of {player}, step by step', { player: playerName(p) }), 'steps');
  body.append(el('p', { className: 'muted', textContent:
    t('A₀ holds {player}’s winning terminals; Aₖ₊₁ adds {player}’s vertices with a move into Aₖ and the opponent’s vertices whose moves all lead into Aₖ. ' +
      'Circles are player 1’s vertices (to move), squares player 2’s. Thick edges: the winning strategy, a move to a smaller rank.', { player: playerName(p) }) }));
  const slider = el('input', { type: 'range', min: 0, max, value: step, id: 'step-slider' });
  slider.setAttribute('aria-label', t('step k of the attractor'));
  const prev = el('button', { type: 'button', className: 'secondary', textContent: t('Previous step'), id: 'step-prev' });
  const next = el('button', { type: 'button', textContent: t('Next step'), id: 'step-next' });
  const caption = el('p', { id: 'step-caption' });
  caption.setAttribute('aria-live', 'polite');
  body.append(el('div', { className: 'inline-form' }, [prev, slider, next]), caption);
  const n = r.vertices;
  const owner = r.owner;
  const edges = [];
  for (let v = 0; v < n; v++) for (let k = r.offsets[v]; k < r.offsets[v + 1]; k++) edges.push(v, r.targets[k]);
  const describe = (v) => {
    const rank = (a) => (a[v] >= 0 ? t('rank {k}', { k: a[v] }) : t('outside'));
    const kind = r.outcome[v]
      ? [t('terminal: player 1 wins'), t('terminal: player 2 wins'), t('terminal: a draw')][r.outcome[v] - 1]
      : t('player {k} to move', { k: owner[v] + 1 });
    return `${r.labels[v]}\n${kind}\n${t('attractor of player 1: {rank}', { rank: rank(r.rank1) })}\n${t('attractor of player 2: {rank}', { rank: rank(r.rank2) })}`;
  };
  const graph = new GraphView(body, { id: 'arena-graph', title: t('The arena: {n} vertices, {m} moves', { n, m: r.edges }), fileName: `arena-${r.kind}`, describe });
  const show = () => {
    const fill = new Uint8Array(n);
    const strong = [];
    for (let v = 0; v < n; v++) {
      if (ranks[v] >= 0 && ranks[v] <= step) fill[v] = ranks[v] === step ? 3 + p : 1 + p;
      else if (step === max && other[v] >= 0) fill[v] = 2 - p;
      else if (step === max && r.rank1[v] < 0 && r.rank2[v] < 0) fill[v] = 5;
      // The strategy: from the player's own vertices, the successor of smallest rank.
      if (ranks[v] > 0 && ranks[v] <= step && owner[v] === p) {
        let best = -1;
        for (let k = r.offsets[v]; k < r.offsets[v + 1]; k++) {
          const t = r.targets[k];
          if (ranks[t] >= 0 && (best < 0 || ranks[t] < ranks[best])) best = t;
        }
        if (best >= 0) strong.push(v, best);
      }
    }
    const size = ranks.filter((x) => x >= 0 && x <= step).length;
    const added = ranks.filter((x) => x === step).length;
    caption.textContent = t('A{step}: {size} vertices ({added} added at step {step})', { step, size, added }) +
      (step === max ? t('; the attractor is complete. The attractor of {other} is shown pale, the {draws} draws grey.', { other: playerName(1 - p), draws: r.draws }) : '.');
    slider.value = String(step);
    prev.disabled = step === 0;
    next.disabled = step === max;
    // Under each vertex: its rank in the attractor being built, once reached.
    const notes = Array.from(ranks, (k) => (k >= 0 && k <= step ? t('rank {k}', { k }) : ''));
    graph.draw({ x: r.x, y: r.y, owner, fill, labels: r.labels, notes, edges, strong, highlight: r.start });
  };
  const go = (k) => {
    step = Math.max(0, Math.min(max, k));
    show();
    ctx.remember?.({ step: String(step) });
  };
  slider.addEventListener('input', () => go(Number(slider.value)));
  prev.addEventListener('click', () => go(step - 1));
  next.addEventListener('click', () => go(step + 1));
  show();
  body.append(dataTable({
    id: 'layers-table', caption: t('Vertices added at each step (|Aₖ \\ Aₖ₋₁|)'), fileName: `arena-${r.kind}-layers`,
    headers: [t('rank k'), playerName(0), playerName(1)],
    rows: Array.from({ length: Math.max(r.layers[0].length, r.layers[1].length) }, (_, k) => [k, r.layers[0][k] ?? 0, r.layers[1][k] ?? 0]),
  }));
}

/** Above 2,000 vertices: counts per rank instead of the drawing. */
function summarySection(container, r) {
  const body = section(container, t('The attractors in numbers'), 'summary');
  body.append(el('p', { className: 'muted', textContent: t('The graph has {n} vertices: too many to draw one by one, so here are the vertices added at each step.', { n: count(r.vertices) }) }));
  const plots = el('div', { className: 'plots' });
  body.append(plots);
  r.layers.forEach((layers, p) => {
    const values = Float64Array.from(layers);
    new BarChart(plots, {
      id: `layers-${p + 1}`, title: t('Attractor of {player}: vertices of each rank', { player: playerName(p) }), xLabel: t('rank k'), yLabel: t('vertices'),
      names: [], fileName: `arena-${r.kind}-layers-${p + 1}`, describe: (k) => t('rank {k}: {n} vertices', { k, n: values[k] }),
    }).draw(values, new Uint8Array(values.length).fill(p), 0);
  });
  body.append(dataTable({
    id: 'layers-table', caption: t('Vertices added at each step'), fileName: `arena-${r.kind}-layers`, headers: [t('rank k'), playerName(0), playerName(1)],
    rows: Array.from({ length: Math.max(r.layers[0].length, r.layers[1].length) }, (_, k) => [k, r.layers[0][k] ?? 0, r.layers[1][k] ?? 0]),
  }));
}

/** The computer's choice at vertex v (owner p): a move to a smaller rank in its attractor, else the seed's fallback. */
function computerMove(r, v, successors, say) {
  const p = r.owner[v];
  const mine = p === 0 ? r.rank1 : r.rank2;
  const theirs = p === 0 ? r.rank2 : r.rank1;
  const succ = successors(v);
  if (mine[v] >= 0) {
    const best = succ.reduce((b, s) => (mine[s.vertex] >= 0 && (b === null || mine[s.vertex] < mine[b.vertex]) ? s : b), null);
    say(t('I am in my attractor with rank {k}: I move to {move} (rank {j}), and I win whatever you do.', { k: mine[v], move: best.label, j: mine[best.vertex] }));
    return best;
  }
  const safe = succ.filter((s) => theirs[s.vertex] < 0);
  const from = safe.length ? safe : succ;
  const pick = from[Math.floor(Math.random() * from.length)];
  say(safe.length
    ? (theirs[v] >= 0
      ? t('I am outside my attractor (you can win: you are in yours with rank {k}). I play {move} at random, avoiding your attractor, and hope for a mistake.', { k: theirs[v], move: pick.label })
      : t('I am outside my attractor. I play {move} at random, avoiding your attractor, and hope for a mistake.', { move: pick.label }))
    : t('Every move I have leads into your attractor: I play {move} and hope for a mistake.', { move: pick.label }));
  return pick;
}

class SticksGame {
  constructor(body, info, r) {
    this.r = r;
    this.take = info.fields.take.split(',').map(Number);
    this.misere = info.fields.misere === 'yes';
    this.start = Number(info.fields.sticks);
    this.body = body;
    this.board = el('div', { className: 'play-board', id: 'sticks-board' });
    this.moves = el('div', { className: 'inline-form', id: 'sticks-moves' });
    this.log = el('p', { id: 'play-log' });
    this.log.setAttribute('aria-live', 'polite');
    const restart = el('button', { type: 'button', className: 'secondary', textContent: t('New game') });
    restart.addEventListener('click', () => this.reset());
    body.append(el('p', { className: 'muted', textContent: t('You are player 1 and move first; the computer plays player 2 with its attractor.') }), this.board, this.moves, this.log, restart);
    this.reset();
  }

  vertex(k, p) { return 2 * k + p; }

  successors(v) {
    const k = v >> 1;
    const p = v & 1;
    return this.take.filter((take) => take <= k).map((take) => ({ vertex: this.vertex(k - take, 1 - p), label: t('taking {n} ({left} left)', { n: take, left: k - take }), take }));
  }

  reset() {
    this.k = this.start;
    this.log.textContent = '';
    this.render(0);
  }

  render(p) {
    const v = this.vertex(this.k, p);
    this.board.textContent = `${'|'.repeat(Math.min(this.k, 200))}${this.k > 200 ? ' …' : ''}  ${t('{n} sticks', { n: this.k })}`;
    this.moves.replaceChildren();
    const succ = this.successors(v);
    if (!succ.length) {
      const youWin = (this.misere ? p === 0 : p === 1);
      this.moves.append(el('p', { className: 'advice', id: 'play-result', textContent: youWin ? t('You win!') : t('The computer wins.') }));
      return;
    }
    for (const s of succ) {
      const b = el('button', { type: 'button', textContent: t('Take {n}', { n: s.take }) });
      b.addEventListener('click', () => {
        this.k -= s.take;
        this.reply();
      });
      this.moves.append(b);
    }
  }

  reply() {
    const v = this.vertex(this.k, 1);
    if (!this.successors(v).length) {
      this.render(1);
      return;
    }
    const s = computerMove(this.r, v, (u) => this.successors(u), (text) => { this.log.textContent = text; });
    this.k -= s.take;
    this.render(0);
  }
}

class ChompGame {
  constructor(body, info, r) {
    this.r = r;
    this.rows = Number(info.fields.rows);
    this.cols = Number(info.fields.cols);
    this.startBoard = info.fields.board ? info.fields.board.split(',').map(Number) : Array(this.rows).fill(this.cols);
    // C(a, b) for the board ranks (as in Rust: colex rank of the lengths read from the top row down).
    this.binom = Array.from({ length: this.rows + this.cols + 2 }, () => new Array(this.rows + 2).fill(0));
    for (let a = 0; a < this.binom.length; a++) {
      this.binom[a][0] = 1;
      for (let b = 1; b <= this.rows + 1; b++) this.binom[a][b] = a ? this.binom[a - 1][b - 1] + this.binom[a - 1][b] : 0;
    }
    this.grid = el('div', { className: 'chomp', id: 'chomp-board' });
    this.log = el('p', { id: 'play-log' });
    this.log.setAttribute('aria-live', 'polite');
    this.hints = el('input', { type: 'checkbox', id: 'chomp-hints' });
    this.hints.addEventListener('change', () => this.render());
    const restart = el('button', { type: 'button', className: 'secondary', textContent: t('New game') });
    restart.addEventListener('click', () => this.reset());
    body.append(el('p', { className: 'muted', textContent: t('You are player 1 and move first: click a square to eat it with everything above and to its right. Whoever eats the poison (☠) loses.') }),
      el('label', { htmlFor: 'chomp-hints', className: 'inline-check' }, [this.hints, ` ${t('show the winning moves')}`]), this.grid, this.log, restart);
    this.reset();
  }

  rank(lengths) {
    let s = 0;
    for (let i = 0; i < this.rows; i++) s += this.binom[lengths[this.rows - 1 - i] + i][i + 1];
    return s;
  }

  vertexOf(lengths, p) { return this.r.boardVertex[2 * this.rank(lengths) + p]; }

  static eat(lengths, row, col) { return lengths.map((l, r) => (r >= row ? Math.min(l, col) : l)); }

  movesOf(lengths) {
    const out = [];
    lengths.forEach((l, row) => { for (let col = 0; col < l; col++) if (row || col) out.push([row, col]); });
    return out;
  }

  successors(v, lengths, p) {
    return this.movesOf(lengths).map(([row, col]) => {
      const after = ChompGame.eat(lengths, row, col);
      return { vertex: this.vertexOf(after, 1 - p), label: t('row {row}, column {col}', { row, col }), row, col, after };
    });
  }

  reset() {
    this.board = [...this.startBoard];
    this.log.textContent = '';
    this.over = false;
    this.render();
  }

  render() {
    this.grid.replaceChildren();
    this.grid.style.gridTemplateColumns = `repeat(${this.cols}, 2.2rem)`;
    const winning = new Set();
    if (this.hints.checked && !this.over) {
      for (const [row, col] of this.movesOf(this.board)) {
        const v = this.vertexOf(ChompGame.eat(this.board, row, col), 1);
        if (v >= 0 && this.r.rank1[v] >= 0) winning.add(`${row},${col}`);
      }
    }
    for (let row = this.rows - 1; row >= 0; row--) {
      for (let col = 0; col < this.cols; col++) {
        const present = col < this.board[row];
        const poison = row === 0 && col === 0;
        const square = el('button', { type: 'button', className: `square${present ? '' : ' eaten'}${poison ? ' poison' : ''}${winning.has(`${row},${col}`) ? ' winning' : ''}`, textContent: poison ? '☠' : '' });
        square.dataset.row = row;
        square.dataset.col = col;
        square.setAttribute('aria-label', `${t('row {row}, column {col}', { row, col })}${present ? '' : t(', eaten')}${poison ? t(', poisoned') : ''}`);
        square.disabled = !present || this.over || poison;
        square.addEventListener('click', () => this.play(row, col));
        this.grid.append(square);
      }
    }
  }

  finished(p) {
    // Only the poison left: the player to move must eat it.
    if (this.board[0] === 1 && this.board.slice(1).every((l) => l === 0)) {
      this.over = true;
      this.log.textContent += ` ${p === 0 ? t('Only the poison is left for you: the computer wins.') : t('Only the poison is left for the computer: you win!')}`;
      this.log.dataset.result = p === 0 ? 'computer' : 'you';
      return true;
    }
    return false;
  }

  play(row, col) {
    this.board = ChompGame.eat(this.board, row, col);
    const ate = t('You ate row {row}, column {col}.', { row, col });
    this.log.textContent = ate;
    if (!this.finished(1)) {
      const v = this.vertexOf(this.board, 1);
      const s = computerMove(this.r, v, (u) => this.successors(u, this.board, 1), (text) => { this.log.textContent = `${ate} ${text}`; });
      this.board = s.after;
      this.finished(0);
    }
    this.render();
  }
}
