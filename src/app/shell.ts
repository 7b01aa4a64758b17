import { formatPosition, type Problem } from '../core/problem';
import type { SchemaResponse } from '../workers/protocol';
import { counted, SEVERITY_ICONS } from '../components/problem-labels';
import { BRAND_SVG } from '../components/brand';

const el = (tag: string, className: string, text?: string): HTMLElement => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};

/**
 * The page before the app has loaded: the first module paints the app's frame with the text in
 * it (read-only until the editor takes over) and the Problems panel, so that the text shows at
 * once and the first schema answer shows when it comes, while React and Vega still load. The app
 * replaces all of it when it mounts (same classes, same places).
 */
export class Shell {
  private readonly problems: HTMLElement;

  /** `checking`: the schema check is on its way (not when the page opens locked out). */
  constructor(
    root: HTMLElement,
    text: string,
    private readonly checking = true,
  ) {
    const app = el('div', 'app');
    app.dataset['shell'] = '';
    const top = el('header', 'topbar');
    const brand = el('div', 'brand');
    const mark = el('span', 'brand-mark');
    mark.innerHTML = BRAND_SVG;
    brand.append(mark, el('span', 'name', 'Chartspec'));
    top.append(brand);
    const main = el('main', 'workspace');
    const split = el('div', 'split');
    split.style.gridTemplateColumns = '42% 6px 1fr';
    const left = el('div', 'split-pane');
    const editor = el('div', 'editor');
    const area = el('textarea', 'editor-fallback') as HTMLTextAreaElement;
    area.readOnly = true;
    area.spellcheck = false;
    area.value = text;
    area.setAttribute('aria-label', 'Chart spec (JSON), loading');
    editor.append(area);
    left.append(editor);
    const right = el('div', 'split-pane');
    right.append(el('div', 'chart-pane'));
    split.append(left, el('div', 'split-divider'), right);
    this.problems = el('section', 'problems');
    this.problems.setAttribute('aria-label', 'Problems');
    this.problems.dataset['testid'] = 'shell-problems';
    main.append(split, this.problems);
    app.append(top, main);
    root.replaceChildren(app);
    this.show(undefined);
  }

  /**
   * Shows the schema check's answer (undefined: not there yet). False, showing nothing, once the
   * app has replaced the page.
   */
  show(answer: SchemaResponse | undefined): boolean {
    if (answer && !this.problems.isConnected) return false;
    const list: readonly Problem[] = answer?.problems ?? [];
    const errors = counted(list, 'error');
    const warnings = counted(list, 'warning');
    const head = el('header', 'problems-head');
    head.append(
      el('h2', '', 'Problems'),
      el('span', `count ${errors.n ? 'has-errors' : ''}`, errors.label),
      el('span', `count ${warnings.n ? 'has-warnings' : ''}`, warnings.label),
    );
    if (!answer && this.checking) head.append(el('span', 'checking', 'checking schema…'));
    const body: HTMLElement[] = [];
    if (answer && list.length === 0) body.push(el('p', 'problems-empty', 'No problems found by the schema check.'));
    else if (list.length) {
      const ul = el('ul', '');
      for (const p of list) {
        const li = el('li', '');
        const item = el('div', `problem ${p.severity}`);
        item.append(
          el('span', 'icon', SEVERITY_ICONS[p.severity]),
          el('span', 'severity', p.severity),
          el('span', 'pos', formatPosition(p.range.start)),
          el('span', 'message', p.message),
          el('span', 'source', p.source),
        );
        li.append(item);
        ul.append(li);
      }
      body.push(ul);
    }
    this.problems.replaceChildren(head, ...body);
    return true;
  }
}
