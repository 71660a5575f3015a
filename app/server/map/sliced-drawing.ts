import type { GeoProjection, GeoStream } from "d3-geo";
import { PathWriter } from "./path-writer";
import type { Position } from "./world-atlas";

/**
 * Projecting a frame's coastline takes up to a few hundred milliseconds (decision 0039): done in one go it would
 * hold every other request for that long. The points are pushed into d3's projection stream here (what `geoPath`
 * does in one call), and after each few milliseconds of work the drawing rests as long: the requests that came
 * meanwhile run, a page waits at most about one slice for a drawing in progress, and drawings, however many are
 * asked for, take at most about half of the event loop.
 */
const SLICE_MS = 5;
const REST_MS = 5;
/** Points between two looks at the clock: reading it costs more than projecting one point. */
const POINTS_PER_CHECK = 256;

export class Slicer {
  private since = performance.now();
  private points = 0;

  /** Counts a point; after a slice's worth of work, rests while the event loop runs what is pending. */
  tick(): Promise<void> | null {
    if (++this.points % POINTS_PER_CHECK !== 0 || performance.now() - this.since < SLICE_MS) return null;
    return new Promise((resolve) =>
      setTimeout(() => {
        this.since = performance.now();
        resolve();
      }, REST_MS),
    );
  }
}

/** d3's own path context, as a stream: rings are closed, lines left open. */
function pathStream(writer: PathWriter): GeoStream {
  let inPolygon = false;
  let first = false;
  return {
    polygonStart: () => void (inPolygon = true),
    polygonEnd: () => void (inPolygon = false),
    lineStart: () => void (first = true),
    lineEnd: () => {
      if (inPolygon) writer.closePath();
    },
    point: (x, y) => {
      if (first) writer.moveTo(x, y);
      else writer.lineTo(x, y);
      first = false;
    },
    sphere: () => {},
  };
}

async function streamLine(stream: GeoStream, points: Position[], closed: boolean, slicer: Slicer): Promise<void> {
  // A ring repeats its first point at its end; d3 streams it without (the stream closes rings itself).
  const count = points.length - (closed ? 1 : 0);
  stream.lineStart();
  for (let i = 0; i < count; i++) {
    const [longitude = 0, latitude = 0] = points[i]!;
    stream.point(longitude, latitude);
    const pause = slicer.tick();
    if (pause) await pause;
  }
  stream.lineEnd();
}

/** The path data of polygons (land) through a projection, drawn in slices. */
export async function drawPolygons(projection: GeoProjection, polygons: Position[][][], slicer: Slicer): Promise<string> {
  const writer = new PathWriter();
  const stream = projection.stream(pathStream(writer));
  for (const rings of polygons) {
    stream.polygonStart();
    for (const ring of rings) await streamLine(stream, ring, true, slicer);
    stream.polygonEnd();
  }
  return writer.result();
}

/** The path data of lines (borders) through a projection, drawn in slices. */
export async function drawLines(projection: GeoProjection, lines: Position[][], slicer: Slicer): Promise<string> {
  const writer = new PathWriter();
  const stream = projection.stream(pathStream(writer));
  for (const line of lines) await streamLine(stream, line, false, slicer);
  return writer.result();
}

/** The outline of the globe (the world view's sea): one stream call, a few hundred points. */
export function drawSphere(projection: GeoProjection): string {
  const writer = new PathWriter();
  projection.stream(pathStream(writer)).sphere?.();
  return writer.result();
}
