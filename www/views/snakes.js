// Snakes and Ladders view: the board editor and parameters, then P and E, the
// termination report, A, one player, the race, surprises, the rules and fractions.
import { snakesBoard, randomBoardLink } from '../pkg/ludolab.js';
import { el, fixed, dataTable, formField, selectOf, section, stat, explain } from '../dom.js';
import { HeatMap } from '../heatmap.js';
import { BarChart } from '../chart.js';
import { BoardEditor } from '../board.js';

const PRESETS = {
  audet: 'The seed’s board (Figures 3–4): 100 squares, chute 48→26, a roll past 100 wins.',
  'milton-bradley': 'Milton Bradley’s Chutes and Ladders: chute 47→26, exact roll needed to finish.',
  grid1: 'The seed’s Example 1: 6 squares, a die showing 1, 2 or 3, ladder 1→5, snake 4→3.',
  example2: 'The seed’s Example 2: a two-state chain given by its matrix A.',
};
const RULES = {
  overshoot: 'a roll past the goal wins',
  exact: 'a roll past the goal leaves the token where it is',
  bounce: 'the token goes back by the excess',
};
const METHODS = {
  distributions: 'finish-time distributions of one player (fast, the default)',
  series: 'the matrix series of Theorems 3.1 and 4.1, with a bound on its truncation',
  vectorised: 'the n²×n² systems of Theorems 2.1 and 4.1 by sparse LU (n ≤ 200)',
  exact: 'the vectorised systems over fractions (n ≤ 12)',
};
const AXES = { yLabel: 'square of the player to move', xLabel: 'square of the opponent' };
/** Distributions are drawn up to this much of their mass (the CSV has them all). */
const SHOWN_MASS = 0.999;

let editor = null;
let editHandler = null;



/** Fills the parameters form; `onChange(changes)` proposes edits (null removes a key). */
export function renderForm(form, info, onChange) {
  editHandler = onChange;
  form.replaceChildren();
  const board = snakesBoard(info.query);
  const preset = info.fields.preset ?? 'custom';

  const presetSelect = formField(form, {
    key: 'preset', label: 'Board', control: selectOf([...info.choices.preset, 'custom'], preset),
    hint: PRESETS[preset] ?? 'A board of your own: edit it below, the link keeps it.',
  });
  presetSelect.querySelector('option[value="custom"]').disabled = true;
  presetSelect.addEventListener('change', () => onChange({
    preset: presetSelect.value, squares: null, ladder: null, snake: null, die: null, rule: null, matrix: null,
  }));

  const editorBox = el('div', { className: 'editor', id: 'board-editor' });
  form.append(editorBox);
  if (board.kind === 'board') {
    editorBox.append(el('p', {
      className: 'hint',
      textContent: 'Drag from a square to another to add a ladder (up) or a snake (down); click one to remove it. Undo with Ctrl+Z.',
    }));
    editor = new BoardEditor(editorBox, (jumps) => onChange({
      ladder: jumps.ladders.map(([a, b]) => `${a}:${b}`).join(','),
      snake: jumps.snakes.map(([a, b]) => `${a}:${b}`).join(','),
    }));
    editor.draw(board);
    const from = el('input', { type: 'number', min: 1, id: 'jump-from', placeholder: 'from' });
    const to = el('input', { type: 'number', min: 0, id: 'jump-to', placeholder: 'to' });
    const add = el('button', { type: 'button', id: 'jump-add', textContent: 'Add jump' });
    from.setAttribute('aria-label', 'Jump from square');
    to.setAttribute('aria-label', 'Jump to square');
    add.addEventListener('click', () => {
      if (from.value !== '' && to.value !== '') editor.add(Number(from.value), Number(to.value));
    });
    const random = el('button', { type: 'button', id: 'random-board', className: 'secondary', textContent: 'Random board' });
    random.title = 'A new board of this size, about one ladder and one snake per ten squares';
    random.addEventListener('click', () => {
      const seed = Math.floor(Math.random() * 2 ** 32);
      const link = new URLSearchParams(randomBoardLink(info.query, board.squares, seed));
      const changes = { preset: null, matrix: null, ladder: '', snake: '', die: null, rule: null, method: link.get('method') };
      for (const key of ['squares', 'ladder', 'snake', 'die', 'rule']) if (link.has(key)) changes[key] = link.get(key);
      onChange(changes);
    });
    editorBox.append(el('div', { className: 'add-jump' }, [from, to, add, random]));
  } else {
    editor = null;
  }
  editorBox.append(el('div', { className: 'editor-errors' }));
  editorBox.lastChild.dataset.errorFor = 'ladder snake';

  if (board.kind === 'board') {
    const squares = formField(form, {
      key: 'squares', label: 'Squares n (the goal)', control: el('input', { type: 'number', min: 2, max: 2500, value: board.squares }),
    });
    squares.addEventListener('change', () => onChange({ squares: squares.value }));
    const die = formField(form, {
      key: 'die', label: 'Die', control: el('input', { type: 'text', value: board.die, spellcheck: false }),
      hint: 'Equally likely faces (1,2,3,4,5,6) or weights (1:0.5,2:1/4,3:0.25).',
    });
    die.addEventListener('change', () => onChange({ die: die.value }));
    const rule = formField(form, {
      key: 'rule', label: 'Finish rule', control: selectOf(info.choices.rule, board.rule), hint: RULES[board.rule],
    });
    rule.addEventListener('change', () => onChange({ rule: rule.value }));
  }
  const width = formField(form, {
    key: 'width', label: 'Columns of the drawn board', control: el('input', { type: 'number', min: 1, max: 100, value: board.width }),
  });
  width.addEventListener('change', () => onChange({ width: width.value }));

  const matrixBox = el('details', { className: 'matrix-input', open: board.kind === 'matrix' }, [
    el('summary', { textContent: 'Type a characteristic matrix instead' }),
  ]);
  form.append(matrixBox);
  const matrix = el('textarea', { rows: 3, spellcheck: false, value: board.kind === 'matrix' ? board.matrix : '' });
  matrix.placeholder = '1/8,1/4;3/8,1/2';
  const matrixField = el('div', {});
  matrixBox.append(matrixField);
  formField(matrixField, {
    key: 'matrix', label: 'Matrix A (rows separated by ;)', control: matrix,
    hint: 'Any chance-only race is such a matrix: a_ij = probability to go from i to j; the rest of each row goes to the goal.',
  });
  matrix.addEventListener('change', () => {
    if (matrix.value.trim()) onChange({ matrix: matrix.value, preset: null, squares: null, ladder: null, snake: null, die: null, rule: null });
  });

  const method = formField(form, {
    key: 'method', label: 'Method', control: selectOf(info.choices.method, info.fields.method ?? 'distributions'),
    hint: METHODS[info.fields.method ?? 'distributions'],
  });
  method.addEventListener('change', () => onChange({ method: method.value }));
  const starts = (info.fields.starts ?? '').split(',').filter(Boolean);
  const playerCount = Number(info.fields.players ?? (starts.length || 2));
  const players = formField(form, {
    key: 'players', label: 'Players (race)', control: el('input', { type: 'number', min: 2, max: 6, value: playerCount }),
  });
  const startsInput = formField(form, {
    key: 'starts', label: 'Start squares', control: el('input', { type: 'text', value: starts.length ? starts.join(',') : Array(playerCount).fill(0).join(',') }),
    hint: 'One square per player, in the order they move.',
  });
  players.addEventListener('change', () => {
    const m = Number(players.value);
    const list = startsInput.value.split(',').map((s) => s.trim()).filter(Boolean);
    const fitted = Array.from({ length: m }, (_, k) => list[k] ?? '0');
    startsInput.value = fitted.join(',');
    onChange({ players: players.value, starts: fitted.join(',') });
  });
  startsInput.addEventListener('change', () => {
    const list = startsInput.value.split(',').map((s) => s.trim()).filter(Boolean);
    onChange({ starts: startsInput.value, players: String(list.length) });
  });
}

/** After an accepted edit: redraw the board, and the form when its shape changed. */
export function update(form, info) {
  const board = snakesBoard(info.query);
  const kind = editor ? 'board' : 'matrix';
  const preset = form.elements.namedItem('preset');
  if (board.kind !== kind || (preset && preset.value !== (info.fields.preset ?? 'custom'))) {
    renderForm(form, info, editHandler);
    return;
  }
  if (editor) editor.draw(board);
  for (const [key, value] of Object.entries({ squares: board.squares, die: board.die, rule: board.rule, width: board.width })) {
    const input = form.elements.namedItem(key);
    if (input && document.activeElement !== input && value !== undefined) input.value = String(value);
  }
}



/** The first `k` bars holding SHOWN_MASS of a distribution (at least 1). */
function shownLength(values) {
  const total = values.reduce((a, b) => a + b, 0);
  let sum = 0;
  for (let k = 0; k < values.length; k++) {
    sum += values[k];
    if (sum >= SHOWN_MASS * total) return k + 1;
  }
  return values.length;
}

/** Shows an analysis in `container`. */
export function renderResult(container, info, { result: r }) {
  const { n, p, e } = r;
  const name = info.fields.preset ?? 'custom';
  const t = r.termination;
  const exactP = r.p_exact?.[0]?.[0];
  const exactE = r.e_exact?.[0]?.[0];
  const headline = el('div', { className: 'headline' }, [
    stat('p00', `p[0][0] = ${exactP ? `${exactP} ≈ ` : ''}${fixed(p[0], 4)}`, 'probability that the first player wins, both tokens on square 0'),
    stat('e00', `e[0][0] = ${exactE ? `${exactE} ≈ ` : ''}${fixed(e[0], 2)}`, 'expected number of moves (both players) until someone wins'),
    stat('one-player', fixed(r.one_player.expected_rolls ?? NaN, 4), 'expected rolls of one player alone from 0'),
  ]);
  container.replaceChildren(headline);
  explain(container, {
    parts: [
      'The board gives the characteristic matrix A: a_ij is the probability that the player to move goes from square i to square j and the other player is then to move. With J the matrix of ones, the win probabilities P (rows: the square of the player to move) and the expected lengths E solve',
      { math: '<math display="block"><mi>P</mi><mo>+</mo><mi>A</mi><msup><mi>P</mi><mi>T</mi></msup><mo>=</mo><mi>J</mi><mo>,</mo><mspace width="2em"></mspace><mi>E</mi><mo>−</mo><mi>A</mi><msup><mi>E</mi><mi>T</mi></msup><mo>=</mo><mi>J</mi></math>' },
      'The distributions method sums, roll by roll, the probability f_i(t) that a token from i finishes at roll t and the probability S_j(t) that one from j has not finished:',
      { math: '<math display="block"><msub><mi>p</mi><mrow><mi>i</mi><mi>j</mi></mrow></msub><mo>=</mo><munder><mo>∑</mo><mi>t</mi></munder><msub><mi>f</mi><mi>i</mi></msub><mo>(</mo><mi>t</mi><mo>)</mo><msub><mi>S</mi><mi>j</mi></msub><mo>(</mo><mi>t</mi><mo>−</mo><mn>1</mn><mo>)</mo></math>' },
      'The series and vectorised methods solve the same equations differently, and the exact method in fractions; the tests make all four agree. Squares from which a game may never end are reported, not guessed.',
    ],
    source: 'Daniel Audet, « Probabilités et espérances dans le jeu de serpents et échelles à deux joueurs », Collège de Bois-de-Boulogne (seed 000).',
  });

  const status = section(container, 'How games end', 'termination');
  const lines = [];
  if (t.terminates) {
    lines.push('Every game ends with probability 1: the goal can be reached from every square (A^k → 0).');
  } else {
    lines.push(`Trapped squares, from which the goal cannot be reached: ${t.trapped.join(', ')}.`);
    if (t.unsure.length) lines.push(`Squares from which a game may last forever: ${t.unsure.join(', ')}.`);
    lines.push(t.ends_from_start
      ? 'Games started from square 0 still end with probability 1.'
      : `From square 0, one player never finishes with probability ${fixed(t.start_never_finishes, 6)}, and a two-player game lasts forever with probability ${fixed(t.start_game_never_ends, 6)}.`);
    if (t.undefined) lines.push(t.undefined);
  }
  const method = r.terms > 0
    ? `Method: ${r.method}; ${r.terms} ${r.method === 'series' ? 'terms' : 'rolls'} summed, error at most ${r.error_bound.toExponential(1)} on P and ${r.error_bound_e.toExponential(1)} on E.`
    : `Method: ${r.method} (direct solution).`;
  lines.push(method);
  status.append(...lines.map((text) => el('p', { textContent: text })));
  if (!t.terminates) status.classList.add('warning');

  const plots = el('div', { className: 'plots' });
  section(container, 'P and E', 'pe').append(plots);
  // Both figures exist before either is drawn, so each is drawn at its final width.
  const pMap = new HeatMap(plots, { id: 'heatmap-p', title: 'P — probability that the player to move wins', symbol: 'p',
    fileName: `snakes-${name}-P`, min: 0, max: 1, decimals: 2, ...AXES });
  const eMap = new HeatMap(plots, { id: 'heatmap-e', title: 'E — expected number of moves until the game ends', symbol: 'e',
    fileName: `snakes-${name}-E`, decimals: 1, ...AXES });
  pMap.draw(p, n, n);
  eMap.draw(e, n, n);

  renderRace(section(container, 'The race', 'race'), r, name);
  renderOnePlayer(section(container, 'One player alone', 'one'), r, name);

  const surprises = section(container, 'Surprises', 'surprises');
  surprises.append(el('p', { className: 'muted', textContent:
    'p[i][j] usually grows with the mover’s square i and falls with the opponent’s square j. Here it goes the other way by more than 0.05 (largest change per row and column).' }));
  if (r.surprises.length) {
    surprises.append(dataTable({
      id: 'surprise-table', caption: 'P against intuition', fileName: `snakes-${name}-surprises`,
      headers: ['further square', 'p before', 'p after', 'change'],
      rows: r.surprises.slice(0, 30).map((s) => s.kind === 'mover'
        ? [`mover ${s.from} → ${s.to} (opponent on ${s.fixed})`, `p[${s.from}][${s.fixed}] = ${fixed(s.before, 3)}`, `p[${s.to}][${s.fixed}] = ${fixed(s.after, 3)}`, fixed(s.after - s.before, 3)]
        : [`opponent ${s.from} → ${s.to} (mover on ${s.fixed})`, `p[${s.fixed}][${s.from}] = ${fixed(s.before, 3)}`, `p[${s.fixed}][${s.to}] = ${fixed(s.after, 3)}`, `+${fixed(s.after - s.before, 3)}`]),
    }));
  } else {
    surprises.append(el('p', { textContent: 'None on this board.' }));
  }

  if (r.rules.length) {
    section(container, 'Finish rules compared', 'rules').append(dataTable({
      id: 'rules-table', caption: 'The same board under each finish rule', fileName: `snakes-${name}-rules`,
      headers: ['rule', 'p[0][0]', 'e[0][0]', 'one player: expected rolls', 'median'],
      rows: r.rules.map((row) => [row.rule, fixed(row.p00, 6), row.e00 === null ? 'infinite' : fixed(row.e00, 4),
        row.one_player.expected_rolls === null ? 'infinite' : fixed(row.one_player.expected_rolls, 4), row.one_player.median ?? '—']),
    }));
  }

  const aSection = section(container, 'The characteristic matrix A', 'matrix-a');
  if (r.aText) {
    aSection.append(dataTable({
      id: 'a-table', caption: 'a_ij: probability to go from square i to square j in one roll', fileName: `snakes-${name}-A`,
      headers: ['i \\ j', ...r.aText.map((_, j) => String(j))],
      rows: r.aText.map((row, i) => [String(i), ...row]),
    }));
  } else if (r.a) {
    new HeatMap(aSection, { id: 'heatmap-a', title: 'A — probability to go from i to j in one roll', symbol: 'a',
      fileName: `snakes-${name}-A`, min: 0, max: 1, decimals: 2, yLabel: 'square i', xLabel: 'square j' }).draw(r.a, n, n);
  } else {
    aSection.append(el('p', { className: 'muted', textContent: `A has ${n}×${n} entries: too large to show (up to 200 squares).` }));
  }

  if (r.p_exact) {
    const fractions = section(container, 'Exact fractions', 'fractions');
    for (const [sym, m] of [['p', r.p_exact], ['e', r.e_exact]]) {
      fractions.append(dataTable({
        id: `${sym}-exact-table`, caption: `${sym.toUpperCase()} as fractions (rows: the player to move)`, fileName: `snakes-${name}-${sym.toUpperCase()}-exact`,
        headers: ['i \\ j', ...m.map((_, j) => String(j))],
        rows: m.map((row, i) => [String(i), ...row.map((v) => v ?? 'undefined')]),
      }));
    }
  }
}

function renderRace(parent, r, name) {
  const race = r.race;
  const m = race.starts.length;
  parent.append(dataTable({
    id: 'race-table', caption: `${m} players moving in turn`, fileName: `snakes-${name}-race`,
    headers: ['player', 'start square', 'win probability'],
    rows: race.win_probabilities.map((w, k) => [`player ${k + 1}`, race.starts[k], fixed(w, 6)]),
  }));
  parent.append(el('p', { id: 'race-summary', textContent:
    `Expected length: ${race.expected_length === null ? 'infinite (the game may last forever)' : `${fixed(race.expected_length, 4)} moves`}` +
    (race.never_ends > 0 ? `; nobody ever finishes with probability ${fixed(race.never_ends, 6)}.` : '.') }));
  const lengths = Float64Array.from(race.length_distribution);
  const shown = shownLength(lengths);
  const names = Array.from({ length: m }, (_, k) => `player ${k + 1} wins`);
  new BarChart(parent, {
    id: 'chart-length', title: 'Length of the game and its winner, by move', xLabel: 'move', yLabel: 'probability',
    names, fileName: `snakes-${name}-length`,
    describe: (k) => `move ${k + 1}: ${fixed(lengths[k], 5)} (player ${(k % m) + 1} wins)`,
  }).draw(lengths.subarray(0, shown), Uint8Array.from({ length: shown }, (_, k) => k % m), 1);
}

function renderOnePlayer(parent, r, name) {
  const o = r.one_player;
  parent.append(el('p', { id: 'one-player-summary', textContent:
    `From square 0: expected rolls ${o.expected_rolls === null ? 'infinite' : fixed(o.expected_rolls, 4)}, ` +
    `median ${o.median ?? '—'}, minimum ${o.min ?? '—'}` +
    (o.finish_probability < 1 ? `; finishes with probability ${fixed(o.finish_probability, 6)}.` : '.') }));
  const f = Float64Array.from(o.distribution);
  const shown = shownLength(f);
  new BarChart(parent, {
    id: 'chart-one-player', title: 'Finish-time distribution of one player', xLabel: 'roll', yLabel: 'probability of finishing',
    names: [], fileName: `snakes-${name}-finish-times`,
    describe: (k) => `roll ${k + 1}: ${fixed(f[k], 5)}`,
  }).draw(f.subarray(0, shown), new Uint8Array(shown), 1);
}
