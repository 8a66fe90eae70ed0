// Play against the computer: the controller of every game played over the
// core's play session (PlayController, at the end), and Dice Battle's table on it.
//
// Playing Dice Battle against the computer in the page (sequential game, you move
// first). The core rolls and scores the dice and chooses the computer's number of
// dice (OPT for the optimal strategy, with its win probability); this view sends
// the score and your choice, and shows what comes back.
import { el, fixed } from './dom.js';
import { t, both } from './i18n.js';

const FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export class DiceGame {
  /**
   * @param {HTMLElement} parent
   * @param {object} ctx  the view's context: `ctx.play(position, action, move)` asks the core
   * @param {{dice: number, target: number}} game
   */
  constructor(parent, ctx, game) {
    this.box = el('div', { className: 'play', id: 'play' });
    parent.append(this.box);
    this.strategy = el('select', { id: 'play-opponent' }, [['optimal', t('optimal')], ['blind', t('blind')], ['random', t('random')]]
      .map(([value, textContent]) => el('option', { value, textContent })));
    this.strategy.setAttribute('aria-label', t('The computer’s strategy'));
    const restart = el('button', { type: 'button', className: 'secondary', id: 'play-restart', textContent: t('New game') });
    restart.addEventListener('click', () => this.newGame());
    this.score = el('p', { id: 'play-score', className: 'play-score' });
    this.rolled = el('p', { id: 'play-dice', className: 'play-dice' });
    this.rolled.setAttribute('aria-live', 'polite');
    // Oldest first, as a game is read.
    this.log = el('ol', { id: 'play-log', className: 'play-log' });
    this.buttons = el('div', { className: 'play-buttons' });
    for (let d = 1; d <= game.dice; d++) {
      const b = el('button', { type: 'button', textContent: `${d}`, id: `throw-${d}` });
      b.title = t('Throw {d} dice', { d });
      b.setAttribute('aria-label', b.title);
      b.addEventListener('click', () => this.controller.play(String(d), (mine) => this.thrown(mine.now)));
      this.buttons.append(b);
    }
    this.box.append(
      el('div', { className: 'play-head' }, [el('label', { htmlFor: 'play-opponent', textContent: t('Computer plays') }), this.strategy, restart]),
      this.score, el('p', { className: 'hint', textContent: t('You move first. How many dice do you throw?') }), this.buttons, this.rolled, this.log,
    );
    this.controller = new PlayController(ctx, {
      board: this.box,
      log: this.log,
      send: (now) => `${now.points[0]},${now.points[1]},${this.strategy.value}`,
      draw: (now, busy) => this.draw(now, busy),
      // Each throw is one entry of the game's list.
      write: (text) => { if (text) this.log.append(el('li', { textContent: text })); },
      explain: (reply) => this.replied(reply),
      ended: (now) => { this.log.dataset.result = now.winner === 1 ? 'you' : 'computer'; },
    });
    this.newGame();
  }

  async newGame() {
    if (await this.controller.start()) this.rolled.textContent = '';
  }

  draw(now, busy) {
    const [you, computer] = now.points;
    this.score.textContent = t('You {you} — computer {computer} (target {target})', { you, computer, target: now.target }) +
      (now.chance === null ? '' : t('. With optimal play from here you would win with probability {p}.', { p: fixed(now.chance, 3) }));
    for (const b of this.buttons.children) b.disabled = now.over || busy;
  }

  show(who, thrown) {
    return `${who}: ${thrown.faces.map((f) => FACES[f - 1]).join(' ')} → ${thrown.score}`;
  }

  /** Your throw, rolled on the table and said in the list. */
  thrown(now) {
    const mine = now.throw;
    this.rolled.textContent = this.show(t('You'), mine);
    this.rolled.classList.remove('rolling');
    void this.rolled.offsetWidth; // restart the roll animation
    this.rolled.classList.add('rolling');
    return now.over
      ? t('You threw {d} dice for {score} and reached {points}: you win!', { d: mine.dice, score: mine.score, points: now.points[0] })
      : t('You threw {d} dice for {score}.', { d: mine.dice, score: mine.score });
  }

  /** The computer's throw beside yours, and why it threw that many. */
  replied(reply) {
    const c = reply.played;
    if (!c) return '';
    this.rolled.textContent += `   ${this.show(t('Computer'), c)}`;
    const why = both(reply.reason);
    return reply.now.over
      ? t('The computer threw {d} dice ({why}) for {score} and reached {points}: it wins.', { d: c.dice, why, score: c.score, points: reply.now.points[1] })
      : t('The computer threw {d} dice ({why}) for {score}.', { d: c.dice, why, score: c.score });
  }
}

/**
 * A game against the computer over the core's one play session
 * (src/toolkit/play.rs: `start`, `move`, `reply`, each answered with a turn:
 * the computer's move, its reasons, the position now). The one controller of
 * the games that play so (the game graphs' arenas, the search's games, Nim); a view
 * gives how the position is sent back (`send`), how it is drawn (`draw(now,
 * busy)`), and what the end of a game says (`ended(now, said)`).
 */
export class PlayController {
  /**
   * `write(text)` tells the log what happened (by default the log says only the
   * last move), `explain(reply, said)` words the computer's move (by default
   * what the human's move said, then the core's reason).
   */
  constructor(ctx, { board, log, send, draw, ended = () => {}, write, explain }) {
    Object.assign(this, { ctx, board, log, send, draw, ended });
    this.write = write ?? ((text) => { log.textContent = text; });
    this.explain = explain ?? ((reply, said) => `${said} ${reply.reason ? both(reply.reason) : ''}`.trim());
    this.now = null;
    this.busy = false;
  }

  /** The core's answer, or null: its error said in the log (a cancelled request says nothing). */
  async request(position, action, move = '') {
    try {
      return await this.ctx.play(String(position), action, String(move));
    } catch (err) {
      if (err?.name !== 'Cancelled') this.write(err.message);
      return null;
    }
  }

  /** A new game from the link's position: the start's turn, or null. */
  async start() {
    const turn = await this.request('', 'start');
    if (!turn) return null;
    this.now = turn.now;
    this.log.textContent = '';
    delete this.log.dataset.result;
    this.render();
    return turn;
  }

  /**
   * The human's move (`key`, told by `said` in the log: a text, or a function
   * of the core's answer when the move's outcome is chance), then the
   * computer's reply unless it ended the game.
   */
  async play(key, said) {
    if (this.busy || !this.now || this.now.over) return;
    await this.run(async () => {
      const mine = await this.request(this.send(this.now), 'move', key);
      if (!mine) return;
      this.now = mine.now;
      const text = typeof said === 'function' ? said(mine) : said;
      this.write(text);
      if (this.now.over) this.ended(this.now, text);
      else await this.answer(text);
    });
  }

  /** The computer's move from `position` (the position now unless given), after `said`. */
  async answer(said, position = this.send(this.now)) {
    const reply = await this.request(position, 'reply');
    if (!reply) return;
    this.now = reply.now;
    const text = this.explain(reply, said);
    this.write(text);
    if (this.now.over) this.ended(this.now, text);
  }

  /** The computer's move now, from a position where the human has not moved. */
  async reply() {
    if (this.busy || !this.now || this.now.over) return;
    await this.run(() => this.answer(''));
  }

  /** `work` with the board waiting meanwhile (tests wait for `data-busy` to go). */
  async run(work) {
    this.busy = true;
    this.board.dataset.busy = 'true';
    this.render();
    try {
      await work();
    } finally {
      this.busy = false;
      delete this.board.dataset.busy;
      this.render();
    }
  }

  render() {
    if (this.now) this.draw(this.now, this.busy);
  }
}
