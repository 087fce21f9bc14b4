// Debian's headless Chromium (playwright-core) and Firefox ESR (puppeteer-core
// over WebDriver BiDi), launched the one way every browser test, the demo
// test and the benchmark need: never a downloaded browser.

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Chromium, with extra command-line flags (the benchmark adds --js-flags=--expose-gc). */
export async function launchChromium(extraArgs = []) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
  return { version: `Chromium ${browser.version()}`, newPage: () => browser.newPage(), close: () => browser.close() };
}

/** Chromium as a playwright context with its own profile folder (the package and demo tests: viewports, many pages). */
export async function launchChromiumContext(profile, options = {}) {
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, ...options,
  });
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
