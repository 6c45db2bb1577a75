// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDirectoryButton } from "../../src/shell/applications/directory-button";

/**
 * A GM's button in a sidebar directory's header (shell/applications/directory-button.ts), on
 * markup shaped like Foundry v13's templates/sidebar/directory/header.hbs.
 */
type Hook = (app: unknown, html: HTMLElement) => void;
let hooks: Map<string, Hook[]>;
let isGM: boolean;

function directory(): HTMLElement {
  const html = document.createElement("section");
  html.innerHTML = '<header class="directory-header"><div class="header-actions action-buttons">'
    + '<button type="button" class="create-entry">Create Actor</button></div></header>';
  return html;
}

function install(run: () => Promise<void>): void {
  hooks = new Map();
  vi.stubGlobal("Hooks", {
    on: (name: string, fn: Hook) => hooks.set(name, [...(hooks.get(name) ?? []), fn]),
  });
  vi.stubGlobal("game", { get user() { return { isGM }; } });
  addDirectoryButton({
    hook: "renderActorDirectory", key: "frayPartyRest", icon: "fa-campground",
    label: () => "Party Rest", run,
  });
}
const render = (html: HTMLElement) => hooks.get("renderActorDirectory")?.forEach((f) => f({}, html));
afterEach(() => vi.unstubAllGlobals());

describe("a GM's directory button", () => {
  it("is added once to the header's actions, with its icon and word, and runs on a press", () => {
    isGM = true;
    const run = vi.fn(async () => {});
    install(run);
    const html = directory();
    render(html);
    render(html);
    const buttons = html.querySelectorAll<HTMLButtonElement>(".header-actions [data-fray-party-rest]");
    expect(buttons).toHaveLength(1);
    const button = buttons[0]!;
    expect(button.type).toBe("button");
    expect(button.textContent).toBe(" Party Rest");
    const icon = button.querySelector("i")!;
    expect(icon.className).toBe("fa-solid fa-campground");
    expect(icon.getAttribute("aria-hidden")).toBe("true");
    button.click();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("is never added for a player", () => {
    isGM = false;
    install(async () => {});
    const html = directory();
    render(html);
    expect(html.querySelector("[data-fray-party-rest]")).toBeNull();
    expect(html.querySelectorAll(".header-actions button")).toHaveLength(1);
  });
});
