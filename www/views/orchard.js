// Orchard (Le Verger) view: the win probability of every basket strategy, by
// crows and by roll, the advisor, the chain of small games, a simulation and
// the seed's two sweeps (computed after the rest, and cached).
import { el, fixed, dataTable, fieldMaker, selectOf, section, stat, explain, spec, controlFor, saveDomSvg, exactStat, exactToggle, fractionText } from '../dom.js';
import { HeatMap } from '../heatmap.js';
import { BarChart, LineChart } from '../chart.js';
import { Cancelled } from '../solver-client.js';
import { t as tr, both, errorText, exponential, count } from '../i18n.js';

const STRATEGIES = () => ({
  max: tr('each fruit from a tree with the most fruits'),
  min: tr('each fruit from a non-empty tree with the fewest'),
  random: tr('each fruit from a non-empty tree chosen at random'),
  optimal: tr('the fruits that maximise the win probability'),
});
/** A strategy's name in the page's language (max and min read the same in both). */
const strategyName = (s) => ({ random: tr('random'), optimal: tr('optimal') })[s] ?? s;
const SEED_EXAMPLE = { trees: '2', fruits: '2', crows: '2', position: null, crows_left: null };
const SVG = 'http://www.w3.org/2000/svg';

// Sweeps depend on the strategy, the basket (and the crows, for the first):
// kept across edits of the other keys.
const sweeps = new Map();

/** What the page is about to show, while the solver loads (link.js, paintEarly). */
export function intro() {
  return tr('Haba’s Orchard: the players pick fruit together before the crow’s puzzle is complete. Ludolab computes exactly the probability of winning with each way of using the basket, for every orchard position, and what to pick now.');
}

export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const field = fieldMaker(form, onChange, info);
  const range = (key) => spec(info, key);
  field('trees', null, tr('1 to {most}.', { most: range('trees').max }));
  field('fruits', null, tr('One count for every tree (1 to {most}), or one per tree: 10,10,7,3.', { most: range('fruits').max }));
  field('crows', null, tr('The players lose when the crow’s puzzle is complete (1 to {most}).', { most: range('crows').max }));
  const labels = Object.fromEntries(info.choices.strategy.map((s) => [s, strategyName(s)]));
  const strategy = field('strategy', selectOf(info.choices.strategy, f.strategy, labels), STRATEGIES()[f.strategy]);
  strategy.title = STRATEGIES()[f.strategy] ?? '';
  field('basket', controlFor(info, 'basket', 2), tr('With that many fruits left or fewer, a basket wins at once.'));
  field('simulate', controlFor(info, 'simulate', 0), tr('A seeded Monte Carlo of the real game (empty trees’ faces rolled again) next to the exact value.'));
  field('seed', controlFor(info, 'seed', 1));
  field('exact', selectOf(['no', 'yes'], f.exact ?? 'no', { yes: tr('yes'), no: tr('no') }), tr('Every strategy’s win probability as an exact fraction (games of up to 200,000 positions).'));
}

/**
 * A basket pick in words, as the rules define it (trees decreasing, as the seed
 * writes them): "1 from each of the 2 trees with 10", "1 from the tree with 7",
 * "1 from one of the 3 trees with 5".
 */
export function describeTake(position, take) {
  const groups = new Map();
  position.forEach((size, i) => {
    if (!take[i]) return;
    const key = `${size}:${take[i]}`;
    const g = groups.get(key) ?? { size, k: take[i], trees: 0 };
    g.trees++;
    groups.set(key, g);
  });
  return [...groups.values()].map(({ size, k, trees }) => {
    const same = position.filter((s) => s === size).length;
    if (same === 1) return tr('{k} from the tree with {size}', { k, size });
    if (trees === 1) return tr('{k} from one of the {n} trees with {size}', { k, size, n: same });
    if (trees === same) return tr('{k} from each of the {n} trees with {size}', { k, size, n: same });
    return tr('{k} from each of {m} of the {n} trees with {size}', { k, size, m: trees, n: same });
  }).join(', ');
}

export function renderResult(container, info, { result: r }, ctx) {
  container.replaceChildren();
  explain(container, {
    parts: [
      tr('Trees are interchangeable and an empty tree’s face is rolled again, so a position is the multiset of fruits left. With n non-empty trees the die has n + 2 faces, and for c crows left'),
      { math: '<math display="block"><mi>P</mi><mo>(</mo><mi>x</mi><mo>,</mo><mi>c</mi><mo>)</mo><mo>=</mo><mfrac><mrow><mi>P</mi><mo>(</mo><mi>x</mi><mo>,</mo><mi>c</mi><mo>−</mo><mn>1</mn><mo>)</mo><mo>+</mo><munder><mo>∑</mo><mi>t</mi></munder><mi>P</mi><mo>(</mo><mi>x</mi><mo>−</mo><msub><mi>e</mi><mi>t</mi></msub><mo>,</mo><mi>c</mi><mo>)</mo><mo>+</mo><mi>B</mi><mo>(</mo><mi>x</mi><mo>,</mo><mi>c</mi><mo>)</mo></mrow><mrow><mi>n</mi><mo>+</mo><mn>2</mn></mrow></mfrac></math>' },
      tr('where the basket term B follows the strategy (1 when at most two fruits are left). It is computed for every position at once, by increasing number of fruits; the optimal strategy maximises B. Small games are also shown as the seed’s Markov chain, solved exactly and by the power M¹⁰⁰⁰.'),
    ],
    source: tr('« verger — Calcul des probabilités au jeu du verger », a program and its blog post, on Haba’s Orchard (seed 002).'),
  });
  const f = info.fields;
  const exactHere = r.exact?.find((x) => x.strategy === r.strategy)?.win_probability;
  const winLabel = tr('{trees:tree|trees} ({fruits} {fruitCount?fruit|fruits}), {crows:crow|crows}, strategy {strategy}, a basket picks {basket}',
    { trees: r.trees.length, fruits: r.trees.join(', '), fruitCount: fruitCount(r), crows: r.crows, strategy: strategyName(r.strategy), basket: r.basket });
  container.append(el('div', { className: 'headline' }, [
    exactStat('win-probability', tr('P(win)'), exactHere, fixed(r.win_probability, 12), winLabel, `orchard-${r.label}-${r.strategy}`),
    stat('expected-rolls', tr('{x} rolls', { x: fixed(r.expected_rolls, 4) }), tr('expected length of the game (rolls of an empty tree’s face not counted)')),
    stat('positions', count(r.positions), tr('positions solved exactly (trees sorted, empty trees removed)')),
  ]), exactToggle(info, ctx.edit));
  if (r.exact_note) container.append(el('p', { className: 'muted', id: 'exact-note', textContent: both(r.exact_note) }));

  strategiesSection(container, r);
  adviceSection(container, r, info, ctx);
  crowsSection(container, r);
  byTurnSection(container, r);
  chainSection(container, r, ctx);
  simulationSection(container, r, ctx);
  const sweepBox = section(container, tr('Sweeps over trees and fruits (the seed’s second and third plots)'), 'sweeps');
  sweepBox.append(el('p', { className: 'muted', textContent:
    tr('Every orchard of 1 to 8 equal trees of 1 to 20 fruits, strategy {strategy}: one solve over the {n} positions of the largest holds them all.',
      { strategy: strategyName(r.strategy), n: count(3108105) }) }));
  const plots = el('div', { className: 'plots wide' });
  sweepBox.append(plots);
  // Computed when the section comes into view, not on every load (an embedded
  // view or a reader who stops at the headline never pays for them).
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    drawSweeps(plots, r, info, ctx).catch((err) => {
      if (!(err instanceof Cancelled)) plots.append(el('p', { className: 'error', textContent: errorText(err) }));
    });
  }, { rootMargin: '200px' });
  seen.observe(sweepBox);
}

function strategiesSection(container, r) {
  const body = section(container, tr('The four basket strategies (the seed’s first plot)'), 'strategies');
  const names = r.strategies.map((s) => strategyName(s.strategy));
  const values = Float64Array.from(r.strategies, (s) => s.win_probability);
  new BarChart(body, {
    id: 'chart-strategies', title: tr('Win probability by basket strategy — {label}', { label: r.label }), xLabel: tr('strategy'), yLabel: tr('P(win)'),
    names: [], labels: names, fileName: `orchard-${r.label}-strategies`,
    describe: (k) => `${names[k]}: ${fixed(values[k], 12)}`,
  }).draw(values, Uint8Array.from(names, (_, k) => k), 1);
  const best = Math.max(...values);
  body.append(dataTable({
    id: 'strategy-table', caption: tr('Exact values (dynamic programming over canonical positions)'), fileName: `orchard-${r.label}-strategies`,
    headers: [tr('strategy'), tr('P(win)'), tr('behind optimal'), tr('expected rolls')],
    rows: r.strategies.map((s) => [strategyName(s.strategy), fixed(s.win_probability, 12), fixed(best - s.win_probability, 12), fixed(s.expected_rolls, 6)]),
  }));
  if (r.exact) {
    // The fractions in full in the CSV and LaTeX; on screen, summarised when long.
    body.append(dataTable({
      id: 'strategy-fractions', caption: tr('Win probabilities as exact fractions'), fileName: `orchard-${r.label}-fractions`,
      headers: [tr('strategy'), tr('P(win)')],
      rows: r.exact.map((x) => [strategyName(x.strategy), fractionText(x.win_probability, '').text]),
      csvRows: r.exact.map((x) => [x.strategy, `${x.win_probability.numerator}/${x.win_probability.denominator}`]),
      latexRows: r.exact.map((x) => [strategyName(x.strategy), `${x.win_probability.numerator}/${x.win_probability.denominator}`]),
    }));
  }
}

/** The fruits' word agrees with the one number written (one tree), else it is plural. */
const fruitCount = (r) => (r.trees.length === 1 ? r.trees[0] : r.trees.length);

function crowsSection(container, r) {
  const body = section(container, tr('How many crows?'), 'by-crows');
  const xs = Float64Array.from(r.by_crows, (_, c) => c + 1);
  const ys = Float64Array.from(r.by_crows);
  new LineChart(body, {
    id: 'chart-crows', title: r.crows === 1
      ? tr('Win probability with 1 crow ({fruits} {fruitCount?fruit|fruits}, {strategy})', { fruits: r.trees.join(','), fruitCount: fruitCount(r), strategy: strategyName(r.strategy) })
      : tr('Win probability with 1 to {crows} crows ({fruits} {fruitCount?fruit|fruits}, {strategy})',
        { crows: r.crows, fruits: r.trees.join(','), fruitCount: fruitCount(r), strategy: strategyName(r.strategy) }),
    xLabel: tr('crow pieces'), yLabel: tr('P(win)'), fileName: `orchard-${r.label}-by-crows`,
    describe: (k) => tr('{c:crow|crows}: {p}', { c: k + 1, p: fixed(ys[k], 12) }),
  }).draw(xs, ys);
}

function byTurnSection(container, r) {
  const body = section(container, tr('When does the game end?'), 'by-turn');
  if (!r.by_turn) {
    body.append(el('p', { className: 'muted', textContent: tr('Not computed: {why}.', { why: both(r.by_turn_note) }) }));
    return;
  }
  const b = r.by_turn;
  const n = b.victory.length;
  const xs = Float64Array.from({ length: n }, (_, t) => t + 1);
  const ys = Float64Array.from([...b.victory, ...b.defeat]);
  body.append(el('p', { textContent:
    tr('Victory and defeat at each roll, pushed forward exactly through the chain of (position, crows). ' +
      'Summed by roll, the expected length is {a} rolls (the recursion gives {b}).', { a: fixed(b.expected_rolls, 6), b: fixed(r.expected_rolls, 6) }) }));
  new LineChart(body, {
    id: 'chart-by-turn', title: tr('Probability that the game ends at roll t'), xLabel: tr('roll t'), yLabel: tr('probability'),
    names: [tr('victory'), tr('defeat')], fileName: `orchard-${r.label}-by-roll`,
    describe: (k) => tr('roll {k}: victory {v}, defeat {d}', { k: k + 1, v: fixed(b.victory[k], 6), d: fixed(b.defeat[k], 6) }),
  }).draw(xs, ys);
}

function adviceSection(container, r, info, ctx) {
  const f = info.fields;
  const body = section(container, tr('What should I pick now? (the advisor)'), 'advisor');
  body.append(el('p', { className: 'muted', textContent:
    tr('Enter the fruits left on each tree and the crow pieces still missing; the advisor lists every basket pick with the win probability after it (playing optimally afterwards).') }));
  const position = el('input', { type: 'text', id: 'advisor-position', name: 'position', value: f.position ?? r.trees.join(','), spellcheck: false });
  const crowsLeft = el('input', { type: 'number', id: 'advisor-crows', name: 'crows_left', min: spec(info, 'crows_left').min, max: spec(info, 'crows_left').max, value: f.crows_left ?? r.crows });
  const go = el('button', { type: 'button', id: 'advise', textContent: tr('Advise') });
  const clear = el('button', { type: 'button', className: 'secondary', textContent: tr('Close the advisor') });
  const errors = el('div', {});
  errors.dataset.errorFor = 'position crows_left';
  const submit = () => ctx.edit?.({ position: position.value, crows_left: crowsLeft.value });
  go.addEventListener('click', submit);
  for (const input of [position, crowsLeft]) input.addEventListener('keydown', (e) => { if (e.key === 'Enter') submit(); });
  clear.addEventListener('click', () => ctx.edit?.({ position: null, crows_left: null }));
  body.append(el('div', { className: 'inline-form' }, [
    el('label', { htmlFor: 'advisor-position', textContent: tr('Fruits per tree') }), position,
    el('label', { htmlFor: 'advisor-crows', textContent: tr('Crows left') }), crowsLeft, go,
    ...(r.advice ? [clear] : []),
  ]), errors);
  const a = r.advice;
  if (!a) return;
  const best = a.picks[0];
  body.append(el('p', { id: 'advice-best', className: 'advice', textContent: a.basket_wins
    ? tr('In {label} a basket wins at once (at most {basket} fruits left).', { label: a.label, basket: r.basket })
    : tr('In {label}, with the basket take {take} → {after}: P(win) = {p}.',
      { label: a.label, take: describeTake(a.position, best.take), after: best.after_label, p: fixed(best.win_probability, 9) }) }));
  body.append(el('p', { textContent: tr('Before the roll, optimal play wins from {label} with probability {p}.', { label: a.label, p: fixed(a.win_probability, 9) }) }));
  body.append(dataTable({
    id: 'advice-picks', caption: tr('Every basket pick, best first: the win probability after it, playing optimally afterwards'),
    fileName: `orchard-advice-${a.label}`, headers: [tr('pick'), tr('leaves'), tr('P(win) after'), tr('behind the best')],
    rows: a.picks.map((p) => [describeTake(a.position, p.take) || '—', p.after_label, fixed(p.win_probability, 9), fixed(best.win_probability - p.win_probability, 9)]),
  }));
  body.append(dataTable({
    id: 'advice-strategies', caption: tr('What the fixed strategies would pick here, and what playing them to the end wins'),
    fileName: `orchard-advice-${a.label}-strategies`,
    headers: [tr('strategy'), tr('its pick leaves'), tr('P(win) after its pick'), tr('lost by this pick'), tr('P(win) playing it throughout')],
    rows: a.strategies.map((s) => [strategyName(s.strategy), s.after ? (s.after.some((v) => v > 0) ? s.after_label : tr('nothing')) : tr('random'), fixed(s.win_probability, 9), fixed(s.loss, 9), fixed(s.played_throughout, 9)]),
  }));
}

function chainSection(container, r, ctx) {
  const body = section(container, tr('Small games as a Markov chain (the seed’s graph)'), 'chain');
  const c = r.chain;
  if (!c) {
    const note = both(r.chain_note);
    body.append(el('p', { className: 'muted', textContent: `${note.charAt(0).toUpperCase()}${note.slice(1)}.` }));
    const open = el('button', { type: 'button', className: 'secondary', id: 'open-seed-example', textContent: tr('Open the seed’s example: 2 trees of 2 fruits, 2 crows') });
    open.addEventListener('click', () => ctx.edit?.(SEED_EXAMPLE));
    body.append(open);
    return;
  }
  body.append(el('p', { textContent:
    tr('{n:state|states} written trees|crows, as in the seed; each edge carries its probability. ' +
      'Victory is absorbing, and so is defeat. The probability of victory from each state is computed exactly (the recursion in fractions) and by the seed’s power method, a row of M^1000: {agreement}',
    { n: c.states.length, agreement: c.max_difference === 0 ? tr('they agree to the last digit.') : tr('they differ by at most {d}.', { d: exponential(c.max_difference, 1) }) }) }));
  const pan = el('div', { className: 'drawing-scroll', tabIndex: 0 }, [chainDrawing(c)]);
  pan.setAttribute('role', 'region');
  pan.setAttribute('aria-label', tr('Markov chain of {n:state|states} plus defeat and victory', { n: c.states.length }));
  body.append(pan);
  body.append(dataTable({
    id: 'chain-absorption', caption: tr('Probability of victory from each state'), fileName: `orchard-${r.label}-chain-victory`,
    headers: [tr('state'), tr('exactly'), tr('decimal'), tr('row of M^1000'), tr('difference')],
    rows: c.states.map((s, k) => [s.label, c.victory_exact[k], fixed(c.victory[k], 12), fixed(c.victory_power[k], 12), exponential(c.victory[k] - c.victory_power[k], 1)]),
  }));
  body.append(dataTable({
    id: 'chain-matrix', caption: tr('The transition matrix M (rows: from, columns: to)'), fileName: `orchard-${r.label}-chain-matrix`,
    headers: ['', ...c.labels], rows: c.matrix.map((row, i) => [c.labels[i], ...row.map((v) => (v === '0' ? '' : v))]),
  }));
}

/** Where along an edge a probability may sit, from the middle out. */
const ALONG = Array.from({ length: 17 }, (_, k) => 0.1 + 0.05 * k).sort((a, b) => Math.abs(a - 0.5) - Math.abs(b - 0.5));

/**
 * The chain as the seed draws it, laid out by the core (a layered drawing:
 * no edge passes through a state it does not join). Each probability sits on
 * its edge where it overlaps no other label and no state.
 */
function chainDrawing(c) {
  const n = c.states.length;
  const L = c.layout;
  const unit = 92;
  const margin = 40;
  const width = Math.max(2, L.columns) * unit + 2 * margin - unit;
  const height = Math.max(2, L.rows) * unit * 0.95 + 2 * margin - unit;
  const place = ([x, y]) => [margin + unit * x, margin + unit * 0.95 * y];
  const at = (k) => place([L.x[k], L.y[k]]);
  const svg = svgNode('svg', {
    viewBox: `0 0 ${width} ${height}`,
    // Drawn at its own size (12 px text stays 12 px); a box narrower than that scrolls sideways.
    width: String(width), height: String(height), class: 'chain-graph', role: 'img',
    'aria-label': tr('Markov chain of {n:state|states} plus defeat and victory', { n }),
  });
  svg.id = 'chain-graph';
  const defs = svgNode('defs', {});
  const marker = svgNode('marker', { id: 'chain-arrow', viewBox: '0 0 10 10', refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' });
  marker.append(svgNode('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: '#555' }));
  defs.append(marker);
  svg.append(defs);
  // Boxes taken by states and labels, for placing the probabilities.
  const taken = Array.from({ length: n + 2 }, (_, k) => { const [x, y] = at(k); return [x - STATE_R, y - STATE_R, x + STATE_R, y + STATE_R]; });
  const labels = [];
  c.edges.forEach((e, k) => {
    const points = [at(e.from), ...L.bends[k].map(place), at(e.to)];
    const { g, label } = chainEdge(c, e, points, taken);
    svg.append(g);
    if (label) labels.push(label);
  });
  // Labels above every edge, so that no line crosses a probability.
  svg.append(...labels);
  const names = [...c.states.map((s) => s.label), tr('defeat'), tr('victory')];
  names.forEach((text, k) => svg.append(chainState(c, k, text, at(k))));
  const save = el('button', { type: 'button', className: 'secondary save-svg', id: 'chain-svg', textContent: tr('Save SVG') });
  save.addEventListener('click', () => saveDomSvg(svg, 'orchard-chain', svg.getAttribute('aria-label')));
  return el('figure', { className: 'chain' }, [svg, el('div', { className: 'heatmap-tools' }, [save])]);
}

/** A state's radius in the chain's drawing. */
const STATE_R = 24;

function svgNode(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The point a fraction `f` of the way along the polyline `points`. */
function alongPolyline(points) {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  return (f) => {
    let left = f * total;
    for (let i = 0; i < lengths.length; i++) {
      if (left <= lengths[i] || i === lengths.length - 1) {
        const t = lengths[i] ? Math.min(1, left / lengths[i]) : 0;
        return [points[i][0] + t * (points[i + 1][0] - points[i][0]), points[i][1] + t * (points[i + 1][1] - points[i][1])];
      }
      left -= lengths[i];
    }
    return points[0];
  };
}

/**
 * One edge of the chain through `points` (from state to state, bends between),
 * and its probability's label where its box overlaps nothing in `taken`
 * (which it then takes), or none.
 */
function chainEdge(c, e, points, taken) {
  // Stop at the rims of both states.
  const trim = (p, q, by) => { const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1; return [p[0] + ((q[0] - p[0]) * by) / len, p[1] + ((q[1] - p[1]) * by) / len]; };
  points[0] = trim(points[0], points[1], STATE_R);
  points[points.length - 1] = trim(points[points.length - 1], points[points.length - 2], STATE_R + 2);
  const g = svgNode('g', { class: 'chain-edge' });
  g.append(svgNode('title', {}, `${c.labels[e.from]} → ${c.labels[e.to]}: ${e.fraction}`));
  g.append(svgNode('polyline', { points: points.map((p) => p.join(',')).join(' '), fill: 'none', 'marker-end': 'url(#chain-arrow)' }));
  const along = alongPolyline(points);
  const w = 7 * e.fraction.length + 6;
  const box = ([x, y]) => [x - w / 2, y - 8, x + w / 2, y + 8];
  const free = ([a, b, c2, d]) => taken.every(([e1, f, g1, h]) => c2 < e1 || g1 < a || d < f || h < b);
  // Along the edge first, then just above or below it (a crowded column of states);
  // where no place is free the label is left out (thinned): the edge's title keeps it.
  for (const dy of [0, -15, 15, -30, 30]) {
    for (const f of ALONG) {
      const [x, y] = along(f);
      if (free(box([x, y + dy]))) {
        taken.push(box([x, y + dy]));
        return { g, label: svgNode('text', { x, y: y + dy, class: 'chain-prob' }, e.fraction) };
      }
    }
  }
  return { g, label: null };
}

/** State `k` (after the states: defeat, then victory) at `[x, y]`, with its chance in its title. */
function chainState(c, k, text, [x, y]) {
  const n = c.states.length;
  const kind = k === n ? 'defeat' : k === n + 1 ? 'victory' : 'state';
  const g = svgNode('g', { class: `chain-node ${kind}` });
  const p = k < n ? `${tr('P(victory)')} = ${c.victory_exact[k]} ≈ ${fixed(c.victory[k], 6)}` : tr('absorbing');
  g.append(svgNode('title', {}, `${text}: ${p}`));
  g.append(svgNode('circle', { cx: x, cy: y, r: STATE_R }));
  g.append(svgNode('text', { x, y: y + 1, class: kind === 'state' ? 'chain-label' : 'chain-label small' }, text));
  return g;
}

function simulationSection(container, r, ctx) {
  const body = section(container, tr('Monte Carlo check'), 'simulation');
  const s = r.simulation;
  if (!s && r.simulation_note) {
    const note = both(r.simulation_note);
    body.append(el('p', { className: 'muted', id: 'simulation-note', textContent: tr('Not computed: {why}.', { why: note }) }));
    return;
  }
  if (!s) {
    body.append(el('p', { className: 'muted', textContent: tr('Play the real game many times with a seeded random die, and compare with the exact value.') }));
    const run = el('button', { type: 'button', className: 'secondary', id: 'simulate-now', textContent: tr('Simulate {n} games', { n: count(100000) }) });
    run.addEventListener('click', () => ctx.edit?.({ simulate: '100000' }));
    body.append(run);
    return;
  }
  const z = (s.win_probability - r.win_probability) / s.standard_error;
  body.append(dataTable({
    id: 'simulation-table', caption: tr('The real game with the real die, {games} games, seed {seed}', { games: count(s.games), seed: s.seed }),
    fileName: `orchard-${r.label}-simulation`, headers: ['', tr('P(win)'), tr('standard error'), tr('mean rolls')],
    rows: [[tr('exact'), fixed(r.win_probability, 9), '—', fixed(r.expected_rolls, 4)],
      [tr('simulated'), fixed(s.win_probability, 6), fixed(s.standard_error, 6), `${fixed(s.mean_rolls, 4)} ± ${fixed(s.rolls_standard_error, 4)}`]],
  }));
  body.append(el('p', { id: 'simulation-z', textContent: tr('The estimate is {z} standard errors from the exact value.', { z: fixed(Math.abs(z), 2) }) }));
}

async function drawSweeps(plots, r, info, ctx) {
  const sweepKey = `${r.strategy}|${r.basket}|${r.crows}`;
  const leastKey = `${r.strategy}|${r.basket}`;
  const axes = { yLabel: tr('trees'), xLabel: tr('fruits per tree'), rowStart: 1, colStart: 1 };
  const strategy = strategyName(r.strategy);
  const winMap = new HeatMap(plots, { id: 'heatmap-sweep', title: tr('P(win) with {crows} crows, strategy {strategy}', { crows: r.crows, strategy }), symbol: 'P',
    fileName: `orchard-sweep-${r.strategy}-c${r.crows}`, decimals: 2, min: 0, max: 1, ...axes,
    detail: (i, j) => tr('{t} trees of {f} fruits, {c} crows', { t: i + 1, f: j + 1, c: r.crows }) });
  const leastMap = new HeatMap(plots, { id: 'heatmap-min-crows', title: tr('Fewest crows giving P(win) > 1/2, strategy {strategy}', { strategy }), symbol: tr('crows'),
    fileName: `orchard-min-crows-${r.strategy}`, decimals: 0, valueDecimals: 0, ...axes, undefinedText: tr('more than 40'),
    detail: (i, j) => tr('{t} trees of {f} fruits', { t: i + 1, f: j + 1 }) });
  const get = async (key, task, label) => {
    if (!sweeps.has(key)) sweeps.set(key, (await ctx.more(task, label)).result);
    return sweeps.get(key);
  };
  // One solve up to 40 crows gives both maps: the fewest crows, and P at every crow
  // count (a change of crows then redraws at once); a sweep of its own past them.
  const least = await get(`least|${leastKey}`, 'min-crows', tr('Computing the fewest crows giving P(win) > 1/2 (up to 40 crows)…'));
  const table = least.tables[r.crows - 1]
    ?? (await get(`sweep|${sweepKey}`, 'sweep', tr('Computing P(win) for 1–8 trees × 1–20 fruits with {crows} crows…', { crows: r.crows }))).table;
  winMap.draw(Float64Array.from(table.flat()), 8, 20);
  leastMap.draw(Float64Array.from(least.min_crows.flat(), (v) => (v === null ? NaN : v)), 8, 20);
}
