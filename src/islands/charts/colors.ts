/** Colour scales of the charts (d3-scale): blue = low, orange = high, as the stats table colours its cells. */
import { scaleLinear } from 'd3-scale';

const LOW = '#2f6db5';
const MID = '#eef0f3';
const HIGH = '#e2622a';

/** A percentile 0-100 to a colour. */
export const percentileColor = scaleLinear<string>().domain([0, 50, 100]).range([LOW, MID, HIGH]).clamp(true);

/** FG% minus the league's FG%, in points: -12 or less blue, +12 or more orange. */
export const diffColor = scaleLinear<string>().domain([-12, 0, 12]).range([LOW, MID, HIGH]).clamp(true);

export const NO_VALUE = '#f5f7fa';
