// Dice Battle view: the sequential game (EG and OPT, the strategies' exact
// table), two strategies compared (exact and simulated), the one-turn matrix game.
import { el, fixed, dataTable, fieldMaker, selectOf, section, stat, explain, exactStat, exactToggle } from '../dom.js';
import { HeatMap } from '../heatmap.js';
import { BarChart, LineChart } from '../chart.js';
import { DiceGame } from '../play.js';
import { t, exponential } from '../i18n.js';

const MODES = () => ({
  sequential: t('Players alternate; the one to move picks its number of dice knowing the scores (dynamic programming).'),
  variant: t('The seed’s question 6: a throw with a 1 scores 0 (not 1), so a turn can score nothing; solved by value iteration.'),
  simultaneous: t('Both players pick their dice at once in every turn, until one reaches N: a matrix game in every state (D ≤ 15, N ≤ 200).'),
  compare: t('Two fixed strategies played against each other, evaluated exactly (and simulated if you ask).'),
  'one-turn': t('Both players pick their dice at once for a single turn: a zero-sum matrix game, solved by linear programming.'),
});

/** A strategy's name in the page's language: blind, optimal, random or a fixed number of dice. */
function strategyName(s) {
  const names = {
    optimal: t('optimal'), blind: t('blind'), random: t('random'),
    'optimal sequential': t('optimal sequential'), 'optimal simultaneous': t('optimal simultaneous'),
  };
  return names[s] ?? (/^\d+$/.test(s) ? t('{d} dice', { d: s }) : s);
}
const strategyLabels = (options) => Object.fromEntries(options.map((o) => [o, strategyName(o)]));



/** What the page is about to show, while the solver loads (link.js, paintEarly). */
export function intro(info) {
  return `${t('Two players race to N points by throwing dice: each turn a player chooses how many dice to throw, and a throw with a 1 scores 1. Ludolab computes the best choices and each strategy’s chances exactly.')} ${MODES()[info.fields.mode] ?? ''}`;
}

export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const modes = {
    sequential: t('sequential game'), variant: t('variant: a 1 scores 0'), simultaneous: t('simultaneous game'),
    compare: t('two strategies compared'), 'one-turn': t('one-turn game'),
  };
  const field = fieldMaker(form, onChange, info);
  field('mode', selectOf(info.choices.mode, f.mode, modes), MODES()[f.mode]);
  field('dice');
  if (f.mode !== 'one-turn') field('target');
  if (f.mode === 'compare') {
    // The strategies by name (from the core's spec), and a fixed number of dice when the link has one.
    for (const key of ['first', 'second']) {
      const value = f[key] ?? (key === 'first' ? 'optimal' : 'blind');
      const options = info.spec.fields.find((x) => x.key === key).values;
      field(key, selectOf(options, value, strategyLabels([...options, value])));
    }
    field('simulate', null, t('A seeded Monte Carlo next to the exact value: they agree within a few standard errors.'));
    field('seed');
  }
  if (f.mode === 'sequential' || f.mode === 'one-turn') {
    field('exact', selectOf(['no', 'yes'], f.exact ?? 'no', { yes: t('yes'), no: t('no') }),
      f.mode === 'sequential' ? t('EG as exact fractions (D ≤ 6, N ≤ 40).') : t('The one-turn matrix is given as fractions whatever this says (D ≤ 6).'));
  }
}



export function renderResult(container, info, { result: r }, ctx) {
  container.replaceChildren();
  explain(container, {
    parts: [
      t('A throw of d dice scores their sum, or 1 if any die shows 1. In the sequential game, EG(i, j) is the expected gain (+1 a win, −1 a loss) of the player to move with i points against j, and the best number of dice OPT(i, j) maximises it:'),
      { math: '<math display="block"><mi>E</mi><mi>G</mi><mo>(</mo><mi>i</mi><mo>,</mo><mi>j</mi><mo>)</mo><mo>=</mo><munder><mo>max</mo><mi>d</mi></munder><munder><mo>∑</mo><mi>k</mi></munder><mi>P</mi><mo>(</mo><mi>d</mi><mo>,</mo><mi>k</mi><mo>)</mo><mo>·</mo><mo>(</mo><mo>−</mo><mi>E</mi><mi>G</mi><mo>(</mo><mi>j</mi><mo>,</mo><mi>i</mi><mo>+</mo><mi>k</mi><mo>)</mo><mo>)</mo></math>' },
      t('with +1 once i + k reaches N. Every turn scores at least one point, so the table fills by decreasing totals. When both players choose at once, each state is a zero-sum matrix game solved by linear programming (the value lies between both players’ guarantees).'),
    ],
    source: t('Ariana Carnielli and Ivan Kachaikin, « Dice Battle », projet UE MOGPL (MU4IN200) (seed 001).'),
  });
  const n = r.target;
  if (r.mode === 'sequential' || r.mode === 'variant') sequentialSection(container, info, r, ctx);
  if (r.mode === 'simultaneous') simultaneousSection(container, r);
  if (r.mode === 'sequential') {
    const names = ['blind', 'optimal', 'random'];
    section(container, t('Strategies compared exactly (the seed’s Table 1)'), 'strategies').append(dataTable({
      id: 'strategy-table', caption: t('Expected gain of player 1, who moves first (rows), against player 2 (columns)'),
      fileName: `dice-D${r.dice}-N${n}-strategies`,
      headers: [t('player 1 \\ player 2'), ...names.map(strategyName)],
      rows: names.map((a, i) => [strategyName(a), ...names.map((_, j) => fixed(r.table[i * 3 + j].expected_gain, 5))]),
    }));
  }
  if (r.mode === 'sequential') {
    const play = section(container, t('Play against the computer'), 'play-section');
    new DiceGame(play, ctx, { dice: r.dice, target: n });
  }
  if (r.curves) curvesSection(container, r);
  if (r.mode === 'compare') compareSection(container, r);
  if (r.mode === 'one-turn') oneTurnSection(container, r);
  scoresSection(container, r);
}

/** The sequential game (and its variant): EG(0,0), OPT(0,0), the exact table, EG and OPT drawn. */
function sequentialSection(container, info, r, ctx) {
  const n = r.target;
  container.append(el('div', { className: 'headline' }, [
    exactStat('eg00', 'EG(0,0)', r.exact?.eg00, fixed(r.eg00, 6), t('expected gain of the first player when both play optimally (+1 win, −1 loss)'), `dice-${r.dice}-${r.target}-eg00`),
    stat('opt00', `OPT(0,0) = ${r.opt00}`, t('dice the first player throws at the start')),
  ]));
  if (r.mode === 'sequential') container.append(exactToggle(info, ctx.edit));
  if (r.exact) {
    const headers = [t('i \\ j'), ...Array.from({ length: n }, (_, j) => String(j))];
    container.append(dataTable({
      id: 'eg-exact', caption: t('EG(i, j) as exact fractions (rows: the points of the player to move)'), fileName: `dice-${r.dice}-${r.target}-EG-exact`,
      headers, rows: r.exact.eg.map((row, i) => [String(i), ...row]),
    }));
  }
  const plots = el('div', { className: 'plots' });
  const title = r.mode === 'variant' ? t('The variant where a 1 scores 0 (question 6)') : t('The sequential game (the seed’s Figure 2)');
  const seqSection = section(container, title, 'sequential');
  if (r.iterations) {
    seqSection.append(el('p', { id: 'iterations', textContent:
      t('Value iteration to 1e-12: {n:iteration|iterations} over all pairs of states (i, j), (j, i); at most {most} for one pair.', { n: r.iterations, most: r.max_iterations }) }));
  }
  seqSection.append(plots);
  const axes = { yLabel: t('points of the player to move'), xLabel: t('points of the opponent') };
  const eg = new HeatMap(plots, { id: 'heatmap-eg', title: t('EG — expected gain of the player to move'), symbol: 'EG',
    fileName: `dice-D${r.dice}-N${n}-EG`, palette: 'diverging', decimals: 2, ...axes });
  const opt = new HeatMap(plots, { id: 'heatmap-opt', title: t('OPT — optimal number of dice'), symbol: 'OPT',
    fileName: `dice-D${r.dice}-N${n}-OPT`, categorical: true, ...axes });
  eg.draw(r.eg.data, n, n);
  opt.draw(Float64Array.from(r.opt.data), n, n);
}

/** The simultaneous game over many turns: its value, mixed states, EG1 drawn and the seed's Table 4. */
function simultaneousSection(container, r) {
  const n = r.target;
  const D = r.dice;
  container.append(el('div', { className: 'headline' }, [
    stat('eg00', `EG1(0,0) = ${fixed(r.value, 6)}`, t('value of the simultaneous game at the start (symmetric: 0)')),
    stat('mixed-states', String(r.mixed_states), t('of the {n} states need a mixed strategy; the others have a pure saddle point', { n: n * n })),
  ]));
  const body = section(container, t('The simultaneous game over many turns (the seed’s Figure 4)'), 'simultaneous');
  body.append(el('p', { id: 'antisymmetry', textContent: t('EG1 is antisymmetric: max |EG1(i,j) + EG1(j,i)| = {x}.', { x: exponential(r.antisymmetry, 1) }) }));
  const plots = el('div', { className: 'plots' });
  body.append(plots);
  const mixed = (i, j) => {
    const at = (i * n + j) * D;
    const parts = [];
    for (let d = 0; d < D; d++) if (r.strategy.data[at + d] > 1e-9) parts.push(`${t('{d} dice', { d: d + 1 })} ${fixed(r.strategy.data[at + d], 3)}`);
    return t('player 1 plays: {mix}', { mix: parts.join(', ') });
  };
  new HeatMap(plots, { id: 'heatmap-eg1', title: t('EG1 — value for player 1'), symbol: 'EG1', fileName: `dice-D${D}-N${n}-EG1`,
    palette: 'diverging', decimals: 2, yLabel: t('points of player 1'), xLabel: t('points of player 2'), detail: mixed }).draw(r.eg.data, n, n);
  body.append(dataTable({
    id: 'table-4', caption: t('Expected gain of the optimal simultaneous strategy (player 1) against… (the seed’s Table 4, exactly)'),
    fileName: `dice-D${D}-N${n}-table4`, headers: [t('player 2'), t('expected gain of player 1')],
    rows: r.table.map((c) => [strategyName(c.second), fixed(c.expected_gain, 6)]),
  }));
}

/** Optimal against blind, by the most dice and by the target (the seed's Figure 1). */
function curvesSection(container, r) {
  const n = r.target;
  const body = section(container, t('Optimal against blind, exactly (the seed’s Figure 1)'), 'curves');
  const plots = el('div', { className: 'plots' });
  body.append(plots);
  const byDice = r.curves.by_dice;
  const byTarget = r.curves.by_target;
  const dChart = new LineChart(plots, { id: 'curve-dice', title: t('Gain of optimal (first) against blind, {what}', { what: `N = ${n}` }),
    xLabel: t('D (most dice)'), yLabel: t('expected gain'), fileName: `dice-N${n}-gain-by-D`,
    describe: (k) => `D = ${byDice[k][0]}: ${fixed(byDice[k][1], 5)}` });
  const nChart = new LineChart(plots, { id: 'curve-target', title: t('Gain of optimal (first) against blind, {what}', { what: `D = ${r.dice}` }),
    xLabel: t('N (points to reach)'), yLabel: t('expected gain'), fileName: `dice-D${r.dice}-gain-by-N`,
    describe: (k) => `N = ${byTarget[k][0]}: ${fixed(byTarget[k][1], 5)}` });
  dChart.draw(Float64Array.from(byDice, (p) => p[0]), Float64Array.from(byDice, (p) => p[1]));
  nChart.draw(Float64Array.from(byTarget, (p) => p[0]), Float64Array.from(byTarget, (p) => p[1]));
}

/** Two strategies compared exactly, and by simulation when asked. */
function compareSection(container, r) {
  const n = r.target;
  const c = r.table[0];
  container.append(el('div', { className: 'headline' }, [
    stat('compare-win', fixed(c.win_probability, 6), t('P(player 1 wins): {first} (first) against {second}', { first: strategyName(c.first), second: strategyName(c.second) })),
    stat('compare-gain', fixed(c.expected_gain, 6), t('player 1’s expected gain, exactly')),
  ]));
  const rows = [[t('exact'), fixed(c.win_probability, 10), fixed(c.expected_gain, 10), '—']];
  if (r.simulation) {
    const s = r.simulation;
    rows.push([t('simulated: {games:game|games}, seed {seed}', s), fixed(s.win_probability, 5), fixed(s.expected_gain, 5), fixed(s.standard_error, 5)]);
  }
  section(container, t('{first} (first) against {second}', { first: strategyName(c.first), second: strategyName(c.second) }), 'comparison').append(dataTable({
    id: 'comparison-table', caption: t('Player 1’s chances'), fileName: `dice-D${r.dice}-N${n}-${c.first}-${c.second}`,
    headers: ['', t('win probability'), t('expected gain'), t('standard error')], rows,
  }));
}

/** The one-turn game: its value, the optimal mix, the seed's Tables 2 and 3, the matrix. */
function oneTurnSection(container, r) {
  const g = r.game;
  container.append(el('div', { className: 'headline' }, [
    // The game is symmetric (EG1(d1, d2) = −EG1(d2, d1)): its value is 0, said in words rather than as 0.000000000.
    stat('game-value', Math.abs(g.value) < 1e-9 ? t('a fair game') : t('value {v}', { v: fixed(g.value, 9) }),
      Math.abs(g.value) < 1e-9 ? t('value 0: symmetric, so neither player has an edge with best play') : t('between the guarantees {lower} and {upper}', { lower: fixed(g.lower, 9), upper: fixed(g.upper, 9) })),
    stat('game-strategy', pureDice(g.strategy) ? t('{d} dice', { d: pureDice(g.strategy) }) : t('a mixed strategy'),
      pureDice(g.strategy) ? t('the optimal choice, for both players') : t('the optimal mix, for both players: see below')),
  ]));
  const body = section(container, t('The one-turn game (the seed’s Tables 2 and 3)'), 'one-turn');
  body.append(dataTable({
    id: 'mixed-strategy', caption: t('Optimal mixed strategy (the game is symmetric: the same for both players)'),
    fileName: `dice-D${r.dice}-strategy`, headers: [t('dice'), t('probability')],
    // Kept where the probability shows as non-zero at 6 decimals.
    rows: g.strategy.map((p, d) => [d + 1, p]).filter(([, p]) => p >= 5e-7).map(([d, p]) => [d, fixed(p, 6)]),
  }));
  const names = ['blind', 'optimal', 'random'];
  body.append(dataTable({
    id: 'table-3', caption: t('Expected gain of player 1 (rows) against player 2 (columns), one turn, exactly (the seed’s Table 3)'),
    fileName: `dice-D${r.dice}-table3`, headers: [t('player 1 \\ player 2'), ...names.map(strategyName)],
    rows: names.map((a, i) => [strategyName(a), ...names.map((_, j) => fixed(r.table_3[i * 3 + j].expected_gain, 5))]),
  }));
  body.append(dataTable({
    id: 'table-2', caption: t('Optimal mixed strategy for D = 2 … 10 (the seed’s Table 2): probability of each number of dice'),
    fileName: 'dice-table2', headers: ['D', ...Array.from({ length: 10 }, (_, d) => t('{d} dice', { d: d + 1 }))],
    rows: r.table_2.map(([D2, strategy]) => [String(D2), ...Array.from({ length: 10 }, (_, d) => (strategy[d] > 1e-9 ? fixed(strategy[d], 5) : ''))]),
  }));
  const m = r.matrix;
  const D = r.dice;
  body.append(dataTable({
    id: 'one-turn-matrix', caption: r.matrix_exact ? t('EG1(d1, d2): player 1’s expected gain (rows: its dice), exactly') : t('EG1(d1, d2): player 1’s expected gain (rows: its dice)'),
    fileName: `dice-D${D}-EG1`, headers: ['d1 \\ d2', ...Array.from({ length: D }, (_, j) => String(j + 1))],
    rows: Array.from({ length: D }, (_, i) => [String(i + 1), ...Array.from({ length: D }, (_, j) => (r.matrix_exact ? r.matrix_exact[i][j] : fixed(m.data[i * D + j], 4)))]),
  }));
}

/** The score of one turn: EP(d), P(d, k) and its chart, whatever the mode. */
function scoresSection(container, r) {
const scores = section(container, t('The score of one turn'), 'scores');
scores.append(el('p', { textContent: t('The expected score EP(d) is largest at d* = {d} dice (the blind strategy).', { d: r.blind_choice }) }));
scores.append(dataTable({
  id: 'ep-table', caption: 'EP(d) = 4d(5/6)^d + 1 − (5/6)^d', fileName: `dice-D${r.dice}-EP`,
  headers: [t('dice d'), 'EP(d)'], rows: r.expected_points.map((v, d) => [d + 1, fixed(v, 4)]),
}));
const kMax = 6 * r.dice;
scores.append(dataTable({
  id: 'score-table', caption: t('P(d, k): probability that d dice score k (a 1 on any die scores 1)'), fileName: `dice-D${r.dice}-P`,
  headers: ['d \\ k', ...Array.from({ length: kMax }, (_, k) => String(k + 1))],
  rows: r.distribution.map((row, d) => [String(d + 1), ...Array.from({ length: kMax }, (_, k) => (row[k + 1] ? fixed(row[k + 1], 4) : ''))]),
}));
const d = r.blind_choice;
const p = Float64Array.from(r.distribution[d - 1]);
new BarChart(scores, {
  id: 'chart-scores', title: t('P({d}, k): the score of {d} dice', { d }), xLabel: t('score k'), yLabel: t('probability'), names: [],
  fileName: `dice-P${d}`, describe: (k) => `k = ${k}: ${fixed(p[k], 5)}`,
}).draw(p, new Uint8Array(p.length), 0);
}

/** The number of dice of a pure strategy (one choice with probability 1), else 0. */
function pureDice(strategy) {
  const d = strategy.findIndex((p) => p > 1 - 1e-9);
  return d >= 0 ? d + 1 : 0;
}
