// Runs the determinism check compiled to wasm32-unknown-unknown under Node and compares its
// hash with expected.hash: `node wasm/run.mjs path/to/collide2d_determinism.wasm`.
import { readFileSync } from 'node:fs';

const bytes = readFileSync(process.argv[2]);
const { instance } = await WebAssembly.instantiate(bytes, {});
const { memory, collide2d_determinism_buffer: buffer } = instance.exports;
const out = buffer();
const read = (n) => new TextDecoder().decode(new Uint8Array(memory.buffer, out, n));
instance.exports.collide2d_determinism_parts(out);
const parts = read(48).match(/.{16}/g);
instance.exports.collide2d_determinism_hash(out);
const got = read(16);
const want = readFileSync(new URL('../expected.hash', import.meta.url), 'utf8').trim();
console.log(`wasm32 under Node ${process.version}: ${got} (queries ${parts[0]}, sprites ${parts[1]}, world ${parts[2]})`);
if (got !== want) {
  console.error(`collide2d-determinism: ${got} is not the expected ${want}`);
  process.exit(1);
}
