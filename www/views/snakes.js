// Snakes and Ladders view: the board editor and parameters, then P and E, the
// termination report, A, one player, the race, surprises, the rules and fractions.
import { core } from '../core.js';
import { el, fixed, dataTable, formField, selectOf, section, stat, explain, labelOf, controlFor, spec, saveDomSvg, exactStat, exactToggle } from '../dom.js';
import { t as tr, both, exponential, errorText } from '../i18n.js';
import { HeatMap } from '../heatmap.js';
import { BarChart } from '../chart.js';
import { BoardEditor, fitNumbers } from '../board.js';

// Built when drawn, in the page's language.
const PRESETS = () => ({
  audet: tr('The seed’s board (Figures 3–4): 100 squares, chute 48→26, a roll past 100 wins.'),
  'milton-bradley': tr('Milton Bradley’s Chutes and Ladders: chute 47→26, exact roll needed to finish.'),
  grid1: tr('The seed’s Example 1: 6 squares, a die showing 1, 2 or 3, ladder 1→5, snake 4→3.'),
  example2: tr('The seed’s Example 2: a two-state chain given by its matrix A.'),
});
const RULES = () => ({
  overshoot: tr('a roll past the goal wins'),
  exact: tr('a roll past the goal leaves the token where it is'),
  bounce: tr('the token goes back by the excess'),
});
const METHODS = () => ({
  distributions: tr('finish-time distributions of one player (fast, the default)'),
  series: tr('the matrix series of Theorems 3.1 and 4.1, with a bound on its truncation'),
  vectorised: tr('the n²×n² systems of Theorems 2.1 and 4.1 by sparse LU (n ≤ 200)'),
  exact: tr('the vectorised systems over fractions (n ≤ 20)'),
});
const RULE_NAMES = () => ({ overshoot: tr('overshoot wins'), exact: tr('exact roll'), bounce: tr('bounce back') });
const METHOD_NAMES = () => ({ distributions: tr('distributions'), series: tr('series'), vectorised: tr('vectorised'), exact: tr('exact') });
const AXES = () => ({ yLabel: tr('square of the player to move'), xLabel: tr('square of the opponent') });
/** Distributions are drawn up to this much of their mass (the CSV has them all). */
const SHOWN_MASS = 0.999;

let editor = null;
let editHandler = null;



/**
 * What the page is about to show, while the solver loads: painted with the form,
 * so that a phone reader has something to read at once (link.js, paintEarly).
 */
export function intro() {
  return tr('Two players race on the board, each rolling the die in turn. Ludolab computes exactly the probability that each player wins from every pair of squares (P) and the expected length of the game (E), by solving P + APᵀ = J and E − AEᵀ = J.');
}

/** Fills the parameters form; `onChange(changes)` proposes edits (null removes a key). */
export function renderForm(form, info, onChange) {
  editHandler = onChange;
  form.replaceChildren();
  // Before the family's bundle lands, a preset's board comes with the page
  // (pkg/families.js); a board of the link's own waits for the core.
  const board = core() ? core().snakesBoard(info.query) : info.board;
  const preset = info.fields.preset ?? 'custom';

  const presetSelect = formField(form, {
    key: 'preset', label: labelOf(info, 'preset'), control: selectOf([...info.choices.preset, 'custom'], preset, { custom: tr('custom') }),
    hint: PRESETS()[preset] ?? tr('A board of your own: edit it below, the link keeps it.'),
  });
  // "custom" starts a board of one's own from an empty one of the same size, die
  // and rule (editing a preset's board also makes it one's own; undo brings it back).
  presetSelect.addEventListener('change', () => onChange(presetSelect.value === 'custom' && board?.kind === 'board'
    ? { ...explicit(board), ladder: '', snake: '', preset: null, matrix: null }
    : { preset: presetSelect.value, squares: null, ladder: null, snake: null, die: null, rule: null, matrix: null }));

  const editorBox = el('div', { className: 'editor', id: 'board-editor' });
  form.append(editorBox);
  if (!board) {
    editorBox.append(el('div', { className: 'editor-pending', textContent: tr('Loading…') }));
    return;
  }
  if (board.kind === 'board') {
    boardTools(editorBox, board, info, onChange);
  } else {
    editor = null;
  }
  editorBox.append(el('div', { className: 'editor-errors' }));
  editorBox.lastChild.dataset.errorFor = 'ladder snake';

  if (board.kind === 'board') {
    boardFields(form, board, info, onChange);
  }
  const width = formField(form, {
    key: 'width', label: labelOf(info, 'width'), control: controlFor(info, 'width', board.width),
  });
  width.addEventListener('change', () => onChange({ width: width.value }));

  matrixFields(form, board, info, onChange);

  const method = formField(form, {
    key: 'method', label: labelOf(info, 'method'), control: selectOf(info.choices.method, info.fields.method ?? 'distributions', METHOD_NAMES()),
    hint: METHODS()[info.fields.method ?? 'distributions'],
  });
  method.addEventListener('change', () => onChange({ method: method.value }));
  playerFields(form, info, onChange);
  const exact = formField(form, {
    key: 'exact', label: labelOf(info, 'exact'), control: selectOf(['no', 'yes'], info.fields.exact ?? 'no', { yes: tr('yes'), no: tr('no') }),
    hint: tr('One player’s expected rolls as a fraction (any board), and p[0][0], e[0][0] up to 20 squares.'),
  });
  exact.addEventListener('change', () => onChange({ exact: exact.value }));
}

/** The board's editor: drag to add a jump, type one, draw a random board, clear, save. */
function boardTools(editorBox, board, info, onChange) {
  editorBox.append(el('p', {
    className: 'hint',
    textContent: tr('Drag from a square to another to add a ladder (up) or a snake (down); click one to remove it. Undo with Ctrl+Z.'),
  }));
  editor = new BoardEditor(editorBox, (jumps) => onChange({
    ladder: jumps.ladders.map(([a, b]) => `${a}:${b}`).join(','),
    snake: jumps.snakes.map(([a, b]) => `${a}:${b}`).join(','),
  }));
  editor.draw(board);
  const from = el('input', { type: 'number', min: 1, id: 'jump-from', placeholder: tr('from') });
  const to = el('input', { type: 'number', min: 0, id: 'jump-to', placeholder: tr('to') });
  const add = el('button', { type: 'button', id: 'jump-add', textContent: tr('Add jump') });
  from.setAttribute('aria-label', tr('Jump from square'));
  to.setAttribute('aria-label', tr('Jump to square'));
  add.addEventListener('click', () => {
    if (from.value !== '' && to.value !== '') editor.add(Number(from.value), Number(to.value));
  });
  const random = el('button', { type: 'button', id: 'random-board', className: 'secondary', textContent: tr('Random board') });
  random.title = tr('A new board of this size, about one ladder and one snake per ten squares');
  random.addEventListener('click', () => {
    const seed = Math.floor(Math.random() * 2 ** 32);
    let link;
    try {
      link = new URLSearchParams(core().randomBoardLink(info.query, board.squares, seed));
    } catch (err) {
      // Never silent: why no board was drawn, beside the editor.
      editorBox.querySelector('.editor-errors')?.replaceChildren(el('p', { className: 'error field-error', textContent:
        tr('No random board was drawn: {why}', { why: errorText(err) }) }));
      return;
    }
    const changes = { preset: null, matrix: null, ladder: '', snake: '', die: null, rule: null, method: link.get('method') };
    for (const key of ['squares', 'ladder', 'snake', 'die', 'rule']) if (link.has(key)) changes[key] = link.get(key);
    onChange(changes);
  });
  const clear = el('button', { type: 'button', id: 'board-clear', className: 'secondary', textContent: tr('Clear') });
  clear.title = tr('The same size, die and rule without a ladder or a snake (undo brings them back)');
  clear.addEventListener('click', () => onChange({ ...explicit(board), ladder: '', snake: '', preset: null, matrix: null }));
  const save = el('button', { type: 'button', id: 'board-svg', className: 'secondary save-svg', textContent: tr('Save SVG') });
  save.title = tr('The board as an SVG drawing, for a handout');
  save.addEventListener('click', () => saveDomSvg(editor.svg, 'board', both(info.title)));
  editorBox.append(el('div', { className: 'add-jump' }, [from, to, add, random, clear, save]));
}

/** The board's own keys: squares (with the jumps a smaller board would drop), die, rule. */
function boardFields(form, board, info, onChange) {
  const squares = formField(form, {
    key: 'squares', label: labelOf(info, 'squares'), control: controlFor(info, 'squares', board.squares),
  });
  const offer = el('div', { id: 'squares-offer' });
  squares.after(offer);
  let asked = squares.value;
  squares.addEventListener('change', () => {
    // A second change for the same value (a blur after Enter) keeps the offer on screen.
    if (squares.value === asked && offer.firstChild) return;
    asked = squares.value;
    offer.replaceChildren();
    if (onChange({ squares: squares.value })) return;
    // Refused: if jumps no longer fit the new size, say which and offer to drop them.
    const misfits = jumpsBeyond(info.query, board, squares.value);
    if (!misfits.length) return;
    const drop = el('button', { type: 'button', className: 'secondary', id: 'drop-jumps',
      textContent: tr('Drop {list} and use {n} squares', { list: misfits.map(([a, b]) => `${a}→${b}`).join(', '), n: squares.value }) });
    drop.addEventListener('click', () => {
      const keep = (list) => list.filter((j) => !misfits.includes(j)).map(([a, b]) => `${a}:${b}`).join(',');
      if (onChange({ squares: squares.value, ladder: keep(board.ladders), snake: keep(board.snakes), preset: null, matrix: null })) offer.replaceChildren();
    });
    offer.append(el('p', { className: 'hint', textContent: misfits.length === 1
      ? tr('One jump does not fit a board of {n} squares: {list}.', { n: squares.value, list: `${misfits[0][0]}→${misfits[0][1]}` })
      : tr('{k} jumps do not fit a board of {n} squares: {list}.', { k: misfits.length, n: squares.value, list: misfits.map(([a, b]) => `${a}→${b}`).join(', ') }) }), drop);
  });
  const die = formField(form, {
    key: 'die', label: labelOf(info, 'die'), control: el('input', { type: 'text', value: info.fields.die ?? board.die, spellcheck: false }),
    hint: tr('Equally likely faces (1,2,3,4,5,6) or weights (1:0.5,2:1/4,3:0.25).'),
  });
  die.addEventListener('change', () => onChange({ die: die.value }));
  const rule = formField(form, {
    key: 'rule', label: labelOf(info, 'rule'), control: selectOf(info.choices.rule, board.rule, RULE_NAMES()), hint: RULES()[board.rule],
  });
  rule.addEventListener('change', () => onChange({ rule: rule.value }));
}

/** A characteristic matrix typed instead of a board. */
function matrixFields(form, board, info, onChange) {
  const matrixBox = el('details', { className: 'matrix-input', open: board.kind === 'matrix' }, [
    el('summary', { textContent: tr('Type a characteristic matrix instead') }),
  ]);
  form.append(matrixBox);
  const matrix = el('textarea', { rows: 3, spellcheck: false, value: board.kind === 'matrix' ? board.matrix : '' });
  matrix.placeholder = '1/8,1/4;3/8,1/2';
  const matrixField = el('div', {});
  matrixBox.append(matrixField);
  formField(matrixField, {
    key: 'matrix', label: labelOf(info, 'matrix'), control: matrix,
    hint: tr('Any chance-only race is such a matrix: a_ij = probability to go from i to j; the rest of each row goes to the goal.'),
  });
  matrix.addEventListener('change', () => {
    if (matrix.value.trim()) onChange({ matrix: matrix.value, preset: null, squares: null, ladder: null, snake: null, die: null, rule: null });
  });
}

/** How many players, and the square each starts on. */
function playerFields(form, info, onChange) {
  const starts = (info.fields.starts ?? '').split(',').filter(Boolean);
  // A players count typed wrong in the link is kept in its field; the starts field then shows the link's squares.
  const typedPlayers = Number(info.fields.players ?? (starts.length || 2));
  const range = spec(info, 'players');
  const playerCount = Number.isInteger(typedPlayers) && typedPlayers >= range.min && typedPlayers <= range.max ? typedPlayers : Math.max(range.min, starts.length);
  const players = formField(form, {
    key: 'players', label: labelOf(info, 'players'), control: controlFor(info, 'players', playerCount),
  });
  const startsInput = formField(form, {
    key: 'starts', label: labelOf(info, 'starts'), control: el('input', { type: 'text', value: starts.length ? starts.join(',') : Array(playerCount).fill(0).join(',') }),
    hint: tr('One square per player, in the order they move.'),
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


/**
 * The board as a still figure at the top of the results: shown only when the
 * view is presented or printed (the editor, in the form, is then hidden), so
 * that the scenario comes first, above its headline. Empty for a typed matrix.
 */
function boardFigure(name) {
  if (!editor) return [];
  const copy = editor.svg.cloneNode(true);
  for (const ghost of copy.querySelectorAll('[data-interactive]')) ghost.remove();
  for (const node of [copy, ...copy.querySelectorAll('[tabindex], [role]')]) {
    node.removeAttribute('tabindex');
    node.removeAttribute('role');
  }
  // The arrowheads' ids once more in the document: renamed, and the arrows pointed at the copies.
  for (const marker of copy.querySelectorAll('[id]')) marker.id = `figure-${marker.id}`;
  for (const line of copy.querySelectorAll('[marker-end]')) line.setAttribute('marker-end', line.getAttribute('marker-end').replace('url(#', 'url(#figure-'));
  // Not an editor: its own class, so that nothing taking the editor's drawing finds two.
  copy.setAttribute('class', 'board-still');
  copy.setAttribute('role', 'img');
  copy.setAttribute('aria-label', tr('The board: {name}', { name: name === 'custom' ? tr('custom') : name }));
  // Its numbers fitted to its own size when shown (presented or printed), not the editor's.
  const board = editor.board;
  new ResizeObserver(() => fitNumbers(copy, board)).observe(copy);
  return [el('figure', { className: 'scenario-figure', id: 'board-figure' }, [copy])];
}

/** The board on screen as explicit link keys (size, jumps, die, rule): a board of one's own. */
function explicit(board) {
  const list = (jumps) => jumps.map(([a, b]) => `${a}:${b}`).join(',');
  return { squares: String(board.squares), ladder: list(board.ladders), snake: list(board.snakes), die: board.die, rule: board.rule };
}

/**
 * The jumps of `board` that a board of `squares` squares refuses: each asked of
 * the core alone on a board of that size (the core decides what fits).
 */
function jumpsBeyond(query, board, squares) {
  const params = new URLSearchParams(query);
  for (const key of ['preset', 'matrix', 'ladder', 'snake']) params.delete(key);
  params.set('squares', squares);
  if (core().parseLink(params.toString()).errors.length) return [];
  return [...board.ladders.map((j) => ['ladder', j]), ...board.snakes.map((j) => ['snake', j])].filter(([key, [a, b]]) => {
    params.set(key, `${a}:${b}`);
    const refused = core().parseLink(params.toString()).errors.length > 0;
    params.delete(key);
    return refused;
  }).map(([, j]) => j);
}

/** After an accepted edit: redraw the board, and the form when its shape changed. */
export function update(form, info) {
  const board = core().snakesBoard(info.query);
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

/** The headline's one-player number: expected rolls from 0, exact on demand. */
function onePlayerStat(r, x, name) {
  return r.one_player.expected_rolls === null
    ? stat('one-player', tr('never finishes surely'), tr('one player alone from 0 finishes with probability {p}', { p: fixed(r.one_player.finish_probability, 6) }))
    : x?.expected_rolls ? exactStat('one-player', tr('rolls'), x.expected_rolls, fixed(r.one_player.expected_rolls, 4), tr('expected rolls of one player alone from 0'), `snakes-${name}-rolls`)
      : stat('one-player', fixed(r.one_player.expected_rolls, 4), tr('expected rolls of one player alone from 0'));
}

/** Shows an analysis in `container`. */
export function renderResult(container, info, { result: r }, ctx) {
  const { n } = r;
  const p = r.p.data;
  const e = r.e.data;
  const name = info.fields.preset ?? 'custom';
  const t = r;
  const exactP = r.p_exact?.[0]?.[0];
  const exactE = r.e_exact?.[0]?.[0];
  // From square 0 a game may never end: then p[0][0] and e[0][0] are undefined, and the headline says why.
  const undefinedHere = tr('not defined: from square 0 a game may never end');
  const x = r.exact;
  // A race of other than two players leads with its own numbers (P and E, below, are two players').
  const race = r.players;
  const m = race.starts.length;
  const raced = m === 2 ? null : [
    stat('race-p1', fixed(race.win_probabilities[0], 4), tr('probability that player 1 wins, {m} players moving in turn from squares {starts}', { m, starts: race.starts.join(', ') })),
    stat('race-length', race.expected_length === null ? tr('infinite (the game may last forever)') : tr('{x} moves', { x: fixed(race.expected_length, 2) }),
      tr('expected length of the game of {m} players', { m })),
  ];
  const headline = el('div', { className: 'headline' }, raced ? [...raced, onePlayerStat(r, x, name)] : [
    r.p00 === null ? stat('p00', `p[0][0] ${tr('not defined')}`, undefinedHere)
      : x ? exactStat('p00', 'p[0][0]', x.p00, fixed(r.p00, 4), tr('probability that the first player wins, both tokens on square 0'), `snakes-${name}-p00`)
        : stat('p00', `p[0][0] = ${exactP ? `${exactP} ≈ ` : ''}${fixed(r.p00, 4)}`, tr('probability that the first player wins, both tokens on square 0')),
    r.e00 === null ? stat('e00', `e[0][0] ${tr('not defined')}`, undefinedHere)
      : x ? exactStat('e00', 'e[0][0]', x.e00, fixed(r.e00, 2), tr('expected number of moves (both players) until someone wins'), `snakes-${name}-e00`)
        : stat('e00', `e[0][0] = ${exactE ? `${exactE} ≈ ` : ''}${fixed(r.e00, 2)}`, tr('expected number of moves (both players) until someone wins')),
    onePlayerStat(r, x, name),
  ]);
  container.replaceChildren(...boardFigure(name), headline, exactToggle(info, ctx.edit));
  explain(container, {
    parts: [
      tr('The board gives the characteristic matrix A: a_ij is the probability that the player to move goes from square i to square j and the other player is then to move. With J the matrix of ones, the win probabilities P (rows: the square of the player to move) and the expected lengths E solve'),
      { math: '<math display="block"><mi>P</mi><mo>+</mo><mi>A</mi><msup><mi>P</mi><mi>T</mi></msup><mo>=</mo><mi>J</mi><mo>,</mo><mspace width="2em"></mspace><mi>E</mi><mo>−</mo><mi>A</mi><msup><mi>E</mi><mi>T</mi></msup><mo>=</mo><mi>J</mi></math>' },
      tr('The distributions method sums, roll by roll, the probability f_i(t) that a token from i finishes at roll t and the probability S_j(t) that one from j has not finished:'),
      { math: '<math display="block"><msub><mi>p</mi><mrow><mi>i</mi><mi>j</mi></mrow></msub><mo>=</mo><munder><mo>∑</mo><mi>t</mi></munder><msub><mi>f</mi><mi>i</mi></msub><mo>(</mo><mi>t</mi><mo>)</mo><msub><mi>S</mi><mi>j</mi></msub><mo>(</mo><mi>t</mi><mo>−</mo><mn>1</mn><mo>)</mo></math>' },
      tr('The series and vectorised methods solve the same equations differently, and the exact method in fractions; the tests make all four agree. Squares from which a game may never end are reported, not guessed.'),
    ],
    source: tr('Daniel Audet, « Probabilités et espérances dans le jeu de serpents et échelles à deux joueurs », Collège de Bois-de-Boulogne (seed 000).'),
  });

  const status = section(container, tr('How games end'), 'termination');
  const lines = [];
  if (t.terminates) {
    lines.push(tr('Every game ends with probability 1: the goal can be reached from every square (A^k → 0).'));
  } else {
    lines.push(tr('Trapped squares, from which the goal cannot be reached: {list}.', { list: t.trapped.join(', ') }));
    if (t.unsure.length) lines.push(tr('Squares from which a game may last forever: {list}.', { list: t.unsure.join(', ') }));
    lines.push(t.ends_from_start
      ? tr('Games started from square 0 still end with probability 1.')
      : tr('From square 0, one player never finishes with probability {one}, and a two-player game lasts forever with probability {two}.',
        { one: fixed(t.start_never_finishes, 6), two: fixed(t.start_game_never_ends, 6) }));
    if (t.undefined) lines.push(both(t.undefined));
  }
  const bounds = { method: r.method, terms: r.terms, p: exponential(r.error_bound, 1), e: exponential(r.error_bound_e, 1) };
  const method = r.terms > 0
    ? (r.method === 'series'
      ? tr('Method: {method}; {terms} terms summed, error at most {p} on P and {e} on E.', bounds)
      : tr('Method: {method}; {terms} rolls summed, error at most {p} on P and {e} on E.', bounds))
    : tr('Method: {method} (direct solution).', { method: r.method });
  lines.push(method);
  status.append(...lines.map((text) => el('p', { textContent: text })));
  if (!t.terminates) status.classList.add('warning');

  const plots = el('div', { className: 'plots' });
  section(container, tr('P and E'), 'pe').append(plots);
  // Both figures exist before either is drawn, so each is drawn at its final width.
  const pMap = new HeatMap(plots, { id: 'heatmap-p', title: tr('P — probability that the player to move wins'), symbol: 'p',
    fileName: `snakes-${name}-P`, min: 0, max: 1, decimals: 2, ...AXES() });
  const eMap = new HeatMap(plots, { id: 'heatmap-e', title: tr('E — expected number of moves until the game ends'), symbol: 'e',
    fileName: `snakes-${name}-E`, decimals: 1, ...AXES() });
  pMap.draw(p, n, n);
  eMap.draw(e, n, n);

  renderRace(section(container, tr('The race'), 'race'), r, name);
  renderOnePlayer(section(container, tr('One player alone'), 'one'), r, name);

  const surprises = section(container, tr('Surprises'), 'surprises');
  surprises.append(el('p', { className: 'muted', textContent:
    tr('p[i][j] usually grows with the mover’s square i and falls with the opponent’s square j. Here it goes the other way by more than {d} (largest change per row and column).', { d: fixed(0.05, 2) }) }));
  if (r.surprises.length) {
    surprises.append(dataTable({
      id: 'surprise-table', caption: tr('P against intuition'), fileName: `snakes-${name}-surprises`,
      headers: [tr('further square'), tr('p before'), tr('p after'), tr('change')],
      rows: r.surprises.slice(0, 30).map((s) => s.kind === 'mover'
        ? [tr('mover {from} → {to} (opponent on {fixed})', s), `p[${s.from}][${s.fixed}] = ${fixed(s.before, 3)}`, `p[${s.to}][${s.fixed}] = ${fixed(s.after, 3)}`, fixed(s.after - s.before, 3)]
        : [tr('opponent {from} → {to} (mover on {fixed})', s), `p[${s.fixed}][${s.from}] = ${fixed(s.before, 3)}`, `p[${s.fixed}][${s.to}] = ${fixed(s.after, 3)}`, `+${fixed(s.after - s.before, 3)}`]),
    }));
  } else {
    surprises.append(el('p', { textContent: tr('None on this board.') }));
  }

  if (r.rules.length) {
    section(container, tr('Finish rules compared'), 'rules').append(dataTable({
      id: 'rules-table', caption: tr('The same board under each finish rule'), fileName: `snakes-${name}-rules`,
      headers: [tr('rule'), 'p[0][0]', 'e[0][0]', tr('one player: expected rolls'), tr('median')],
      // A rule whose games last too long to compute says so, rather than "infinite".
      rows: r.rules.map((row) => (row.note ? [row.rule, both(row.note), '—', '—', '—'] : [row.rule, Number.isFinite(row.p00) ? fixed(row.p00, 6) : tr('not defined'), row.e00 === null ? tr('infinite') : fixed(row.e00, 4),
        row.expected_rolls === null ? tr('infinite') : fixed(row.expected_rolls, 4), row.median ?? '—'])),
    }));
  }

  const aSection = section(container, tr('The characteristic matrix A'), 'matrix-a');
  if (r.a_text) {
    aSection.append(dataTable({
      id: 'a-table', caption: tr('a_ij: probability to go from square i to square j in one roll'), fileName: `snakes-${name}-A`,
      headers: ['i \\ j', ...r.a_text.map((_, j) => String(j))],
      rows: r.a_text.map((row, i) => [String(i), ...row]),
    }));
  } else if (r.a) {
    new HeatMap(aSection, { id: 'heatmap-a', title: tr('A — probability to go from i to j in one roll'), symbol: 'a',
      fileName: `snakes-${name}-A`, min: 0, max: 1, decimals: 2, yLabel: tr('square i'), xLabel: tr('square j') }).draw(r.a.data, n, n);
  } else {
    aSection.append(el('p', { className: 'muted', textContent: tr('A has {n}×{n} entries: too large to show (up to 200 squares).', { n }) }));
  }

  if (r.p_exact) {
    const fractions = section(container, tr('Exact fractions'), 'fractions');
    for (const [sym, m] of [['p', r.p_exact], ['e', r.e_exact]]) {
      fractions.append(dataTable({
        id: `${sym}-exact-table`, caption: tr('{m} as fractions (rows: the player to move)', { m: sym.toUpperCase() }), fileName: `snakes-${name}-${sym.toUpperCase()}-exact`,
        headers: ['i \\ j', ...m.map((_, j) => String(j))],
        rows: m.map((row, i) => [String(i), ...row.map((v) => v ?? tr('not defined'))]),
      }));
    }
  }
}

function renderRace(parent, r, name) {
  const race = r.players;
  const m = race.starts.length;
  parent.append(dataTable({
    id: 'race-table', caption: tr('{m} players moving in turn', { m }), fileName: `snakes-${name}-race`,
    headers: [tr('player'), tr('start square'), tr('win probability')],
    rows: race.win_probabilities.map((w, k) => [tr('player {k}', { k: k + 1 }), race.starts[k], fixed(w, 6)]),
  }));
  parent.append(el('p', { id: 'race-summary', textContent:
    tr('Expected length: {length}', { length: race.expected_length === null ? tr('infinite (the game may last forever)') : tr('{x} moves', { x: fixed(race.expected_length, 4) }) }) +
    (race.never_ends > 0 ? tr('; nobody ever finishes with probability {p}.', { p: fixed(race.never_ends, 6) }) : '.') }));
  const lengths = Float64Array.from(race.length_distribution);
  const shown = shownLength(lengths);
  const names = Array.from({ length: m }, (_, k) => tr('player {k} wins', { k: k + 1 }));
  new BarChart(parent, {
    id: 'chart-length', title: tr('Length of the game and its winner, by move'), xLabel: tr('move'), yLabel: tr('probability'),
    names, fileName: `snakes-${name}-length`, empty: tr('No game started from these squares ever ends: there is no length to draw.'),
    describe: (k) => tr('move {k}: {p} (player {w} wins)', { k: k + 1, p: fixed(lengths[k], 5), w: (k % m) + 1 }),
  }).draw(lengths.subarray(0, shown), Uint8Array.from({ length: shown }, (_, k) => k % m), 1);
}

function renderOnePlayer(parent, r, name) {
  const o = r.one_player;
  parent.append(el('p', { id: 'one-player-summary', textContent:
    tr('From square 0: expected rolls {rolls}, median {median}, minimum {min}', {
      rolls: o.expected_rolls === null ? tr('infinite') : fixed(o.expected_rolls, 4), median: o.median ?? '—', min: o.min ?? '—',
    }) +
    (o.finish_probability < 1 ? tr('; finishes with probability {p}.', { p: fixed(o.finish_probability, 6) }) : '.') }));
  const f = Float64Array.from(o.distribution);
  const shown = shownLength(f);
  new BarChart(parent, {
    id: 'chart-one-player', title: tr('Finish-time distribution of one player'), xLabel: tr('roll'), yLabel: tr('probability of finishing'),
    names: [], fileName: `snakes-${name}-finish-times`, empty: tr('A token from square 0 never reaches the goal: there is no finish time to draw.'),
    describe: (k) => tr('roll {k}: {p}', { k: k + 1, p: fixed(f[k], 5) }),
  }).draw(f.subarray(0, shown), new Uint8Array(shown), 1);
}
