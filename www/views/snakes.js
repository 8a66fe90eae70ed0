// Snakes and Ladders view: the preset menu, p[0][0] and e[0][0], and the P and E heat maps.
import { el, fixed } from '../dom.js';
import { HeatMap } from '../heatmap.js';

const PRESETS = {
  audet: 'The seed’s board (Figures 3–4): 100 squares, chute 48→26, a roll past 100 wins.',
  'milton-bradley': 'Milton Bradley’s Chutes and Ladders: chute 47→26, exact roll needed to finish.',
  grid1: 'The seed’s Example 1: 6 squares, a die showing 1, 2 or 3, ladder 1→5, snake 4→3.',
  example2: 'The seed’s Example 2: a two-state chain given by its matrix A.',
};

const AXES = { yLabel: 'square of the player to move', xLabel: 'square of the opponent' };

/** Fills the parameters form; calls onChange({key: value}) on every edit. */
export function renderForm(form, info, onChange) {
  const id = 'field-preset';
  const select = el('select', { id, name: 'preset' },
    info.choices.preset.map((name) => el('option', { value: name, textContent: name })));
  select.value = info.fields.preset;
  const hint = el('p', { className: 'hint', id: `${id}-hint`, textContent: PRESETS[select.value] ?? '' });
  select.setAttribute('aria-describedby', hint.id);
  select.addEventListener('change', () => {
    hint.textContent = PRESETS[select.value] ?? '';
    onChange({ preset: select.value });
  });
  form.replaceChildren(el('label', { htmlFor: id, textContent: 'Board' }), select, hint);
}

/** Shows a solved scenario in `container`; returns a promise resolved once both maps are drawn. */
export function renderResult(container, info, { result }) {
  const { n, p, e } = result;
  const headline = el('div', { className: 'headline' }, [
    stat('p00', `p[0][0] = ${fixed(p[0], 4)}`, 'probability that the first player wins, both tokens on square 0'),
    stat('e00', `e[0][0] = ${fixed(e[0], 2)}`, 'expected number of moves (both players) until someone wins'),
  ]);
  const plots = el('div', { className: 'plots' });
  container.replaceChildren(headline, plots);
  const pMap = new HeatMap(plots, {
    id: 'heatmap-p', title: 'P — probability that the player to move wins', symbol: 'p',
    fileName: `snakes-${info.fields.preset}-P`, min: 0, max: 1, decimals: 2, ...AXES,
  });
  const eMap = new HeatMap(plots, {
    id: 'heatmap-e', title: 'E — expected number of moves until the game ends', symbol: 'e',
    fileName: `snakes-${info.fields.preset}-E`, decimals: 1, ...AXES,
  });
  pMap.draw(p, n, n);
  eMap.draw(e, n, n);
}

function stat(id, value, label) {
  return el('div', { className: 'stat' }, [
    el('div', { className: 'value', id, textContent: value }),
    el('div', { className: 'label', textContent: label }),
  ]);
}
