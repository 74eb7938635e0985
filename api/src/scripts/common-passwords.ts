/**
 * Rebuilds `api/data/common-passwords.txt`, the list registration refuses (modules/accounts/
 * password-policy.ts), from zxcvbn-ts's ranked password dictionary:
 *
 *   npm pack @zxcvbn-ts/language-common@4.1.3 && tar xzf zxcvbn-ts-language-common-4.1.3.tgz
 *   node api/dist/scripts/common-passwords.js package/src/passwords.json
 *
 * The dictionary (MIT) ranks passwords by how often they appear in leaked sets, most common first.
 * The list keeps the 10,000 most common that are 8 to 128 characters long, lower-cased (shorter
 * ones are refused by the length rule already), in rank order.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SIZE = 10_000;

function main(): number {
  const source = process.argv[2];
  if (!source) {
    console.error('usage: node dist/scripts/common-passwords.js <@zxcvbn-ts/language-common>/src/passwords.json');
    return 2;
  }
  const ranked = JSON.parse(readFileSync(source, 'utf8')) as unknown;
  if (!Array.isArray(ranked)) throw new Error(`${source} is not a JSON array of passwords`);
  const kept = new Set<string>();
  for (const entry of ranked) {
    if (typeof entry !== 'string') continue;
    const password = entry.toLowerCase();
    if (password.length < 8 || password.length > 128 || /[\s\p{C}]/u.test(password)) continue;
    kept.add(password);
    if (kept.size === SIZE) break;
  }
  const target = join(__dirname, '..', '..', 'data', 'common-passwords.txt');
  writeFileSync(target, `${[...kept].join('\n')}\n`);
  console.log(`${kept.size} passwords written to ${target}`);
  return 0;
}

process.exitCode = main();
