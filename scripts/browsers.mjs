// Debian's headless Chromium (playwright-core) and Firefox ESR (puppeteer-core
// over WebDriver BiDi), launched the one way the engine matrix and the
// benchmark both need: never a downloaded browser.

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Chromium, with extra command-line flags (the benchmark adds --js-flags=--expose-gc). */
export async function launchChromium(extraArgs = []) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
  return { version: `Chromium ${browser.version()}`, newPage: () => browser.newPage(), close: () => browser.close() };
}

/** Firefox ESR, with extra puppeteer launch options (prefs, timeouts). */
export async function launchFirefox(options = {}) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr', headless: true, ...options,
  });
  const [, number] = (await browser.version()).split('/');
  return { version: `Firefox ESR ${number}`, newPage: () => browser.newPage(), close: () => browser.close() };
}
