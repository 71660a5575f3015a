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
  /** The gap (between `plain[memberGap]` and the next piece) where a member's part goes; every other gap takes the nonce but those around a slot. -1 when the page has no head. */
  memberGap: number;
  /**
   * For each piece, the name of the member slot (app/components/member-slot.tsx) whose visitor's content it is, or
   * null. A member's page may take their own content in its place (decision 0064); the gaps on either side of a
   * slot's piece take nothing.
   */
  slotOf: (string | null)[];
};

/** A page cut for splicing: the text between its gaps. */
export type CutPage = Pick<SplicedGzip, "plain" | "memberGap" | "slotOf">;

/** A member's own content for a slot: as it is, and as deflate blocks that end on a full flush (spliced like a piece). */
export type SlotFill = { plain: Buffer; deflated: Buffer };

/** What a member's page puts in the kept page: their part before `</head>` and their slots' content. */
export type MemberFill = { head: Buffer; slots?: ReadonlyMap<string, SlotFill> };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const HEAD_END = "</head>";
const SLOT_OPEN = '<parcours-slot data-slot="';
const SLOT_CLOSE = "</parcours-slot>";
/** A stored block's length field is 16 bits. */
const STORED_BLOCK_MAX = 65_535;

/** Compresses the page's pieces (the text between gaps) once. */
export function prepareSplicedGzip({ plain, memberGap, slotOf }: CutPage): SplicedGzip {
  const pieces = plain.map((piece, index) =>
    zlib.deflateRawSync(piece, { level: 9, finishFlush: index === plain.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH }),
  );
  return { pieces, plain, memberGap, slotOf };
}

/** A member's content for a slot, compressed off the main thread (zlib's thread pool). */
export async function slotFill(html: string): Promise<SlotFill> {
  const plain = Buffer.from(html);
  const deflated = await new Promise<Buffer>((resolve, reject) =>
    zlib.deflateRaw(plain, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH }, (error, result) => (error ? reject(error) : resolve(result))),
  );
  return { plain, deflated };
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

const NOTHING = Buffer.alloc(0);

/** What fills each gap: the nonce, at the member's gap their part (nothing for a visitor), and nothing beside a slot. */
function gapFills(page: CutPage, nonce: string, member: MemberFill | undefined): Buffer[] {
  const nonceBytes = Buffer.from(nonce, "latin1");
  return page.plain.slice(1).map((_, gap) => {
    if (gap === page.memberGap) return member?.head ?? NOTHING;
    return page.slotOf[gap] !== null || page.slotOf[gap + 1] !== null ? NOTHING : nonceBytes;
  });
}

/** The member's content in place of the piece at `index`, when it is a slot they have their own content for. */
function memberSlot(page: CutPage, index: number, member: MemberFill | undefined): SlotFill | undefined {
  const slot = page.slotOf[index];
  return slot === null || slot === undefined ? undefined : member?.slots?.get(slot);
}

/** The gzip body of the page with `nonce` in every place it was cut, and a member's own part before `</head>` and in their slots. */
export function splicedGzip(page: SplicedGzip, nonce: string, member?: MemberFill): Buffer {
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
    const own = memberSlot(page, index, member);
    const plain = own?.plain ?? page.plain[index]!;
    parts.push(own?.deflated ?? piece);
    // Node's crc32 of an empty buffer with no memory behind it (Buffer.from("")) is 0, whatever the running value.
    if (plain.length > 0) crc = zlib.crc32(plain, crc);
    size += plain.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** The same page uncompressed, for a client that accepts no gzip. */
export function splicedPlain(page: CutPage, nonce: string, member?: MemberFill): Buffer {
  const fills = gapFills(page, nonce, member);
  return Buffer.concat(
    page.plain.flatMap((kept, index) => {
      const piece = memberSlot(page, index, member)?.plain ?? kept;
      return index === 0 ? [piece] : [fills[index - 1]!, piece];
    }),
  );
}

type Cut = { at: number; length: number; kind: "nonce" | "head" | "slot-start" | "slot-end"; slot?: string };

/** The cuts around each member slot's content: slots are never nested (app/components/member-slot.tsx). */
function slotCuts(body: Buffer): Cut[] {
  const cuts: Cut[] = [];
  for (let open = body.indexOf(SLOT_OPEN, 0, "latin1"); open !== -1; open = body.indexOf(SLOT_OPEN, open + 1, "latin1")) {
    const nameEnd = body.indexOf('">', open + SLOT_OPEN.length, "latin1");
    const close = body.indexOf(SLOT_CLOSE, nameEnd, "latin1");
    if (nameEnd === -1 || close === -1) break;
    const slot = body.toString("latin1", open + SLOT_OPEN.length, nameEnd);
    cuts.push({ at: nameEnd + 2, length: 0, kind: "slot-start", slot }, { at: close, length: 0, kind: "slot-end" });
  }
  return cuts;
}

/** The page cut at each occurrence of its nonce, before its first `</head>`, and around each member slot's content. */
export function cutPage(body: Buffer, nonce: string): CutPage {
  const nonces: Cut[] = [];
  for (let at = body.indexOf(nonce, 0, "latin1"); at !== -1; at = body.indexOf(nonce, at + nonce.length, "latin1")) nonces.push({ at, length: nonce.length, kind: "nonce" });
  // A slot whose content holds a nonce (a script streamed into it) is not one a member's content can replace whole.
  const slots = slotCuts(body).filter((cut, index, all) => {
    const [start, end] = cut.kind === "slot-start" ? [cut, all[index + 1]!] : [all[index - 1]!, cut];
    return !nonces.some(({ at }) => at >= start.at && at < end.at);
  });
  // Sorted by place, a slot's start before its end when its content is empty (a stable sort keeps their order).
  const cuts: Cut[] = [...slots, ...nonces];
  const headEnd = body.indexOf(HEAD_END, 0, "latin1");
  if (headEnd !== -1) cuts.push({ at: headEnd, length: 0, kind: "head" });
  cuts.sort((a, b) => a.at - b.at);
  let start = 0;
  const plain = cuts.map(({ at, length }) => {
    const piece = body.subarray(start, at);
    start = at + length;
    return piece;
  });
  plain.push(body.subarray(start));
  // The piece after a slot's start is its content.
  const slotOf = plain.map((_, index) => (index > 0 && cuts[index - 1]!.kind === "slot-start" ? cuts[index - 1]!.slot! : null));
  return { plain, memberGap: cuts.findIndex((cut) => cut.kind === "head"), slotOf };
}
