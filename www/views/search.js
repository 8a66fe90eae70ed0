// The search family (the chapter after attractors): depth-limited minimax, alpha-beta, move
// ordering and a transposition table on tic-tac-toe, Connect Four, Chomp, the
// stick game and typed arenas, side by side with the exact answer. The core
// searches, lists the legal moves and says where each is drawn; this view draws
// the position, the runs, the recorded tree and plays (ctx.play).
import { el, dataTable, fieldMaker, formField, labelOf, selectOf, section, stat, explain, fixed, choiceLabels } from '../dom.js';
import { GraphView } from '../graph.js';
import { t, both, count } from '../i18n.js';
import { PlayController } from '../play.js';
import { drawHex } from '../hex.js';
import { Cancelled } from '../solver-client.js';
import { chompBar, sticksLine } from '../chomp.js';

/** Short names for the table's first column. */
const SHORT = () => ({ minimax: 'minimax', alphabeta: t('alpha-beta'), ordered: t('+ ordering'), tt: t('+ table (deepening)') });

/** The search's own keys; every other key of the family is a game's. */
const SEARCH_KEYS = new Set(['search', 'depth', 'heuristic', 'algorithm', 'moves', 'node-limit', 'step']);
/** The game keys that want their own control or hint. */
const GAME_KEYS = {
  height: (info) => {
    const bound = (key) => info.spec.fields.find((f) => f.key === key);
    const [w, h] = [bound('width'), bound('height')];
    return { hint: t('From {min} to {max}; the exact answer comes from Connect Four’s solver, within a node limit (beyond it, the Connect Four chapter goes further).', { min: `${w.min} × ${h.min}`, max: `${w.max} × ${h.max}` }) };
  },
  cols: () => ({ hint: t('Any size: the search never builds the whole graph.') }),
  board: () => ({ hint: t('Row lengths from the poisoned row up, never increasing: 4,4,2.'), placeholder: t('full bar') }),
  take: () => ({ hint: t('Numbers of sticks, e.g. 1,2,3.') }),
  misere: (info, f) => ({ control: selectOf(info.choices.misere, f.misere, { yes: t('yes'), no: t('no') }) }),
  edges: (info, f) => ({
    control: el('textarea', { rows: 6, value: f.edges ?? '', spellcheck: false }),
    hint: t('One statement per line or separated by ;  a:1>b:2 (a move and owners), c=1, c=2 or c=draw (terminal outcomes). Play starts at the first vertex.'),
  }),
};

/** What the page is about to show, while the solver loads (link.js, paintEarly). */
export function intro() {
  return t('When the graph is too big to build: minimax, alpha-beta and a transposition table to a depth, with a heuristic, beside the exact answer.');
}

/** The search's fields: the game, its own keys, then the search's. */
export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const field = fieldMaker(form, onChange, info);
  // Another game has other heuristics and other moves: both go back to the game's defaults.
  const game = selectOf(info.choices.search, f.search, choiceLabels(info, 'search'));
  formField(form, { key: 'search', label: labelOf(info, 'search'), control: game });
  game.addEventListener('change', () => onChange({ search: game.value, heuristic: null, moves: null, step: null }));
  // The game's own keys, in the core's order (whatever the game: a new game's
  // keys need nothing here); a few get a control or a hint of their own.
  for (const { key } of info.spec.fields) {
    if (SEARCH_KEYS.has(key) || !(key in f)) continue;
    const special = GAME_KEYS[key]?.(info, f);
    const control = field(key, special?.control ?? null, special?.hint);
    if (special?.placeholder) control.placeholder = special.placeholder;
  }
  field('depth', null, t('1 to {most} plies, or end: search to the end of the game (the value is then exact).', { most: info.spec.fields.find((x) => x.key === 'depth').max }));
  const options = info.options.filter((o) => o.key === 'heuristic');
  const heuristic = field('heuristic', selectOf(options.map((o) => o.value), f.heuristic),
    both(options.find((o) => o.value === f.heuristic)?.explain ?? { en: '', fr: '' }));
  heuristic.dataset.count = String(options.length);
  field('algorithm', selectOf(info.choices.algorithm, f.algorithm, choiceLabels(info, 'algorithm')));
  field('moves', null, t('Separated by commas; or click the board below. Empty: the start.'));
}

/** Keeps the moves field in step with clicks on the board. */
export function update(form, info) {
  const moves = form.elements.namedItem('moves');
  if (moves && document.activeElement !== moves) moves.value = info.fields.moves ?? '';
}

/** A proven value in a table cell. */
const shortOutcome = (v) => (v > 0 ? t('win (exact)') : v < 0 ? t('loss (exact)') : t('draw (exact)'));
const outcomeText = (v) => (v > 0 ? t('a win for the player to move') : v < 0 ? t('a loss for the player to move') : t('a draw'));

export function renderResult(container, info, { result: r }, ctx) {
  container.replaceChildren();
  // Under a go-ahead question: the position as the link holds it, a move clicked searches after it.
  if (r.preview) {
    positionSection(container, info, r, ctx);
    return;
  }
  explain(container, {
    parts: [
      t('When the graph is too big to build, search it from the position to a depth d and score the positions reached with a heuristic h. In negamax form, the value for the player to move is'),
      { math: '<math display="block"><mi>v</mi><mo>(</mo><mi>p</mi><mo>,</mo><mi>d</mi><mo>)</mo><mo>=</mo><mrow><mo>{</mo><mtable><mtr><mtd><mi>h</mi><mo>(</mo><mi>p</mi><mo>)</mo></mtd><mtd><mtext>if d = 0 or p is over</mtext></mtd></mtr><mtr><mtd><munder><mi>max</mi><mrow><mi>q</mi><mo>∈</mo><mi>G</mi><mo>[</mo><mi>p</mi><mo>]</mo></mrow></munder><mo>−</mo><mi>v</mi><mo>(</mo><mi>q</mi><mo>,</mo><mi>d</mi><mo>−</mo><mn>1</mn><mo>)</mo></mtd><mtd><mtext>otherwise</mtext></mtd></mtr></mtable></mrow></math>' },
      t('Alpha-beta searches each move in a window (α, β): once a move scores β or more, the opponent would never allow this position, and the moves left are cut off (greyed in the tree). It returns the same value as minimax. Trying the most promising moves first (ordering by the heuristic) makes cut-offs come sooner; iterative deepening searches depth 1, 2, … and keeps each position’s value and best move in a transposition table, so a position reached by two paths is searched once.'),
      t('Finished games score a win or a loss whatever the depth; a value that rests on them only is exact. With depth “end” the search goes to the end of the game and its value is the exact outcome, the same as the attractor’s.'),
    ],
    source: t('Seed 004 (the course’s arenas and attractors); D. E. Knuth and R. W. Moore, « An analysis of alpha-beta pruning », Artificial Intelligence 6, 1975.'),
  });
  const depthText = r.depth === null ? t('to the end') : t('{d:ply|plies} deep', { d: r.depth });
  // Solved (a proven outcome), estimated (a heuristic score of a finished search)
  // or stopped (the node limit came first): never the words of one for another.
  let value;
  let valueNote;
  if (r.exact) {
    value = outcomeText(r.value);
    valueNote = t('solved: proven by the search ({depth})', { depth: depthText });
  } else if (r.value === null) {
    value = t('not solved');
    valueNote = t('the node limit ({n} nodes) stopped {algorithm} before it finished: no estimate', { n: count(r.node_limit), algorithm: choiceLabels(info, 'algorithm')[r.algorithm] });
  } else {
    value = t('estimate: score {v}', { v: count(r.value) });
    valueNote = r.complete
      ? t('not solved: the heuristic “{h}” at {depth}', { h: r.heuristic, depth: depthText })
      : t('not solved: the node limit stopped the search; the deepest search finished, {d} plies, with the heuristic “{h}”', { d: r.searched_depth, h: r.heuristic });
  }
  const head = [
    stat('search-value', value, valueNote),
    stat('search-best', r.best_move ?? t('no move'), r.best_move
      ? (r.exact ? t('best move; expected line: {pv}', { pv: r.pv.join(' → ') }) : t('the move this estimate prefers; line: {pv}', { pv: r.pv.join(' → ') }))
      : r.position.over ? t('no move: the game is over') : t('no move chosen: the search did not finish')),
    stat('search-nodes', count(r.nodes), t('nodes visited by {algorithm}, {cutoffs:cut-off|cut-offs}, {ms} ms', { algorithm: choiceLabels(info, 'algorithm')[r.algorithm], cutoffs: count(r.cutoffs), ms: fixed(r.ms, 1) })),
  ];
  container.append(el('div', { className: 'headline' }, head));
  container.dataset.solved = String(r.exact);
  if (!r.exact && r.value !== null) {
    container.append(el('p', { className: 'muted', id: 'score-scale', textContent:
      t('A heuristic score is not an outcome: positive favours the player to move, negative the opponent; only a proven win or loss ends the scale (“win”, “loss”).') }));
  }
  if (!r.complete) {
    container.append(el('p', { className: 'advice', id: 'search-stopped', textContent: `${r.value === null
      ? t('The search stopped at {n} nodes before finishing: minimax and plain alpha-beta give no value until they finish.', { n: count(r.node_limit) })
      : t('The search stopped at {n} nodes: its value and move are those of the deepest search finished.', { n: count(r.node_limit) })} ${
      t('To go further: choose “+ table” (iterative deepening keeps what it learns), search to a fixed depth, or start from a later position.')}` }));
  }
  exactSection(container, r, info, ctx);
  positionSection(container, info, r, ctx);
  runsSection(container, r);
  if (r.tree) treeSection(container, info, r, ctx);
  searchPlay(section(container, t('Play against the computer'), 'play-section'), info, r, ctx);
}

/** The exact outcome and its winning moves, next to the search's choice. */
/** The dedicated solvers by the exact answer's `method`. */
const SOLVERS = () => ({ solver: t('Connect Four’s exact solver'), 'hex-solver': t('Hex’s own solver') });

function exactSection(container, r, info, ctx) {
  const body = section(container, t('The exact answer'), 'exact');
  const e = r.exact_answer;
  if (r.exact_later !== null && r.exact_later !== undefined) {
    // Left for later beside a depth-limited search: the heuristic answer came at once.
    const go = el('button', { type: 'button', className: 'secondary', id: 'exact-compute', textContent: t('Compute the exact answer') });
    const note = el('p', { className: 'muted', id: 'exact-note', textContent: t('Not computed yet: beside a search to a fixed depth it would take far longer than the search, about {s} s. Press the button for it: it runs with its own progress and Cancel.', { s: count(Math.ceil(r.exact_later)) }) });
    go.addEventListener('click', () => {
      go.disabled = true;
      ctx.more('exact', t('Computing the exact answer…')).then((answer) => {
        if (!note.isConnected) return;
        renderResult(container, info, { result: answer.result }, ctx);
      }, (err) => {
        if (!note.isConnected) return;
        go.disabled = false;
        if (err instanceof Cancelled) note.textContent = t('The exact answer was cancelled; the search’s answer above stands. Press “Compute the exact answer” to start it again.');
      });
    });
    body.append(note, go);
    return;
  }
  if (!e) {
    body.append(el('p', { className: 'muted', id: 'exact-note', textContent: r.exact_note ? `${both(r.exact_note)}.` : t('Not computed for this position.') }));
    return;
  }
  const how = { search: t('a search to the end'), ...SOLVERS(), retrograde: t('retrograde analysis of every board'), heaps: t('the values of every heap'), attractor: t('the attractors of the arena') }[e.method] ?? e.method;
  if (r.position.over) {
    body.append(el('p', { id: 'exact-answer', textContent: t('The game is over: {outcome}.', { outcome: outcomeText(e.value) }) }));
    return;
  }
  body.append(el('p', { id: 'exact-answer', textContent: e.value < 0
    ? t('Exactly: {outcome} (by {how}): every move loses against best play.', { outcome: outcomeText(e.value), how })
    : t('Exactly: {outcome} (by {how}). Moves that keep it: {moves}.', { outcome: outcomeText(e.value), how, moves: e.winning_moves.join(', ') }) }));
  if (e.verdict) {
    body.append(el('p', { id: 'exact-score', textContent: t('Score {v}: {verdict}.', { v: e.score, verdict: both(e.verdict) }) }));
  }
  if (r.disagrees === null || r.disagrees === undefined) return;
  const mark = el('p', { id: 'search-disagrees', className: r.disagrees ? 'advice disagree' : 'agree' });
  mark.dataset.disagrees = String(r.disagrees);
  mark.textContent = r.disagrees
    ? t('⚠ The search’s move {m} is not among them: at this depth, the heuristic misleads it.', { m: r.best_move })
    : t('✓ The search’s move {m} is one of them.', { m: r.best_move });
  body.append(mark);
}

/**
 * Draws a position: a grid (tic-tac-toe, Connect Four), the bar (Chomp) or
 * buttons (sticks, arenas). `marks` maps a move to extra classes; `onMove`
 * receives a move's label. The core says where each legal move is drawn.
 */
export function drawPosition(holder, now, { onMove, marks = new Map(), disabled = false, cols }) {
  holder.replaceChildren();
  const moveAt = new Map();
  (now.places ?? []).forEach((place, k) => { if (place) moveAt.set(`${place[0]},${place[1]}`, now.moves[k]); });
  const button = (label, text, extra = '') => {
    const b = el('button', { type: 'button', className: `${extra}${marks.get(label) ?? ''}`, textContent: text });
    b.dataset.move = label;
    b.disabled = disabled || now.over;
    b.addEventListener('click', () => onMove(label));
    return b;
  };
  if (now.shape === 'hex') {
    drawHex(holder, now, moveAt, { onMove, marks, disabled });
  } else if (now.cells) {
    const columns = now.columns;
    const rows = now.cells.length / columns;
    // Once won: the winning line (the core's), outlined.
    const line = new Set(now.line ?? []);
    const connect = columns !== 3 || rows !== 3;
    // A group of buttons, not an ARIA grid (which would need rows of cells).
    const grid = el('div', { className: `grid-board${connect ? ' connect' : ' ttt'}`, role: 'group', 'aria-label': t('the board, {w} columns by {h} rows', { w: columns, h: rows }) });
    grid.style.setProperty('--cols', String(columns));
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < columns; col++) {
        const cell = now.cells[row * columns + col];
        // Connect Four: a click anywhere in a column drops a stone there.
        const label = connect ? [...moveAt.entries()].find(([k]) => k.endsWith(`,${col}`))?.[1] : moveAt.get(`${row},${col}`);
        const mark = cell === 0 ? '' : connect ? '●' : cell === 1 ? '×' : '○';
        const landing = connect && label !== undefined && moveAt.get(`${row},${col}`) === label;
        const inLine = line.has(row * columns + col) ? ' line' : '';
        const b = el('button', { type: 'button', className: `cell p${cell}${inLine}${label !== undefined && (landing || !connect) ? ` ${marks.get(label) ?? ''}` : ''}`, textContent: mark });
        b.dataset.row = row;
        b.dataset.col = col;
        if (label !== undefined && (landing || !connect)) b.dataset.move = label;
        const who = cell === 0 ? t('empty') : t('player {k}', { k: cell });
        b.setAttribute('aria-label', `${connect ? t('column {c}', { c: col + 1 }) : t('cell {c}', { c: row * columns + col + 1 })}, ${who}`);
        b.disabled = disabled || now.over || label === undefined;
        if (label !== undefined) b.addEventListener('click', () => onMove(label));
        grid.append(b);
      }
    }
    holder.append(grid);
  } else if (now.board) {
    const width = Math.max(cols ?? 0, ...now.board, 1);
    holder.append(chompBar(now.board, width, (row, col) => {
      const label = moveAt.get(`${row},${col}`);
      return label && { move: label, label, marks: (marks.get(label) ?? '').trim() };
    }, { onMove, disabled: disabled || now.over }));
  } else {
    const line = now.sticks !== null ? sticksLine(now.sticks) : t('Position: {v}', { v: now.vertex });
    holder.append(el('p', { className: 'play-board', textContent: line }));
    const moves = el('div', { className: 'inline-form' });
    for (const m of now.moves) moves.append(button(m, now.sticks !== null ? t('Take {n}', { n: m }) : t('To {v}', { v: m })));
    holder.append(moves);
  }
  const who = now.over
    ? (now.winner ? t('Game over: player {k} wins.', { k: now.winner }) : t('Game over: a draw.'))
    : t('Player {k} to move.', { k: now.player });
  holder.append(el('p', { className: 'muted turn', textContent: who }));
}

/** The position of the link: click a move to search the position after it. */
function positionSection(container, info, r, ctx) {
  const body = section(container, t('The position'), 'search-position');
  const history = r.position.history;
  const over = r.position.over;
  body.append(el('p', { className: 'muted', textContent: over
    ? `${t('After {moves}.', { moves: history.join(', ') })} ${r.position.winner ? t('The game is over: player {k} won.', { k: r.position.winner }) : t('The game is over: a draw.')}`
    : history.length
      ? t('After {moves}. Click a move to search the position after it.', { moves: history.join(', ') })
      : t('The start. Click a move to search the position after it.') }));
  const marks = new Map();
  if (r.best_move) marks.set(r.best_move, 'best ');
  for (const m of r.exact_answer?.winning_moves ?? []) marks.set(m, `${marks.get(m) ?? ''}winning `);
  const holder = el('div', { id: 'search-board' });
  body.append(holder);
  drawPosition(holder, r.position, {
    onMove: (m) => ctx.edit({ moves: [...history, m].join(','), step: null }),
    marks,
    cols: Number(info.fields.cols) || undefined,
  });
  const back = el('button', { type: 'button', className: 'secondary', id: 'search-back', textContent: t('Take back a move') });
  back.disabled = !history.length;
  back.addEventListener('click', () => ctx.edit({ moves: history.slice(0, -1).join(','), step: null }));
  const start = el('button', { type: 'button', className: 'secondary', id: 'search-start', textContent: t('Back to the start') });
  start.disabled = !history.length;
  start.addEventListener('click', () => ctx.edit({ moves: '', step: null }));
  // Nothing marked (a position not searched yet): no legend of marks.
  if (marks.size) body.append(el('p', { className: 'muted legend', textContent: t('Outlined: the search’s best move. Green: a move that keeps the exact outcome.') }));
  body.append(el('div', { className: 'inline-form' }, [back, start]));
}

/** The four algorithms on the same position. */
function runsSection(container, r) {
  const body = section(container, t('The four algorithms on this position'), 'runs');
  const stopped = r.runs.some((x) => !x.complete);
  const solver = SOLVERS()[r.exact_answer?.method];
  const rows = r.runs.map((x) => [x.solver ? `${SHORT()[x.algorithm]} → ${solver}` : SHORT()[x.algorithm], x.exact ? shortOutcome(x.value) : x.value === null ? t('none: stopped') : t('score {v}', { v: count(x.value) }), x.best_move ?? '—',
    count(x.nodes), count(x.terminals), count(x.cutoffs), count(x.table_hits), fixed(x.ms, 2), ...(stopped ? [x.complete ? t('yes') : t('no, at the node limit')] : [])]);
  const block = dataTable({
    id: 'runs-table', caption: t('Same position, depth and heuristic: value, move and work of each algorithm'), fileName: `search-${r.game}-runs`,
    headers: [t('algorithm'), t('value'), t('best move'), t('nodes'), t('finished games'), t('cut-offs'), t('table hits'), t('time (ms)'), ...(stopped ? [t('finished')] : [])],
    rows,
  });
  block.querySelectorAll('tbody tr').forEach((tr, k) => {
    tr.dataset.algorithm = r.runs[k].algorithm;
    if (r.runs[k].algorithm === r.algorithm) tr.className = 'chosen';
  });
  if (r.runs.some((x) => x.solver)) {
    const handOver = r.exact_answer?.method === 'hex-solver'
      ? t('“+ table” to the end on Hex hands over to Hex’s own solver (win or loss; connections by bridges, the cells that must answer them, one table for a position and its half-turn): its value, move and nodes are the solver’s.')
      : t('“+ table” to the end on Connect Four hands over to the exact solver (bitboards, threat-ordered moves, a null-window search on the score): its value, move and nodes are the solver’s.');
    body.append(el('p', { className: 'muted', id: 'runs-solver', textContent: handOver }));
  }
  body.append(block, el('p', { className: 'muted', textContent: t('+ ordering: alpha-beta trying the best-looking moves first (by the heuristic). + table: iterative deepening, depth 1, 2, …, with a transposition table.') }));
  const least = Math.min(...r.runs.map((x) => x.nodes));
  const most = Math.max(...r.runs.map((x) => x.nodes));
  if (most > least && !stopped) {
    body.append(el('p', { className: 'muted', textContent: t('The same value from {least} to {most} nodes: pruning and ordering skip what cannot change it.', { least: count(least), most: count(most) }) }));
  }
}

/**
 * The recorded tree (depth ≤ 4): drawn layer by layer, children in the game's
 * order, stepped through in the order the search entered its nodes.
 */
function treeSection(container, info, r, ctx) {
  const tree = r.tree;
  const nodes = tree.nodes;
  const n = nodes.length;
  const body = section(container, t('The search tree, node by node'), 'search-tree');
  body.append(el('p', { className: 'muted', textContent:
    t('Circles: player 1 to move; squares: player 2. Values are for player {k} (to move at the root): blue favours player 1, orange player 2. Grey: moves cut off, never searched. Thick: the expected line.', { k: r.position.player }) }));
  // The numbers under the nodes, explained once: a heuristic's scale is its own.
  const heuristic = r.heuristics.find((h) => h.name === r.heuristic);
  body.append(el('p', { className: 'muted', id: 'tree-values', textContent:
    t('Under each node: “win in n” or “loss in n” where the search proved it (n moves of both players to the end, the winner hurrying, the loser holding out); otherwise the score of the heuristic “{h}” at the depth limit ({explain}); ≥ or ≤ marks a bound found at a cut-off. Each node is labelled with the move that leads to it.', { h: r.heuristic, explain: both(heuristic?.explain) ?? '' }) }));
  if (tree.partial) body.append(el('p', { className: 'muted', textContent: t('Only the first {n} nodes are drawn.', { n: count(n) }) }));
  const { children, x, y } = layTree(nodes, body.clientWidth);
  const finish = finishes(nodes);
  const lastVisit = Math.max(...nodes.map((node) => node.visit ?? 0));
  const rootPlayer = r.position.player;
  const { player, forRoot, nodeText, describe } = treeWords(r);
  const line = principalLine(nodes, children, tree, r.pv);
  const edges = [];
  const edgeOf = new Int32Array(n).fill(-1);
  for (let k = 1; k < n; k++) {
    edgeOf[k] = edges.length / 2;
    edges.push(nodes[k].parent, k);
  }
  let step = Math.min(Number(info.fields.step ?? lastVisit), lastVisit);
  const slider = el('input', { type: 'range', min: 0, max: lastVisit, value: step, id: 'step-slider' });
  slider.setAttribute('aria-label', t('node of the search, in the order visited'));
  const prev = el('button', { type: 'button', className: 'secondary', textContent: t('Previous node'), id: 'step-prev' });
  prev.dataset.step = 'prev';
  const nextButton = el('button', { type: 'button', textContent: t('Next node'), id: 'step-next' });
  nextButton.dataset.step = 'next';
  const caption = el('p', { id: 'step-caption' });
  caption.setAttribute('aria-live', 'polite');
  body.append(el('div', { className: 'inline-form' }, [prev, slider, nextButton]), caption);
  const graph = new GraphView(body, { id: 'tree-graph', title: t('Search tree: {n:node|nodes} ({algorithm}, depth {d})', { n: count(n), algorithm: choiceLabels(info, 'algorithm')[r.algorithm], d: r.depth }), fileName: `search-${r.game}-tree`, describe, minZoom: TREE_ZOOM });
  const owner = Uint8Array.from(nodes, (_, k) => player(k) - 1);
  const labels = nodes.map((_, k) => (k === 0 ? t('root') : tree.moves[k]));
  const show = () => {
    const fill = new Uint8Array(n);
    const notes = new Array(n).fill('');
    let current = 0;
    for (let k = 0; k < n; k++) {
      const node = nodes[k];
      if (node.visit === step) current = k;
      if (node.visit === null) {
        // Greyed once its parent's cut-off has happened.
        if (finish[node.parent] <= step) { fill[k] = 5; notes[k] = '✂'; }
      } else if (finish[k] <= step && node.value !== null) {
        const v = forRoot(k);
        const favours = v > 0 ? rootPlayer : v < 0 ? 3 - rootPlayer : 0;
        fill[k] = favours;
        notes[k] = nodeText(k);
      }
    }
    if (fill[current] === 1 || fill[current] === 2) fill[current] += 2;
    const strong = step === lastVisit ? line.map((k) => edgeOf[k]) : [];
    graph.draw({ x: Array.from(x), y: Array.from(y), owner, fill, labels, notes, edges, strong, highlight: current });
    graph.follow(current);
    slider.value = String(step);
    prev.disabled = step === 0;
    nextButton.disabled = step === lastVisit;
    caption.textContent = t('Node {k} of {n}: {what}', { k: step + 1, n: lastVisit + 1, what: describe(current).replaceAll('\n', '; ') });
    caption.dataset.node = String(current);
  };
  const go = (k) => {
    step = Math.max(0, Math.min(lastVisit, k));
    show();
    ctx.remember?.({ step: String(step) });
  };
  slider.addEventListener('input', () => go(Number(slider.value)));
  prev.addEventListener('click', () => go(step - 1));
  nextButton.addEventListener('click', () => go(step + 1));
  show();
  body.dataset.pruned = String(nodes.filter((node) => node.visit === null).length);
}

/** The least room between two leaves of the search tree, in CSS px: a move's name and its value fit. */
const TREE_ZOOM = 36;

/** The tree laid out: leaves side by side in order, a parent centred over its children, layers by ply; `width` the room across. */
function layTree(nodes, width) {
  const n = nodes.length;
  const children = Array.from({ length: n }, () => []);
  nodes.forEach((node, k) => { if (node.parent !== null) children[node.parent].push(k); });
  for (const c of children) c.sort((a, b) => nodes[a].choice - nodes[b].choice);
  // Leaves side by side in order; a parent centred over its children.
  const x = new Float64Array(n);
  let next = 0;
  const place = (v) => {
    if (!children[v].length) { x[v] = next++; return; }
    for (const c of children[v]) place(c);
    x[v] = (x[children[v][0]] + x[children[v][children[v].length - 1]]) / 2;
  };
  // Iterative order would be needed beyond depth 4; the tree is at most 5 layers deep.
  place(0);
  // Leaves at least TREE_ZOOM px apart (a wider tree is panned, following the
  // search, rather than squeezed into a fan nobody can read), layers about 70 px apart.
  const room = Math.max(280, width - 80);
  const zoom = Math.max(TREE_ZOOM, Math.min(90, room / Math.max(next - 1, 1)));
  const y = Float64Array.from(nodes, (node) => node.ply * Math.max(1, 70 / zoom));
  return { children, x, y };
}

/** When each node's subtree is done: the largest visit inside it. */
function finishes(nodes) {
  const finish = Int32Array.from(nodes, (node) => node.visit ?? -1);
  for (let k = nodes.length - 1; k > 0; k--) {
    const p = nodes[k].parent;
    if (p !== null && finish[k] > finish[p]) finish[p] = finish[k];
  }
  return finish;
}

/** The expected line: from the root, the child reached by each move of the principal variation. */
function principalLine(nodes, children, tree, pv) {
  const line = [];
  for (let v = 0, k = 0; k < pv.length; k++) {
    const c = children[v].find((w) => tree.moves[w] === pv[k] && nodes[w].visit !== null);
    if (c === undefined) break;
    line.push(c);
    v = c;
  }
  return line;
}

/** How the tree's nodes are told: whose turn, the value from the root's side, the path, a node's caption. */
function treeWords(r) {
  const tree = r.tree;
  const nodes = tree.nodes;
  const rootPlayer = r.position.player;
  const player = (k) => (nodes[k].rooted ? rootPlayer : 3 - rootPlayer);
  const forRoot = (k) => (nodes[k].rooted ? nodes[k].value : -nodes[k].value);
  const valueText = (v) => (Math.abs(v) >= tree.win ? (v > 0 ? t('win') : t('loss')) : count(v));
  // A node's value from the root's side, in words: how soon a proven game ends
  // (moves of both players, the core's `ends`), and a cut-off's bound marked as one.
  const nodeText = (k) => {
    const v = forRoot(k);
    const end = tree.ends?.[k];
    if (end !== null && end !== undefined) {
      return v > 0 ? t('win in {n}', { n: end }) : t('loss in {n}', { n: end });
    }
    // A cut-off stops at a value at least this good for the node's player: a bound.
    if (nodes[k].cutoff) return `${nodes[k].rooted ? '≥' : '≤'} ${valueText(v)}`;
    return valueText(v);
  };
  const windowText = (w) => `(${Math.abs(w[0]) >= tree.win ? (w[0] < 0 ? '−∞' : '+∞') : count(w[0])}, ${Math.abs(w[1]) >= tree.win ? (w[1] < 0 ? '−∞' : '+∞') : count(w[1])})`;
  const path = (k) => {
    const out = [];
    for (let v = k; v !== null && nodes[v].parent !== null; v = nodes[v].parent) out.unshift(tree.moves[v]);
    return out.length ? out.join(', ') : t('the root');
  };
  const describe = (k) => {
    const node = nodes[k];
    const lines = [k === 0 ? t('the position searched (the root)') : t('after {path}', { path: path(k) }), t('player {k} to move', { k: player(k) })];
    if (node.visit === null) lines.push(t('cut off: never searched'));
    else {
      lines.push(t('visit {k}, window {w}', { k: count(node.visit + 1), w: windowText(node.window) }));
      if (node.value !== null) lines.push(t('value for player {k}: {v}{h}', { k: rootPlayer, v: nodeText(k), h: node.heuristic ? t(' (heuristic)') : '' }));
      if (node.cutoff) lines.push(t('its remaining moves were cut off'));
    }
    return lines.join('\n');
  };
  return { player, forRoot, nodeText, describe };
}

/**
 * A game against the computer from the link's position: you play the side to
 * move; the computer searches at the chosen depth, heuristic and algorithm
 * (the page's one play controller, play.js).
 */
function searchPlay(body, info, r, ctx) {
  const holder = el('div', { id: 'play-board' });
  const log = el('p', { id: 'play-log' });
  log.setAttribute('aria-live', 'polite');
  const restart = el('button', { type: 'button', className: 'secondary', id: 'play-restart', textContent: t('New game') });
  const first = el('button', { type: 'button', className: 'secondary', id: 'play-computer-first', textContent: t('Let the computer move') });
  // The visitor's side: the side to move when they first play, the other when the computer starts.
  let you = null;
  const game = new PlayController(ctx, {
    board: holder,
    log,
    send: (now) => now.history.join(','),
    draw: (now, busy) => {
      drawPosition(holder, now, {
        onMove: (m) => {
          you ??= now.player;
          game.play(m, t('You played {move}.', { move: m }));
        },
        disabled: busy, cols: Number(info.fields.cols) || undefined,
      });
      first.disabled = busy || now.over;
      if (now.over) log.dataset.result = now.winner ? `player${now.winner}` : 'draw';
    },
    // The end in words: who won, for the visitor.
    ended: (now, said) => {
      const end = !now.winner ? t('The game is over: a draw.')
        : now.winner === you ? t('The game is over: you won!') : t('The game is over: I won, you lost.');
      log.textContent = `${said} ${end}`.trim();
    },
  });
  restart.addEventListener('click', () => { you = null; game.start(); });
  first.addEventListener('click', () => {
    you ??= game.now ? 3 - game.now.player : null;
    game.reply();
  });
  body.append(el('p', { className: 'muted', textContent: r.depth === null && r.exact
    ? t('From this position, you play the side to move; the computer answers with its search to the end of the game (it plays perfectly).')
    : r.depth === null
      ? t('From this position, you play the side to move; the computer searches to the end of the game within {n} nodes, and where that is not enough plays its best estimate (not perfect play).', { n: count(r.node_limit) })
    : t('From this position, you play the side to move; the computer answers with its search at depth {d}, heuristic “{h}”.', { d: r.depth, h: r.heuristic }) }),
  holder, log, el('div', { className: 'inline-form' }, [restart, first]));
  game.start();
}
