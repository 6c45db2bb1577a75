/** A button a ruleset adds to a sidebar directory's header for the GM. */
export interface DirectoryButton {
  /** The directory's render hook (`renderActorDirectory`, `renderItemDirectory`…). */
  readonly hook: string;
  /** The button's `data-*` key (camelCase, as in `dataset`), which also marks it as added. */
  readonly key: string;
  /** Font Awesome solid icon (`fa-campground`). */
  readonly icon: string;
  /** The button's word, localized when the directory renders. */
  label(): string;
  /** What a press does; its promise is not awaited (the hook cannot wait). */
  run(): Promise<void>;
}

/**
 * Adds a GM-only button to a sidebar directory's header, beside Foundry's create buttons, each time
 * the directory renders. Foundry v13 calls `render<Application>` hooks with the application's
 * HTMLElement (client/applications/api/application.mjs `_doEvent`), and a directory's header
 * holds its buttons in `.header-actions` (templates/sidebar/directory/header.hbs); a render that
 * keeps the header finds the button there already and adds none. Players never get it.
 */
export function addDirectoryButton(button: DirectoryButton): void {
  Hooks.on(button.hook as "renderActorDirectory", (_app: unknown, html: HTMLElement) => {
    const marker = `data-${button.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (!game.user?.isGM || html.querySelector(`[${marker}]`)) return;
    const element = document.createElement("button");
    element.type = "button";
    element.dataset[button.key] = "";
    const icon = document.createElement("i");
    icon.className = `fa-solid ${button.icon}`;
    icon.setAttribute("aria-hidden", "true");
    element.append(icon, " ", button.label());
    element.addEventListener("click", () => void button.run());
    html.querySelector(".header-actions")?.append(element);
  });
}
