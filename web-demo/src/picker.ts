// The op menu: a button naming the op on show, opening a panel that lists
// every op of the library by family (tw.FAMILIES's order), each a link to
// its page (#/<slug>), with a search box that filters them by name as it is
// typed. The keyboard: Enter or Space opens it, typing filters, Enter opens
// the first match, the arrows move through the links shown, Escape closes it
// and gives the focus back to the button.
import * as tw from 'tessera-wasm';
import { el, guard } from './dom.js';
import { DEMO_OPS } from './ops/index.js';
import type { DemoOp } from './ops/op.js';

/** Lower case, without the separators a name may be typed with: `reduce sum` finds ReduceSum. */
const folded = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

function link(op: DemoOp): HTMLLIElement {
  const a = document.createElement('a');
  a.href = `#/${op.slug}`;
  a.dataset.op = op.op;
  a.append(
    Object.assign(document.createElement('span'), { className: 'op-name', textContent: op.op }),
    Object.assign(document.createElement('span'), { className: 'op-summary', textContent: op.schema.summary }),
  );
  const li = document.createElement('li');
  li.append(a);
  return li;
}

/** Fills the panel: one group per family that has ops. */
export function renderNav(): void {
  const groups = (tw.FAMILIES as readonly string[]).map((family, i) => {
    const ops = DEMO_OPS.filter((op) => op.family === family);
    if (ops.length === 0) return undefined;
    const section = document.createElement('section');
    section.className = 'op-family';
    section.dataset.family = family;
    const heading = Object.assign(document.createElement('h2'), { id: `family-${i}`, textContent: family });
    section.setAttribute('aria-labelledby', heading.id);
    const list = document.createElement('ul');
    list.append(...ops.map(link));
    section.append(heading, list);
    return section;
  });
  el.opList.replaceChildren(...groups.filter((g) => g !== undefined));
  filter('');
}

/** Shows the ops whose name (or family) holds the text typed; says how many. */
function filter(text: string): void {
  const wanted = folded(text);
  let shown = 0;
  for (const section of el.opList.querySelectorAll<HTMLElement>('.op-family')) {
    const familyMatches = wanted !== '' && folded(section.dataset.family!).includes(wanted);
    let inFamily = 0;
    for (const a of section.querySelectorAll<HTMLAnchorElement>('a')) {
      const match = familyMatches || folded(a.dataset.op!).includes(wanted);
      a.parentElement!.hidden = !match;
      if (match) inFamily++;
    }
    section.hidden = inFamily === 0;
    shown += inFamily;
  }
  const total = DEMO_OPS.length;
  el.opCount.textContent = wanted === '' ? `${total} ops, by family`
    : shown === 0 ? `No op matches “${text.trim()}”` : `${shown} of ${total} ops match “${text.trim()}”`;
}

const shownLinks = () => [...el.opList.querySelectorAll<HTMLAnchorElement>('li:not([hidden]) a')]
  .filter((a) => !a.closest('section')!.hidden);

export function openMenu(): void {
  el.opPanel.hidden = false;
  el.opButton.setAttribute('aria-expanded', 'true');
  el.opSearch.focus();
  el.opSearch.select();
}

export function closeMenu(returnFocus: boolean): void {
  if (el.opPanel.hidden) return;
  el.opPanel.hidden = true;
  el.opButton.setAttribute('aria-expanded', 'false');
  if (returnFocus) el.opButton.focus();
}

/** Marks the op on show: the button names it, its link is the current page. */
export function markCurrent(op: DemoOp): void {
  el.opCurrent.textContent = op.op;
  el.opButton.title = `${op.op} (${op.family}): choose another op`;
  for (const a of el.opList.querySelectorAll<HTMLAnchorElement>('a')) {
    if (a.dataset.op === op.op) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

export function bindNav(): void {
  el.opButton.addEventListener('click', guard(() => (el.opPanel.hidden ? openMenu() : closeMenu(true))));
  el.opSearch.addEventListener('input', guard(() => filter(el.opSearch.value)));
  el.opSearch.addEventListener('keydown', (event) => {
    const links = shownLinks();
    if (event.key === 'Enter' && links.length > 0) {
      event.preventDefault();
      links[0].click();
    } else if (event.key === 'ArrowDown' && links.length > 0) {
      event.preventDefault();
      links[0].focus();
    }
  });
  el.opList.addEventListener('keydown', (event) => {
    const links = shownLinks();
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const next = event.key === 'ArrowDown' ? links[at + 1] : event.key === 'ArrowUp' ? links[at - 1] ?? el.opSearch
      : event.key === 'Home' ? links[0] : event.key === 'End' ? links.at(-1) : undefined;
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });
  el.ops.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !el.opPanel.hidden) {
      event.preventDefault();
      closeMenu(true);
    }
  });
  // A choice closes the menu (the page changes); so does the focus or a click leaving it.
  el.opList.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('a')) closeMenu(true);
  });
  el.ops.addEventListener('focusout', (event) => {
    const to = event.relatedTarget as Node | null;
    if (to && !el.ops.contains(to)) closeMenu(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (!el.ops.contains(event.target as Node)) closeMenu(false);
  });
}
