// A family whose solvers are not built yet.
import { el } from '../dom.js';

const PLANS = {
  dice: 'The sequential game solved by dynamic programming (EG, OPT), the simultaneous game by a zero-sum matrix game in every state, and exact comparisons of strategies.',
  orchard: 'Exact win probability for every basket strategy, and sweeps over trees, fruits and crow pieces.',
  impartial: 'Sprague–Grundy values, Nim, Kayles, octal games and their periodicity, sums and misère play.',
  arena: 'Arenas, attractors with ranks, winning strategies, subtraction games and Chomp.',
};

export function renderForm(form) {
  form.replaceChildren(el('p', { className: 'muted', textContent: 'No parameters yet.' }));
}

export function renderPending(container, info) {
  container.replaceChildren(
    el('div', { className: 'pending', id: 'pending' }, [
      el('h3', { textContent: `${info.title}: not yet available` }),
      el('p', { textContent: `Coming here: ${PLANS[info.game] ?? ''}` }),
    ]),
  );
}
