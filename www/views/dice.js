// Dice Battle view: the sequential game (EG and OPT, the strategies' exact
// table), two strategies compared (exact and simulated), the one-turn matrix game.
import { el, fixed, dataTable, formField, selectOf, section, stat, explain } from '../dom.js';
import { HeatMap } from '../heatmap.js';
import { BarChart, LineChart } from '../chart.js';
import { DiceGame } from '../play.js';

const MODES = {
  sequential: 'Players alternate; the one to move picks its number of dice knowing the scores (dynamic programming).',
  variant: 'The seed’s question 6: a throw with a 1 scores 0 (not 1), so a turn can score nothing; solved by value iteration.',
  simultaneous: 'Both players pick their dice at once in every turn, until one reaches N: a matrix game in every state (D ≤ 15, N ≤ 200).',
  compare: 'Two fixed strategies played against each other, evaluated exactly (and simulated if you ask).',
  'one-turn': 'Both players pick their dice at once for a single turn: a zero-sum matrix game, solved by linear programming.',
};
const STRATEGIES = ['optimal', 'blind', 'random'];



export function renderForm(form, info, onChange) {
  form.replaceChildren();
  const f = info.fields;
  const mode = formField(form, { key: 'mode', label: 'Game', control: selectOf(info.choices.mode, f.mode), hint: MODES[f.mode] });
  mode.addEventListener('change', () => onChange({ mode: mode.value }));
  const dice = formField(form, { key: 'dice', label: 'D: most dice per turn', control: el('input', { type: 'number', min: 1, max: 30, value: f.dice }) });
  dice.addEventListener('change', () => onChange({ dice: dice.value }));
  if (f.mode !== 'one-turn') {
    const target = formField(form, { key: 'target', label: 'N: points to reach', control: el('input', { type: 'number', min: 1, max: 1000, value: f.target }) });
    target.addEventListener('change', () => onChange({ target: target.value }));
  }
  if (f.mode === 'compare') {
    for (const [key, label] of [['first', 'Player 1 (moves first)'], ['second', 'Player 2']]) {
      const value = f[key] ?? (key === 'first' ? 'optimal' : 'blind');
      const options = STRATEGIES.includes(value) ? STRATEGIES : [...STRATEGIES, value];
      const s = formField(form, { key, label, control: selectOf(options, value) });
      s.addEventListener('change', () => onChange({ [key]: s.value }));
    }
    const games = formField(form, {
      key: 'simulate', label: 'Also simulate (games)', control: el('input', { type: 'number', min: 0, max: 10000000, value: f.simulate ?? 0 }),
      hint: 'A seeded Monte Carlo next to the exact value: they agree within a few standard errors.',
    });
    games.addEventListener('change', () => onChange({ simulate: games.value }));
    const seed = formField(form, { key: 'seed', label: 'Seed', control: el('input', { type: 'number', min: 0, value: f.seed ?? 1 }) });
    seed.addEventListener('change', () => onChange({ seed: seed.value }));
  }
}



export function renderResult(container, info, { result: r }) {
  container.replaceChildren();
  explain(container, {
    parts: [
      'A throw of d dice scores their sum, or 1 if any die shows 1. In the sequential game, EG(i, j) is the expected gain (+1 a win, −1 a loss) of the player to move with i points against j, and the best number of dice OPT(i, j) maximises it:',
      { math: '<math display="block"><mi>E</mi><mi>G</mi><mo>(</mo><mi>i</mi><mo>,</mo><mi>j</mi><mo>)</mo><mo>=</mo><munder><mo>max</mo><mi>d</mi></munder><munder><mo>∑</mo><mi>k</mi></munder><mi>P</mi><mo>(</mo><mi>d</mi><mo>,</mo><mi>k</mi><mo>)</mo><mo>·</mo><mo>(</mo><mo>−</mo><mi>E</mi><mi>G</mi><mo>(</mo><mi>j</mi><mo>,</mo><mi>i</mi><mo>+</mo><mi>k</mi><mo>)</mo><mo>)</mo></math>' },
      'with +1 once i + k reaches N. Every turn scores at least one point, so the table fills by decreasing totals. When both players choose at once, each state is a zero-sum matrix game solved by linear programming (the value lies between both players’ guarantees).',
    ],
    source: 'Ariana Carnielli and Ivan Kachaikin, « Dice Battle », projet UE MOGPL (MU4IN200) (seed 001).',
  });
  const n = r.target;
  if (r.eg) {
    container.append(el('div', { className: 'headline' }, [
      stat('eg00', `EG(0,0) = ${fixed(r.eg00, 6)}`, 'expected gain of the first player when both play optimally (+1 win, −1 loss)'),
      stat('opt00', `OPT(0,0) = ${r.opt00}`, 'dice the first player throws at the start'),
    ]));
    const plots = el('div', { className: 'plots' });
    const title = r.mode === 'variant' ? 'The variant where a 1 scores 0 (question 6)' : 'The sequential game (the seed’s Figure 2)';
    const seqSection = section(container, title, 'sequential');
    if (r.iterations) {
      seqSection.append(el('p', { id: 'iterations', textContent:
        `Value iteration to 1e-12: ${r.iterations} iterations over all pairs of states (i, j), (j, i); at most ${r.max_iterations} for one pair.` }));
    }
    seqSection.append(plots);
    const axes = { yLabel: 'points of the player to move', xLabel: 'points of the opponent' };
    const eg = new HeatMap(plots, { id: 'heatmap-eg', title: 'EG — expected gain of the player to move', symbol: 'EG',
      fileName: `dice-D${r.dice}-N${n}-EG`, palette: 'diverging', decimals: 2, ...axes });
    const opt = new HeatMap(plots, { id: 'heatmap-opt', title: 'OPT — optimal number of dice', symbol: 'OPT',
      fileName: `dice-D${r.dice}-N${n}-OPT`, categorical: true, ...axes });
    eg.draw(r.eg, n, n);
    opt.draw(r.opt, n, n);
  }
  if (r.eg1) {
    const D = r.dice;
    container.append(el('div', { className: 'headline' }, [
      stat('eg00', `EG1(0,0) = ${fixed(r.eg00, 6)}`, 'value of the simultaneous game at the start (symmetric: 0)'),
      stat('mixed-states', String(r.mixed_states), `of the ${n * n} states need a mixed strategy; the others have a pure saddle point`),
    ]));
    const body = section(container, 'The simultaneous game over many turns (the seed’s Figure 4)', 'simultaneous');
    body.append(el('p', { id: 'antisymmetry', textContent: `EG1 is antisymmetric: max |EG1(i,j) + EG1(j,i)| = ${r.antisymmetry.toExponential(1)}.` }));
    const plots = el('div', { className: 'plots' });
    body.append(plots);
    const mixed = (i, j) => {
      const at = (i * n + j) * D;
      const parts = [];
      for (let d = 0; d < D; d++) if (r.mixed[at + d] > 1e-9) parts.push(`${d + 1} dice ${fixed(r.mixed[at + d], 3)}`);
      return `player 1 plays: ${parts.join(', ')}`;
    };
    new HeatMap(plots, { id: 'heatmap-eg1', title: 'EG1 — value for player 1', symbol: 'EG1', fileName: `dice-D${D}-N${n}-EG1`,
      palette: 'diverging', decimals: 2, yLabel: 'points of player 1', xLabel: 'points of player 2', detail: mixed }).draw(r.eg1, n, n);
    body.append(dataTable({
      id: 'table-4', caption: 'Expected gain of the optimal simultaneous strategy (player 1) against… (the seed’s Table 4, exactly)',
      fileName: `dice-D${D}-N${n}-table4`, headers: ['player 2', 'expected gain of player 1'],
      rows: r.table.map((c) => [c.second, fixed(c.expected_gain, 6)]),
    }));
  }
  if (r.mode === 'sequential') {
    const names = ['blind', 'optimal', 'random'];
    section(container, 'Strategies compared exactly (the seed’s Table 1)', 'strategies').append(dataTable({
      id: 'strategy-table', caption: 'Expected gain of player 1, who moves first (rows), against player 2 (columns)',
      fileName: `dice-D${r.dice}-N${n}-strategies`,
      headers: ['player 1 \\ player 2', ...names],
      rows: names.map((a, i) => [a, ...names.map((_, j) => fixed(r.table[i * 3 + j].expected_gain, 5))]),
    }));
  }
  if (r.mode === 'sequential') {
    const play = section(container, 'Play against the computer', 'play-section');
    new DiceGame(play, { dice: r.dice, target: n, eg: r.eg, opt: r.opt, blind: r.scores.blind_choice });
  }
  if (r.curves) {
    const body = section(container, 'Optimal against blind, exactly (the seed’s Figure 1)', 'curves');
    const plots = el('div', { className: 'plots' });
    body.append(plots);
    const byDice = r.curves.by_dice;
    const byTarget = r.curves.by_target;
    const dChart = new LineChart(plots, { id: 'curve-dice', title: `Gain of optimal (first) against blind, N = ${n}`,
      xLabel: 'D (most dice)', yLabel: 'expected gain', fileName: `dice-N${n}-gain-by-D`,
      describe: (k) => `D = ${byDice[k][0]}: ${fixed(byDice[k][1], 5)}` });
    const nChart = new LineChart(plots, { id: 'curve-target', title: `Gain of optimal (first) against blind, D = ${r.dice}`,
      xLabel: 'N (points to reach)', yLabel: 'expected gain', fileName: `dice-D${r.dice}-gain-by-N`,
      describe: (k) => `N = ${byTarget[k][0]}: ${fixed(byTarget[k][1], 5)}` });
    dChart.draw(Float64Array.from(byDice, (p) => p[0]), Float64Array.from(byDice, (p) => p[1]));
    nChart.draw(Float64Array.from(byTarget, (p) => p[0]), Float64Array.from(byTarget, (p) => p[1]));
  }
  if (r.mode === 'compare') {
    const c = r.table[0];
    const rows = [['exact', fixed(c.win_probability, 10), fixed(c.expected_gain, 10), '—']];
    if (r.simulation) {
      const s = r.simulation;
      rows.push([`simulated: ${s.games} games, seed ${s.seed}`, fixed(s.win_probability, 5), fixed(s.expected_gain, 5), fixed(s.standard_error, 5)]);
    }
    section(container, `${c.first} (first) against ${c.second}`, 'comparison').append(dataTable({
      id: 'comparison-table', caption: 'Player 1’s chances', fileName: `dice-D${r.dice}-N${n}-${c.first}-${c.second}`,
      headers: ['', 'win probability', 'expected gain', 'standard error'], rows,
    }));
  }
  if (r.game) {
    const g = r.game;
    container.append(el('div', { className: 'headline' }, [
      stat('game-value', `value = ${fixed(g.value, 9)}`, `between the guarantees ${fixed(g.lower, 9)} and ${fixed(g.upper, 9)}`),
    ]));
    const body = section(container, 'The one-turn game (the seed’s Tables 2 and 3)', 'one-turn');
    body.append(dataTable({
      id: 'mixed-strategy', caption: 'Optimal mixed strategy (the game is symmetric: the same for both players)',
      fileName: `dice-D${r.dice}-strategy`, headers: ['dice', 'probability'],
      rows: g.strategy.map((p, d) => [d + 1, fixed(p, 6)]).filter(([, p]) => Number(p) > 0),
    }));
    const names = ['blind', 'optimal', 'random'];
    body.append(dataTable({
      id: 'table-3', caption: 'Expected gain of player 1 (rows) against player 2 (columns), one turn, exactly (the seed’s Table 3)',
      fileName: `dice-D${r.dice}-table3`, headers: ['player 1 \\ player 2', ...names],
      rows: names.map((a, i) => [a, ...names.map((_, j) => fixed(r.table_3[i * 3 + j].expected_gain, 5))]),
    }));
    body.append(dataTable({
      id: 'table-2', caption: 'Optimal mixed strategy for D = 2 … 10 (the seed’s Table 2): probability of each number of dice',
      fileName: 'dice-table2', headers: ['D', ...Array.from({ length: 10 }, (_, d) => `${d + 1} dice`)],
      rows: r.table_2.map(([D2, strategy]) => [String(D2), ...Array.from({ length: 10 }, (_, d) => (strategy[d] > 1e-9 ? fixed(strategy[d], 5) : ''))]),
    }));
    const m = r.matrix;
    const D = r.dice;
    body.append(dataTable({
      id: 'one-turn-matrix', caption: `EG1(d1, d2): player 1’s expected gain (rows: its dice)${r.matrix_exact ? ', exactly' : ''}`,
      fileName: `dice-D${D}-EG1`, headers: ['d1 \\ d2', ...Array.from({ length: D }, (_, j) => String(j + 1))],
      rows: Array.from({ length: D }, (_, i) => [String(i + 1), ...Array.from({ length: D }, (_, j) => (r.matrix_exact ? r.matrix_exact[i][j] : fixed(m[i * D + j], 4)))]),
    }));
  }
  const scores = section(container, 'The score of one turn', 'scores');
  scores.append(el('p', { textContent: `The expected score EP(d) is largest at d* = ${r.scores.blind_choice} dice (the blind strategy).` }));
  scores.append(dataTable({
    id: 'ep-table', caption: 'EP(d) = 4d(5/6)^d + 1 − (5/6)^d', fileName: `dice-D${r.dice}-EP`,
    headers: ['dice d', 'EP(d)'], rows: r.scores.expected_points.map((v, d) => [d + 1, fixed(v, 4)]),
  }));
  const kMax = 6 * r.dice;
  scores.append(dataTable({
    id: 'score-table', caption: 'P(d, k): probability that d dice score k (a 1 on any die scores 1)', fileName: `dice-D${r.dice}-P`,
    headers: ['d \\ k', ...Array.from({ length: kMax }, (_, k) => String(k + 1))],
    rows: r.scores.distribution.map((row, d) => [String(d + 1), ...Array.from({ length: kMax }, (_, k) => (row[k + 1] ? fixed(row[k + 1], 4) : ''))]),
  }));
  const d = r.scores.blind_choice;
  const p = Float64Array.from(r.scores.distribution[d - 1]);
  new BarChart(scores, {
    id: 'chart-scores', title: `P(${d}, k): the score of ${d} dice`, xLabel: 'score k', yLabel: 'probability', names: [],
    fileName: `dice-P${d}`, describe: (k) => `k = ${k}: ${fixed(p[k], 5)}`,
  }).draw(p, new Uint8Array(p.length), 0);
}
