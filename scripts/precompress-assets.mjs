// After `react-router build`: stores a brotli (.br) and a gzip (.gz) copy beside every compressible
// file in build/client/assets, so that the server sends those bytes instead of compressing the same
// fingerprinted file on every request (server/static-files.ts, decision 070). A copy that would not
// be smaller is not written. Run by `npm run build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ASSETS = process.argv[2] ?? "build/client/assets";
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|map|wasm)$/i;

let original = 0;
let br = 0;
let gz = 0;
let count = 0;
for (const entry of readdirSync(ASSETS, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = join(entry.parentPath, entry.name);
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
  original += statSync(file).size;
  br += Math.min(brotli.length, bytes.length);
  gz += Math.min(gzip.length, bytes.length);
  count += 1;
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(`Precompressed ${count} assets in ${ASSETS}: ${kb(original)} → brotli ${kb(br)}, gzip ${kb(gz)}.`);
