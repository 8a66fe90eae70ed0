// Chomp's bar and the stick game's heap, drawn once for every view that shows
// them (the game graphs' play, the search's position and play): the core says
// which squares and takes are moves; the view says how each is marked.
import { el } from './dom.js';
import { t, count } from './i18n.js';

/**
 * The bar `board` (row lengths from the poisoned row up) in a box of `cols`
 * columns, as a grid of buttons: `square(row, col)` gives the move there (or
 * undefined) and its extra classes; `onMove(move)` plays it.
 */
export function chompBar(board, cols, square, { onMove, disabled }) {
  const bar = el('div', { className: 'chomp' });
  bar.style.gridTemplateColumns = `repeat(${cols}, var(--chomp-square))`;
  bar.style.setProperty('--cols', String(cols));
  for (let row = board.length - 1; row >= 0; row--) {
    for (let col = 0; col < cols; col++) {
      const present = col < board[row];
      const poison = row === 0 && col === 0;
      const { move, marks = '', label } = square(row, col) ?? {};
      const b = el('button', { type: 'button', className: `square${present ? '' : ' eaten'}${poison ? ' poison' : ''}${marks ? ` ${marks}` : ''}`, textContent: poison ? '☠' : '' });
      b.dataset.row = row;
      b.dataset.col = col;
      if (label !== undefined) b.dataset.move = label;
      b.setAttribute('aria-label', `${t('row {row}, column {col}', { row, col })}${present ? '' : t(', eaten')}${poison ? t(', poisoned') : ''}`);
      b.disabled = disabled || move === undefined;
      if (move !== undefined) b.addEventListener('click', () => onMove(move));
      bar.append(b);
    }
  }
  return bar;
}

/** Most sticks drawn one by one; beyond, the count says the rest. */
const MAX_STICKS_DRAWN = 120;

/** The heap of `n` sticks as a line of strokes and its count. */
export function sticksLine(n) {
  const strokes = `${'|'.repeat(Math.min(n, MAX_STICKS_DRAWN))}${n > MAX_STICKS_DRAWN ? ' …' : ''}`;
  return `${strokes}  ${t('{n:stick|sticks}', { n: count(n) })}`;
}
