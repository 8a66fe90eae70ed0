// The octal table (mode=table) of the impartial games' view: every code of up
// to three digits, sortable, filtered by status, each row extended on its own.
import { el, selectOf, section, stat, downloadBlob, csvLine, scrollBox, spec, latexButton, shownTable, later, flushLater } from '../dom.js';
import { t, count } from '../i18n.js';

/**
 * Rows drawn with the result (a phone's first screen and a laptop's), then this
 * many per task: a row costs a phone (CPU slowed 4×) about 1.5 ms to build, so
 * 150 first rows held the first result 0.2 s and each task of 250 blocked taps
 * for 0.4 s (stop 85).
 */
const FIRST_ROWS = 40;
const MORE_ROWS = 40;

/**
 * A longer table (the 1,023 codes of three digits) grows as its box is
 * scrolled, this many rows at a time, with a button for the rest: each addition
 * lays out and paints the whole table again, 0.1–0.2 s a time on a phone once
 * it is long, so adding all of them after the result kept the page's thread
 * busy for about 3 s (stop 86). Printing and the LaTeX table take every row.
 */
const EAGER_ROWS = 200;
const SCROLL_ROWS = 80;

/** Before printing: every row of the table shown (set by the latest table). */
let printAll = () => {};

/** The columns of the octal table: header, sort key, cell text. */
function tableColumns() {
  const dash = '—';
  return [
    { key: 'code', head: t('code'), sort: (r) => r.order, text: (r) => r.code },
    { key: 'status', head: t('status'), sort: (r) => r.status, text: (r) => statusText(r.status) },
    { key: 'period', head: t('period'), sort: (r) => r.period ?? Infinity, text: (r) => (r.period === null ? dash : count(r.period)) },
    { key: 'preperiod', head: t('pre-period'), sort: (r) => r.preperiod ?? Infinity, text: (r) => (r.preperiod === null ? dash : count(r.preperiod)) },
    { key: 'up_to', head: t('heaps computed'), sort: (r) => r.up_to, text: (r) => count(r.up_to) },
    { key: 'largest', head: t('largest value'), sort: (r) => r.largest.value, text: (r) => String(r.largest.value) },
    { key: 'rare', head: t('rare heaps'), sort: (r) => r.rare ?? -1, text: (r) => (r.rare === null ? dash : count(r.rare)) },
    { key: 'same_as', head: t('same game as'), sort: (r) => r.same_as ?? '', text: (r) => sameText(r) },
  ];
}

/** "1 heap", "2,000 heaps". */
function heaps(n) {
  return t('{n:heap|heaps}', { n: count(n) });
}

function statusText(status) {
  return { solved: t('solved'), unsolved: t('unsolved'), trivial: t('trivial') }[status];
}

/** G(n) = G_rep(n − shift), in words. */
function sameText(r) {
  if (r.same_as === null) return '';
  if (r.shift === 0) return r.same_as;
  const n = Math.abs(r.shift);
  if (n === 1) return r.shift > 0 ? t('{code}, one heap later', { code: r.same_as }) : t('{code}, one heap earlier', { code: r.same_as });
  return r.shift > 0
    ? t('{code}, {n} heaps later', { code: r.same_as, n })
    : t('{code}, {n} heaps earlier', { code: r.same_as, n });
}

/**
 * The table of octal games: sortable by any column, filtered by status, each
 * code a link to its own view; a row not proven can be extended on its own
 * (the code computed to four times as many heaps, in the worker).
 */
export function tableSection(container, info, r, ctx) {
  const rows = r.rows.map((row, order) => ({ ...row, order, up_to: r.up_to }));
  tableHeadline(container, r, rows);
  const title = r.digits === 1 ? t('Octal games of 1 digit') : t('Octal games of 1 to {d} digits', { d: r.digits });
  const body = section(container, title, 'octal-table');
  const columns = tableColumns();
  const sorted = { key: 'code', ascending: true };
  const filter = selectOf(['all', 'solved', 'unsolved', 'trivial', 'games'], 'all', {
    all: t('every code'), solved: t('solved'), unsolved: t('unsolved'), trivial: t('trivial'), games: t('one code per game'),
  });
  filter.id = 'table-filter';
  const search = el('input', { type: 'search', id: 'table-search', placeholder: t('code starts with…'), autocomplete: 'off' });
  const shown = el('p', { className: 'muted', id: 'table-shown' });
  const tbody = el('tbody');
  const headRow = el('tr');
  const table = el('table', { className: 'data', id: 'octal-table-rows' }, [
    // The caption repeats the section's heading: screen readers need it, a printed page does not.
    el('caption', { className: 'same-as-heading', textContent: title }), el('thead', {}, [headRow]), tbody,
  ]);
  const visible = () => visibleRows(rows, columns, sorted, filter.value, search.value.trim());
  const extend = (row, button) => extendRow(info, ctx, row, button).then(() => fill({ keep: true }));
  const box = scrollBox(table, title);
  // The rows past the first screen are added just after the result is shown, a
  // few per task: 1,023 rows at once took 0.2 s of a phone's main thread (CPU
  // slowed 4×) before the first result. A newer fill drops an older one's rest.
  let filling = 0;
  let observer = null;
  let showAll = () => {};
  // Rows in a long table now: a row extended keeps them (sorting or filtering starts again).
  let grown = 0;
  const fill = ({ keep = false } = {}) => {
    headRow.replaceChildren(...headCells(columns, sorted, fill));
    const kept = visible();
    const make = (row) => tableRow(row, columns, ctx, extend);
    const generation = ++filling;
    observer?.disconnect();
    showAll = () => {};
    // Another order or filter is read from its top (an extended row keeps the place);
    // not the first fill: setting scrollTop lays the whole page out at once, before
    // its rows are in (60–90 ms of a phone's main thread before the first result).
    if (!keep && generation > 1) box.scrollTop = 0;
    shown.textContent = t('{n} of {all:code|codes} shown.', { n: count(kept.length), all: count(rows.length) });
    if (kept.length <= EAGER_ROWS) {
      tbody.replaceChildren(...kept.slice(0, FIRST_ROWS).map(make));
      for (let from = FIRST_ROWS; from < kept.length; from += MORE_ROWS) {
        later(() => { if (generation === filling) tbody.append(...kept.slice(from, from + MORE_ROWS).map(make)); });
      }
      return;
    }
    grown = Math.min(kept.length, Math.max(FIRST_ROWS, keep ? grown : 0));
    const more = el('button', { type: 'button', className: 'secondary', id: 'table-more' });
    const last = el('tr', { className: 'more-rows' }, [el('td', { colSpan: columns.length + 1 }, [more])]);
    const grow = (to) => {
      if (generation !== filling || grown >= kept.length) return;
      const from = grown;
      grown = Math.min(kept.length, to);
      last.before(...kept.slice(from, grown).map(make));
      if (grown === kept.length) {
        observer?.disconnect();
        last.remove();
      } else {
        more.textContent = t('Show the remaining {n:code|codes}', { n: count(kept.length - grown) });
        // Observed afresh: a box scrolled past the new rows too is told again.
        observer?.unobserve(last);
        observer?.observe(last);
      }
    };
    tbody.replaceChildren(...kept.slice(0, grown).map(make), last);
    more.textContent = t('Show the remaining {n:code|codes}', { n: count(kept.length - grown) });
    more.addEventListener('click', () => grow(kept.length));
    showAll = () => grow(kept.length);
    // (A browser without it has the button.)
    observer = typeof IntersectionObserver === 'function' ? new IntersectionObserver((seen) => {
      if (seen.some((x) => x.isIntersecting)) grow(grown + SCROLL_ROWS);
    }, { root: box, rootMargin: '0px 0px 400px 0px' }) : null;
    observer?.observe(last);
  };
  // One table at a time: a new one's listener replaces the last one's.
  window.removeEventListener('beforeprint', printAll);
  printAll = () => showAll();
  window.addEventListener('beforeprint', printAll);
  filter.addEventListener('change', () => fill());
  search.addEventListener('input', () => fill());
  const save = el('button', { type: 'button', className: 'secondary', id: 'save-table', textContent: t('Save CSV') });
  save.addEventListener('click', () => saveCsv(r, visible()));
  const tools = el('div', { className: 'table-tools' }, [
    el('label', {}, [t('Show') + ' ', filter]), el('label', {}, [t('Code') + ' ', search]), save,
    latexButton({ caption: title, table: () => { flushLater(); showAll(); return shownTable(table); }, fileName: `octal-table-${r.digits}-${r.up_to}` }),
  ]);
  body.append(tools, shown, box);
  fill();
}

/** The rows the filter and the code's prefix keep, in the column's order. */
function visibleRows(rows, columns, sorted, status, prefix) {
  const kept = rows.filter((x) => (status === 'all' || (status === 'games' ? x.same_as === null : x.status === status))
    && (!prefix || x.code.startsWith(prefix) || x.code.startsWith(`0${prefix}`)));
  const column = columns.find((c) => c.key === sorted.key);
  kept.sort((a, b) => {
    const [x, y] = [column.sort(a), column.sort(b)];
    const order = x < y ? -1 : x > y ? 1 : a.order - b.order;
    return sorted.ascending ? order : -order;
  });
  return kept;
}

/** The head's cells: each column sorts by a click (again: the other way); `refill` redraws. */
function headCells(columns, sorted, refill) {
  const heads = columns.map((c) => {
    const button = el('button', { type: 'button', className: 'sort', textContent: c.head });
    button.addEventListener('click', () => {
      sorted.ascending = sorted.key === c.key ? !sorted.ascending : true;
      sorted.key = c.key;
      refill();
    });
    const th = el('th', { scope: 'col' }, [button]);
    th.setAttribute('aria-sort', sorted.key === c.key ? (sorted.ascending ? 'ascending' : 'descending') : 'none');
    return th;
  });
  // The extend column comes third, beside the status it changes (at the end it fell off a laptop's screen).
  heads.splice(2, 0, el('th', { scope: 'col', className: 'control', textContent: t('extend') }));
  return heads;
}

/** A row's code computed to four times as many heaps (at most the field's maximum), in the worker. */
async function extendRow(info, ctx, row, button) {
  const upTo = Math.min(row.up_to * 4, spec(info, 'up_to').max);
  button.disabled = true;
  try {
    const { result } = await ctx.other({ mode: 'octal', code: row.code, up_to: upTo }, t('Extending {code} to {n} heaps…', { code: row.code, n: count(upTo) }));
    Object.assign(row, {
      up_to: result.values.length - 1, period: result.period, preperiod: result.preperiod, proven: result.proven,
      largest: result.largest, rare: result.rare?.count ?? row.rare, status: result.status,
    });
  } catch {
    // Cancelled or failed: the status line says so; the row stays as it was.
  }
}

/** The rows shown, as a CSV file. */
function saveCsv(r, shownRows) {
  const lines = [csvLine(['code', 'status', 'period', 'preperiod', 'proven', 'heaps', 'largest', 'largest_at', 'rare', 'same_as', 'shift'])];
  for (const x of shownRows) lines.push(csvLine([x.code, x.status, x.period, x.preperiod, x.proven, x.up_to, x.largest.value, x.largest.at, x.rare, x.same_as, x.same_as === null ? null : x.shift]));
  downloadBlob(new Blob([lines.join('\n') + '\n'], { type: 'text/csv' }), `octal-table-${r.digits}-${r.up_to}.csv`);
}

/** The table's headline: how many codes, games, solved, unsolved and trivial. */
function tableHeadline(container, r, rows) {
  const by = (status) => rows.filter((x) => x.status === status).length;
  container.append(el('div', { className: 'headline' }, [
    stat('table-codes', count(rows.length), `${r.digits === 1 ? t('codes of 1 digit') : t('codes of 1 to {d} digits', { d: r.digits })}, ${heaps(r.up_to)}`),
    stat('table-games', count(r.games), t('distinct games (the others grouped with their representative)')),
    stat('table-solved', count(by('solved')), t('solved (a proven period)')),
    stat('table-unsolved', count(by('unsolved')), t('unsolved at {heaps}', { heaps: heaps(r.up_to) })),
    stat('table-trivial', count(by('trivial')), t('trivial (values 0 and 1 only)')),
  ]));
}

/** One code's row: its cells, a link to its own page, and ×4 heaps for an unsolved one (`extend`). */
function tableRow(row, columns, ctx, extend) {
  const tr = el('tr', { className: `status-${row.status}` });
  tr.dataset.code = row.code;
  const cell = el('td', { className: 'control' });
  if (row.status === 'unsolved') {
    const button = el('button', { type: 'button', className: 'secondary', textContent: t('×4 heaps') });
    button.setAttribute('aria-label', t('Extend {code} to four times as many heaps', { code: row.code }));
    button.addEventListener('click', () => extend(row, button));
    cell.append(button);
  }
  const href = ctx.link({ mode: 'octal', code: row.code, up_to: row.up_to });
  for (const c of columns) {
    const td = el('td');
    if (c.key === 'code') td.append(el('a', { href, textContent: row.code }));
    else td.textContent = c.text(row);
    tr.append(td);
    if (c.key === 'status') tr.append(cell);
  }
  // The whole row opens its game (a phone's finger is wider than a code),
  // from the top of the page, where its view begins.
  tr.classList.add('opens');
  tr.addEventListener('click', (e) => {
    if (e.target.closest('button')) return;
    e.preventDefault();
    location.hash = href;
    window.scrollTo({ top: 0 });
  });
  return tr;
}

