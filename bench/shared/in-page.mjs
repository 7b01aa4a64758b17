// Functions run in the page with page.evaluate (the page's CSP does not apply to them).
/**
 * Runs in the page: resolves with the first performance mark `name` whose `detail.version` is at
 * least `minVersion` ({ startTime, version, detail }), or null on timeout.
 */
export function waitForMark({ name, minVersion = 0, timeoutMs }) {
  return new Promise((resolve) => {
    const find = () => {
      const m = performance.getEntriesByName(name, 'mark').find((e) => Number(e.detail?.version ?? 0) >= minVersion);
      return m ? { startTime: m.startTime, version: Number(m.detail?.version ?? 0), detail: m.detail ?? null } : null;
    };
    const hit = find();
    if (hit) return resolve(hit);
    const obs = new PerformanceObserver(() => {
      const h = find();
      if (!h) return;
      obs.disconnect();
      clearTimeout(timer);
      resolve(h);
    });
    obs.observe({ type: 'mark' });
    const timer = setTimeout(() => {
      obs.disconnect();
      resolve(find());
    }, timeoutMs);
  });
}

/**
 * Starts a module worker (kept in window.__benchWorker) and sends it the first request; resolves
 * with its answer and when it came, in the page's clock: t0 = just before `new Worker()`. A worker
 * 'error' event (a script that fails to load, or an exception the worker does not catch) ends it
 * with `error`. Both the app's schema worker and the experiment workers answer { id, text }.
 */
export function startWorker({ url, text, timeoutMs }) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let w;
    try {
      w = window.__benchWorker = new Worker(url, { type: 'module' });
    } catch (e) {
      resolve({ t0, error: `new Worker threw: ${e}` });
      return;
    }
    const timer = setTimeout(() => resolve({ t0, error: `no answer within ${timeoutMs} ms` }), timeoutMs);
    w.onmessage = (e) => {
      clearTimeout(timer);
      const d = e.data ?? {};
      const at = performance.now();
      resolve({
        t0,
        at,
        timeOrigin: performance.timeOrigin,
        isolated: self.crossOriginIsolated,
        data: { ...d, problems: Array.isArray(d.problems) ? d.problems.length : d.problems },
      });
    };
    w.onerror = (e) => {
      clearTimeout(timer);
      e.preventDefault?.();
      resolve({ t0, at: performance.now(), error: e.message || 'worker error event (no message)' });
    };
    w.postMessage({ id: 1, text });
  });
}

/** Sends window.__benchWorker each text in turn (next after the previous answer); returns the answers. */
export function sendToWorker({ texts, order, timeoutMs }) {
  const w = window.__benchWorker;
  return new Promise((resolve) => {
    const out = [];
    let i = 0;
    const timer = setTimeout(() => resolve({ out, error: `timed out after ${out.length} answers` }), timeoutMs);
    const next = () => {
      if (i >= order.length) {
        clearTimeout(timer);
        resolve({ out });
        return;
      }
      w.postMessage({ id: 100 + i, text: texts[order[i]] });
    };
    w.onmessage = (e) => {
      const d = e.data ?? {};
      out.push({
        kind: order[i],
        validateMs: d.validateMs,
        compileMs: d.compileMs,
        errors: d.errors ?? (Array.isArray(d.problems) ? d.problems.length : null),
        error: d.error,
      });
      i++;
      next();
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      clearTimeout(timer);
      resolve({ out, error: e.message || 'worker error event' });
    };
    next();
  });
}
