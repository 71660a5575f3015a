import type { GeoContext } from "d3-geo";
import { svgNumber } from "../svg/svg-markup";

/**
 * A d3-geo path context writing SVG path data with relative moves and dropping points that would fall within a
 * third of a unit of the last one written: at the size drawn, the 1:50m coastline has many points per pixel, and
 * dropping them makes the base map several times lighter without a visible change.
 */
export class PathWriter implements GeoContext {
  private parts: string[] = [];
  private x = 0;
  private y = 0;
  private started = false;
  private startX = 0;
  private startY = 0;

  constructor(private readonly tolerance = 0.35) {}

  beginPath(): void {}

  moveTo(x: number, y: number): void {
    const [rx, ry] = [round(x), round(y)];
    this.parts.push(this.started ? `m${svgNumber(rx - this.x)} ${svgNumber(ry - this.y)}` : `M${svgNumber(rx)} ${svgNumber(ry)}`);
    [this.x, this.y, this.startX, this.startY, this.started] = [rx, ry, rx, ry, true];
  }

  lineTo(x: number, y: number): void {
    const [rx, ry] = [round(x), round(y)];
    if (Math.abs(rx - this.x) < this.tolerance && Math.abs(ry - this.y) < this.tolerance) return;
    this.parts.push(`l${svgNumber(rx - this.x)} ${svgNumber(ry - this.y)}`);
    [this.x, this.y] = [rx, ry];
  }

  closePath(): void {
    this.parts.push("z");
    // After "z" the pen is back at the subpath's start: the next relative move counts from there.
    [this.x, this.y] = [this.startX, this.startY];
  }

  arc(): void {
    // Points are drawn as marks of their own, never through the path.
  }

  result(): string {
    const text = this.parts.join("");
    this.parts = [];
    this.started = false;
    return text;
  }
}

/** Rounded to the tenth written, so that relative steps add up to the same absolute point. */
function round(value: number): number {
  return Math.round(value * 10) / 10;
}
