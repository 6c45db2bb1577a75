import { chromium, type Browser, type Page } from "playwright-core";
import Handlebars from "handlebars";
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";

/**
 * Real headless Chromium showing Fray's markup inside the frames Foundry v13 gives it, with the
 * built stylesheet and, when FOUNDRY_V13 names a Foundry folder, Foundry's own core stylesheet,
 * fonts (Font Awesome, Signika) and images. Foundry's files are read from that folder's `public/`
 * at test time and served under http://fray.test/foundry/; nothing of Foundry is copied into Fray.
 * The core stylesheet paints with images from `public/ui/` (css/foundry2.css): the parchment of
 * chat messages (`--chat-message-background`), of light-themed windows (`--background`) and of the
 * light sidebar (`--sidebar-background`, on `.sidebar-tab`), which Chromium fetches relative to
 * the stylesheet, so from the same route. `show` waits until every background image the page
 * paints has loaded and decoded, and throws naming any that did not: a screen is never judged on a
 * background that failed to arrive.
 *
 * The frames follow Foundry's own markup: an AppV2 window (client/applications/api/application.mjs
 * `_renderFrame`: `.application` > `header.window-header` + `section.window-content`, themed with
 * `themed theme-<name>`), a chat message (templates/sidebar/chat-message.hbs inside the chat log,
 * which v13 always themes light: templates/sidebar/tabs/chat/log.hbs) and the combat sidebar
 * (templates/sidebar/tabs/combat/tracker.hbs). The interface theme is the body's class, as Foundry
 * sets it (`body.theme-dark` / `body.theme-light`).
 */
export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

const root = process.cwd();
const foundryRoot = process.env.FOUNDRY_V13;
/** Foundry v13's folder when it holds the core stylesheet, else undefined (Fray's CSS alone). */
export const FOUNDRY = foundryRoot && existsSync(join(foundryRoot, "public/css/foundry2.css"))
  ? foundryRoot
  : undefined;
if (!FOUNDRY) {
  console.warn("FOUNDRY_V13 does not name a Foundry v13 folder: screens render with Fray's " +
    "stylesheet alone, so their contrast and layout checks and the tests that need " +
    "Foundry's templates or images are SKIPPED (set FOUNDRY_V13 to run them).");
}

const ORIGIN = "http://fray.test";
const TYPES: Record<string, string> = {
  ".css": "text/css", ".woff2": "font/woff2", ".ttf": "font/ttf", ".png": "image/png",
  ".jpg": "image/jpeg", ".webp": "image/webp", ".svg": "image/svg+xml", ".html": "text/html",
};

/** One browser tab and the page it shows next. */
export interface Stage {
  browser: Browser;
  tab: Page;
  /** Shows a whole document built by {@link documentFor}. */
  show(html: string): Promise<void>;
}

/** Launches Chromium with the flags this machine needs and serves Foundry's and Fray's files. */
export async function openStage(viewport = { width: 900, height: 900 }): Promise<Stage> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run",
    ],
  });
  const tab = await browser.newPage({ viewport });
  let current = "";
  await tab.route(`${ORIGIN}/**`, async (route) => {
    const path = decodeURIComponent(new URL(route.request().url()).pathname);
    if (path === "/page.html") {
      return route.fulfill({ body: current, contentType: "text/html; charset=utf-8" });
    }
    const file = path.startsWith("/foundry/") && FOUNDRY
      ? join(FOUNDRY, "public", path.slice("/foundry/".length))
      : path.startsWith("/fray/") ? join(root, "dist", path.slice("/fray/".length)) : "";
    if (!file || !existsSync(file)) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ body: readFileSync(file), contentType: TYPES[extname(file)] ?? "" });
  });
  return {
    browser,
    tab,
    async show(html: string) {
      current = html;
      await tab.goto(`${ORIGIN}/page.html`, { waitUntil: "load" });
      await tab.evaluate(() => document.fonts.ready);
      const failed = await tab.evaluate(paintedImagesFailing);
      if (failed.length) throw new Error(`background images did not load: ${failed.join(", ")}`);
    },
  };
}

/**
 * In the page: every image a computed `background-image` paints (elements and their ::before and
 * ::after), loaded and decoded through the page's cache; returns the URLs that failed.
 */
async function paintedImagesFailing(): Promise<string[]> {
  const urls = new Set<string>();
  for (const el of document.querySelectorAll("*")) {
    for (const pseudo of [null, "::before", "::after"]) {
      for (const [, url] of getComputedStyle(el, pseudo).backgroundImage.matchAll(/url\("([^"]+)"\)/g)) {
        urls.add(url!);
      }
    }
  }
  const failed: string[] = [];
  await Promise.all([...urls].map(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode().catch(() => failed.push(url.slice(0, 80)));
  }));
  return failed;
}

/**
 * A whole page: Foundry's and Fray's stylesheets, the interface theme on the body. The body flows
 * and scrolls instead of Foundry's fixed, viewport-sized `body.game` (layouts.full), so a window
 * taller than the viewport is laid out whole and any part of it can be shot.
 */
export function documentFor(body: string, theme: Theme): string {
  const core = FOUNDRY
    ? `<link rel="stylesheet" href="${ORIGIN}/foundry/fonts/fontawesome/css/all.min.css">
       <link rel="stylesheet" href="${ORIGIN}/foundry/css/foundry2.css">`
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fray</title>${core}
<link rel="stylesheet" href="${ORIGIN}/fray/fray.css">
<style>body{margin:0;padding:8px;width:auto;height:auto;display:block;overflow:auto;position:static}
.application{position:relative;max-height:none}</style></head>
<body class="vtt game system-fray theme-${theme}"><main>${body}</main></body></html>`;
}

/** An AppV2 window (a sheet or dialog) of `width` px, themed like Foundry's applications. */
export function windowFrame(
  { title, classes, width, theme, tag = "form" }:
  { title: string; classes: string; width: number; theme: Theme; tag?: string },
  content: string,
): string {
  return `<${tag} class="application ${classes} themed theme-${theme}" style="width:${width}px"
  aria-label="${title}">
  <header class="window-header"><h1 class="window-title">${title}</h1>
  <button type="button" class="header-control icon fa-solid fa-xmark" aria-label="Close"></button>
  </header><section class="window-content">${content}</section></${tag}>`;
}

export const foundryTemplate = (path: string): HandlebarsTemplateDelegate | undefined => {
  if (!FOUNDRY) return undefined;
  const hb = Handlebars.create();
  hb.registerHelper("localize", (key: string) => key.split(".").at(-1));
  hb.registerHelper("timeSince", () => "Now");
  return hb.compile(readFileSync(join(FOUNDRY, "templates", path), "utf8"));
};

/** A chat message holding `content`, in the 300 px chat column (Foundry's own message template). */
export function chatFrame(content: string, { alias = "Fray", whisper = false } = {}): string {
  const message = foundryTemplate("sidebar/chat-message.hbs")?.({
    message: { _id: "message0000000001", content }, alias, cssClass: whisper ? "whisper" : "",
    isWhisper: whisper, whisperTo: "Gamemaster",
  }) ?? `<li class="chat-message message flexcol ${whisper ? "whisper" : ""}">
  <div class="message-content">${content}</div></li>`;
  return `<section id="chat" class="tab sidebar-tab chat-sidebar flexcol active" style="width:300px">
  <div class="chat-scroll"><ol class="chat-log plain themed theme-light">${message}</ol></div>
  </section>`;
}

/** One combatant row of Foundry's tracker template, with Fray's additions spliced in by the test. */
export interface TrackerTurn {
  id: string; name: string; css: string; img: string; initiative: number | null;
  isOwner: boolean; hidden?: boolean; isDefeated?: boolean; canPing?: boolean;
  effects?: { icons: { img: string; name: string }[]; tooltip: string };
}

/**
 * The combat sidebar (Foundry's tracker template) with `above` rendered before its list, `height`
 * px tall: Foundry's sidebar is a flex column whose list takes the room left, so it needs a height
 * (with an automatic one the list shrinks to nothing). `classes` are the tracker application's own
 * (its DEFAULT_OPTIONS.classes, which Foundry puts on this element).
 */
export function trackerFrame(
  turns: TrackerTurn[],
  { above = "", isGM = true, height = 640, classes = "" }:
  { above?: string; isGM?: boolean; height?: number; classes?: string } = {},
): string {
  const list = foundryTemplate("sidebar/tabs/combat/tracker.hbs")?.({
    turns: turns.map((turn) => ({ effects: { icons: [], tooltip: "" }, ...turn })),
    user: { isGM }, hasDecimals: false, initiativeIcon: { icon: "", hover: "" },
  }) ?? `<ol class="combat-tracker plain">${turns.map((turn) =>
    `<li class="combatant ${turn.css}" data-combatant-id="${turn.id}">
     <div class="token-name"><strong class="name">${turn.name}</strong></div></li>`).join("")}</ol>`;
  return `<section id="combat" class="tab sidebar-tab combat-sidebar flexcol active ${classes}"
  style="width:300px;height:${height}px">${above}${list}</section>`;
}

/**
 * The DialogV2 form around a dialog's content, with its default OK button
 * (client/applications/api/dialog.mjs `_renderHTML`).
 */
export const dialogForm = (content: string) => `<form class="dialog-form standard-form" autocomplete="off">
  <div class="dialog-content standard-form">${content}</div>
  <footer class="form-footer"><button type="submit" data-action="ok" class="" autofocus>
  <i class="fa-solid fa-check"></i><span>Confirm</span></button></footer></form>`;
