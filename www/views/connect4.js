// Connect Four solved exactly (its own family, `game=connect4`): the
// board drawn large, each column's score above it, the best columns marked,
// click a column to play, undo. The core checks the moves and solves; this
// view draws what comes back and edits the link's `moves`.
import { el, fieldMaker, section, stat, explain, downloadSvg } from '../dom.js';
import { t, both, count, fixed, duration, getLang } from '../i18n.js';
import { core } from '../core.js';
import { Cancelled } from '../solver-client.js';

/** What the page is about to show, while the solver loads (link.js, paintEarly). */
export function intro(info) {
  return t('Connect Four solved exactly on any board from {min} to {max}: the score of every column, and how soon the game ends.', sizes(info));
}

/** The smallest and largest boards, as the core's fields bound them. */
function sizes(info) {
  const bound = (key) => info.spec.fields.find((f) => f.key === key);
  const [w, h] = [bound('width'), bound('height')];
  return { min: `${w.min} × ${h.min}`, max: `${w.max} × ${h.max}` };
}

/** The solve view's fields. */
export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const field = fieldMaker(form, onChange, info);
  field('width');
  field('height', null, t('From {min} to {max}. The largest board from empty takes half a minute to a minute and a half here for its score, then one to three minutes more for every column’s (less with more cores).', sizes(info)));
  field('moves', null, t('Columns from 1 on the left, one digit a move (Pons’ notation), or click the board below. Empty: the empty board.'));
}

// The link's moves when they run ahead of the board on screen (a move asked
// about or being solved): the next click extends them, so no move is lost.
let ahead = null;

/**
 * Keeps the moves field in step with clicks on the board; while the next
 * position is asked about or solved, the board stays and says which it is.
 */
export function update(form, info) {
  const moves = form.elements.namedItem('moves');
  if (moves && document.activeElement !== moves) moves.value = info.fields.moves ?? '';
  const said = document.getElementById('c4-moves');
  if (!said || said.dataset.moves === undefined) return;
  ahead = { moves: info.fields.moves ?? '', size: `${info.fields.width}x${info.fields.height}` };
  if (ahead.moves !== said.dataset.moves) {
    said.textContent = t('Next position: {moves}; the board shows the last one solved until it is.', { moves: ahead.moves || '—' });
  }
}

/** A column's score in a few words: who wins, and with which stone from now. */
function shortEnding(c) {
  if (c.score === null) return '';
  if (c.score === 0) return t('draw');
  return c.score > 0 ? t('win in {n}', { n: c.ending.stone }) : t('loss in {n}', { n: c.ending.stone });
}

/** The same in a sentence, for the column's label and title. */
function longEnding(c, r, pending) {
  if (c.score === null) return c.playable ? (pending ? t('being scored') : t('not solved')) : t('full');
  if (c.score === 0) return t('a draw with best play');
  return c.score > 0
    ? t('you win on move {m} of the game ({n:stone|stones} of yours from now)', { n: c.ending.stone, m: c.ending.on_move })
    : t('player {k} wins on move {m} of the game', { k: 3 - r.to_move, m: c.ending.on_move });
}

/**
 * Draws the report; when its columns are still to come (a long solve gave
 * the position's score first), asks for them as a follow-up and draws again
 * with them. `followUp`: this report is that follow-up's, asked no more.
 */
export function renderResult(container, info, { result: r }, ctx) {
  container.replaceChildren();
  connect4Result(container, info, r, ctx);
}

function connect4Result(container, info, r, ctx, followUp = false) {
  drawReport(container, info, r, ctx, followUp);
  if (!r.columns_later || followUp) return;
  // This drawing's own elements: after another link drew, they are gone from the page.
  const button = container.querySelector('#c4-columns');
  const legend = container.querySelector('#c4-legend');
  const again = () => {
    button.disabled = true;
    ctx.more('columns', t('Scoring every column…')).then((answer) => {
      if (!legend.isConnected) return;
      container.replaceChildren();
      // The headline counts the whole work: the position's solve, then its
      // columns' (their time the page's wait: the parts may run side by side).
      const columns = { ...answer.result, seconds: answer.ms / 1000 };
      const whole = { ...columns, nodes: columns.nodes + r.nodes, seconds: columns.seconds + r.seconds, parts: [r, columns] };
      connect4Result(container, info, whole, ctx, true);
    }, (err) => {
      if (!legend.isConnected) return;
      button.disabled = false;
      if (err instanceof Cancelled) legend.textContent = t('The columns’ scores were cancelled; the position’s score above is exact. Press “Score every column” to see which moves keep it.');
    });
  };
  button.addEventListener('click', again);
  // After the page has said the position's solve is done.
  setTimeout(again, 0);
}

function drawReport(container, info, r, ctx, followUp) {
  explain(container, {
    parts: [
      t('Connect Four solved exactly: Ludolab searches every line of play to the end (negamax with alpha-beta on bitboards, the moves that create the most threats first, a transposition table, a null-window search on the score) — no heuristic, no opening book.'),
      t('A score says how soon: 0 is a draw; positive, the player to move wins, and the sooner the larger (a four with the game’s m-th stone scores ⌊(W·H + 2 − m)/2⌋); negative, the opponent wins. This is Pascal Pons’ convention.'),
    ],
    source: t('Pascal Pons, « Solving Connect 4: how to build a perfect AI », blog.gamesolver.org; John Tromp’s table of solved board sizes.'),
  });
  container.append(el('div', { className: 'headline' }, headline(r)));
  const body = section(container, t('Play: click a column'), 'c4-section');
  ahead = null;
  const size = `${r.width}x${r.height}`;
  const play = (c) => ctx.edit({ moves: `${ahead?.size === size ? ahead.moves : r.moves}${c}` });
  body.append(el('div', { className: 'c4-holder' }, [boardGrid(r, play, r.columns_later && !followUp)]));
  body.append(el('p', { className: 'muted legend', id: 'c4-legend', textContent: legendText(r, followUp) }));
  body.append(el('div', { className: 'inline-form' }, controls(info, r, ctx, followUp)));
  const said = el('p', { className: 'muted', id: 'c4-moves', textContent: r.moves
    ? t('Moves so far: {moves} ({n:stone|stones}).', { moves: r.moves, n: r.stones })
    : t('The empty board.') });
  said.dataset.moves = r.moves;
  body.append(said);
}

/** The verdict (or the bounds so far) and the work done. */
function headline(r) {
  const head = [];
  if (r.over) {
    head.push(stat('c4-verdict', r.winner ? t('player {k} won', { k: r.winner }) : t('a draw: the board is full'), t('the game is over')));
  } else if (r.score === null && r.nodes === 0) {
    // The board before the solve (a go-ahead asked above): nothing is claimed.
    head.push(stat('c4-verdict', t('not solved yet'), t('player {k} to move: press Compute above to solve, or play a column', { k: r.to_move })));
  } else if (r.score === null) {
    head.push(stat('c4-verdict', t('not solved yet'), t('the score lies between {lo} and {hi}: raise the limit or wait', { lo: r.bounds[0], hi: r.bounds[1] })));
  } else {
    head.push(stat('c4-verdict', `${r.score > 0 ? '+' : ''}${r.score}: ${both(r.verdict)}`, t('player {k} to move, {n:stone|stones} on the board', { k: r.to_move, n: r.stones })));
  }
  const rate = r.seconds > 0 ? r.nodes / r.seconds : 0;
  const time = duration(r.seconds);
  // A rate over a few milliseconds says nothing.
  const work = r.parts
    ? t('{a} for the score in {ta}, then {b} for every column in {tb}', { a: count(r.parts[0].nodes), ta: duration(r.parts[0].seconds), b: count(r.parts[1].nodes), tb: duration(r.parts[1].seconds) })
    : r.nodes >= 100000 ? t('{time}, {rate} million positions a second', { time, rate: fixed(rate / 1e6, 1) }) : time;
  // Before any solve (a finished game, the board under a go-ahead) there is no work to tell.
  if (r.nodes > 0) head.push(stat('c4-work', t('{n:position|positions} searched', { n: count(r.nodes) }), work));
  return head;
}

/** The board: each column's score above it, then the cells; a click plays the column. */
function boardGrid(r, play, pending) {
  const grid = el('div', { className: 'c4-board', id: 'c4-board', role: 'group', 'aria-label': t('the board, {w} columns by {h} rows', { w: r.width, h: r.height }) });
  grid.style.setProperty('--cols', String(r.width));
  // Above each column: its score, in colour, and how soon.
  for (const c of r.columns) {
    const cls = c.score === null ? 'none' : c.score > 0 ? 'win' : c.score < 0 ? 'loss' : 'draw';
    const b = el('button', { type: 'button', className: `c4-score ${cls}${c.best ? ' best' : ''}` }, [
      el('span', { className: 'c4-value', textContent: c.score === null ? (c.playable ? '?' : '—') : `${c.score > 0 ? '+' : ''}${c.score}` }),
      // The two lines read as two words.
      ' ',
      el('span', { className: 'c4-when', textContent: shortEnding(c) }),
    ]);
    b.dataset.column = String(c.column);
    if (c.score !== null) b.dataset.score = String(c.score);
    b.title = longEnding(c, r, pending);
    // The name starts with what the button shows (WCAG 2.5.3, label in name), then says it in words.
    const shown = b.textContent.trim();
    b.setAttribute('aria-label', `${shown}: ${t('column {c}', { c: c.column })}, ${longEnding(c, r, pending)}${c.best ? `, ${t('a best move')}` : ''}`);
    b.disabled = !c.playable;
    b.addEventListener('click', () => play(c.column));
    grid.append(b);
  }
  for (let row = 0; row < r.height; row++) {
    for (let col = 0; col < r.width; col++) {
      const cell = r.cells[row * r.width + col];
      const d = el('button', { type: 'button', className: `c4-cell p${cell}`, tabIndex: -1 });
      d.setAttribute('aria-label', `${t('column {c}', { c: col + 1 })}, ${cell === 0 ? t('empty') : t('player {k}', { k: cell })}`);
      d.disabled = !r.columns[col].playable;
      d.addEventListener('click', () => play(col + 1));
      grid.append(d);
    }
  }
  return grid;
}

/** What the colours and outlines mean, or why the columns' scores are not there yet. */
function legendText(r, followUp) {
  if (r.over) return '';
  const best = r.columns.filter((c) => c.best).map((c) => c.column);
  if (best.length) return t('Outlined: the best columns ({cols}). Green: a win, grey: a draw, red: a loss, for the player to move; “in n”: with the n-th stone of the winner from now.', { cols: best.join(', ') });
  if (r.columns_later && followUp) return t('The position’s score above is exact; the columns marked “?” were not solved within {n} positions.', { n: count(r.node_limit) });
  if (r.columns_later) return t('The position’s score above is exact. Every column’s score is being computed now (about as long as the position’s own solve, or a few times as long): the progress and Cancel are in the status line.');
  return t('Scores appear above the columns once solved.');
}

/** Undo, back to the start, the same position in the search; "Score every column" while they wait. */
function controls(info, r, ctx, followUp) {
  const undo = el('button', { type: 'button', className: 'secondary', id: 'c4-undo', textContent: t('Undo the last move') });
  undo.disabled = !r.moves.length;
  undo.addEventListener('click', () => ctx.edit({ moves: r.moves.slice(0, -1) }));
  const start = el('button', { type: 'button', className: 'secondary', id: 'c4-start', textContent: t('Back to the empty board') });
  start.disabled = !r.moves.length;
  start.addEventListener('click', () => ctx.edit({ moves: '' }));
  // The same position in the search family: a link, so Back returns here.
  const teaching = new URLSearchParams({
    game: 'search', v: '1', search: 'connect4', width: r.width, height: r.height,
    depth: '4', algorithm: 'alphabeta', moves: r.moves,
  });
  if (info.lang) teaching.set('lang', info.lang);
  const search = el('a', { className: 'button secondary', id: 'c4-search', href: `#${teaching}`, textContent: t('See how alpha-beta explores it') });
  // The board as a picture, drawn by the core as a notebook draws it (draw/connect4.rs).
  const save = el('button', { type: 'button', className: 'secondary save-svg', id: 'c4-svg', textContent: t('Save SVG') });
  save.addEventListener('click', () => {
    const scores = r.columns.map((c) => c.score);
    downloadSvg(core().connect4BoardSvg(r.width, r.height, Uint8Array.from(r.cells), scores, getLang()), `connect4-${r.moves || 'empty'}`, t('the board, {w} columns by {h} rows', { w: r.width, h: r.height }));
  });
  const buttons = [undo, start, search, save];
  if (r.columns_later && !followUp) buttons.unshift(el('button', { type: 'button', className: 'secondary', id: 'c4-columns', textContent: t('Score every column') }));
  return buttons;
}
