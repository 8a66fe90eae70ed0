// Partizan games (their own family, `game=partizan`): a position of
// Domineering, Toads and Frogs, Clobber, Hackenbush or Cutcake, or a game typed
// in CGSuite's notation; its value in canonical form, who wins, the winning
// moves of each player moving first, the canonical form as a game tree and the
// thermograph. The core reads the position, solves and names every value; this
// view draws what comes back, and edits the position's text (a cell toggled, an
// edge chopped: the core says what falls).
import { el, fieldMaker, formField, labelOf, selectOf, section, stat, explain, saveDomSvg, latexButton, scrollBox, dataTable, choiceLabels, choiceHints, svgOf } from '../dom.js';
import { t, both, count, duration, getLang } from '../i18n.js';
import { whenCore } from '../core.js';

const SVG = 'http://www.w3.org/2000/svg';
function svg(name, attrs = {}, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}


const SOLVES = () => ({
  value: t('the value (canonical form, thermograph)'),
  outcome: t('who wins only (a search, for larger positions)'),
});

const OUTCOMES = () => ({
  L: t('Left wins, whoever starts'),
  R: t('Right wins, whoever starts'),
  N: t('the first player wins'),
  P: t('the second player wins'),
});

/** What the page is about to show, while the solver loads (link.js, paintEarly). */
export function intro() {
  return t('Partizan games, where Left and Right have different moves: a position’s value in canonical form, who wins, its temperature and the winning moves, on the boards of several rulesets or a game typed in CGSuite’s notation.');
}

/** The partizan view's fields: the ruleset, then the position in its notation. */
export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const ruleset = f.ruleset ?? info.choices.ruleset[0];
  const select = formField(form, { key: 'ruleset', label: labelOf(info, 'ruleset'), control: selectOf(info.choices.ruleset, ruleset, choiceLabels(info, 'ruleset')) });
  // A new ruleset opens with its own position (the key removed: the core's default).
  select.addEventListener('change', () => onChange({ ruleset: select.value, position: null }));
  const field = fieldMaker(form, onChange, info);
  field('solve', selectOf(info.choices.solve, f.solve ?? 'value', SOLVES()),
    t('Who wins alone is found by a search whose leaves are the values of small regions: boards too large for a canonical form, up to 7 × 7 Domineering.'));
  // As tall as the position needs (a drawing's edges, a typed game run longer than a board's rows).
  const value = f.position ?? '';
  const area = el('textarea', { rows: Math.min(4, Math.max(2, Math.ceil(value.length / 40))), value, spellcheck: false });
  field('position', area, choiceHints(info, 'ruleset')[ruleset]);
  const sum = el('textarea', { rows: 2, value: f.sum ?? '', spellcheck: false });
  field('sum', sum, t('Other positions added to this one, ruleset:position joined by ; (toads:T.F; expr:^): the sum’s value and where to play in it. The button under the results adds the position above.'));
}

/** An accepted edit (a click on the board): the position's field follows, unless it is being typed in. */
export function update(form, info) {
  for (const key of ['position', 'sum']) {
    const control = form.elements.namedItem(key);
    if (control && document.activeElement !== control) control.value = info.fields[key] ?? '';
  }
}

/** A fraction as the core writes it ("-3/4") as a number. */
const num = (text) => {
  const [p, q] = String(text).split('/');
  return Number(p) / (q === undefined ? 1 : Number(q));
};
const signs = (text) => String(text).replaceAll('-', '−');

export function renderResult(container, info, { result: r, ms }, ctx) {
  container.replaceChildren();
  // Under a go-ahead question: the board as the link holds it, edited and played, nothing solved.
  if (r.preview) {
    boardSection(container, r, ctx, info);
    return;
  }
  // An outcome's search says how large its leaves were; a value never does.
  if (r.leaves_up_to !== undefined) {
    outcomeResult(container, info, r, ms, ctx);
    return;
  }
  explain(container, {
    parts: [
      t('A partizan game is written {L | R}: the positions Left can move to, and those Right can move to. G ≥ 0 when Left wins moving second; G ≤ 0 when Right does. Equal games are interchangeable in any sum, and each has one simplest form, its canonical form: dominated options removed, reversible ones bypassed.'),
      t('Values: numbers (a lead of that many free moves), nimbers * and *2 (as in impartial games), ups ↑ = {0 | *} (positive but smaller than every positive number), switches ±1 = {1 | −1} and hotter games. A sum is won by comparing its value with 0.'),
      t('The thermograph taxes every move by t: the left wall is what Left gets moving first, the right wall what Right gets; they meet at the temperature, above which the game is worth its mean. Hot games (high temperature) are where to play first.'),
    ],
    source: t('E. Berlekamp, J. Conway, R. Guy, Winning Ways for your Mathematical Plays (1982); A. Siegel, Combinatorial Game Theory (2013); CGSuite’s notation.'),
  });
  const head = [
    stat('pz-value', r.display, t('the value of the position ({n} canonical forms built)', { n: count(r.forms) })),
    stat('pz-outcome', OUTCOMES()[r.outcome], t('outcome class {c}', { c: r.outcome })),
    stat('pz-temperature', t('mean {m}, temperature {t}', { m: signs(r.mean), t: signs(r.temperature) }),
      r.positions ? t('{n:position|positions} solved in {time}', { n: count(r.positions), time: duration((ms ?? 0) / 1000) }) : t('from the thermograph')),
  ];
  if (r.atomic_display != null) {
    head.push(stat('pz-atomic', r.atomic_display, t('atomic weight: the position counted in ups ↑ (it is all-small); 2 or more and Left wins, −2 or less and Right wins')));
  }
  // A long general form reads better small, in a fixed-width font.
  if (r.display.length > 24) {
    const value = head[0].querySelector('.value');
    value.classList.add('pz-long');
    value.replaceChildren(...withSuperscripts(r.display));
  }
  container.append(el('div', { className: 'headline' }, head));
  container.append(latexButton({
    caption: t('The position {p} ({ruleset})', { p: r.position || '∅', ruleset: choiceLabels(info, 'ruleset')[r.ruleset] }),
    table: () => ({
      headers: [t('value'), t('outcome'), t('mean'), t('temperature')],
      rows: [[r.value, r.outcome, r.mean, r.temperature]],
    }),
    fileName: 'partizan-value',
  }));
  boardSection(container, r, ctx, info);
  movesSection(container, r, ctx);
  treeSection(container, r);
  thermographSection(container, r);
  sumSection(container, info, r, ctx);
}

/** The sum box: this position with the others the link lists, and where to play in their sum. */
function sumSection(container, info, r, ctx) {
  const body = section(container, t('The sum box'), 'pz-sum-section');
  const here = `${r.ruleset}:${r.position}`;
  const add = el('button', { type: 'button', className: 'secondary', id: 'pz-add-to-sum', textContent: t('Add this position to the sum') });
  add.addEventListener('click', () => ctx.edit({ sum: [info.fields.sum, here].filter((x) => x && x.trim()).join('; ') }));
  const buttons = [add];
  if (!r.sum) {
    body.append(el('p', { className: 'muted', textContent: t('Games side by side are played as a sum: each turn, a player moves in one of them. Add this position, then change it: the sum box adds them up and says where to play.') }));
    body.append(el('div', { className: 'inline-form' }, buttons));
    return;
  }
  const clear = el('button', { type: 'button', className: 'secondary', id: 'pz-clear-sum', textContent: t('Empty the sum box') });
  clear.addEventListener('click', () => ctx.edit({ sum: null }));
  buttons.push(clear);
  const s = r.sum;
  body.append(el('div', { className: 'headline' }, [
    stat('pz-sum-value', s.display, t('the value of the sum of {n} positions', { n: s.parts.length })),
    stat('pz-sum-outcome', OUTCOMES()[s.outcome], t('outcome class {c}', { c: s.outcome })),
  ]));
  const rows = s.parts.map((p, k) => [k + 1, choiceLabels(info, 'ruleset')[p.ruleset], p.position || '∅', p.display]);
  body.append(dataTable({ id: 'pz-sum-table', caption: t('The positions added up'), headers: [t('part'), t('ruleset'), t('position'), t('value')], rows, fileName: 'partizan-sum' }));
  // Each part against each other: partizan games are only partly ordered.
  const sign = { Equal: '=', Less: '<', Greater: '>', Fuzzy: '‖' };
  body.append(el('p', { className: 'muted', textContent: t('How the parts compare: the row’s part against the column’s (‖: confused, neither is larger; whoever moves first in their difference wins).') }));
  body.append(dataTable({
    id: 'pz-order-table',
    caption: t('The parts compared'),
    headers: [t('part'), ...s.parts.map((_, k) => String(k + 1))],
    rows: s.order.map((row, i) => [i + 1, ...row.map((x) => sign[x])]),
    fileName: 'partizan-order',
  }));
  for (const [side, moves, who] of [['left', s.left_moves, t('Left moving first')], ['right', s.right_moves, t('Right moving first')]]) {
    const list = el('ul', { id: `pz-sum-${side}` }, moves.length
      ? moves.slice(0, 24).map((m) => el('li', { textContent: t('in part {k}, to {p} (the sum is then {v})', { k: m.part + 1, p: m.position || '∅', v: m.total }) }))
      : [el('li', { textContent: t('no winning move: whatever this player does, the other wins') })]);
    body.append(el('h4', { textContent: who }), list);
  }
  body.append(el('div', { className: 'inline-form' }, buttons));
}

/** Who wins, found by search: the outcome, the board and each player's winning first moves. */
function outcomeResult(container, info, r, ms, ctx) {
  explain(container, {
    parts: [
      t('Who wins is searched without the value: each position met is split into independent regions; regions of up to {n} cells are replaced by their values (canonical forms, added up), and the larger ones are played out, the moves that leave the opponent fewest replies first. With no large region left, the sum of the values says who wins.', { n: r.leaves_up_to }),
      t('This is how Domineering’s larger rectangles were solved: 6 × 6 and 7 × 7 are first-player wins, 5 × 5 a second-player win.'),
    ],
    source: t('D. Breuker, J. Uiterwijk, H. van den Herik, « Solving 8 × 8 Domineering », TCS 230 (2000); G. Drummond-Cole, « An update on Domineering on rectangular boards », Integers 14 (2014).'),
  });
  container.append(el('div', { className: 'headline' }, [
    stat('pz-outcome', OUTCOMES()[r.outcome], t('outcome class {c}, found by search', { c: r.outcome })),
    stat('pz-searched', t('{n:position|positions} searched', { n: count(r.positions) }), duration((ms ?? 0) / 1000)),
  ]));
  boardSection(container, r, ctx, info);
  movesSection(container, r, ctx);
  if (!r.all_moves) {
    container.querySelector('#pz-moves').append(el('p', { className: 'muted', id: 'pz-first-only', textContent:
      t('A long search: one winning move per player is shown, the first the search found (each other move would be a search of its own).') }));
  }
}

/** The position drawn and editable: cells toggle, squares cycle, edges chop. */
function boardSection(container, r, ctx, info) {
  if (r.view.kind === 'typed') return;
  const body = section(container, t('The position'), 'pz-board-section');
  const holder = el('div', { className: 'pz-holder', id: 'pz-board' });
  body.append(holder);
  if (r.view.kind === 'edges') {
    // Drawing up from the ground: pick a vertex (or the ground), then a colour.
    let from = 0;
    const picked = el('p', { className: 'hint', id: 'pz-from' });
    picked.setAttribute('aria-live', 'polite');
    const pick = (v) => {
      from = v;
      picked.textContent = v === 0 ? t('New edges start from the ground.') : t('New edges start from vertex {v}.', { v: r.drawing.vertices[v] });
      for (const c of holder.querySelectorAll('.pz-vertex, .pz-ground')) c.classList.toggle('selected', Number(c.dataset.vertex) === v);
    };
    // The edges each player's winning chops cut, marked on the drawing itself.
    const wins = { left: new Set(r.left_moves.flatMap((m) => m.changed)), right: new Set(r.right_moves.flatMap((m) => m.changed)) };
    holder.append(hackenbushDrawing(r.drawing, { onChop: (i) => ctx.edit({ position: r.drawing.chopped[i] }), onPick: pick, wins }));
    if (wins.left.size || wins.right.size) {
      body.append(el('p', { className: 'muted', id: 'pz-board-legend', textContent:
        t('Light blue halo: an edge one of Left’s winning chops cuts; orange dashes: one of Right’s. Each move is listed below.') }));
    }
    const typed = info.fields.position ?? r.position;
    const used = new Set(typed.match(/[A-Za-z0-9]+/g) ?? []);
    let k = 1;
    while (used.has(`v${k}`)) k++;
    const grow = (c) => {
      const edge = `${r.drawing.vertices[from]}-v${k}:${c}`;
      ctx.edit({ position: typed.trim() ? `${typed.trim()},${edge}` : edge });
    };
    const buttons = [['b', t('Add a blue edge')], ['r', t('Add a red edge')], ['g', t('Add a green edge')]].map(([c, label]) => {
      const b = el('button', { type: 'button', className: `secondary pz-grow ${c}`, id: `pz-grow-${c}`, textContent: label });
      b.addEventListener('click', () => grow(c));
      return b;
    });
    body.append(picked, el('div', { className: 'inline-form' }, buttons));
    pick(0);
    if (!r.drawing.edges.length) body.append(el('p', { className: 'muted', textContent: t('No edge stands on the ground: the value is 0. Add edges with the buttons, or type them in the field above, starting from g.') }));
    return;
  }
  if (r.view.kind === 'cake') {
    cakeEditor(body, holder, r, ctx);
    return;
  }
  // A click turns a cell into the next of the signs the core lists for the ruleset.
  const cycle = r.view.cells.map((c) => c.sign);
  const rows = r.position.split('/');
  const edit = (ri, ci) => {
    const row = rows[ri];
    const next = cycle[(cycle.indexOf(row[ci]) + 1) % cycle.length];
    const changed = rows.map((x, k) => (k === ri ? x.slice(0, ci) + next + x.slice(ci + 1) : x));
    ctx.edit({ position: changed.join('/') });
  };
  // The cells each player's winning first moves use, marked on the board itself.
  const wins = { left: new Set(r.left_moves.flatMap((m) => m.changed)), right: new Set(r.right_moves.flatMap((m) => m.changed)) };
  const legend = el('p', { className: 'muted', id: 'pz-board-legend', textContent:
    t('Blue ring: a cell one of Left’s winning first moves uses; red dashes: one of Right’s. Each move is drawn below.') });
  body.append(legend);
  playBox(holder, r, ctx, rows, { edited: () => gridDrawing(rows, r.view, { onCell: edit, wins }), legend, marks: wins.left.size + wins.right.size > 0 });
  if (r.view.strip) {
    const add = el('button', { type: 'button', className: 'secondary', id: 'pz-add-square', textContent: t('Add a square') });
    add.addEventListener('click', () => ctx.edit({ position: `${r.position}.` }));
    const remove = el('button', { type: 'button', className: 'secondary', id: 'pz-remove-square', textContent: t('Remove the last square') });
    remove.disabled = r.position.length <= 1;
    remove.addEventListener('click', () => ctx.edit({ position: r.position.slice(0, -1) }));
    body.append(el('div', { className: 'inline-form' }, [add, remove]));
  }
}

/** A board or strip of cells drawn by the signs of `view` (the core's); `marked` cells (row-major indices) outlined for `side`. */
function gridDrawing(rows, view, { onCell = null, marked = [], side = '', wins = null, playing = false } = {}) {
  const cols = rows[0]?.length ?? 0;
  const signs = Object.fromEntries(view.cells.map((c) => [c.sign, c]));
  const grid = el('div', { className: `pz-grid${onCell ? '' : ' small'}`, role: 'group', 'aria-label': t('the board, {w} columns by {h} rows', { w: cols, h: rows.length }) });
  grid.style.setProperty('--cols', String(cols));
  rows.forEach((row, ri) => [...row].forEach((ch, ci) => {
    const k = ri * cols + ci;
    const winning = wins ? `${wins.left.has(k) ? ' win-left' : ''}${wins.right.has(k) ? ' win-right' : ''}` : '';
    const sign = signs[ch];
    const cls = `pz-cell c-${sign?.owner ?? 'empty'}${marked.includes(k) ? ` marked ${side}` : ''}${winning}`;
    const cell = el(onCell ? 'button' : 'span', { className: cls, textContent: sign?.shown ?? ch });
    if (onCell) {
      cell.type = 'button';
      const part = wins?.left.has(k) && wins?.right.has(k) ? t(' (in winning moves of both players)')
        : wins?.left.has(k) ? t(' (in a winning move of Left’s)') : wins?.right.has(k) ? t(' (in a winning move of Right’s)') : '';
      cell.setAttribute('aria-label', (playing
        ? t('row {r}, column {c}: {what}; tap to play', { r: ri + 1, c: ci + 1, what: sign ? both(sign.name) : ch })
        : t('row {r}, column {c}: {what}; click to change', { r: ri + 1, c: ci + 1, what: sign ? both(sign.name) : ch })) + part);
      cell.addEventListener('click', () => onCell(ri, ci));
    }
    grid.append(cell);
  }));
  return grid;
}

/**
 * Cutcake edited: a click on a line between columns makes Left's cut there, on a
 * line between rows Right's; each piece's rows and columns grow or shrink by its
 * buttons, and pieces are added or removed.
 */
function cakeEditor(body, holder, r, ctx) {
  const pieces = r.position.split('+').map((p) => p.split('x').map(Number));
  const write = (list) => list.map(([rr, c]) => `${rr}x${c}`).join('+');
  // The core lists the position after each cut.
  const cut = (i, side, k) => ctx.edit({ position: r.drawing.cuts[i][side][k - 1] });
  // A line is marked when the position its cut leaves is one of that player's winning moves.
  const winning = (moves) => new Set(moves.map((m) => m.position));
  const wins = { left: winning(r.left_moves), right: winning(r.right_moves) };
  const marks = (i, side, k) => wins[side].has(r.drawing.cuts[i][side][k - 1]);
  holder.append(cakeDrawing(r.position, [], cut, marks));
  if (wins.left.size || wins.right.size) {
    body.append(el('p', { className: 'muted', id: 'pz-board-legend', textContent:
      t('A thick blue line: one of Left’s winning cuts; thick orange dashes: one of Right’s. Each move is drawn below.') }));
  }
  body.append(el('p', { className: 'muted', id: 'pz-cake-hint', textContent:
    t('Click a line of a piece to cut it there: a line between columns is a cut of Left’s (blue), between rows one of Right’s (red).') }));
  const change = (i, dr, dc) => {
    const next = pieces.map(([rr, c], k) => (k === i ? [rr + dr, c + dc] : [rr, c]));
    ctx.edit({ position: write(next) });
  };
  const list = el('ul', { className: 'pz-pieces', id: 'pz-pieces' });
  pieces.forEach(([rr, c], i) => {
    const button = (text, label, onClick, disabled = false) => {
      const b = el('button', { type: 'button', className: 'secondary', textContent: text, disabled });
      b.setAttribute('aria-label', label);
      b.addEventListener('click', onClick);
      return b;
    };
    list.append(el('li', {}, [
      el('span', { className: 'pz-piece-name', textContent: t('piece {k}: {r} × {c}', { k: i + 1, r: rr, c }) }),
      button(t('+ row'), t('piece {k}: one row more', { k: i + 1 }), () => change(i, 1, 0)),
      button(t('− row'), t('piece {k}: one row less', { k: i + 1 }), () => change(i, -1, 0), rr <= 1),
      button(t('+ column'), t('piece {k}: one column more', { k: i + 1 }), () => change(i, 0, 1)),
      button(t('− column'), t('piece {k}: one column less', { k: i + 1 }), () => change(i, 0, -1), c <= 1),
      button(t('Remove'), t('remove piece {k}', { k: i + 1 }), () => ctx.edit({ position: write(pieces.filter((_, k) => k !== i)) }), pieces.length <= 1),
    ]));
  });
  const add = el('button', { type: 'button', className: 'secondary', id: 'pz-add-piece', textContent: t('Add a 2 × 2 piece') });
  add.addEventListener('click', () => ctx.edit({ position: write([...pieces, [2, 2]]) }));
  body.append(list, el('div', { className: 'inline-form' }, [add]));
}

/** Cutcake's pieces side by side, each with its unit squares; with `onCut`, each line a cut to click. */
function cakeDrawing(position, marked = [], onCut = null, marks = null) {
  const pieces = position.split('+').map((p) => p.split('x').map(Number));
  const unit = 14;
  const gap = 12;
  const width = pieces.reduce((w, [, c]) => w + c * unit + gap, gap);
  const height = Math.max(...pieces.map(([rr]) => rr)) * unit + 2 * gap;
  const drawing = svg('svg', { class: 'pz-cake', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': t('the cake: {list}', { list: position }) });
  let x = gap;
  pieces.forEach(([rr, c], i) => {
    const g = svg('g', { class: marked.includes(i) ? 'marked' : '' });
    g.append(svg('rect', { x, y: gap, width: c * unit, height: rr * unit, class: 'pz-piece' }));
    const line = (side, k, x1, y1, x2, y2) => {
      g.append(svg('line', { x1, y1, x2, y2, class: `pz-cut${marks?.(i, side, k) ? ` win-${side}` : ''}` }));
      if (!onCut) return;
      // A band along the line takes the click; focusable, named for a screen reader.
      const band = 6;
      const box = x1 === x2
        ? { x: x1 - band / 2, y: y1, width: band, height: y2 - y1 }
        : { x: x1, y: y1 - band / 2, width: x2 - x1, height: band };
      const hit = svg('rect', { ...box, class: `pz-cut-hit ${side}`, tabindex: '0', role: 'button',
        'aria-label': side === 'left'
          ? t('piece {i}: Left cuts between columns {k} and {n}', { i: i + 1, k, n: k + 1 })
          : t('piece {i}: Right cuts between rows {k} and {n}', { i: i + 1, k, n: k + 1 }) });
      hit.addEventListener('click', () => onCut(i, side, k));
      hit.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onCut(i, side, k); } });
      g.append(hit);
    };
    for (let k = 1; k < c; k++) line('left', k, x + k * unit, gap, x + k * unit, gap + rr * unit);
    for (let k = 1; k < rr; k++) line('right', k, x, gap + k * unit, x + c * unit, gap + k * unit);
    drawing.append(g);
    x += c * unit + gap;
  });
  return drawing;
}

/**
 * Where the last drawing put each vertex (by name) and its size: after a chop
 * the standing edges keep their places, so that nothing moves but what fell.
 */
let kept = null;

/** A Hackenbush drawing: the ground, vertices at the core's heights and places; `marked` edges dashed. */
function hackenbushDrawing(d, { onChop = null, onPick = null, marked = [], wins = null } = {}) {
  const levels = d.level;
  const placed = d.vertices.map((_, v) => v > 0 && d.x[v] != null);
  const top = Math.max(1, ...levels.filter((_, v) => placed[v]));
  let width = Math.max(240, 80 * d.slots + 40);
  let height = 70 * top + 60;
  let pos = [];
  d.vertices.forEach((_, v) => {
    if (placed[v]) pos[v] = [(width - 80 * d.slots) / 2 + 80 * (d.x[v] + 0.5), height - 30 - 70 * levels[v]];
  });
  // A chop's result: every vertex still standing was drawn, so each stays where it was.
  if (onChop && kept && d.vertices.every((name, v) => !placed[v] || kept.at.has(name))) {
    ({ width, height } = kept);
    pos = d.vertices.map((name, v) => (placed[v] ? kept.at.get(name) : undefined));
  }
  if (onChop) kept = null;
  const remember = () => { kept = { width, height, at: new Map(d.vertices.flatMap((name, v) => (pos[v] ? [[name, pos[v]]] : []))) }; };
  const drawing = svg('svg', { class: 'pz-hackenbush', viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': t('the Hackenbush drawing, {n:edge|edges}', { n: d.edges.length }) });
  const ground = svg('line', { x1: 0, y1: height - 30, x2: width, y2: height - 30, class: 'pz-ground', 'data-vertex': 0 });
  drawing.append(ground);
  const pickable = (node, v, label) => {
    if (!onPick) return;
    node.setAttribute('tabindex', '0');
    node.setAttribute('role', 'button');
    node.setAttribute('aria-label', label);
    node.addEventListener('click', () => onPick(v));
    node.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onPick(v); } });
  };
  pickable(ground, 0, t('the ground: new edges start here'));
  // An edge to the ground meets it straight below its other end.
  const end = (v, other) => (v === 0 ? [pos[other]?.[0] ?? width / 2, height - 30] : pos[v]);
  const colours = { b: t('blue'), r: t('red'), g: t('green') };
  d.edges.forEach(([u, v, c], i) => {
    const [a, b] = [end(u, v), end(v, u)];
    const loop = u === v;
    const path = loop
      ? `M ${a[0]} ${a[1]} c -30 -40 30 -40 0 0`
      : `M ${a[0]} ${a[1]} L ${b[0]} ${b[1]}`;
    for (const side of ['left', 'right']) {
      if (wins?.[side].has(i)) drawing.append(svg('path', { d: path, class: `pz-win-halo ${side}` }));
    }
    const line = svg('path', { d: path, class: `pz-edge ${c}${marked.includes(i) ? ' marked' : ''}` });
    if (onChop) {
      // A wider, invisible twin under the edge: an easy target for a finger.
      drawing.append(svg('path', { d: path, class: 'pz-edge-hit', 'data-interactive': '' }));
      drawing.lastChild.addEventListener('click', () => { remember(); onChop(i); });
      line.setAttribute('tabindex', '0');
      line.setAttribute('role', 'button');
      line.setAttribute('aria-label', t('{colour} edge {u}–{v}: chop it', { colour: colours[c], u: d.vertices[u], v: d.vertices[v] }));
      const chop = () => { remember(); onChop(i); };
      line.addEventListener('click', chop);
      line.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); chop(); } });
    }
    drawing.append(line);
  });
  d.vertices.forEach((name, v) => {
    if (v === 0 || !pos[v]) return;
    const dot = svg('circle', { cx: pos[v][0], cy: pos[v][1], r: onPick ? 7 : 4, class: 'pz-vertex', 'data-vertex': v, 'data-name': name });
    pickable(dot, v, t('vertex {v}: new edges start here', { v: name }));
    drawing.append(dot);
  });
  return drawing;
}

/**
 * Play on the board, beside editing it: the page keeps which (and whose turn)
 * across the result drawn again after each move. A move is the core's
 * (`left_options`, `right_options`: the position it leaves and the cells it
 * changes); a tap picks a cell, a second one the move through both when one
 * cell does not tell.
 */
const play = { on: false, side: 'left', picked: null, history: [], expect: null };

/** `side`'s move from `r`'s position to `position`, recorded for Undo; the other side moves next. */
function playTo(r, ctx, side, position) {
  play.history.push({ position: r.position, side });
  play.side = side === 'left' ? 'right' : 'left';
  // The result drawn for it keeps the game's history (another position clears it).
  play.expect = position;
  ctx.edit({ position });
}

/** The edit / play switch above a board of cells, and the board drawn for either. */
function playBox(holder, r, ctx, rows, { edited, legend, marks }) {
  if (play.expect !== r.position) play.history = [];
  play.expect = null;
  play.picked = null;
  const mode = el('div', { className: 'pz-mode', role: 'radiogroup', 'aria-label': t('What a tap on the board does') });
  const radio = (value, label) => {
    const input = el('input', { type: 'radio', name: 'pz-mode', value, id: `pz-mode-${value}`, checked: (value === 'play') === play.on });
    input.addEventListener('change', () => { play.on = value === 'play'; play.history = []; redraw(); });
    return el('label', { htmlFor: input.id }, [input, ` ${label}`]);
  };
  const side = selectOf(['left', 'right'], play.side, { left: t('Left (blue) to move'), right: t('Right (red) to move') });
  side.id = 'pz-play-side';
  side.setAttribute('aria-label', t('Whose move'));
  side.addEventListener('change', () => { play.side = side.value; play.picked = null; redraw(); });
  mode.append(radio('edit', t('Edit the position')), radio('play', t('Play moves')), side);
  holder.before(mode);
  const said = el('p', { className: 'hint', id: 'pz-turn' });
  said.setAttribute('aria-live', 'polite');
  const undo = el('button', { type: 'button', className: 'secondary', id: 'pz-undo-move', textContent: t('Undo the last move') });
  const sides = el('div', { className: 'inline-form pz-play-tools' }, [undo]);
  holder.after(said, sides);
  undo.addEventListener('click', () => {
    const back = play.history.pop();
    if (back === undefined) return;
    play.side = back.side;
    play.expect = back.position;
    ctx.edit({ position: back.position });
  });
  const options = () => r[`${play.side}_options`];
  const who = () => (play.side === 'left' ? t('Left (blue)') : t('Right (red)'));
  const move = (o) => playTo(r, ctx, play.side, o.position);
  const tap = (ri, ci) => {
    const k = ri * rows[0].length + ci;
    const through = options().filter((o) => o.changed.includes(k) && (play.picked === null || play.picked === k || o.changed.includes(play.picked)));
    if (play.picked !== null && play.picked !== k && through.length) {
      move(through.sort((a, b) => a.changed.length - b.changed.length)[0]);
      return;
    }
    const alone = options().filter((o) => o.changed.includes(k));
    if (alone.length === 1) move(alone[0]);
    else if (alone.length > 1 && play.picked !== k) { play.picked = k; redraw(t('Now tap the other cell of the move.')); }
    else { play.picked = null; redraw(alone.length ? '' : t('No move of {who} uses this cell.', { who: who() })); }
  };
  const redraw = (note = '') => {
    side.hidden = !play.on;
    side.value = play.side;
    undo.hidden = !play.on;
    undo.disabled = !play.history.length;
    legend.hidden = play.on || !marks;
    if (!play.on) {
      said.textContent = '';
      holder.replaceChildren(edited());
      return;
    }
    holder.replaceChildren();
    const picked = play.picked === null ? [] : [play.picked];
    const reach = play.picked === null ? [] : options().filter((o) => o.changed.includes(play.picked)).flatMap((o) => o.changed);
    holder.append(gridDrawing(rows, r.view, { onCell: tap, marked: [...new Set([...picked, ...reach])], side: play.side, playing: true }));
    said.textContent = options().length
      ? `${t('{who} to move: tap a move on the board.', { who: who() })} ${note}`.trim()
      : t('{who} has no move: the other player, who moved last, wins.', { who: who() });
  };
  redraw();
}

/** Each player's winning first moves, drawn as the positions they leave. */
function movesSection(container, r, ctx) {
  const body = section(container, t('Winning moves'), 'pz-moves');
  for (const [side, moves, who] of [['left', r.left_moves, t('Left moving first')], ['right', r.right_moves, t('Right moving first')]]) {
    const list = el('div', { className: 'pz-move-list', id: `pz-${side}-moves` });
    body.append(el('h4', { textContent: who }), list);
    if (!moves.length) {
      list.append(el('p', { className: 'muted', textContent: t('no winning move: whatever this player does, the other wins') }));
      continue;
    }
    for (const m of moves.slice(0, 24)) {
      const figure = el('figure', { className: `pz-move ${side}` });
      if (r.view.kind === 'cells') figure.append(gridDrawing(m.position.split('/'), r.view, { marked: m.changed, side }));
      else if (r.view.kind === 'cake') figure.append(cakeDrawing(m.position, m.changed));
      else if (r.view.kind === 'edges') {
        const edge = r.drawing.edges[m.changed[0]];
        figure.append(el('span', { textContent: t('chop {u}–{v}', { u: r.drawing.vertices[edge[0]], v: r.drawing.vertices[edge[1]] }) }));
      }
      if (m.display) figure.append(el('figcaption', { textContent: r.view.kind === 'typed' ? t('to {v}', { v: m.display }) : t('value {v}', { v: m.display }) }));
      // A tap plays the move on the board (and turns the board to play): the
      // picture is a button's face, its caption stays the figure's.
      if (r.view.kind === 'cells' || r.view.kind === 'cake') {
        const face = el('button', { type: 'button', className: 'pz-move-play' }, [figure.firstChild]);
        face.setAttribute('aria-label', `${side === 'left' ? t('Play this move of Left’s') : t('Play this move of Right’s')}: ${t('value {v}', { v: m.display })}`);
        face.addEventListener('click', () => { play.on = r.view.kind === 'cells'; playTo(r, ctx, side, m.position); });
        figure.prepend(face);
      }
      list.append(figure);
    }
    if (moves.length > 24) list.append(el('p', { className: 'muted', textContent: t('and {n} more', { n: moves.length - 24 }) }));
  }
}

/**
 * A form's text for a fixed-width font, its runs of superscript digits (↑¹⁰²⁴)
 * in the text's own font: a fixed-width font gives each a whole cell, which
 * spreads them apart ("↓¹ ⁰ ² ⁴").
 */
function withSuperscripts(text) {
  return text.split(/([⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+)/).filter(Boolean)
    .map((part) => (/^[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]/.test(part) ? el('span', { className: 'sup-run', textContent: part }) : part));
}

/** The canonical form as a game tree: Left's options down to the left, Right's to the right. */
function treeSection(container, r) {
  const body = section(container, t('The canonical form'), 'pz-tree-section');
  body.append(el('p', { className: 'pz-form', id: 'pz-canonical' }, withSuperscripts(r.display)));
  // Drawn by the core (draw/game_tree.rs), as in a notebook; for a result
  // computed when the site was built, once the core lands.
  const slot = el('div');
  body.append(slot);
  let drawing = null;
  whenCore((core) => {
    if (!core || !slot.isConnected) return;
    drawing = svgOf(core.gameTreeSvg(r.canonical, getLang()));
    const box = scrollBox(drawing, t('The canonical form as a game tree'));
    slot.replaceWith(box);
    // A tree wider than the screen opens on its root, in the middle.
    requestAnimationFrame(() => { box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2; });
  });
  body.append(el('p', { className: 'muted', textContent: t('Blue branches lead to Left’s options, red ones to Right’s. A node with a dashed ring has options not drawn; hover a node for its value.') }));
  const save = el('button', { type: 'button', className: 'secondary save-svg', textContent: t('Save SVG') });
  save.addEventListener('click', () => { if (drawing) saveDomSvg(drawing, 'partizan-tree', t('The game tree of {v}', { v: r.value })); });
  body.append(save);
}

/** The thermograph, drawn by the core (draw/thermograph.rs) as Winning Ways draws it. */
function thermographSection(container, r) {
  const body = section(container, t('The thermograph'), 'pz-thermograph-section');
  const th = r.thermograph;
  const width = Math.min(Math.max(body.clientWidth || 600, 280), 640);
  const slot = el('div');
  body.append(slot);
  let drawing = null;
  whenCore((core) => {
    if (!core || !slot.isConnected) return;
    drawing = svgOf(core.thermographSvg(th, width, getLang()));
    slot.replaceWith(drawing);
  });
  body.append(el('p', { className: 'muted', textContent: num(th.temperature) < 0
    ? t('A number has no hot moves: its thermograph is a mast at its value (temperature {t}, as CGSuite counts it).', { t: signs(th.temperature) })
    : t('Up the vertical axis, the tax t on every move; across, the value, larger to the left (Left’s side, as Winning Ways draws it). The walls show what Left (blue) and Right (red) get moving first, until they meet at the temperature and rise as the mast at the mean.') }));
  const save = el('button', { type: 'button', className: 'secondary save-svg', textContent: t('Save SVG') });
  save.addEventListener('click', () => { if (drawing) saveDomSvg(drawing, 'partizan-thermograph', t('The thermograph of {v}', { v: r.value })); });
  body.append(save);
}
