// The package README's example runs as written: each line that ends in a
// comment showing a value is checked to give that value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';

test("the README's example gives what it shows", async () => {
  const readme = readFileSync(new URL('./node_modules/polyfen/README.md', import.meta.url), 'utf8');
  const block = readme.split('```js\n')[1].split('```')[0];
  let checked = 0;
  const lines = block.split('\n').map((line) => {
    const shown = line.match(/^(.*?);\s*\/\/ (\d+|'.*'|\[.*\])$/);
    if (!shown) return line;
    checked += 1;
    return `assert.deepEqual(${shown[1]}, ${shown[2]}, ${JSON.stringify(shown[1].trim())});`;
  });
  assert.ok(checked >= 6, `${checked} lines checked`);
  const file = new URL('./readme-example.mjs', import.meta.url);
  writeFileSync(file, `import assert from 'node:assert/strict';\n${lines.join('\n')}\n`);
  await import(file.href);
});
