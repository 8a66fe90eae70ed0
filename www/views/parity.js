// Parity games (their own family, `game=parity`): a game typed in
// PGSolver's format, loaded from a file or generated, solved in the worker by
// priority promotion or Zielonka's algorithm; the two winning regions and each
// player's strategy drawn on small games, Zielonka's recursion stepped call by
// call. The core parses, generates, solves and verifies; this view draws.
import { whenCore } from '../core.js';
import { el, fieldMaker, selectOf, section, stat, explain, stepControls, choiceLabels, choiceHints, formKeys } from '../dom.js';
import { GraphView } from '../graph.js';
import { t, both, count, duration } from '../i18n.js';

const playerOf = (p) => (p === 0 || p === 'even' ? t('Even') : t('Odd'));

/** What the page is about to show, while the solver loads (link.js, paintEarly). */
export function intro() {
  return t('Parity games, the next chapter: plays last forever, and the largest priority seen infinitely often decides; solved by Zielonka’s algorithm and by priority promotion.');
}

/** The parity view's fields. */
export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const field = fieldMaker(form, onChange, info);
  const source = f.source ?? info.choices.source[0];
  field('source', selectOf(info.choices.source, source, choiceLabels(info, 'source')),
    t('Each vertex has a priority; an infinite play is won by Even when the largest priority seen infinitely often is even, by Odd otherwise.'));
  // The keys the source reads come from the core's list of sources (its `uses`),
  // the source's own word beside the first of them.
  const sourceHint = choiceHints(info, 'source')[source];
  formKeys(info, 'source', source).forEach((key, i) => {
    if (key === 'pg') typedGame(form, field, f, info, onChange);
    else field(key, null, KEY_HINTS()[key] ?? (i === 0 ? sourceHint : ''));
  });
  field('solver', selectOf(info.choices.solver, f.solver ?? 'portfolio', choiceLabels(info, 'solver')));
}

// A word beside some of the generators' keys, whatever the source.
const KEY_HINTS = () => ({
  priorities: t('Priorities are drawn from 0 to this.'),
  'max-degree': t('Each vertex gets between these many distinct successors, itself allowed.'),
  seed: t('The same seed gives the same game, here and in the command line.'),
});

/** The typed game's field, and a file loaded into it. */
function typedGame(form, field, f, info, onChange) {
  const area = el('textarea', { rows: 9, value: f.pg ?? '', spellcheck: false });
  field('pg', area, t('PGSolver’s format: parity N; then one vertex a line, id priority owner successors "name"; (owner 0 = Even, 1 = Odd).'));
  const file = el('input', { type: 'file', id: 'parity-file', accept: '.pg,.gz,.txt,text/plain' });
  const status = el('p', { className: 'hint', id: 'parity-file-status' });
  status.setAttribute('aria-live', 'polite');
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    try {
      const text = await readGame(chosen);
      const pgSpec = info.spec.fields.find((x) => x.key === 'pg');
      const most = pgSpec?.most ?? pgSpec?.max ?? 100000;
      if (text.length > most) {
        status.textContent = t('{name} has {n} characters; a link carries at most {most}: solve it with the command line (ludolab parity --file).', { name: chosen.name, n: count(text.length), most: count(most) });
        return;
      }
      status.textContent = t('{name} loaded.', { name: chosen.name });
      onChange({ pg: text });
    } catch (err) {
      status.textContent = t('{name} cannot be read: {why}', { name: chosen.name, why: err.message });
    }
  });
  form.append(el('div', { className: 'field' }, [el('label', { htmlFor: 'parity-file', textContent: t('Load a game file (.pg or .pg.gz)') }), file, status]));
}

/** A game file's text: gzip-compressed files are inflated by the browser. */
async function readGame(file) {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] === 0x1f && head[1] === 0x8b) {
    return new Response(file.stream().pipeThrough(new DecompressionStream('gzip'))).text();
  }
  return file.text();
}

const vertexName = (d, v) => d.names[v];

export function renderResult(container, info, { result: r }, ctx) {
  container.replaceChildren();
  explain(container, {
    parts: [
      t('A parity game is played forever on a graph: Even moves at the circles, Odd at the squares, and a play is won by Even when the largest priority it sees infinitely often is even. Both players have winning strategies that ignore the past (positional determinacy), so a solution is two regions and one move per vertex.'),
      t('Zielonka’s algorithm: take the largest priority p, favouring player α; A = the attractor of α to the vertices of priority p; solve the game without A. If the opponent wins nothing there, α wins everything; otherwise the opponent also wins its attractor B to its region, and the game without B is solved again.'),
      t('Priority promotion looks at the same attractors from the top priority down, as regions that one player can keep the play in, and promotes a region that the opponent can leave only upwards; a region no one can leave is a dominion, solved for good.'),
      t('Tangle learning builds the same regions and, in a region the opponent cannot leave, keeps each strongly connected piece of the winner’s moves (a tangle): later attractors take a tangle whole once every way out of it is attracted, which reaches what attractors of single vertices cannot.'),
      t('Recursive tangle learning also looks inside the regions it cannot use whole: what is left of a region once the opponent’s ways out (or its top) are taken away is cut into regions again, so tangles nested inside one another are learned in one pass.'),
    ],
    source: t('W. Zielonka, « Infinite games on finitely coloured graphs », TCS 200 (1998); M. Benerecetti, D. Dell’Erba, F. Mogavero, « Solving parity games via priority promotion », CAV 2016; T. van Dijk, « Attracting tangles to solve parity games », CAV 2018; the course’s chapter on attractors (seed 004).'),
  });
  const time = duration(r.seconds);
  const byPreprocessing = r.vertices > 0 && r.preprocessed.left === 0;
  const head = [
    stat('parity-start', t('{player} wins from vertex {v}', { player: playerOf(r.start_winner), v: r.drawing ? vertexName(r.drawing, r.drawing.ids.indexOf(r.start)) : r.start }),
      t('where play starts')),
    stat('parity-regions', `${count(r.won_by_even.length)} / ${count(r.won_by_odd.length)}`, t('vertices won by Even / by Odd')),
    stat('parity-size', t('{n:vertex|vertices}', { n: count(r.vertices) }),
      t('{m:edge|edges}, priorities up to {p} ({d} distinct)', { m: count(r.edges), p: count(r.max_priority), d: count(r.distinct_priorities) })),
    // The default names the one of its two solvers that finished; the long name goes below, small.
    // Solved by the preprocessing steps alone (the example is): no solver's name to give.
    stat('parity-solver', byPreprocessing ? t('preprocessing alone') : choiceLabels(info, 'solver')[r.finished_by] ?? r.finished_by,
      (byPreprocessing ? `${t('{solver}: nothing was left to do', { solver: choiceLabels(info, 'solver')[r.solver] ?? r.solver })}; `
        : r.finished_by !== r.solver ? `${t('finished first by the default, {solver}', { solver: choiceLabels(info, 'solver')[r.solver] ?? r.solver })}; ` : '') +
      (r.verified ? t('{time}; the solution passed the verifier', { time }) : t('{time}; the verifier refused the solution', { time }))),
  ];
  container.append(el('div', { className: 'headline' }, head));
  if (r.note) container.append(el('p', { className: 'muted', id: 'parity-note', textContent: `${both(r.note)}.` }));
  container.append(el('p', { className: 'muted', id: 'parity-preprocessed', textContent: preprocessed(r.preprocessed, r.vertices) }));
  if (!r.drawing) {
    container.append(el('p', { className: 'muted', id: 'parity-summary', textContent:
      t('{n} vertices and {m} edges: too many to draw (the drawing stops at 60 vertices and 240 edges); the counts above sum the solution up. The command line writes it vertex by vertex: ludolab parity --file game.pg --json.', { n: count(r.vertices), m: count(r.edges) }) }));
    return;
  }
  // The drawing's options are the core's (draw::arena::parity, as a notebook draws it):
  // moves as pairs, priorities in the vertices, names under them, fills by winner.
  // A result computed when the site was built has them once the core lands.
  const slot = el('div', { hidden: true });
  container.append(slot);
  whenCore((core) => {
    if (!core || !slot.isConnected) return;
    slot.remove();
    drawnSections(container, info, r, ctx, core.parityArena(r.drawing, r.start));
  });
}

/** The game drawn and solved, then the solver's steps: what needs the core's layout. */
function drawnSections(container, info, r, ctx, arena) {
  const d = r.drawing;
  const n = d.ids.length;
  const { edges, labels, notes } = arena;
  const describe = (v) => {
    const moves = [];
    for (let k = d.offsets[v]; k < d.offsets[v + 1]; k++) moves.push(vertexName(d, d.targets[k]));
    const strategy = d.strategy_edges.find((k) => k >= d.offsets[v] && k < d.offsets[v + 1]);
    const win = t('won by {player}', { player: playerOf(d.winner[v]) });
    const move = strategy === undefined ? '' : `\n${t('winning move: to {w}', { w: vertexName(d, d.targets[strategy]) })}`;
    return `${vertexName(d, v)} · ${t('priority {p}', { p: d.priority[v] })} · ${d.owner[v] === 0 ? t('Even moves') : t('Odd moves')}\n${win}\n${t('moves to {list}', { list: moves.join(', ') })}${move}`;
  };
  const body = section(container, t('The game solved'), 'parity-solution');
  body.append(el('p', { className: 'muted', textContent:
    t('The number in a vertex is its priority; circles are Even’s vertices, squares Odd’s. Blue: won by Even, orange: won by Odd. Thick edges: each player’s winning move where it moves.') }));
  const graph = new GraphView(body, { id: 'parity-graph', title: t('The parity game: {n:vertex|vertices}, {m:edge|edges}', { n: count(n), m: count(r.edges) }), fileName: 'parity-game', describe });
  graph.draw(arena);
  if (r.pg) {
    const edit = el('button', { type: 'button', className: 'secondary', id: 'parity-edit', textContent: t('Edit this game') });
    edit.addEventListener('click', () => ctx.edit({ source: 'typed', pg: r.pg }));
    body.append(el('div', { className: 'inline-form' }, [edit]));
  }
  const g = { d, n, edges, labels, notes, describe };
  if (r.steps?.length) stepsSection(container, info, r, ctx, g);
  if (r.tangle_steps?.length) tangleSection(container, info, r, ctx, g);
}

/** Tangle learning, one region at a time, on the drawing: its tangles, their moves and escapes. */
/** What the core's preprocessing steps solved before the solver, in one sentence. */
function preprocessed(p, n) {
  if (n === 0) return '';
  if (p.single_parity && p.left === 0 && p.self_loops + p.on_cycles === 0) {
    return t('Before any solver: every priority has one parity, so its player wins everywhere.');
  }
  const parts = p.self_loops + p.on_cycles === 0 ? [t('no self-loop or winning cycle to solve')] : [
    t('{n:vertex|vertices} won on a self-loop', { n: count(p.self_loops) }),
    t('{c:winning cycle|winning cycles} of one player ({n:vertex|vertices})', { c: count(p.cycles), n: count(p.on_cycles) }),
    t('{n:vertex|vertices} attracted to them', { n: count(p.attracted) }),
  ];
  let rest;
  if (p.left === 0) rest = t('nothing was left to the solver');
  else if (p.single_parity) rest = t('what was left has one parity and was won at once');
  else rest = t('{n:vertex|vertices} left to the solver, {p} distinct priorities compressed to {q}', { n: count(p.left), p: count(p.priorities), q: count(p.compressed) });
  return t('Before the solver: {parts}; {rest}.', { parts: parts.join(', '), rest });
}

function tangleSection(container, info, r, ctx, g) {
  const { d, n, edges, labels, notes, describe } = g;
  const steps = r.tangle_steps;
  const max = steps.length - 1;
  const body = section(container, t('Tangle learning, region by region'), 'parity-tangles');
  body.append(el('p', { className: 'muted', textContent:
    t('Grey: solved in an earlier round. Pale colour: the region of the player favoured by its top priority. Strong colour: the tangles learned in it (thick edges: the moves that keep the play inside), the tangles it took whole, or the dominion solved.') }));
  const controls = stepControls(body, {
    max, initial: Math.min(Number(info.fields.step ?? 0), max), ctx, prefix: 'parity-tangle',
    previous: t('Previous region'), next: t('Next region'), slider: t('region of the run'),
  });
  const graph = new GraphView(body, { id: 'parity-tangle-graph', title: t('Tangle learning on the game'), fileName: 'parity-tangles', describe });
  const names = (vs) => (vs.length ? vs.map((v) => vertexName(d, v)).join(', ') : '∅');
  // The index in the drawing's edges of the move v → w.
  const edgeOf = ([v, w]) => {
    for (let k = d.offsets[v]; k < d.offsets[v + 1]; k++) if (d.targets[k] === w) return k;
    return -1;
  };
  const show = (step) => {
    const s = steps[step];
    const alpha = s.player === 'even' ? 0 : 1;
    const fill = new Uint8Array(n).fill(0);
    for (const v of s.solved) fill[v] = 5;
    for (const v of s.region) fill[v] = 1 + alpha;
    for (const tangle of s.learned) for (const v of tangle.vertices) fill[v] = 3 + alpha;
    for (const tangle of s.attracted) for (const v of tangle) fill[v] = 3 + alpha;
    for (const v of s.dominion) fill[v] = 3 + alpha;
    const strong = s.learned.flatMap((tangle) => tangle.moves.map(edgeOf)).filter((k) => k >= 0);
    graph.draw({ x: d.layout.x, y: d.layout.y, owner: Uint8Array.from(d.owner), fill, labels, notes, edges, bends: d.layout.bends, strong, highlight: null });
    const other = playerOf(1 - alpha);
    const parts = [
      t('Round {k}: top priority {p}, favouring {player}; its region is {list}.', { k: s.round, p: s.priority, player: playerOf(s.player), list: names(s.region) }),
    ];
    if (s.attracted.length) parts.push(t('It took {n:tangle|tangles} whole: {list}.', { n: s.attracted.length, list: s.attracted.map((vs) => `{${names(vs)}}`).join(', ') }));
    if (!s.closed) parts.push(t('{other} can leave it downwards: no tangle here.', { other }));
    else if (s.learned.length) {
      parts.push(t('{other} cannot leave it downwards: {player} learns {n:tangle|tangles}:', { other, player: playerOf(s.player), n: s.learned.length }));
      parts.push(s.learned.map((tangle) => (tangle.escapes.length
        ? t('{{list}}, escapes {escapes}', { list: names(tangle.vertices), escapes: names(tangle.escapes) })
        : t('{{list}}, no escape: a dominion', { list: names(tangle.vertices) }))).join('; ') + '.');
    } else parts.push(t('{other} cannot leave it downwards, and it holds no new tangle.', { other }));
    // The last region of a run shown whole: nothing is left for a next round.
    const last = step === steps.length - 1 && steps.length < r.max_steps;
    if (s.dominion.length) {
      parts.push(last
        ? t('{player} wins {list} (a dominion and its attractor), solved for good; every vertex is now solved.', { player: playerOf(s.player), list: names(s.dominion) })
        : t('{player} wins {list} (a dominion and its attractor), solved for good; the next round starts again from the top.', { player: playerOf(s.player), list: names(s.dominion) }));
    }
    return `${t('Region {k} of {n}.', { k: step + 1, n: steps.length })} ${parts.join(' ')}`;
  };
  controls.start(show);
  if (steps.length >= r.max_steps) body.append(el('p', { className: 'muted', id: 'parity-tangle-capped', textContent: t('The first {n} regions are shown.', { n: count(r.max_steps) }) }));
}

/** Zielonka's recursion, one call (or one round of a call) at a time, on the drawing. */
function stepsSection(container, info, r, ctx, g) {
  const { d, n, edges, labels, notes, describe } = g;
  const steps = r.steps;
  const max = steps.length - 1;
  const body = section(container, t('Zielonka’s recursion, call by call'), 'parity-steps');
  body.append(el('p', { className: 'muted', textContent:
    t('Grey: outside the call’s game. Strong colour: A, the attractor of the player favoured by the top priority. Pale colour of the opponent: its region in the game without A, and its attractor B, removed before the next round.') }));
  const controls = stepControls(body, {
    max, initial: Math.min(Number(info.fields.step ?? 0), max), ctx, prefix: 'parity-step',
    previous: t('Previous call'), next: t('Next call'), slider: t('call of the recursion'),
  });
  const graph = new GraphView(body, { id: 'parity-step-graph', title: t('Zielonka’s recursion on the game'), fileName: 'parity-zielonka', describe });
  const names = (vs) => (vs.length ? vs.map((v) => vertexName(d, v)).join(', ') : '∅');
  const show = (step) => {
    const s = steps[step];
    const alpha = s.alpha === 'even' ? 0 : 1;
    const fill = new Uint8Array(n).fill(5);
    for (const v of s.game) fill[v] = 0;
    for (const v of s.removed) fill[v] = 2 - alpha;
    for (const v of s.opponent_region) fill[v] = 2 - alpha;
    for (const v of s.attractor) fill[v] = 3 + alpha;
    graph.draw({ x: d.layout.x, y: d.layout.y, owner: Uint8Array.from(d.owner), fill, labels, notes, edges, bends: d.layout.bends, strong: [], highlight: null });
    const parts = [
      t('Call at depth {k} on {n:vertex|vertices} ({list}).', { k: s.depth, n: s.game.length, list: names(s.game) }),
      t('Top priority {p}, favouring {player}: A = {list}.', { p: s.top, player: playerOf(s.alpha), list: names(s.attractor) }),
      s.opponent_region.length
        ? t('Without A, {other} wins {list}; with its attractor B = {removed}, removed: the next round solves the rest.', { other: playerOf(1 - alpha), list: names(s.opponent_region), removed: names(s.removed) })
        : t('Without A, {other} wins nothing: {player} wins the whole game of this call.', { other: playerOf(1 - alpha), player: playerOf(s.alpha) }),
    ];
    return `${t('Call {k} of {n}.', { k: step + 1, n: steps.length })} ${parts.join(' ')}`;
  };
  controls.start(show);
  if (steps.length >= r.max_steps) body.append(el('p', { className: 'muted', id: 'parity-step-capped', textContent: t('The first {n} calls are shown.', { n: count(r.max_steps) }) }));
}
