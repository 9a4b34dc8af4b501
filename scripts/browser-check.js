// browser-check.js — drives headless Chromium (Playwright) against a classic
// Jupyter Notebook server running the "Go (tracelab)" kernel, as a person would:
//
//   1. 00-quickstart.ipynb: Cell > Run All; every code cell runs without an
//      error and both figures are drawn.
//   2. 03-lublin-model.ipynb: Cell > Run All (or, with --widget-only, only the
//      declarations cell and the interactive cell); the interactive cell shows
//      the hyper-Gamma fit and five live sliders; dragging α1 and pressing Home
//      on p redraw the plot and change D_n (in the plot's title); the plot
//      settles on the sliders' final positions; "stop" ends the cell; running
//      the cell again gives live sliders again.
//
// Run by scripts/browser-check.sh, which starts the server; not run by CI.
// Usage: node browser-check.js BASE_URL OUT_DIR [--widget-only]
// Screenshots (PNG) go to OUT_DIR. Prints "N passed, N failed" last and exits 1
// on any failure. Warnings are known GoNB v0.11.4 limitations that showed up
// (see scripts/browser-check.sh) and do not fail the check.
'use strict';
const { chromium } = require('playwright-core');
const fs = require('fs');
const os = require('os');
const path = require('path');

const args = process.argv.slice(2);
const widgetOnly = args.includes('--widget-only');
const [base, out] = args.filter((a) => !a.startsWith('--'));
if (!base || !out) {
  console.error('usage: node browser-check.js BASE_URL OUT_DIR [--widget-only]');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

const t0 = Date.now();
const stamp = () => `[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)}s]`;
const log = (...a) => console.log(stamp(), ...a);
let passed = 0;
let failed = 0;
let warnings = 0;
const ok = (msg) => { passed++; log(`ok    ${msg}`); };
const fail = (msg) => { failed++; log(`FAIL  ${msg}`); };
const warn = (msg) => { warnings++; log(`WARN  ${msg}`); };
const since = (t) => `${((Date.now() - t) / 1000).toFixed(1)}s`;
const shot = (name) => path.join(out, name);

// Console noise of Debian's classic notebook that has nothing to do with tracelab.
const noise = /find-and-replace|nbextensions\/widgets|Widgets are not available|Failed to load resource|Comm promise not found/;

async function openNotebook(ctx, name) {
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning' || /gonb/i.test(m.text())) && !noise.test(m.text())) {
      log(`      console.${m.type()}: ${m.text().slice(0, 300)}`);
    }
  });
  page.on('pageerror', (e) => log(`      page error: ${e.message.slice(0, 300)}`));
  // GoNB's widget connection is a second WebSocket to the kernel, opened without a session_id.
  page.on('websocket', (ws) => {
    if (ws.url().includes('session_id')) return;
    log('      GoNB widget WebSocket opened');
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('#comm_open_ack')) log('      GoNB widget connection acknowledged');
    });
    ws.on('close', () => log('      GoNB widget WebSocket closed'));
  });
  const start = Date.now();
  await page.goto(`${base}/notebooks/${name}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => globalThis.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel &&
    Jupyter.notebook.kernel.is_connected() &&
    document.querySelector('#kernel_indicator_icon.kernel_idle_icon') !== null, null, { timeout: 120000 });
  const kernel = (await page.locator('.kernel_indicator_name').textContent()).trim();
  if (kernel === 'Go (tracelab)') ok(`${name}: opened, kernel "${kernel}" idle after ${since(start)}`);
  else fail(`${name}: kernel is "${kernel}", want "Go (tracelab)"`);
  return page;
}

async function runAll(page) {
  await page.click('li:has(> #cell_menu) > a.dropdown-toggle');
  await page.click('#run_all_cells > a');
  await page.waitForTimeout(1000);
}

// waitIdle waits until no code cell shows In [*] and the kernel is idle.
async function waitIdle(page, timeout) {
  await page.waitForFunction(() => Jupyter.notebook.get_cells().filter((c) => c.cell_type === 'code')
    .every((c) => c.input_prompt_number !== '*') &&
    document.querySelector('#kernel_indicator_icon.kernel_idle_icon') !== null, null, { timeout, polling: 500 });
}

async function cellSummaries(page) {
  return page.evaluate(() => Jupyter.notebook.get_cells().map((c, i) => {
    if (c.cell_type !== 'code') return null;
    const el = c.element[0];
    return {
      i,
      n: c.input_prompt_number,
      plots: el.querySelectorAll('.output_area img, .output_area svg').length,
      tables: el.querySelectorAll('.output_area table').length,
      errors: [...el.querySelectorAll('.output_error, .output_stderr')].map((e) => e.innerText.slice(0, 300)),
      text: [...el.querySelectorAll('.output_text pre')].map((e) => e.innerText).join('\n').trim(),
    };
  }).filter(Boolean));
}

function checkCells(name, cells, skip) {
  const unrun = cells.filter((c) => c.i !== skip && typeof c.n !== 'number');
  const errs = cells.filter((c) => c.errors.length);
  for (const c of errs) log(`      cell ${c.i}: ${c.errors.join(' // ')}`);
  if (unrun.length) fail(`${name}: cells not executed: ${unrun.map((c) => c.i).join(' ')}`);
  if (errs.length) fail(`${name}: error output in cells ${errs.map((c) => c.i).join(' ')}`);
  return unrun.length === 0 && errs.length === 0;
}

async function quickstart(ctx) {
  const name = '00-quickstart.ipynb';
  const page = await openNotebook(ctx, name);
  await page.screenshot({ path: shot('00-opened.png') });
  const start = Date.now();
  await runAll(page);
  await waitIdle(page, 600000);
  const cells = await cellSummaries(page);
  if (checkCells(name, cells, -1)) ok(`${name}: Run All, ${cells.length} code cells without errors in ${since(start)}`);
  const plots = cells.reduce((a, c) => a + c.plots, 0);
  const tables = cells.reduce((a, c) => a + c.tables, 0);
  if (plots >= 2 && tables >= 2) ok(`${name}: ${plots} figures and ${tables} tables drawn`);
  else fail(`${name}: ${plots} figures and ${tables} tables drawn, want 2 and 2`);
  // One screenshot per code cell with output; wide tables scroll sideways.
  const loc = page.locator('#notebook-container > .cell');
  for (const c of cells) {
    if (!c.plots && !c.tables) continue;
    const cell = loc.nth(c.i);
    await cell.scrollIntoViewIfNeeded();
    await cell.screenshot({ path: shot(`00-cell${String(c.i).padStart(2, '0')}.png`) });
    const wide = await cell.evaluate((el) => {
      const s = el.querySelector('.output_subarea');
      return s.scrollWidth > s.clientWidth ? getComputedStyle(s).overflowX : '';
    });
    if (wide && wide !== 'auto' && wide !== 'scroll') fail(`${name}: cell ${c.i} output is wider than the page and cannot scroll (${wide})`);
  }
  await page.close();
}

// The interactive cell is the code cell that calls kernelext.Interact (its index
// is kept in globalThis.widgetCell); the caption under its plot (the plot's
// title) carries the parameters and D_n ("α1 4.9 β1 0.906 α2 70.4 β2 0.128 p 0.600: D_n = 0.0430").
const titleFn = `(() => {
  const el = Jupyter.notebook.get_cell(globalThis.widgetCell).element[0];
  return [...el.querySelectorAll('.output_area .tracelab-plot-caption')].map((e) => e.textContent).find((s) => s.includes('D_n')) || null;
})()`;
const title = (page) => page.evaluate(titleFn);
const waitTitle = (page, pred, timeout) =>
  page.waitForFunction(`(() => { const t = ${titleFn}; return t !== null && (${pred})(t); })()`, null, { timeout, polling: 100 });
const param = (t, p) => Number((t.match(new RegExp(`${p} ([0-9.e+-]+)`)) || [])[1]);
const dn = (t) => Number((t.match(/D_n = ([0-9.]+)/) || [])[1]);

// waitSliders waits for the sliders of the interactive cell (already started);
// when the cell ends without them it runs the cell once more, as a person would.
async function waitSliders(page, cell, last, started, timeout) {
  const sliders = cell.locator('input[type=range]');
  const settled = () => page.waitForFunction((i) => {
    const c = Jupyter.notebook.get_cell(i);
    return c.element[0].querySelectorAll('input[type=range]').length >= 5 ||
      (typeof c.input_prompt_number === 'number' && document.querySelector('#kernel_indicator_icon.kernel_idle_icon') !== null);
  }, last, { timeout, polling: 500 });
  await settled();
  if ((await sliders.count()) >= 5) {
    ok(`03: five live sliders ${since(started)} after the cell started`);
    return true;
  }
  const text = (await cellSummaries(page)).find((c) => c.i === last).text;
  await cell.scrollIntoViewIfNeeded();
  await cell.locator('.output_wrapper').screenshot({ path: shot('03-no-sliders.png') });
  warn(`03: the interactive cell ended without live sliders ("${text}"): GoNB's widget connection failed ` +
    '(its front end waits only 500 ms for the kernel\'s acknowledgement, too short under load); running the cell again');
  await cell.locator('.input_area').click();
  const again = Date.now();
  await page.keyboard.press('Shift+Enter');
  await page.waitForTimeout(1000);
  await settled();
  if ((await sliders.count()) >= 5) {
    ok(`03: five live sliders ${since(again)} after running the cell again`);
    return true;
  }
  fail(`03: no live sliders on the second try either: ${(await cellSummaries(page)).find((c) => c.i === last).text}`);
  return false;
}

// settle checks that, after a move, the plot shows the slider's position k.
async function settle(page, sliders, k, name, ranges) {
  await page.waitForTimeout(1500);
  const pos = Number(await sliders.nth(k).inputValue());
  const t = await title(page);
  const want = ranges[k](pos);
  const got = param(t, name);
  if (Math.abs(got - want) <= 0.015 * Math.abs(want) + 0.0006) return t; // titles show 3 digits
  warn(`03: the plot shows ${name} ${got} but the slider is at ${pos} (${name} ≈ ${want.toPrecision(3)}): GoNB handles ` +
    'slider messages concurrently, so they can arrive out of order; nudging the slider');
  await sliders.nth(k).focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(700);
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(1500);
  return title(page);
}

async function lublin(ctx) {
  const name = '03-lublin-model.ipynb';
  const page = await openNotebook(ctx, name);
  const loc = page.locator('#notebook-container > .cell');
  const code = await page.evaluate(() => Jupyter.notebook.get_cells().map((c, i) => c.cell_type === 'code' ? i : -1).filter((i) => i >= 0));
  // The interactive cell is the one that calls kernelext.Interact.
  const last = await page.evaluate(() => Jupyter.notebook.get_cells().findIndex((c) => c.cell_type === 'code' && c.get_text().includes('kernelext.Interact(')));
  await page.evaluate((i) => { globalThis.widgetCell = i; }, last);
  const cell = loc.nth(last);
  const sliders = cell.locator('input[type=range]');
  let start = Date.now();
  if (widgetOnly) {
    await loc.nth(code[0]).locator('.input_area').click();
    await page.keyboard.press('Shift+Enter');
    await page.waitForTimeout(1000);
    await waitIdle(page, 300000);
    await cell.scrollIntoViewIfNeeded();
    await cell.locator('.input_area').click();
    start = Date.now();
    await page.keyboard.press('Shift+Enter');
    if (!(await waitSliders(page, cell, last, start, 300000))) return page.close();
  } else {
    await runAll(page);
    if (!(await waitSliders(page, cell, last, start, 1800000))) return page.close();
    if (checkCells(name, (await cellSummaries(page)).filter((c) => c.i <= last), last)) ok(`${name}: Run All reached the interactive cell without errors`);
  }
  await sliders.nth(4).scrollIntoViewIfNeeded();
  await waitTitle(page, '() => true', 20000);
  const t0 = await title(page);
  const running = await page.evaluate((i) => Jupyter.notebook.get_cell(i).input_prompt_number === '*', last);
  log(`      initial plot: ${t0}`);
  if (running) ok('03: the interactive cell keeps running (In [*]) while it listens');
  else fail('03: the interactive cell is not running');
  await cell.locator('.output_wrapper').screenshot({ path: shot('03-initial.png') });

  // Slider position -> value, as lublinplot.HyperGammaRanges (log scale from a fifth to five times the EM value; p linear).
  const start5 = ['α1', 'β1', 'α2', 'β2'].map((p) => param(t0, p));
  const ranges = [0, 1, 2, 3].map((k) => (pos) => start5[k] * Math.pow(25, (pos - 500) / 1000));
  ranges.push((pos) => pos / 1000);

  // 1. Drag α1 with the mouse to 80 % of its track.
  const box = await sliders.nth(0).boundingBox();
  const y = box.y + box.height / 2;
  const from = box.x + box.width * 0.5;
  const to = box.x + box.width * 0.8;
  let t = Date.now();
  await page.mouse.move(from, y);
  await page.mouse.down();
  for (let j = 1; j <= 10; j++) await page.mouse.move(from + (to - from) * j / 10, y);
  await page.mouse.up();
  let t1 = null;
  try {
    await waitTitle(page, `(s) => s !== ${JSON.stringify(t0)}`, 20000);
    log(`      redrawn ${Date.now() - t} ms after the drag`);
    t1 = await settle(page, sliders, 0, 'α1', ranges);
    log(`      after dragging α1 to ${await sliders.nth(0).inputValue()}: ${t1}`);
  } catch (e) {
    fail('03: no redraw within 20 s of dragging α1');
  }
  await cell.locator('.output_wrapper').screenshot({ path: shot('03-after-alpha1.png') });

  // 2. Keyboard: Home on the p slider (p = 0).
  await sliders.nth(4).focus();
  t = Date.now();
  await page.keyboard.press('Home');
  let t2 = null;
  try {
    await waitTitle(page, '(s) => / p 0\\.000:/.test(s)', 20000);
    log(`      redrawn ${Date.now() - t} ms after Home`);
    t2 = await title(page);
    log(`      after Home on p: ${t2}`);
  } catch (e) {
    fail('03: no redraw with p = 0 within 20 s of pressing Home on the p slider');
  }
  await cell.locator('.output_wrapper').screenshot({ path: shot('03-after-p.png') });
  if (t1 && t2 && dn(t0) !== dn(t1) && dn(t1) !== dn(t2)) {
    ok(`03: moving sliders redraws the plot and changes D_n (${dn(t0)} -> ${dn(t1)} -> ${dn(t2)})`);
  } else {
    fail(`03: D_n did not change as the sliders moved (${t0} / ${t1} / ${t2})`);
  }

  // 3. A fast sweep of β2: the plot must settle on the last position.
  const b = await sliders.nth(3).boundingBox();
  await page.mouse.move(b.x + b.width * 0.5, b.y + b.height / 2);
  await page.mouse.down();
  for (let j = 1; j <= 30; j++) await page.mouse.move(b.x + b.width * (0.5 - 0.015 * j), b.y + b.height / 2);
  await page.mouse.up();
  const t3 = await settle(page, sliders, 3, 'β2', ranges);
  const pos3 = Number(await sliders.nth(3).inputValue());
  if (Math.abs(param(t3, 'β2') - ranges[3](pos3)) <= 0.015 * ranges[3](pos3) + 0.0006) ok(`03: after a fast sweep the plot shows the slider's position: ${t3}`);
  else fail(`03: after a fast sweep and a nudge the plot still shows β2 ${param(t3, 'β2')}, slider at ${pos3}`);
  await cell.locator('.output_wrapper').screenshot({ path: shot('03-after-beta2-sweep.png') });

  // 4. Stop.
  await cell.locator('button:has-text("stop")').click();
  try {
    await waitIdle(page, 20000);
    const text = (await cellSummaries(page)).find((c) => c.i === last).text;
    if (/stopped at/.test(text)) ok(`03: "stop" ends the cell: ${text}`);
    else fail(`03: no "stopped at" line after stop: ${text}`);
  } catch (e) {
    fail('03: the cell still runs 20 s after "stop"');
  }
  await cell.locator('.output_wrapper').screenshot({ path: shot('03-stopped.png') });

  // 5. Run the cell again in the same kernel.
  await cell.locator('.input_area').click();
  start = Date.now();
  await page.keyboard.press('Shift+Enter');
  await page.waitForTimeout(500);
  if (await waitSliders(page, cell, last, start, 300000)) {
    await sliders.nth(4).scrollIntoViewIfNeeded();
    await waitTitle(page, '() => true', 20000);
    const ta = await title(page);
    await sliders.nth(1).focus();
    await page.keyboard.press('End');
    try {
      await waitTitle(page, `(s) => s !== ${JSON.stringify(ta)}`, 20000);
      ok(`03: run again, End on β1 redraws: ${await title(page)}`);
    } catch (e) {
      fail('03: run again, no redraw within 20 s of End on β1');
    }
    await cell.locator('.output_wrapper').screenshot({ path: shot('03-rerun.png') });
    await cell.locator('button:has-text("stop")').click();
    await waitIdle(page, 20000).catch(() => fail('03: the second run still runs 20 s after "stop"'));
  }
  await page.close();
}

(async () => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tracelab-chromium-'));
  let ctx;
  try {
    // A fresh profile (--user-data-dir) through Playwright's persistent context.
    ctx = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1400, height: 1000 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    await quickstart(ctx);
    await lublin(ctx);
  } catch (e) {
    fail(`exception: ${(e.stack || String(e)).split('\n').slice(0, 4).join(' | ')}`);
  } finally {
    if (ctx) await ctx.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  log(`screenshots in ${out}${warnings ? `; ${warnings} warning(s)` : ''}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})();
