// The workbench's widgets as a person meets them (Quick Picks, dialogs, panels, the Refactor
// Preview, action menus, notifications, side bars, modal editors), with what differs between the
// VS Code versions hidden here: `Workbench` (workbench.mjs) extends this class with the session,
// the editor, the hover and the menus.
import * as assert from 'node:assert';
import { sleep } from '../../../scripts/lib/code-server.mjs';

/** Escapes text for a RegExp. */
export const quote = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** What every Workbench does with VS Code's widgets; its `page` is the session's (workbench.mjs). */
export class WorkbenchWidgets {
  quickInput() {
    return this.page.locator('.quick-input-widget input');
  }

  quickPickRow(text) {
    return this.page
      .locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: text })
      .first();
  }

  /** The Quick Pick row whose label is exactly `label`. */
  quickPickItem(label) {
    const name = this.page.locator('.label-name', { hasText: new RegExp(`^${quote(label)}$`) });
    return this.page
      .locator('.quick-input-widget .quick-input-list .monaco-list-row', { has: name })
      .first();
  }

  /** The rows the open Quick Pick shows, in order, as `label` or `label · description` (what a
   *  person reads on each row; a multi-line detail is left out). */
  async quickPickRows() {
    const rows = this.page.locator(
      '.quick-input-widget:visible .quick-input-list .monaco-list-row',
    );
    await rows.first().waitFor();
    return rows.evaluateAll((els) =>
      els
        .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
        .map((row) => {
          const text = (sel) =>
            row
              .querySelector(sel)
              ?.textContent?.replace(/\u00a0/g, ' ')
              .trim();
          const label = text('.label-name') ?? '';
          const description = text('.label-description');
          return description ? `${label} · ${description}` : label;
        }),
    );
  }

  /** Waits for the Quick Pick or input box titled `title` (the palette may still be closing). */
  async waitForQuickInput(title) {
    await this.page
      .locator('.quick-input-widget:visible .quick-input-title', { hasText: title })
      .waitFor();
  }

  async waitForQuickInputClosed() {
    await this.page.locator('.quick-input-widget:visible').waitFor({ state: 'hidden' });
  }

  /** The modal dialog and its buttons. */
  dialog() {
    return this.page.locator('.monaco-dialog-box');
  }

  // --- Parts of the workbench that differ between the VS Code versions the tests run on ---------

  /**
   * The tab of the bottom panel's view titled `title`, e.g. 'Refactor Preview'. VS Code 1.100
   * shows panel titles in capitals (CSS), 1.139 as written: match without case.
   */
  panelTab(title) {
    return this.page
      .locator('.part.panel .composite-bar .action-item', {
        hasText: new RegExp(`^\\s*${quote(title)}\\s*$`, 'i'),
      })
      .first();
  }

  /**
   * The Refactor Preview (the bulk edit preview `workspace.applyEdit` opens for edits that need
   * confirmation), in either version: its rows, each row's checkbox, Apply and Discard.
   */
  refactorPreview() {
    const wb = this;
    const panel = this.page.locator('.part.panel');
    return {
      tab: this.panelTab('Refactor Preview'),
      /** Waits until it shows at least one row. */
      async waitFor(timeout = 30_000) {
        await panel.locator('.monaco-list-row').first().waitFor({ timeout });
        await panel.locator('.monaco-button', { hasText: /^Apply$/ }).waitFor({ timeout });
      },
      /** The rows: files, groups and edits, as listed. */
      rows: () => panel.locator('.monaco-list-row'),
      /** The row whose text holds `text` (a file name, a group's label, an edit's line). */
      row: (text) => panel.locator('.monaco-list-row', { hasText: text }).first(),
      /** Whether a row's checkbox is ticked. */
      isChecked: (row) => wb.isChecked(row.locator(CHECKBOX).first()),
      /** Ticks or clears a row's checkbox (a click, as a person does), and waits until it shows. */
      async setChecked(row, checked) {
        const box = row.locator(CHECKBOX).first();
        if ((await wb.isChecked(box)) !== checked) await box.click();
        await wb.waitUntilChecked(box, checked);
      },
      apply: () => panel.locator('.monaco-button', { hasText: /^Apply$/ }).click(),
      discard: () => panel.locator('.monaco-button', { hasText: /^Discard$/ }).click(),
    };
  }

  /**
   * Whether a checkbox is ticked: an `<input type=checkbox>` (VS Code 1.100's Refactor Preview)
   * or a custom toggle with `aria-checked` (1.139's, and Quick Picks in both).
   */
  async isChecked(box) {
    return box.evaluate((el) =>
      el instanceof HTMLInputElement ? el.checked : el.getAttribute('aria-checked') === 'true',
    );
  }

  async waitUntilChecked(box, checked) {
    for (let i = 0; i < 50; i++) {
      if ((await this.isChecked(box)) === checked) return;
      await sleep(100);
    }
    assert.fail(`the checkbox never became ${checked ? 'ticked' : 'clear'}`);
  }

  /**
   * The code action menu (Ctrl+., the Refactor menu): its rows (group headers and actions) as
   * shown, which action has the keyboard focus, and an action's row by its label. An action row's
   * `aria-label` is its label in VS Code 1.100 but `label, group[, Disabled Reason: …]` in 1.139,
   * so labels are read from the row's text, the same in both.
   */
  actionMenu() {
    // 1.139 nests an (empty, hidden) submenu panel that is also an `.action-widget`, and a menu
    // shown again may be a new element beside the hidden old one: take the one showing.
    const widget = this.page
      .locator('.action-widget:not(.action-list-submenu-panel):visible')
      .first();
    const actions = widget.locator('.monaco-list-row.action');
    const text = async (row) => (await row.innerText()).replace(/\s+/g, ' ').trim();
    return {
      widget,
      rows: () => widget.locator('.monaco-list-row'),
      /** The action row whose label is exactly `label`. */
      action: (label) =>
        actions.filter({ hasText: new RegExp(`^\\s*${quote(label)}\\s*$`) }).first(),
      /** The label of the action with the keyboard focus ('' when none has it). */
      async focusedLabel() {
        const focused = widget.locator('.monaco-list-row.action.focused').first();
        return (await focused.count()) ? text(focused) : '';
      },
      /** Whether the action row `row` has the keyboard focus. */
      isFocused: async (row) => /\bfocused\b/.test((await row.getAttribute('class')) ?? ''),
    };
  }

  /**
   * The notification whose text matches `text`, once shown: its toast, or where the workbench
   * shows no toasts its row in the Notification Center, opened from the palette (as a person who
   * missed the toast would). Either has the message (`.notification-list-item-message`) and the
   * buttons (`.monaco-button`). VS Code 1.139 shows no toasts at all while its smoke-test driver
   * is on, which the harness needs there to load the extension under development
   * (scripts/lib/code-server.mjs); every notification still goes to the center, which a person
   * without the driver would see in a toast.
   */
  async notification(text, timeout = 60_000) {
    if (!this.server.smokeTestDriver) {
      const toast = this.page
        .locator('.notifications-toasts .notification-toast', { hasText: text })
        .first();
      await toast.waitFor({ timeout });
      return toast;
    }
    const center = this.page.locator('.notifications-center');
    const item = center.locator('.notification-list-item', { hasText: text }).first();
    for (const end = Date.now() + timeout; Date.now() < end; await sleep(250)) {
      if (await item.isVisible()) return item;
      if (!(await center.isVisible())) await this.runCommand('Notifications: Show Notifications');
    }
    await item.waitFor({ timeout: 1 }); // fails with the locator in its message
    return item;
  }

  /** Hides the Notification Center where `notification` opened it; a no-op elsewhere. The center
   *  hides itself once its last notification is gone (a clicked button closes it), so give it a
   *  moment; otherwise its own "Hide Notifications" button, as a person would. */
  async hideNotifications() {
    const center = this.page.locator('.notifications-center');
    for (let i = 0; i < 5 && (await center.isVisible()); i++) await sleep(200);
    if (!(await center.isVisible())) return;
    await center.locator('.action-label[aria-label^="Hide Notifications"]').first().click();
    await center.waitFor({ state: 'hidden' });
  }

  /** Whether the secondary side bar (where VS Code 1.139 opens the Chat view) is showing. */
  async secondarySideBarVisible() {
    return this.page.locator('.part.auxiliarybar').isVisible();
  }

  /**
   * Closes the secondary side bar (the Chat panel VS Code 1.139 opens beside the editor) for a
   * test that needs the room; a no-op where it is closed (1.100's default). Tests otherwise keep
   * each version's default layout: what people see.
   */
  async closeSecondarySideBar() {
    if (!(await this.secondarySideBarVisible())) return;
    // Toggling, only when it shows: 1.139 calls the closing command Hide, 1.100 Close.
    await this.runCommand('View: Toggle Secondary Side Bar Visibility');
    await this.page.locator('.part.auxiliarybar').waitFor({ state: 'hidden' });
  }

  /**
   * Developer: Show Running Extensions. VS Code 1.139 opens it as a modal editor above the
   * workbench (close it with `closeModalEditor` before using anything else), 1.100 as a tab.
   */
  async showRunningExtensions() {
    await this.runCommand('Developer: Show Running Extensions');
    const editor = this.page.locator('.runtime-extensions-editor');
    await editor.waitFor();
    return editor;
  }

  /** Closes a modal editor (VS Code 1.139), if one shows; Escape closes it, as for a person. */
  async closeModalEditor() {
    const modal = this.page.locator('.part.editor.modal-editor-part');
    if (!(await modal.isVisible())) return;
    await this.page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  }
}

/** A Refactor Preview row's checkbox in either version (see `Workbench.isChecked`). */
const CHECKBOX = 'input.edit-checkbox, .monaco-checkbox.edit-checkbox, [role="checkbox"]';
