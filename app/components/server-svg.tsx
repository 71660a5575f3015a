/**
 * A picture drawn on the server (app/server/svg): its markup arrives in the loader's data and is
 * inserted as is, so the browser bundle carries this one element and no drawing code.
 * The markup is built only by server code that escapes every text it takes from data.
 */
export function ServerSvg({ markup, className }: { markup: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}
