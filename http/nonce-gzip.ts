import zlib from "node:zlib";

/**
 * Gzip that takes a new CSP nonce at each response without compressing the
 * page again (docs/rules/quality.md#anonymous-throughput). The page is cut at each place its nonce goes, and
 * once just before `</head>`, where a member's own part goes (decision 0060); each
 * piece is compressed once, as a run of deflate blocks of its own that ends on
 * a full flush (byte-aligned, no reference to anything before or after it), so
 * that a response is those pieces with what fills each gap between them as "stored"
 * (uncompressed) deflate blocks, a gzip header and a trailer — the trailer's
 * CRC-32 being the only thing computed over the whole page per response.
 * Brotli has no such block boundary a stream can be spliced at (its copies may
 * reach back across any flush), which is why the cache keeps gzip only.
 */
export type SplicedGzip = {
  pieces: Buffer[];
  plain: Buffer[];
  /** The gap (between `plain[memberGap]` and the next piece) where a member's part goes; every other gap takes the nonce. -1 when the page has no head. */
  memberGap: number;
};

/** A page cut for splicing: the text between its gaps. */
export type CutPage = Pick<SplicedGzip, "plain" | "memberGap">;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const HEAD_END = "</head>";
/** A stored block's length field is 16 bits. */
const STORED_BLOCK_MAX = 65_535;

/** Compresses the page's pieces (the text between gaps) once. */
export function prepareSplicedGzip({ plain, memberGap }: CutPage): SplicedGzip {
  const pieces = plain.map((piece, index) =>
    zlib.deflateRawSync(piece, { level: 9, finishFlush: index === plain.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH }),
  );
  return { pieces, plain, memberGap };
}

/** Deflate stored blocks (not final) holding `bytes`: after a full flush the stream is byte-aligned, so each header's 3 bits fill one zero byte. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += STORED_BLOCK_MAX) {
    const slice = bytes.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(slice.length, 1);
    header.writeUInt16LE(~slice.length & 0xffff, 3);
    blocks.push(header, slice);
  }
  return blocks;
}

/** What fills each gap: the nonce, and at the member's gap their part (nothing for a visitor). */
function gapFills(page: CutPage, nonce: string, member: Buffer | undefined): Buffer[] {
  const nonceBytes = Buffer.from(nonce, "latin1");
  const memberBytes = member ?? Buffer.alloc(0);
  return page.plain.slice(1).map((_, gap) => (gap === page.memberGap ? memberBytes : nonceBytes));
}

/** The gzip body of the page with `nonce` in every place it was cut, and `member` (a member's own part) before `</head>`. */
export function splicedGzip(page: SplicedGzip, nonce: string, member?: Buffer): Buffer {
  const fills = gapFills(page, nonce, member);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.pieces.forEach((piece, index) => {
    const fill = fills[index - 1];
    if (fill?.length) {
      parts.push(...storedBlocks(fill));
      crc = zlib.crc32(fill, crc);
      size += fill.length;
    }
    parts.push(piece);
    crc = zlib.crc32(page.plain[index]!, crc);
    size += page.plain[index]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** The same page uncompressed, for a client that accepts no gzip. */
export function splicedPlain(page: CutPage, nonce: string, member?: Buffer): Buffer {
  const fills = gapFills(page, nonce, member);
  return Buffer.concat(page.plain.flatMap((piece, index) => (index === 0 ? [piece] : [fills[index - 1]!, piece])));
}

/** The page cut at each occurrence of its nonce, and before its first `</head>`. */
export function cutPage(body: Buffer, nonce: string): CutPage {
  const cuts: Array<{ at: number; length: number }> = [];
  for (let at = body.indexOf(nonce, 0, "latin1"); at !== -1; at = body.indexOf(nonce, at + nonce.length, "latin1")) cuts.push({ at, length: nonce.length });
  const headEnd = body.indexOf(HEAD_END, 0, "latin1");
  if (headEnd !== -1) cuts.push({ at: headEnd, length: 0 });
  cuts.sort((a, b) => a.at - b.at);
  let start = 0;
  const plain = cuts.map(({ at, length }) => {
    const piece = body.subarray(start, at);
    start = at + length;
    return piece;
  });
  plain.push(body.subarray(start));
  return { plain, memberGap: cuts.findIndex((cut) => cut.length === 0) };
}
