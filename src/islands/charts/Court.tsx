/**
 * A half court drawn to scale in feet (viewBox units = feet): x from -25 to 25, y from the baseline (0, top)
 * to half court (47). Basket at (0, 5.25), backboard 4 ft in, paint 16 ft wide to the free-throw line at 19 ft,
 * restricted area 4 ft, three-point line 22 ft in the corners and a 23.75 ft arc, centre circle 6 ft.
 */
export const COURT = { width: 50, length: 47, hoopY: 5.25, threeCorner: 22, threeArc: 23.75, freeThrowY: 19 } as const;

/** Where the corner three's straight line meets the arc (about 14.2 ft from the baseline). */
export const CORNER_Y = COURT.hoopY + Math.sqrt(COURT.threeArc ** 2 - COURT.threeCorner ** 2);

/** The three-point line, corner to corner, as a path. */
const THREE_POINT_LINE = `M ${-COURT.threeCorner} 0 L ${-COURT.threeCorner} ${CORNER_Y} A ${COURT.threeArc} ${COURT.threeArc} 0 0 0 ${COURT.threeCorner} ${CORNER_Y} L ${COURT.threeCorner} 0`;

/** The area inside the three-point line (the two-point area), as a path. */
export const TWO_POINT_AREA = `${THREE_POINT_LINE} Z`;

const arc = (r: number, cy: number, from: number, to: number) => {
  const x0 = r * Math.cos(from);
  const y0 = cy + r * Math.sin(from);
  const x1 = r * Math.cos(to);
  const y1 = cy + r * Math.sin(to);
  return `M ${x0} ${y0} A ${r} ${r} 0 0 1 ${x1} ${y1}`;
};

/** The court's lines (drawn over the data). */
export function CourtLines() {
  const { hoopY, freeThrowY } = COURT;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: court lines are drawing, not controls; nothing in them takes focus
    <g className="court-lines" fill="none" aria-hidden="true">
      <rect x={-25} y={0} width={50} height={47} />
      <path d={THREE_POINT_LINE} />
      <rect x={-8} y={0} width={16} height={freeThrowY} />
      <rect x={-6} y={0} width={12} height={freeThrowY} />
      <path d={arc(6, freeThrowY, 0, Math.PI)} />
      <path d={arc(6, freeThrowY, Math.PI, 2 * Math.PI)} strokeDasharray="0.8 0.8" />
      <path d={arc(4, hoopY, 0, Math.PI)} />
      <line x1={-3} y1={4} x2={3} y2={4} className="court-board" />
      <circle cx={0} cy={hoopY} r={0.75} className="court-rim" />
      <path d={arc(6, 47, Math.PI, 2 * Math.PI)} />
    </g>
  );
}
