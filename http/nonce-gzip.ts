import zlib from "node:zlib";

/**
 * Gzip that takes a new CSP nonce at each response without compressing the
 * page again (docs/rules/quality.md#anonymous-throughput). The page is cut at each place its nonce goes; each
 * piece is compressed once, as a run of deflate blocks of its own that ends on
 * a full flush (byte-aligned, no reference to anything before or after it), so
 * that a response is those pieces with the nonce between them as "stored"
 * (uncompressed) deflate blocks, a gzip header and a trailer — the trailer's
 * CRC-32 being the only thing computed over the whole page per response.
 * Brotli has no such block boundary a stream can be spliced at (its copies may
 * reach back across any flush), which is why the cache keeps gzip only.
 */
export type SplicedGzip = { pieces: Buffer[]; plain: Buffer[] };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Compresses the page's pieces (the text between nonces) once. */
export function prepareSplicedGzip(plain: Buffer[]): SplicedGzip {
  const pieces = plain.map((piece, index) =>
    zlib.deflateRawSync(piece, { level: 9, finishFlush: index === plain.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH }),
  );
  return { pieces, plain };
}

/** A deflate stored block (not final) holding `bytes`: after a full flush the stream is byte-aligned, so its 3 header bits fill one zero byte. */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The gzip body of the page with `nonce` in every place it was cut. */
export function splicedGzip({ pieces, plain }: SplicedGzip, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "latin1");
  const nonceBlock = storedBlock(nonceBytes);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(nonceBlock);
      crc = zlib.crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    parts.push(piece);
    crc = zlib.crc32(plain[index]!, crc);
    size += plain[index]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** The page cut at each occurrence of its nonce. */
export function cutAtNonce(body: Buffer, nonce: string): Buffer[] {
  const plain: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(nonce, 0, "latin1"); at !== -1; at = body.indexOf(nonce, start, "latin1")) {
    plain.push(body.subarray(start, at));
    start = at + nonce.length;
  }
  plain.push(body.subarray(start));
  return plain;
}
