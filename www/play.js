// Playing Dice Battle against the computer in the page (sequential game, you move
// first). The computer's choice comes from the solved tables: OPT for the optimal
// strategy, with its win probability (1 + EG) / 2 from EG.
import { el, fixed } from './dom.js';
import { t } from './i18n.js';

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** A fair die from the browser's cryptographic generator (no seed: it is a game). */
function roll() {
  const [x] = crypto.getRandomValues(new Uint32Array(1));
  return 1 + (x % 6);
}

export class DiceGame {
  /**
   * @param {HTMLElement} parent
   * @param {{dice: number, target: number, eg: Float64Array, opt: Float64Array, blind: number}} tables
   */
  constructor(parent, tables) {
    this.t = tables;
    this.box = el('div', { className: 'play', id: 'play' });
    parent.append(this.box);
    this.strategy = el('select', { id: 'play-opponent' }, [['optimal', t('optimal')], ['blind', t('blind')], ['random', t('random')]]
      .map(([value, textContent]) => el('option', { value, textContent })));
    this.strategy.setAttribute('aria-label', t('The computer’s strategy'));
    const restart = el('button', { type: 'button', className: 'secondary', id: 'play-restart', textContent: t('New game') });
    restart.addEventListener('click', () => this.reset());
    this.score = el('p', { id: 'play-score', className: 'play-score' });
    this.rolled = el('p', { id: 'play-dice', className: 'play-dice' });
    this.rolled.setAttribute('aria-live', 'polite');
    this.log = el('ol', { id: 'play-log', className: 'play-log' });
    this.buttons = el('div', { className: 'play-buttons' });
    for (let d = 1; d <= tables.dice; d++) {
      const b = el('button', { type: 'button', textContent: `${d}`, id: `throw-${d}` });
      b.title = t('Throw {d} dice', { d });
      b.setAttribute('aria-label', b.title);
      b.addEventListener('click', () => this.turn(d));
      this.buttons.append(b);
    }
    this.box.append(
      el('div', { className: 'play-head' }, [el('label', { htmlFor: 'play-opponent', textContent: t('Computer plays') }), this.strategy, restart]),
      this.score, el('p', { className: 'hint', textContent: t('You move first. How many dice do you throw?') }), this.buttons, this.rolled, this.log,
    );
    this.reset();
  }

  reset() {
    this.points = [0, 0];
    this.over = false;
    this.log.replaceChildren();
    this.rolled.textContent = '';
    this.update();
  }

  /** EG and OPT for the player with `own` points against `other`. */
  tables(own, other) {
    const n = this.t.target;
    return { eg: this.t.eg[own * n + other], opt: this.t.opt[own * n + other] };
  }

  update(message) {
    const [you, computer] = this.points;
    const { eg } = this.tables(Math.min(you, this.t.target - 1), Math.min(computer, this.t.target - 1));
    this.score.textContent = t('You {you} — computer {computer} (target {target})', { you, computer, target: this.t.target }) +
      (this.over ? '' : t('. With optimal play from here you would win with probability {p}.', { p: fixed((1 + eg) / 2, 3) }));
    for (const b of this.buttons.children) b.disabled = this.over;
    if (message) this.log.prepend(el('li', { textContent: message }));
  }

  /** Throws `d` dice for player `who`; returns the score and the faces shown. */
  throwDice(d) {
    const faces = Array.from({ length: d }, roll);
    const score = faces.includes(1) ? 1 : faces.reduce((a, b) => a + b, 0);
    return { faces, score };
  }

  turn(d) {
    if (this.over) return;
    const mine = this.throwDice(d);
    this.points[0] += mine.score;
    this.rolled.textContent = `${t('You')}: ${mine.faces.map((f) => FACES[f - 1]).join(' ')} → ${mine.score}`;
    this.rolled.classList.remove('rolling');
    void this.rolled.offsetWidth; // restart the roll animation
    this.rolled.classList.add('rolling');
    if (this.points[0] >= this.t.target) {
      this.over = true;
      this.update(t('You threw {d} dice for {score} and reached {points}: you win!', { d, score: mine.score, points: this.points[0] }));
      return;
    }
    this.update(t('You threw {d} dice for {score}.', { d, score: mine.score }));
    this.computerTurn();
  }

  computerTurn() {
    const [you, me] = this.points;
    const { eg, opt } = this.tables(me, you);
    const kind = this.strategy.value;
    const d = kind === 'optimal' ? opt : kind === 'blind' ? this.t.blind : 1 + Math.floor(Math.random() * this.t.dice);
    const why = kind === 'optimal'
      ? t('OPT({me}, {you}) = {opt}: with it the computer wins with probability {p} (EG = {eg})',
        { me, you, opt, p: fixed((1 + eg) / 2, 3), eg: fixed(eg, 3) })
      : kind === 'blind' ? t('blind: always {d}, the number with the largest expected score', { d }) : t('random');
    const its = this.throwDice(d);
    this.points[1] += its.score;
    this.rolled.textContent += `   ${t('Computer')}: ${its.faces.map((f) => FACES[f - 1]).join(' ')} → ${its.score}`;
    const won = this.points[1] >= this.t.target;
    this.over = won;
    this.update(won
      ? t('The computer threw {d} dice ({why}) for {score} and reached {points}: it wins.', { d, why, score: its.score, points: this.points[1] })
      : t('The computer threw {d} dice ({why}) for {score}.', { d, why, score: its.score }));
  }
}
