// Impartial games view: Nim (the seed's binary sum, winning moves, play), octal
// and subtraction games (values laid out by period, exceptions, the proof),
// games on a drawn graph, sums, misère play and two-player peg solitaire.
import { el, dataTable, fieldMaker, formKeys, choiceLabels, choiceHints, selectOf, section, stat, downloadBlob, csvLine, scrollBox, explain, spec, latexButton, shownTable, downloadSvg } from '../dom.js';
import { GraphEditor } from '../graph-editor.js';
import { tableSection } from './octal-table.js';
import { t, both, count } from '../i18n.js';
import { PlayController } from '../play.js';

// Codes to try, and the special games the code field takes by name (grundy: not an octal code).
const CODES = () => [['0.77', 'Kayles'], ['0.137', t('Dawson’s chess (paths)')], ['0.07', t('Dawson’s Kayles')], ['0.16', ''], ['4.07', ''], ['grundy', t('Grundy’s game (special: split a heap into two unequal heaps)')]];

/** What the page is about to show, while the solver loads (link.js, paintEarly). */
export function intro(info) {
  return `${t('Two players move in turn in the same game, and whoever cannot move loses. Each position has a Sprague–Grundy value, 0 exactly when the player to move loses; Ludolab computes the values, their periods and the winning moves.')} ${choiceHints(info, 'mode')[info.fields.mode] ?? ''}`;
}

// What the form says beside a key (by mode where it differs), and the keys
// whose control is a menu with names. Which keys a mode shows is the core's
// (each mode's `uses`, dom.js formKeys): a new mode needs no line here.
const HINTS = (info, f) => ({
  heaps: {
    nim: t('Sizes separated by commas, e.g. 8,8,7,7,7,6,4,4,4,2,1 (the seed’s example).'),
    misere: f.of === 'octal' ? t('Up to 40 tokens by exhaustive search; more (heaps up to 300) by the misère quotient.') : t('Sizes separated by commas, up to 40 heaps.'),
  }[f.mode],
  code: CODES().map(([c, n]) => (n ? `${c} ${n}` : c)).join(' · '),
  set: t('The numbers a move may take, e.g. 1,2,3.'),
  up_to: f.mode === 'table' ? t('Heaps computed for each code; a row not proven there can be extended on its own.')
    : t('Up to {most}; a proven period fills the rest at once.', { most: count(spec(info, 'up_to').max) }),
  sum: t('Components separated by ;  7 (Nim) · 0.77 10 (octal heap) · graph 0-1,1-2 · path:6, cycle:5, star:4, grid:2x3, complete:4, petersen'),
  other: t('A second position: are the two equivalent?'),
  heap_limit: t('The quotient of heaps 0 to N, built heap by heap (at most {most}); try sums below.', { most: spec(info, 'heap_limit').max }),
  line: t('1 a peg, 0 an empty hole, up to 20 holes: 1101101.'),
  digits: t('Codes 0.d₁…d_D and 4.d₁…d_D with up to D digits after the point.'),
});

const MENUS = (info, f) => ({
  rule: () => selectOf(info.choices.rule, f.rule ?? 'node-kayles', { 'node-kayles': 'node-Kayles', colouring: t('colouring') }),
  of: () => selectOf(info.choices.of, f.of, { nim: t('Nim heaps'), octal: t('octal heaps'), graph: t('a graph') }),
});

export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const field = fieldMaker(form, onChange, info);
  // Each mode's name and word come from the core's list of modes (each mode's file).
  field('mode', selectOf(info.choices.mode, f.mode, choiceLabels(info, 'mode')), choiceHints(info, 'mode')[f.mode]);
  const hints = HINTS(info, f);
  const menus = MENUS(info, f);
  for (const key of formKeys(info, 'mode', f.mode)) {
    const control = field(key, menus[key]?.(), hints[key]);
    if (key === 'code') {
      control.setAttribute('list', 'octal-codes');
      form.append(el('datalist', { id: 'octal-codes' }, CODES().map(([c, n]) => el('option', { value: c, label: n }))));
    }
  }
}

export function renderResult(container, info, { result: r }, ctx) {
  container.replaceChildren();
  explain(container, {
    parts: [
      t('In an impartial game the value of a position is the smallest number not among the values of its options, and the value of a sum is the XOR of the values of its parts:'),
      { math: '<math display="block"><mi>G</mi><mo>(</mo><mi>J</mi><mo>)</mo><mo>=</mo><mi>mex</mi><mo>{</mo><mi>G</mi><mo>(</mo><msub><mi>J</mi><mn>1</mn></msub><mo>)</mo><mo>,</mo><mo>…</mo><mo>,</mo><mi>G</mi><mo>(</mo><msub><mi>J</mi><mi>k</mi></msub><mo>)</mo><mo>}</mo><mo>,</mo><mspace width="2em"></mspace><mi>G</mi><mo>(</mo><msub><mi>J</mi><mn>1</mn></msub><mo>+</mo><msub><mi>J</mi><mn>2</mn></msub><mo>)</mo><mo>=</mo><mi>G</mi><mo>(</mo><msub><mi>J</mi><mn>1</mn></msub><mo>)</mo><mo>⊕</mo><mi>G</mi><mo>(</mo><msub><mi>J</mi><mn>2</mn></msub><mo>)</mo></math>' },
      t('The player to move loses exactly when the value is 0. Octal games are computed by the sparse-space method; a period is proven by the Guy–Smith theorem: if G(n + p) = G(n) for all n₀ ≤ n < 2n₀ + p + t (t the most tokens a move removes), it holds forever. Misère play has no such theory: it is searched exhaustively.'),
    ],
    source: t('Éric Sopena, « Une incursion dans l’univers des jeux combinatoires », LaBRI, 2009 (seed 003).'),
  });
  const f = info.fields;
  const headline = [];
  if (r.grundy !== undefined && r.mode !== 'octal' && r.mode !== 'subtraction') {
    headline.push(stat('grundy', `G = ${r.grundy}`, r.grundy === 0 ? t('a P-position: the player to move loses') : t('an N-position: the player to move wins')));
  }
  if (r.mode === 'quotient') {
    headline.push(stat('quotient-order', `|Q| = ${r.order}`, t('elements of the quotient of heaps up to {n}', { n: r.reached })));
    headline.push(stat('quotient-p', `|P| = ${r.p_portion_size}`, t('elements whose sums the player to move loses')));
  } else if (r.mode === 'misere') {
    const how = { rule: t('misère play, by Bouton’s rule'), search: t('misère play, by exhaustive search'), quotient: t('misère play, by the misère quotient') }[r.method];
    headline.push(stat('misere-outcome', r.loses ? t('P: the player to move loses') : t('N: the player to move wins'), how));
  }
  if (headline.length) container.append(el('div', { className: 'headline' }, headline));
  if (r.mode === 'nim') nimSection(container, f, r, ctx);
  if (r.mode === 'octal' || r.mode === 'subtraction') valuesSection(container, f, r);
  if (r.mode === 'graph' || (r.mode === 'misere' && f.of === 'graph')) graphSection(container, f, r, ctx);
  if (r.mode === 'sum') sumSection(container, r);
  if (r.mode === 'quotient') quotientSection(container, f, r, ctx);
  else if (r.mode === 'misere') misereSection(container, f, r, info);
  if (r.mode === 'solitaire') solitaireSection(container, r);
  if (r.mode === 'table') tableSection(container, info, r, ctx);
}

function nimSection(container, f, r, ctx) {
  const heaps = r.heaps;
  const body = section(container, t('The nim-sum, column by column (the seed’s slide 29)'), 'nim');
  const rows = r.binary;
  const table = el('table', { className: 'data binary', id: 'nim-binary' }, [
    el('caption', { textContent: t('Each heap in binary; a column of the sum is 1 when the column holds an odd number of 1s') }),
    el('tbody', {}, rows.map((bits, i) => el('tr', { className: i === rows.length - 1 ? 'total' : '' }, [
      el('th', { scope: 'row', textContent: i === rows.length - 1 ? t('nim-sum') : `${t('heap {i}', { i })}: ${heaps[i]}` }),
      ...[...bits].map((b) => el('td', { textContent: b })),
      el('td', { textContent: i === rows.length - 1 ? `= ${r.nim_sum}` : '' }),
    ]))),
  ]);
  body.append(scrollBox(table, t('the heaps in binary and their nim-sum')),
    latexButton({ caption: t('Each heap in binary; a column of the sum is 1 when the column holds an odd number of 1s'), table: () => shownTable(table), fileName: 'nim-sum' }));
  body.append(el('p', { id: 'nim-verdict', textContent: r.nim_sum === 0
    ? t('The nim-sum is 0: every move leaves a non-zero sum, so the player to move loses against good play.')
    : r.winning_moves.length > 1
      ? t('The nim-sum is {s}: {n} winning moves, each leaving a nim-sum of 0.', { s: r.nim_sum, n: r.winning_moves.length })
      : t('The nim-sum is {s}: 1 winning move, leaving a nim-sum of 0.', { s: r.nim_sum }) }));
  if (r.winning_moves.length) {
    body.append(dataTable({ id: 'nim-moves', caption: t('Winning moves (heaps counted from 0)'), fileName: 'nim-winning-moves',
      headers: [t('heap'), t('from'), t('to'), t('take')], rows: r.winning_moves.map((m) => [m.heap, m.from, m.to, m.from - m.to]) }));
  }
  nimGame(section(container, t('Play Nim against the computer'), 'play-section'), ctx);
}

/**
 * Nim against the computer: the core checks each move and answers with a
 * winning move when there is one, otherwise a small random one (the page's
 * one play controller, play.js).
 */
function nimGame(body, ctx) {
  const board = el('div', { className: 'nim-board', id: 'nim-board' });
  const log = el('p', { id: 'play-log' });
  log.setAttribute('aria-live', 'polite');
  const restart = el('button', { type: 'button', className: 'secondary', textContent: t('New game') });
  const game = new PlayController(ctx, {
    board,
    log,
    send: (now) => now.position,
    draw: (now, busy) => board.replaceChildren(...now.heaps.map((h, i) => el('div', { className: 'nim-heap' }, [
      el('span', { className: 'nim-label', textContent: t('heap {i}', { i }) }),
      ...Array.from({ length: Math.min(h, 60) }, (_, k) => {
        const b = el('button', { type: 'button', className: 'token', textContent: '●', disabled: now.over || busy });
        b.setAttribute('aria-label', t('heap {i}: take {n}, leaving {k}', { i, n: h - k, k }));
        b.addEventListener('click', () => game.play(`${i}:${k}`, t('You left {to} in heap {i}.', { to: k, i })));
        return b;
      }),
      h > 60 ? el('span', { textContent: ` … ${count(h)}` }) : '',
    ]))),
    // Whoever took the last token won.
    ended: (now, said) => {
      const you = now.winner === 1;
      log.textContent = `${said} ${you ? t('You took the last token: you win!') : t('I took the last token: I win.')}`;
      log.dataset.result = you ? 'you' : 'computer';
    },
  });
  restart.addEventListener('click', () => game.start());
  body.append(el('p', { className: 'muted', textContent: t('You move first: click a token to take it and every token to its right in that heap.') }), board, log, restart);
  game.start();
}

/** Longest period laid out one period per row. */
const MAX_ROW = 60;
/** Most values shown in the table (all of them are in the CSV). */
const MAX_CELLS = 2000;
/** Exceptions listed one by one up to this many; more are summarised. */
const MAX_LISTED = 30;

/** The exceptions: all of them when few, else how many, the first and last ones, and a download. */
function exceptionsSummary(exceptions, f) {
  const box = el('div', { id: 'exceptions-list' });
  if (exceptions.length <= MAX_LISTED) {
    box.append(el('p', { textContent: t('Exceptions (n < n₀ whose value differs from their column): {exceptions}.',
      { exceptions: exceptions.map(count).join(', ') || t('none') }) }));
    return box;
  }
  const first = exceptions.slice(0, 10).map(count).join(', ');
  const last = exceptions.slice(-5).map(count).join(', ');
  box.append(el('p', { textContent: t('{n:exception|exceptions} (n < n₀ whose value differs from their column): {first}, … , {last}.',
    { n: count(exceptions.length), first, last }) }));
  const save = el('button', { type: 'button', className: 'secondary', id: 'save-exceptions', textContent: t('Save the {n:exception|exceptions} (CSV)', { n: count(exceptions.length) }) });
  save.addEventListener('click', () => {
    downloadBlob(new Blob([['n', ...exceptions].join('\n') + '\n'], { type: 'text/csv' }), `exceptions-${(f.code ?? f.take).replaceAll(',', '-')}.csv`);
  });
  box.append(save);
  return box;
}

/** Values in rows as wide as the period (the seed’s slides 33–36), exceptions marked. */
function valuesSection(container, f, r) {
  const p = r.periodicity;
  const title = r.mode === 'subtraction' ? t('Grundy values of the subtraction game {set}', { set: `{${f.take}}` })
    : r.game === 'grundy' ? t('Grundy values of Grundy’s game (split a heap into two unequal heaps)')
      : t('Grundy values of the octal game {code}', { code: f.code });
  // Grundy's game has no periodicity theorem: a period is only ever observed.
  const theorem = r.theorem_t !== null;
  container.append(el('div', { className: 'headline' }, [
    // A period is announced only once proven; before that it is a candidate, said as such.
    stat('period', p?.proven ? t('period {p}', { p: count(p.period) }) : p ? t('no period proven yet') : t('no period found yet'),
      p?.proven ? t('from n₀ = {n}', { n: count(p.preperiod) })
        : p ? t('a candidate, not proven: period {p} from n₀ = {n}, seen up to {checked}', { p: count(p.period), n: count(p.preperiod), checked: count(p.checked_up_to) })
          : t('searched up to {n}', { n: count(r.values.length - 1) })),
    stat('exceptions', p?.proven ? t('{n:exception|exceptions}', { n: count(p.exceptions.length) }) : p ? t('{n:exception|exceptions} so far', { n: count(p.exceptions.length) }) : t('none counted'),
      p && p.exceptions.length ? t('the last: G({n})', { n: count(p.exceptions[p.exceptions.length - 1]) }) : p ? t('every heap from n₀ follows the period') : t('exceptions are counted against a period')),
    stat('proof', p?.proven ? t('proven') : t('not proven'), !theorem ? t('no theorem applies to this game') : !p ? ''
      : t('Guy–Smith, t = {t}: G(n + p) = G(n) for n₀ ≤ n < {needed}, checked up to {checked}', { t: p.t, needed: count(p.needed_up_to), checked: count(p.checked_up_to) })),
  ]));
  const body = section(container, title, 'values');
  if (p) {
    body.append(el('p', { id: 'period-summary', textContent: !theorem
      ? t('G(n + {p}) = G(n) holds from {n0} to {checked}; no theorem turns that into a proof for this game.', { p: count(p.period), n0: count(p.preperiod), checked: count(p.checked_up_to) })
      : p.proven
      ? t('G(n + {p}) = G(n) for every n ≥ {n0}: checked for {n0} ≤ n < {needed}, which by the Guy–Smith theorem (t = {t}) proves it forever.',
        { p: count(p.period), n0: count(p.preperiod), needed: count(p.needed_up_to), t: p.t })
      : t('G(n + {p}) = G(n) holds from {n0} to {checked}, but the theorem needs values up to {needed}: compute further to prove it.',
        { p: count(p.period), n0: count(p.preperiod), checked: count(p.checked_up_to), needed: count(p.needed_up_to + p.period - 1) }) }));
    body.append(exceptionsSummary(p.exceptions, f));
  } else {
    body.append(el('p', { textContent: t('No period found up to {n}: the search looked at every period up to half the range.', { n: count(r.values.length - 1) }) }));
  }
  if (r.computed !== null && r.computed < r.values.length - 1) {
    body.append(el('p', { className: 'muted', textContent: t('Heaps up to {n} were computed one by one; the rest follow from the proven period.', { n: count(r.computed) }) }));
  }
  // The statistics the published tables give: the largest value and the sparse space.
  const stats = [t('Largest value {v}, first at heap {n}.', { v: r.largest.value, n: count(r.largest.at) })];
  if (r.rare) {
    const rule = t('a heap is rare when G(n) AND {mask} has an {parity} number of 1 bits{position}', {
      mask: r.rare.mask, parity: r.rare.odd ? t('odd') : t('even'), position: r.rare.by_position ? t(', counting the heap’s own parity') : '',
    });
    stats.push(r.rare.last === null
      ? t('Sparse space: {rule}; no rare heap.', { rule })
      : t('Sparse space: {rule}; {count} rare heaps among those computed (heap 0 included, as the published tables count), the last at {last}.', { rule, count: count(r.rare.count), last: count(r.rare.last) }));
  }
  body.append(el('p', { id: 'octal-stats', textContent: stats.join(' ') }));
  // The seed lays values out by period, a column per residue; a period too long
  // for a row a person can read gets rows of 20 instead.
  const byPeriod = p && p.period <= MAX_ROW;
  const width = byPeriod ? Math.max(p.period, 4) : 20;
  const shown = Math.min(r.values.length, byPeriod ? Math.max(p.preperiod + 4 * p.period, 8 * width) : 400, MAX_CELLS);
  const exceptions = new Set(p?.exceptions ?? []);
  const rows = [];
  for (let start = 0; start < shown; start += width) {
    rows.push(el('tr', {}, [
      el('th', { scope: 'row', textContent: String(start) }),
      ...Array.from({ length: Math.min(width, shown - start) }, (_, j) => {
        const n = start + j;
        const td = el('td', { textContent: String(r.values[n]), title: `G(${n}) = ${r.values[n]}` });
        if (exceptions.has(n)) td.className = 'exception';
        else if (p && n >= p.preperiod) td.className = 'periodic';
        return td;
      }),
    ]));
  }
  body.append(scrollBox(el('table', { className: 'data values', id: 'values-table' }, [
    el('caption', { textContent: byPeriod
      ? t('G(0) … G({last}), {width} per row: a column is one residue modulo the period; exceptions are marked', { last: count(shown - 1), width })
      : t('G(0) … G({last}), {width} per row', { last: count(shown - 1), width }) + (p ? t(' (the period, {p}, is too long to lay out by rows)', { p: count(p.period) }) : '') }),
    el('tbody', {}, rows),
  ]), t('Grundy values by rows')));
  const save = el('button', { type: 'button', className: 'secondary', textContent: t('Save all {n} values (CSV)', { n: count(r.values.length) }) });
  save.addEventListener('click', () => {
    const text = [csvLine(['n', 'G(n)']), ...Array.from(r.values, (v, n) => `${n},${v}`)].join('\n') + '\n';
    downloadBlob(new Blob([text], { type: 'text/csv' }), `grundy-${r.mode}-${(f.code ?? f.take).replaceAll(',', '-')}.csv`);
  });
  body.append(save, latexButton({ caption: t('Grundy values by rows'), table: () => shownTable(document.getElementById('values-table')),
    fileName: `grundy-${r.mode}-${(f.code ?? f.take).replaceAll(',', '-')}` }));
}

function graphSection(container, f, r, ctx) {
  const body = section(container, r.mode === 'misere' ? t('The graph (misère node-Kayles)') : t('The graph game'), 'graph-game');
  body.append(el('p', { className: 'muted', textContent:
    `${t('Click empty space to add a vertex, drag from one vertex to another to add (or remove) an edge, drag a vertex with Shift held to move it, and right-click or select and press Delete to remove it. At most 40 vertices.')} ` +
    t('Keyboard: arrows select a vertex, A adds one, Enter on one vertex then on another adds or removes their edge, Shift+arrows move the selected vertex, Delete removes it.') }));
  const winning = new Set(r.graph?.winning_vertices ?? []);
  const editor = new GraphEditor(body, {
    n: r.graph.vertices, edges: r.graph.edges, x: r.graph.x, y: r.graph.y, maxVertices: r.graph.max_vertices,
    highlight: winning,
    onChange: (edgesText) => ctx.edit({ edges: edgesText, preset: null }),
    onPreset: (preset) => ctx.edit({ preset, edges: null }),
  });
  editor.canvas.id = 'graph-editor';
  const saveGraph = el('button', { type: 'button', className: 'secondary save-svg', id: 'graph-svg', textContent: t('Save SVG') });
  saveGraph.addEventListener('click', () => downloadSvg(editor.svg(), `graph-${r.mode}`, r.mode === 'misere' ? t('The graph (misère node-Kayles)') : t('The graph game')));
  body.append(el('div', { className: 'heatmap-tools' }, [saveGraph]));
  if (r.mode === 'graph') {
    const g = r.graph;
    body.append(el('p', { id: 'graph-value', textContent:
      `${g.components.length ? t('Value {v}: the XOR of {n:component|components}.', { v: r.grundy, n: g.components.length }) : t('Value 0: the empty graph, no move.')} ` +
      (r.grundy === 0 ? t('The player to move loses.') : t('Winning moves (in green on the drawing): remove vertex {list} with its neighbours.', { list: g.winning_vertices.join(', ') })) +
      (g.colouring !== null ? ` ${t('The one-colour colouring game, solved by its own rules, has value {v}.', { v: g.colouring })}` : '') }));
    // The empty graph has no component: no table of none.
    if (g.components.length) {
      body.append(dataTable({ id: 'graph-components', caption: t('Connected components and their values'), fileName: 'graph-components',
        headers: [t('component (vertices)'), t('value')], rows: g.components.map(([vs, v]) => [vs.join(' '), v]) }));
    }
  }
}

function sumSection(container, r) {
  const show = (s, id, title) => {
    const body = section(container, title, id);
    body.append(dataTable({ id: `${id}-table`, caption: t('Total value {v} (the XOR of the components)', { v: s.total }), fileName: id,
      headers: [t('component'), t('value'), t('winning move')], rows: s.components.map((c) => [c.text, c.value, c.winning_move ?? '—']) }));
  };
  show(r.sum, 'sum', t('The position as a sum'));
  if (r.other) {
    show(r.other, 'other', t('The position compared'));
    container.append(el('p', { id: 'equivalent', className: 'advice', textContent: r.equivalent
      ? t('Equivalent: both have value {v}, so their sum is a P-position.', { v: r.sum.total })
      : t('Not equivalent: values {a} and {b}.', { a: r.sum.total, b: r.other.total }) }));
  }
}

function misereSection(container, f, r, info) {
  const body = section(container, t('Misère play'), 'misere');
  body.append(el('p', { textContent: choiceHints(info, 'mode').misere + (f.of === 'nim'
    ? ` ${t('For Nim the rule is known (Bouton): the player to move loses iff all heaps are 0 or 1 and their number of 1s is odd, or some heap is larger and the nim-sum is 0; the search agrees with it (tested).')}`
    : '') }));
  body.append(r.misere_winning.length
    ? dataTable({ id: 'misere-moves', caption: t('Winning moves'), fileName: 'misere-moves', headers: [t('move')], rows: r.misere_winning.map((m) => [m]) })
    : el('p', { id: 'misere-none', textContent: t('No winning move: every move leaves the opponent winning.') }));
}

function solitaireSection(container, r) {
  const s = r.solitaire;
  const body = section(container, t('Two-player peg solitaire on a line'), 'solitaire');
  body.append(el('p', { className: 'play-board', id: 'solitaire-line', textContent: [...s.line].map((c) => (c === '1' || c === 'o' ? '●' : '○')).join(' ') }));
  body.append(el('p', { id: 'solitaire-verdict', className: 'advice', textContent: s.loses
    ? t('The player to move loses.')
    : t('The player to move wins: {jumps}.', { jumps: s.winning_jumps.map((j) => t('jump {from} over {over} into {to}', j)).join('; ') }) }));
  body.append(dataTable({ id: 'solitaire-table', caption: t('Lines of 1 to 20 holes: how many configurations are lost for the player to move, and which holes, left empty in a full line, lose'),
    fileName: 'solitaire', headers: [t('holes'), t('lost configurations'), t('of'), t('full line with one hole: lost when the hole is at')],
    rows: s.table.map(([n, lost, one]) => [n, lost, 2 ** n, one.map((l, h) => (l ? h : null)).filter((h) => h !== null).join(' ') || t('none')]) }));
}

/**
 * The misère quotient: what it is, its presentation, each heap's element, the
 * multiplication table with the P-portion marked, how it grew, and a sum box
 * answered by the core from the quotient it keeps.
 */
function quotientSection(container, f, r, ctx) {
  const body = section(container, t('The misère quotient of {code}', { code: r.code }), 'quotient');
  body.append(
    el('p', { textContent: t('Two sums are the same element of the quotient when no third sum can tell them apart: added to either, it leaves the same winner. The sums of heaps up to N then form a finite monoid Q whose product is the sum of games, and a subset P, the elements the player to move loses: the outcome of any sum is read from the product of its heaps’ elements.') }),
    el('p', { className: 'muted', textContent: t('Example: in Nim with heaps of 1 and 2, heap 1 is a and heap 2 is b, with a² = 1 and b³ = b. The sum 1 + 1 + 2 + 2 is a²b² = b², in P: the player to move loses; 1 + 2 + 2 is ab², not in P: the player to move wins.') }),
  );
  if (r.stopped) {
    body.append(el('p', { className: 'warning', id: 'quotient-stopped', textContent: t('Stopped at heap {heap}: {why}. What is shown is the quotient of heaps up to {n}.', { heap: r.stopped.heap, why: both(r.stopped.why), n: r.reached }) }));
  }
  body.append(
    el('p', { className: 'presentation', id: 'quotient-presentation' }, [el('span', { className: 'muted', textContent: `${t('Presentation')}: ` }), el('span', { className: 'math', textContent: r.presentation })]),
    el('p', { id: 'quotient-p-portion' }, [el('span', { className: 'muted', textContent: `P = ` }), el('span', { className: 'math', textContent: `{${r.p_portion.join(', ')}}` })]),
  );
  const gens = new Map(r.generators.map((g) => [g.heap, g.name]));
  body.append(dataTable({ id: 'quotient-heaps', caption: t('The element of each heap'), fileName: `quotient-${r.code}-heaps`,
    headers: [t('heap'), t('element'), t('outcome alone')],
    rows: r.heap_elements.map((e, h) => [gens.has(h) ? `${h} (${t('generator {g}', { g: gens.get(h) })})` : h, e, r.is_p[r.elements.indexOf(e)] ? 'P' : 'N']) }));
  sumBox(body, f, r, ctx);
  const plots = el('div', { className: 'plots' });
  body.append(plots);
  const n = r.order;
  // The drawings' modules load with the first quotient, not with every impartial link.
  Promise.all([import('../heatmap.js'), import('../chart.js')]).then(([{ HeatMap }, { BarChart }]) => {
    if (!plots.isConnected) return;
    const values = new Float64Array(n * n);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) values[a * n + b] = r.is_p[r.multiplication[a][b]] ? 1 : 0;
    new HeatMap(plots, { id: 'quotient-table', title: t('The multiplication table: the product of row and column is in P (1) or not (0)'), symbol: 'P',
      // Not categorical: where the map is drawn in blocks (more elements than pixels), a block's
      // shade is the share of its products in P, so a lone P cell still shows.
      xLabel: t('element (column)'), yLabel: t('element (row)'), min: 0, max: 1, decimals: 2, valueDecimals: 0, fileName: `quotient-${r.code}-products`,
      detail: (i, j) => `${r.elements[i]} · ${r.elements[j]} = ${r.elements[r.multiplication[i][j]]}${r.is_p[r.multiplication[i][j]] ? ' (P)' : ''}` }).draw(values, n, n);
    new BarChart(plots, { id: 'quotient-growth', title: t('How the quotient grows: |Q| for heaps up to n'), xLabel: t('heaps up to n'), yLabel: '|Q|',
      counts: true, names: [], fileName: `quotient-${r.code}-growth`, describe: (k) => `n = ${k}: |Q| = ${r.growth[k]}` })
      .draw(Float64Array.from(r.growth), new Uint8Array(r.growth.length), 0);
  });
  if (n <= 48) {
    body.append(dataTable({ id: 'quotient-products', caption: t('The multiplication table'), fileName: `quotient-${r.code}-table`,
      headers: ['·', ...r.elements], rows: r.elements.map((e, a) => [e, ...r.multiplication[a].map((x) => r.elements[x])]) }));
  }
}

/** Type heaps, read the outcome and the winning moves (the core multiplies). */
function sumBox(body, f, r, ctx) {
  const id = 'quotient-sum';
  const input = el('input', { id, type: 'text', inputMode: 'numeric', value: r.heaps.join(','), autocomplete: 'off', spellcheck: false });
  const error = el('p', { className: 'field-error', id: `${id}-error`, hidden: true });
  const outcome = el('p', { id: 'quotient-outcome' });
  outcome.setAttribute('aria-live', 'polite');
  const moves = el('div', { id: 'quotient-moves' });
  const box = el('div', { className: 'sum-box' }, [
    el('label', { htmlFor: id, textContent: t('A sum of heaps (up to {n} each, up to 1,000 heaps)', { n: r.reached }) }),
    input, error, outcome, moves,
  ]);
  body.append(box);
  const show = (turn) => {
    error.hidden = true;
    input.removeAttribute('aria-invalid');
    outcome.textContent = `${turn.heaps.length ? turn.heaps.join(' + ') : '0'} = ${turn.element}: ${turn.loses
      ? t('in P, the player to move loses')
      : t('not in P, the player to move wins')}`;
    moves.replaceChildren(turn.misere_winning.length
      ? dataTable({ id: 'quotient-winning', caption: t('Winning moves: each leaves a sum in P'), fileName: `quotient-${r.code}-moves`, headers: [t('move')], rows: turn.misere_winning.map((m) => [m]) })
      : el('p', { className: 'muted', textContent: turn.loses ? t('No winning move: every move leaves the opponent winning.') : '' }));
  };
  let asked = 0;
  const ask = async () => {
    const mine = ++asked;
    const text = input.value.replace(/[\s+;]+/g, ',').replace(/^,|,$/g, '');
    try {
      const turn = await ctx.play(text, 'show');
      if (mine !== asked || !turn) return;
      show(turn);
      try { ctx.remember({ heaps: text || null }); } catch { /* the link keeps its last valid sum */ }
    } catch (err) {
      if (mine !== asked || err?.name === 'Cancelled') return;
      error.textContent = err.message;
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
    }
  };
  let timer = 0;
  input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(ask, 120); });
  ask();
}
