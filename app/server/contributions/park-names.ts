import { and, eq, ne, or, sql } from "drizzle-orm";
import { slugify } from "~/domain/slug";
import type { Executor } from "../db/database";
import { parks } from "../db/schema";

/**
 * The duplicate-name check of the park form (docs/rules/catalogue.md#duplicate-park-names): a park whose
 * name matches case-insensitively, in any moderation state, optionally
 * excluding one park (the one being edited). Names that differ only by
 * accents or punctuation ("Parc Asterix") share a slug, hence an address:
 * they are the same park too.
 */
export async function isParkNameTaken(db: Executor, name: string, excludeId?: string): Promise<boolean> {
  const trimmed = name.trim();
  const slug = slugify(trimmed);
  const [row] = await db
    .select({ id: parks.id })
    .from(parks)
    .where(
      and(
        or(eq(sql`lower(${parks.name})`, trimmed.toLowerCase()), slug ? eq(parks.slug, slug) : undefined),
        excludeId ? ne(parks.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
