/**
 * The charts of a stats page, loaded lazily by the stats app only on the pages that draw charts (a chunk of
 * its own: d3 modules and the chart components are never part of the first load).
 */
import { useStore } from '@nanostores/react';
import { $page } from '../../stores/page';
import CareerChart from './CareerChart';
import ShotChart from './ShotChart';
import TrendChart from './TrendChart';
import './charts.css';

export default function Charts() {
  const { kind } = useStore($page);
  switch (kind) {
    case 'PlayerProfile':
      return (
        <div className="charts">
          <ShotChart />
          <CareerChart />
        </div>
      );
    case 'TeamTeam':
    case 'GameTeam':
    case 'GamePlayers':
      return (
        <div className="charts">
          <ShotChart />
        </div>
      );
    case 'PlayerGameLog':
    case 'TeamGameLog':
      return (
        <div className="charts">
          <TrendChart />
        </div>
      );
    default:
      return null;
  }
}
