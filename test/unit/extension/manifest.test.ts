// The manifest and the code name the same commands and context keys (command-ids.ts is the one
// place for them): a command contributed but never registered, or the reverse, fails here.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND, CONTEXT_KEY } from '../../../src/extension/command-ids';
import { TOOLS } from '../../../src/shared/agent-tools';

interface Manifest {
  contributes: {
    commands: { command: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
  };
}

const root = join(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const ids = new Set<string>(Object.values(COMMAND));

describe('manifest: commands and context keys', () => {
  it('contributes exactly the commands of command-ids.ts', () => {
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(contributed, [...ids].sort());
  });

  it('menus name only known commands, and the palette lists every command once', () => {
    for (const [menu, items] of Object.entries(manifest.contributes.menus)) {
      for (const item of items) assert.ok(ids.has(item.command), `${menu}: ${item.command}`);
    }
    const palette = manifest.contributes.menus.commandPalette.map((i) => i.command).sort();
    assert.deepEqual(palette, [...ids].sort());
  });

  it('the context menu is gated by the context keys the extension sets', () => {
    const keys = Object.values(CONTEXT_KEY) as string[];
    const whens = manifest.contributes.menus['editor/context'].map((i) => i.when ?? '');
    for (const when of whens) {
      const used = when.match(/ampUrl\.\w+/g) ?? [];
      assert.ok(used.length > 0, when);
      for (const key of used) assert.ok(keys.includes(key), `${key} in "${when}"`);
    }
  });
});

describe('manifest: language model tools', () => {
  interface ToolContribution {
    name: string;
    displayName: string;
    modelDescription: string;
    inputSchema: unknown;
  }
  const tools = (manifest.contributes as { languageModelTools?: ToolContribution[] })
    .languageModelTools;

  it('contributes exactly the tools of src/shared/agent-tools, described as there', () => {
    assert.deepEqual(
      tools?.map((t) => ({
        name: t.name,
        title: t.displayName,
        description: t.modelDescription,
        inputSchema: t.inputSchema,
      })),
      TOOLS.map((t) => ({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: t.inputSchema,
      })),
    );
  });
});

describe('manifest: the walkthrough', () => {
  interface Step {
    id: string;
    title: string;
    description: string;
    media: { image?: string; markdown?: string; altText?: string };
  }
  const walkthroughs = (manifest.contributes as { walkthroughs?: { steps: Step[] }[] })
    .walkthroughs;
  const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<
    string,
    string
  >;
  const ignore = readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n');

  it("shows journey steps' images (README screenshots rule) that the .vsix carries", () => {
    const steps = walkthroughs?.flatMap((w) => w.steps) ?? [];
    assert.deepEqual(
      steps.map((s) => s.id),
      ['hover', 'convert', 'workspace', 'cli'],
    );
    for (const s of steps) {
      const file = s.media.image ?? s.media.markdown ?? '';
      assert.ok(readFileSync(join(root, file)).length > 0, file);
      if (s.media.image !== undefined)
        assert.match(s.media.image, /^media\/screenshots\/journey-[\w.-]+\.png$/);
      // Kept out of media/**'s exclusion by name (or its folder's).
      assert.ok(
        ignore.includes(`!${file}`) || ignore.includes(`!${file.replace(/[^/]+$/, '**')}`),
        `.vscodeignore drops ${file}`,
      );
      for (const key of [s.title, s.description, s.media.altText ?? '%%'].map((v) =>
        v.slice(1, -1),
      ))
        assert.ok(key === '' || Object.hasOwn(nls, key), `package.nls.json lacks ${key}`);
    }
  });
});
