// Impartial games view: Nim (the seed's binary sum, winning moves, play), octal
// and subtraction games (values laid out by period, exceptions, the proof),
// games on a drawn graph, sums, misère play and two-player peg solitaire.
import { el, dataTable, fieldMaker, selectOf, section, stat, downloadBlob, csvLine, scrollBox, explain } from '../dom.js';
import { GraphEditor } from '../graph-editor.js';

const MODES = {
  nim: 'Heaps of tokens; a move takes any number from one heap. Lost for the player to move iff the nim-sum is 0.',
  octal: 'A take-and-break game by its octal code d₀.d₁d₂…: Kayles is 0.77, the path game (Dawson’s chess) 0.137, Dawson’s Kayles 0.07.',
  subtraction: 'A move takes s tokens for some s in a finite set.',
  graph: 'On a graph you draw: a move removes a vertex and its neighbours (node-Kayles), or colours a vertex no neighbour of which is coloured (one colour): the same game.',
  sum: 'A position of several independent games: its value is the XOR of theirs. Compare two positions: equivalent iff equal values.',
  misere: 'The player who cannot move wins. No general theory as in normal play (the seed’s conclusion): outcomes by exhaustive search.',
  solitaire: 'The seed’s exercise: a peg jumps over a neighbouring peg into the empty hole beyond, removing it; whoever cannot move loses.',
};
const CODES = [['0.77', 'Kayles'], ['0.137', 'Dawson’s chess (paths)'], ['0.07', 'Dawson’s Kayles'], ['0.16', ''], ['4.07', '']];

export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const field = fieldMaker(form, onChange);
  field('mode', 'Game', selectOf(info.choices.mode, f.mode), MODES[f.mode]);
  const text = (key, label, value, hint) => field(key, label, el('input', { type: 'text', value: value ?? '', spellcheck: false }), hint);
  if (f.mode === 'nim') text('heaps', 'Heaps', f.heaps, 'Sizes separated by commas, e.g. 8,8,7,7,7,6,4,4,4,2,1 (the seed’s example).');
  if (f.mode === 'octal') {
    const code = text('code', 'Octal code', f.code, CODES.map(([c, n]) => (n ? `${c} ${n}` : c)).join(' · '));
    code.setAttribute('list', 'octal-codes');
    form.append(el('datalist', { id: 'octal-codes' }, CODES.map(([c, n]) => el('option', { value: c, label: n }))));
  }
  if (f.mode === 'subtraction') text('set', 'Takes', f.set, 'The numbers a move may take, e.g. 1,2,3.');
  if (f.mode === 'octal' || f.mode === 'subtraction') {
    field('up_to', 'Heaps up to', el('input', { type: 'number', min: 1, max: 1000000, value: f.up_to }), 'Up to 1,000,000; a proven period fills the rest at once.');
  }
  if (f.mode === 'graph') {
    field('rule', 'Rule', selectOf(info.choices.rule, f.rule ?? 'node-kayles'));
  }
  if (f.mode === 'sum') {
    text('sum', 'Position', f.sum, 'Components separated by ;  7 (Nim) · 0.77 10 (octal heap) · graph 0-1,1-2 · path:6, cycle:5, star:4, grid:2x3, complete:4, petersen');
    text('other', 'Compare with (optional)', f.other, 'A second position: are the two equivalent?');
  }
  if (f.mode === 'misere') {
    field('of', 'Position made of', selectOf(info.choices.of, f.of));
    if (f.of === 'octal') text('code', 'Octal code', f.code);
    if (f.of !== 'graph') text('heaps', 'Heaps', f.heaps, 'At most 40 tokens in all for octal games.');
  }
  if (f.mode === 'solitaire') text('line', 'Line', f.line, '1 a peg, 0 an empty hole, up to 20 holes: 1101101.');
}

export function renderResult(container, info, { result: r }, ctx) {
  container.replaceChildren();
  explain(container, {
    parts: [
      'In an impartial game the value of a position is the smallest number not among the values of its options, and the value of a sum is the XOR of the values of its parts:',
      { math: '<math display="block"><mi>G</mi><mo>(</mo><mi>J</mi><mo>)</mo><mo>=</mo><mi>mex</mi><mo>{</mo><mi>G</mi><mo>(</mo><msub><mi>J</mi><mn>1</mn></msub><mo>)</mo><mo>,</mo><mo>…</mo><mo>,</mo><mi>G</mi><mo>(</mo><msub><mi>J</mi><mi>k</mi></msub><mo>)</mo><mo>}</mo><mo>,</mo><mspace width="2em"></mspace><mi>G</mi><mo>(</mo><msub><mi>J</mi><mn>1</mn></msub><mo>+</mo><msub><mi>J</mi><mn>2</mn></msub><mo>)</mo><mo>=</mo><mi>G</mi><mo>(</mo><msub><mi>J</mi><mn>1</mn></msub><mo>)</mo><mo>⊕</mo><mi>G</mi><mo>(</mo><msub><mi>J</mi><mn>2</mn></msub><mo>)</mo></math>' },
      'The player to move loses exactly when the value is 0. Octal games are computed by the sparse-space method; a period is proven by the Guy–Smith theorem: if G(n + p) = G(n) for all n₀ ≤ n < 2n₀ + p + t (t the most tokens a move removes), it holds forever. Misère play has no such theory: it is searched exhaustively.',
    ],
    source: 'Éric Sopena, « Une incursion dans l’univers des jeux combinatoires », LaBRI, 2009 (seed 003).',
  });
  const f = info.fields;
  const headline = [];
  if (r.grundy !== null && r.mode !== 'octal' && r.mode !== 'subtraction') {
    headline.push(stat('grundy', `G = ${r.grundy}`, r.grundy === 0 ? 'a P-position: the player to move loses' : 'an N-position: the player to move wins'));
  }
  if (r.loses !== null) headline.push(stat('misere-outcome', r.loses ? 'P: the player to move loses' : 'N: the player to move wins', 'misère play, by exhaustive search'));
  if (headline.length) container.append(el('div', { className: 'headline' }, headline));
  if (r.mode === 'nim') nimSection(container, f, r);
  if (r.mode === 'octal' || r.mode === 'subtraction') valuesSection(container, f, r);
  if (r.mode === 'graph' || (r.mode === 'misere' && f.of === 'graph')) graphSection(container, f, r, ctx);
  if (r.mode === 'sum') sumSection(container, r);
  if (r.mode === 'misere') misereSection(container, f, r);
  if (r.mode === 'solitaire') solitaireSection(container, r);
}

function nimSection(container, f, r) {
  const heaps = f.heaps.split(',').map(Number);
  const body = section(container, 'The nim-sum, column by column (the seed’s slide 29)', 'nim');
  const rows = r.binary;
  const table = el('table', { className: 'data binary', id: 'nim-binary' }, [
    el('caption', { textContent: 'Each heap in binary; a column of the sum is 1 when the column holds an odd number of 1s' }),
    el('tbody', {}, rows.map((bits, i) => el('tr', { className: i === rows.length - 1 ? 'total' : '' }, [
      el('th', { scope: 'row', textContent: i === rows.length - 1 ? 'nim-sum' : `heap ${i}: ${heaps[i]}` }),
      ...[...bits].map((b) => el('td', { textContent: b })),
      el('td', { textContent: i === rows.length - 1 ? `= ${r.nim_sum}` : '' }),
    ]))),
  ]);
  body.append(scrollBox(table, 'the heaps in binary and their nim-sum'));
  body.append(el('p', { id: 'nim-verdict', textContent: r.nim_sum === 0
    ? 'The nim-sum is 0: every move leaves a non-zero sum, so the player to move loses against good play.'
    : `The nim-sum is ${r.nim_sum}: ${r.winning_moves.length} winning move${r.winning_moves.length > 1 ? 's' : ''}, each leaving a nim-sum of 0.` }));
  if (r.winning_moves.length) {
    body.append(dataTable({ id: 'nim-moves', caption: 'Winning moves (heaps counted from 0)', fileName: 'nim-winning-moves',
      headers: ['heap', 'from', 'to', 'take'], rows: r.winning_moves.map((m) => [m.heap, m.from, m.to, m.from - m.to]) }));
  }
  new NimGame(section(container, 'Play Nim against the computer', 'play-section'), heaps);
}

/** Nim against the computer: a winning move when there is one, otherwise a small random move. */
class NimGame {
  constructor(body, heaps) {
    this.start = heaps;
    this.board = el('div', { className: 'nim-board', id: 'nim-board' });
    this.log = el('p', { id: 'play-log' });
    this.log.setAttribute('aria-live', 'polite');
    const restart = el('button', { type: 'button', className: 'secondary', textContent: 'New game' });
    restart.addEventListener('click', () => this.reset());
    body.append(el('p', { className: 'muted', textContent: 'You move first: click a token to take it and every token to its right in that heap.' }), this.board, this.log, restart);
    this.reset();
  }

  reset() {
    this.heaps = [...this.start];
    this.log.textContent = '';
    delete this.log.dataset.result;
    this.render();
  }

  render() {
    this.board.replaceChildren(...this.heaps.map((h, i) => el('div', { className: 'nim-heap' }, [
      el('span', { className: 'nim-label', textContent: `heap ${i}` }),
      ...Array.from({ length: Math.min(h, 60) }, (_, k) => {
        const b = el('button', { type: 'button', className: 'token', textContent: '●', disabled: Boolean(this.log.dataset.result) });
        b.setAttribute('aria-label', `heap ${i}: take ${h - k}, leaving ${k}`);
        b.addEventListener('click', () => this.play(i, k));
        return b;
      }),
      h > 60 ? el('span', { textContent: ` … ${h}` }) : '',
    ])));
  }

  play(i, to) {
    this.heaps[i] = to;
    const you = `You left ${to} in heap ${i}.`;
    if (this.heaps.every((h) => h === 0)) {
      this.end(`${you} You took the last token: you win!`, 'you');
      return;
    }
    const s = this.heaps.reduce((a, h) => a ^ h, 0);
    let reason;
    let k = this.heaps.findIndex((h) => (h ^ s) < h);
    if (s !== 0 && k >= 0) {
      reason = `The nim-sum is ${s}: I take heap ${k} from ${this.heaps[k]} to ${this.heaps[k] ^ s}, leaving a nim-sum of 0.`;
      this.heaps[k] ^= s;
    } else {
      // No winning move: a small random one (one or two tokens from a random heap), hoping for a mistake.
      const open = this.heaps.map((h, i) => (h > 0 ? i : -1)).filter((i) => i >= 0);
      k = open[Math.floor(Math.random() * open.length)];
      const take = Math.min(this.heaps[k], 1 + Math.floor(Math.random() * 2));
      reason = `The nim-sum is 0: no winning move for me, so I take ${take} from heap ${k} and hope for a mistake.`;
      this.heaps[k] -= take;
    }
    if (this.heaps.every((h) => h === 0)) {
      this.end(`${you} ${reason} I took the last token: I win.`, 'computer');
      return;
    }
    this.log.textContent = `${you} ${reason}`;
    this.render();
  }

  end(text, who) {
    this.log.textContent = text;
    this.log.dataset.result = who;
    this.render();
  }
}

/** Values in rows as wide as the period (the seed’s slides 33–36), exceptions marked. */
function valuesSection(container, f, r) {
  const p = r.periodicity;
  const name = r.mode === 'octal' ? `octal game ${f.code}` : `subtraction game {${f.set}}`;
  container.append(el('div', { className: 'headline' }, [
    stat('period', p ? `period ${p.period}` : 'no period', p ? `from n₀ = ${p.preperiod}` : `found up to ${r.values.length - 1}`),
    stat('exceptions', p ? `${p.exceptions.length} exceptions` : '—', p && p.exceptions.length ? `the last: G(${p.exceptions[p.exceptions.length - 1]})` : ''),
    stat('proof', p?.proven ? 'proven' : 'not proven', p ? `Guy–Smith, t = ${p.t}: G(n + p) = G(n) for n₀ ≤ n < ${p.needed_up_to}, checked up to ${p.checked_up_to}` : ''),
  ]));
  const body = section(container, `Grundy values of the ${name}`, 'values');
  if (p) {
    body.append(el('p', { id: 'period-summary', textContent: p.proven
      ? `G(n + ${p.period}) = G(n) for every n ≥ ${p.preperiod}: checked for ${p.preperiod} ≤ n < ${p.needed_up_to}, which by the Guy–Smith theorem (t = ${p.t}) proves it forever. Exceptions (n < n₀ whose value differs from their column): ${p.exceptions.join(', ') || 'none'}.`
      : `G(n + ${p.period}) = G(n) holds from ${p.preperiod} to ${p.checked_up_to}, but the theorem needs values up to ${p.needed_up_to + p.period - 1}: compute further to prove it.` }));
  } else {
    body.append(el('p', { textContent: `No period found up to ${r.values.length - 1}: the search looked at every period up to half the range.` }));
  }
  if (r.computed !== null && r.computed < r.values.length - 1) {
    body.append(el('p', { className: 'muted', textContent: `Heaps up to ${r.computed} were computed one by one; the rest follow from the proven period.` }));
  }
  const width = p ? Math.max(p.period, 4) : 20;
  const shown = Math.min(r.values.length, p ? Math.max(p.preperiod + 4 * p.period, 8 * width) : 400, 2000);
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
    el('caption', { textContent: `G(0) … G(${shown - 1}), ${width} per row${p ? ': a column is one residue modulo the period; exceptions are marked' : ''}` }),
    el('tbody', {}, rows),
  ]), 'Grundy values by rows'));
  const save = el('button', { type: 'button', className: 'secondary', textContent: `Save all ${r.values.length.toLocaleString('en')} values (CSV)` });
  save.addEventListener('click', () => {
    const text = [csvLine(['n', 'G(n)']), ...Array.from(r.values, (v, n) => `${n},${v}`)].join('\n') + '\n';
    downloadBlob(new Blob([text], { type: 'text/csv' }), `grundy-${r.mode}-${(f.code ?? f.set).replaceAll(',', '-')}.csv`);
  });
  body.append(save);
}

function graphSection(container, f, r, ctx) {
  const body = section(container, r.mode === 'misere' ? 'The graph (misère node-Kayles)' : 'The graph game', 'graph-game');
  body.append(el('p', { className: 'muted', textContent:
    'Click empty space to add a vertex, drag from one vertex to another to add (or remove) an edge, drag a vertex with Shift held to move it, and right-click or select and press Delete to remove it. At most 40 vertices.' }));
  const winning = new Set(r.graph?.winning_vertices ?? []);
  const editor = new GraphEditor(body, {
    n: r.graph.vertices, edges: r.graph.edges,
    highlight: winning,
    onChange: (edgesText) => ctx.edit({ edges: edgesText, preset: null }),
    onPreset: (preset) => ctx.edit({ preset, edges: null }),
  });
  editor.canvas.id = 'graph-editor';
  if (r.mode === 'graph') {
    const g = r.graph;
    body.append(el('p', { id: 'graph-value', textContent:
      `Value ${r.grundy}: the XOR of ${g.components.length} component${g.components.length > 1 ? 's' : ''}. ` +
      (r.grundy === 0 ? 'The player to move loses.' : `Winning moves (in green on the drawing): remove vertex ${g.winning_vertices.join(', ')} with its neighbours.`) +
      (g.colouring !== null ? ` The one-colour colouring game, solved by its own rules, has value ${g.colouring}.` : '') }));
    body.append(dataTable({ id: 'graph-components', caption: 'Connected components and their values', fileName: 'graph-components',
      headers: ['component (vertices)', 'value'], rows: g.components.map(([vs, v]) => [vs.join(' '), v]) }));
  }
}

function sumSection(container, r) {
  const show = (s, id, title) => {
    const body = section(container, title, id);
    body.append(dataTable({ id: `${id}-table`, caption: `Total value ${s.total} (the XOR of the components)`, fileName: id,
      headers: ['component', 'value', 'winning move'], rows: s.components.map((c) => [c.text, c.value, c.winning_move ?? '—']) }));
  };
  show(r.sum, 'sum', 'The position as a sum');
  if (r.other) {
    show(r.other, 'other', 'The position compared');
    container.append(el('p', { id: 'equivalent', className: 'advice', textContent: r.equivalent
      ? `Equivalent: both have value ${r.sum.total}, so their sum is a P-position.`
      : `Not equivalent: values ${r.sum.total} and ${r.other.total}.` }));
  }
}

function misereSection(container, f, r) {
  const body = section(container, 'Misère play', 'misere');
  body.append(el('p', { textContent: MODES.misere + (f.of === 'nim'
    ? ' For Nim the rule is known (Bouton): the player to move loses iff all heaps are 0 or 1 and their number of 1s is odd, or some heap is larger and the nim-sum is 0; the search agrees with it (tested).'
    : '') }));
  body.append(r.misere_winning.length
    ? dataTable({ id: 'misere-moves', caption: 'Winning moves', fileName: 'misere-moves', headers: ['move'], rows: r.misere_winning.map((m) => [m]) })
    : el('p', { id: 'misere-none', textContent: 'No winning move: every move leaves the opponent winning.' }));
}

function solitaireSection(container, r) {
  const s = r.solitaire;
  const body = section(container, 'Two-player peg solitaire on a line', 'solitaire');
  body.append(el('p', { className: 'play-board', id: 'solitaire-line', textContent: [...s.line].map((c) => (c === '1' || c === 'o' ? '●' : '○')).join(' ') }));
  body.append(el('p', { id: 'solitaire-verdict', className: 'advice', textContent: s.loses
    ? 'The player to move loses.'
    : `The player to move wins: ${s.winning_jumps.map((j) => `jump ${j.from} over ${j.over} into ${j.to}`).join('; ')}.` }));
  body.append(dataTable({ id: 'solitaire-table', caption: 'Lines of 1 to 20 holes: how many configurations are lost for the player to move, and which holes, left empty in a full line, lose',
    fileName: 'solitaire', headers: ['holes', 'lost configurations', 'of', 'full line with one hole: lost when the hole is at'],
    rows: s.table.map(([n, lost, one]) => [n, lost, 2 ** n, one.map((l, h) => (l ? h : null)).filter((h) => h !== null).join(' ') || 'none']) }));
}
